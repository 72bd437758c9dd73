"""What the grounding engine returns: typed issues, spans, claim results, groundings.

An ``Issue`` is a value (its ``kind`` from ``IssueKind``, a readable ``message``, and the
source span it points at when there is one), so the scorer, the widget and the HTML views
read the kind, never the wording.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

# What a verdict means, shown beside every verdict the workbench displays (the widget,
# the HTML views, ``workbench check``), so a green mark is read for what it is. The
# figures are the held-out measurements of README.md ("Measuring the engine"): the sealed
# sets heldout3-20, each measured once, after rounds 8 to 24 (round 10's rules on heldout5-11,
# rounds 16-24's on heldout12-20; round 22 changed no rule).
VERDICT_GUIDE = (
    "How to read the verdicts: supported = every piece of the claim was found in the "
    "source, bound together the way the claim binds them; word evidence, not proof of "
    "meaning (on held-out text the rules were not tuned on, 11-46% of wrong claims made "
    "of the source's own words still came out supported; 14% with the current rules on the last set). partial = a check failed or "
    "the support is thin: check it by hand (about half of true paraphrases land here). "
    "unsupported = not found in the source."
)

# What the calibrated probability means, shown beside every probability the workbench
# displays (the widget, the HTML views, ``workbench check``, the score report). The
# figures are README.md's clean measurements: heldout7 to heldout43, each sealed until the
# model of its round was frozen (rounds 11 to 46; heldout24 and heldout25 both round 28's).
PROBABILITY_GUIDE = (
    "probability = the calibrated chance that the claim is supported, learned on dev data "
    "from the engine's own outputs (score, verdict, issues, how the claim's words bind); an "
    "answer's probability is its weakest claim's. Rank claims and answers by it and read the "
    "lowest first; it is not a proof (on thirty-seven sealed held-out sets it ranked right "
    "above wrong claims with AUC 0.76-0.96, the raw score 0.49-0.77)."
)
# What the confidence tier means, shown beside every tier the workbench displays. The
# thresholds are chosen on dev data by tools/fit_calibration.py (--tiers) and stored in
# calibration.json; the dev figures are that study's (left-out dev sets, binding-like,
# round 46's refit, HIGH's pooled bar 0.935), the held-out ones heldout43's (round 46's
# engine) and heldout42's (round 45's), measured once on each.
CONFIDENCE_GUIDE = (
    "confidence: high = supported and probability at or above a threshold chosen on dev "
    "data, where 97% of claims were truly supported on dev text the model never saw (82% "
    "on the worst set; 22 of 22 and 30 of 30 on the last two sealed held-out sets); low = "
    "probability under 0.1, where 4% were on dev text (4 of 56 and 1 of 37 held out: a "
    "warning, not a verdict); mixed = between: read it by hand. An answer is high "
    "only if every claim is, low if any is."
)
# What a claim's at-a-glance mark means (``workbench.html.claim_mark``), the legend of every
# view that marks claims (the widget, both HTML reports, ``workbench check``'s text). The
# figures are the one measurements of round 46's engine (heldout43) and of round 45's
# (heldout42), 151 new pairs each, sealed until then: green is kept for the tier
# that earned it, a plain ``supported`` verdict did not.
MARK_GUIDE = (
    "How to read the marks: green ✓ = supported AND high confidence, the one mark to trust "
    "at a glance: on two sets of new text, 22 of 22 and 30 of 30 HIGH claims were right; "
    "41 of 52 and 47 of 68 supported claims were. "
    "? supported · unconfirmed (grey outline) = the rules found the claim's pieces bound "
    "together, the calibrated model is not confident: read it. ~ partial (amber) = a check "
    "failed or the support is thin. ! low confidence (red outline) = whatever the verdict, "
    "the model finds it unlikely (on new text 4 of 56 and 1 of 37 such claims were right). "
    "✗ unsupported "
    "(red) = not found in the source. Without a confidence tier (another grounder, a "
    "result built by hand) a claim is marked by its verdict alone, as before the tiers."
)
# A claim under this probability is counted as doubtful (``workbench score``'s
# ``any_claim_below_half``): more likely wrong than right by the calibrated model.
DOUBTFUL_BELOW = 0.5


class Confidence(StrEnum):
    """How far a claim's (or an answer's) calibrated probability can be trusted, a tier
    cut by two thresholds chosen on dev data (``calibration.TierRule``, stored in
    ``calibration.json``); the value is its stable JSON name."""

    HIGH = "high"  # mostly truly supported (97% dev, 78-100% on sealed sets)
    MIXED = "mixed"  # right and wrong claims both land here: read it by hand
    LOW = "low"  # rarely truly supported (6% on dev text, 2-24% on sealed sets)

    @classmethod
    def read(cls, value: object) -> Confidence | None:
        """A tier from JSON (a grounder's output, a scored row): ``None`` when absent or
        not a tier's name."""
        return cls(value) if isinstance(value, str) and value in {c.value for c in cls} else None


class IssueKind(StrEnum):
    """Why a claim is not (fully) supported; the value is its stable JSON name."""

    EMPTY_SOURCE = "empty_source"  # the source has no text
    NO_WORDS = "no_words"  # the claim has no words
    NO_CONTENT_WORDS = "no_content_words"  # only function words
    NUMBER_NOT_IN_SOURCE = "number_not_in_source"  # a figure the source never states
    NUMBER_NOT_IN_SUPPORT = "number_not_in_support"  # in the source, not in the support
    NEGATION_NOT_IN_SUPPORT = "negation_not_in_support"  # the claim negates, spans do not
    SOURCE_NEGATES = "source_negates"  # the source negates what the claim asserts
    CLAIM_NEGATES = "claim_negates"  # the claim negates what the source asserts
    ANTONYM = "antonym"  # the opposite pole of an antonym / direction pair
    PLACE_MISMATCH = "place_mismatch"  # another place than the support's
    NAME_MISMATCH = "name_mismatch"  # another Latin-script name than the support's
    ORDINAL_MISMATCH = "ordinal_mismatch"  # another ordinal than the support's
    SPEAKER_MISMATCH = "speaker_mismatch"  # a speaker other than the one quoted
    WORD_SWAPPED = "word_swapped"  # a near copy with a content word swapped
    UNSTATED_WORDS = "unstated_words"  # content words the source never uses
    BOUND_ELSEWHERE = "bound_elsewhere"  # a piece the source binds to other partners
    ANSWER_ELSEWHERE = "answer_elsewhere"  # the answer is not where the question points
    ANSWER_MISMATCH = "answer_mismatch"  # the answer does not fit what the question asks
    ROLE_MISMATCH = "role_mismatch"  # a person given another's role or title
    GENERALISED = "generalised"  # the claim drops the source's restriction (some, only)
    AGENT_MISMATCH = "agent_mismatch"  # a person given an act the source gives another

    @property
    def is_number(self) -> bool:
        """Whether the issue is about a figure (the scorer counts these apart)."""
        return self in NUMBER_KINDS


NUMBER_KINDS: frozenset[IssueKind] = frozenset(
    {IssueKind.NUMBER_NOT_IN_SOURCE, IssueKind.NUMBER_NOT_IN_SUPPORT}
)


@dataclass(frozen=True, slots=True)
class Issue:
    """One reason a claim is not fully supported.

    ``span``: [start, end) offsets into the source of what the issue points at (the
    conflicting value or word), ``None`` when the source holds nothing to point at.
    ``operands``: for a figure the source does not write, the [start, end) offsets of two
    source figures it may be computed from (``derivation_hint``; the message says how):
    a pointer for the reader, which changes no verdict; empty otherwise.
    """

    kind: IssueKind
    message: str
    span: tuple[int, int] | None = None
    operands: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        span = None if self.span is None else [self.span[0], self.span[1]]
        operands = [[s, e] for s, e in self.operands]
        return {
            "kind": self.kind.value,
            "message": self.message,
            "span": span,
            "operands": operands,
        }


@dataclass(frozen=True, slots=True)
class SpanResult:
    """A source span: [start, end) offsets into the original source, its text, its score."""

    start: int
    end: int
    text: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text, "score": self.score}


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """One claim: where it sits in the answer, its verdict, score, support spans, issues,
    and the calibrated ``probability`` that it is supported.

    ``candidates`` (not serialised) is the ranked list of candidate spans, best first,
    which the evaluation uses for recall@k.

    ``probability`` (the calibrated P(supported), in [0, 1]) and ``confidence`` (its tier)
    are the pipeline's last stage, ``calibration.calibrated``: the engine sets them once,
    after the verdict, and copies of a memoised result (``moved``) keep them. A result built
    by hand (a test, a reader of JSON) has ``None`` for both until it is passed through
    ``calibrated``; so has a result changed with ``dataclasses.replace`` unless it is
    calibrated again (the calibration reads score, verdict, issues, candidates and text,
    never these two). This module is data: it does not import the calibration.
    """

    text: str
    start: int
    end: int
    verdict: str
    score: float
    spans: list[SpanResult]
    issues: list[Issue]
    candidates: list[SpanResult] = field(default_factory=list, repr=False, compare=False)
    probability: float | None = field(default=None, compare=False)
    confidence: Confidence | None = field(default=None, compare=False)

    @property
    def supported(self) -> bool:
        return self.verdict == "supported"

    def moved(self, start: int, end: int) -> ClaimResult:
        """This result at offsets [start, end) of its answer, with lists of its own and its
        probability and tier kept (a memoised claim repeated in another answer)."""
        return replace(
            self,
            start=start,
            end=end,
            spans=list(self.spans),
            issues=list(self.issues),
            candidates=list(self.candidates),
        )

    @property
    def conflicts(self) -> list[Issue]:
        """The issues that point at a source span (a conflicting value, where it is bound),
        for the views to mark beside the support."""
        return [i for i in self.issues if i.span is not None]

    @property
    def operands(self) -> list[tuple[Issue, tuple[int, int]]]:
        """Each source figure an issue names as an operand of the claim's unwritten figure
        (``Issue.operands``), with its issue, for the views to mark."""
        return [(i, span) for i in self.issues for span in i.operands]

    @property
    def messages(self) -> list[str]:
        """The issues' messages, in order."""
        return [i.message for i in self.issues]

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``issues`` is the list of messages (as before typed issues),
        ``issue_details`` the typed form, ``{kind, message, span, operands}`` per issue, and
        ``confidence`` the claim's tier (``high``, ``mixed`` or ``low``)."""
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "verdict": self.verdict,
            "supported": self.supported,
            "score": self.score,
            "probability": _round(self.probability),
            "confidence": None if self.confidence is None else self.confidence.value,
            "spans": [s.to_dict() for s in self.spans],
            "issues": self.messages,
            "issue_details": [i.to_dict() for i in self.issues],
        }


@dataclass(frozen=True)
class Grounding:
    """Every claim of an answer grounded in one source.

    ``supported_fraction`` is the share of claims whose verdict is ``supported`` (0.0 when
    there are no claims; ``message`` then says why). ``probability`` is the answer's
    calibrated figure: its weakest claim's probability (an answer is as grounded as its
    least grounded claim), ``mean_probability`` the claims' mean beside it; both ``None``
    when there are no claims.
    """

    claims: list[ClaimResult]
    record: str | None = None
    message: str = ""

    @property
    def supported_fraction(self) -> float:
        if not self.claims:
            return 0.0
        return round(sum(c.supported for c in self.claims) / len(self.claims), 4)

    @property
    def probability(self) -> float | None:
        """The weakest claim's calibrated probability (``None`` without claims, or when a
        claim is not calibrated: a hand-made result)."""
        probs = [c.probability for c in self.claims]
        if not probs or None in probs:
            return None
        return min(p for p in probs if p is not None)

    @property
    def confidence(self) -> Confidence | None:
        """The answer's tier (``answer_confidence`` of its claims' tiers)."""
        tiers = [c.confidence for c in self.claims]
        if None in tiers:
            return None
        return answer_confidence([t for t in tiers if t is not None])

    @property
    def mean_probability(self) -> float | None:
        """The claims' mean calibrated probability (``None`` as for ``probability``)."""
        probs = [c.probability for c in self.claims]
        if not probs or None in probs:
            return None
        return math.fsum(p for p in probs if p is not None) / len(probs)

    def to_dict(self) -> dict[str, Any]:
        """JSON: the claims, ``supported_fraction``, the answer's ``probability`` (its
        weakest claim's) and ``mean_probability``, rounded to 4 decimals, and its
        ``confidence`` tier (all ``null`` without claims)."""
        return {
            "record": self.record,
            "claims": [c.to_dict() for c in self.claims],
            "supported_fraction": self.supported_fraction,
            "probability": _round(self.probability),
            "mean_probability": _round(self.mean_probability),
            "confidence": None if self.confidence is None else self.confidence.value,
        }


def answer_confidence(tiers: Sequence[Confidence]) -> Confidence | None:
    """An answer's tier from its claims': HIGH only if every claim is, LOW if any claim is
    (an answer is as grounded as its least grounded claim), else MIXED; ``None`` without
    claims."""
    if not tiers:
        return None
    if Confidence.LOW in tiers:
        return Confidence.LOW
    return Confidence.HIGH if all(t == Confidence.HIGH for t in tiers) else Confidence.MIXED


def _round(x: float | None) -> float | None:
    """``x`` to 4 decimals, as the JSON of a result writes every figure."""
    return None if x is None else round(x, 4)
