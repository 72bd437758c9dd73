"""Ground an answer in its source: split it into claims, find each claim's support spans.

``ground(answer, source)`` splits the answer into claims (its sentences; very long ones
are cut at clause or word boundaries) and grounds each with ``ground_claim``. For every
claim the engine returns the source spans that support it (offsets into the original
source), a support score in [0, 1], a verdict (``supported`` / ``partial`` /
``unsupported``) and issues such as ``number 15% not found in source``.

How a claim is grounded
-----------------------
1. The source is indexed once and cached (LRU keyed by the source text): normalised
   (``workbench.hebrew``), split into sentences (and speaker turns in a dialogue), and an
   inverted index built from every word's key, its number value and its prefix stems.
2. Candidate spans are the sentences, the speaker turns and windows of two and three
   adjacent sentences. For each content word of the claim (function words weigh nothing)
   the engine records how it matches each sentence: exactly (1.0), once glued prefixes
   are removed (0.8, "בבית" ~ "הבית"), once an inflection suffix is removed (0.6,
   "מכשירים" ~ "מכשירי"), as a spelling variant (0.5, rapidfuzz, "רישמית" ~ "רשמית"), or
   by root skeleton (0.45, "הקטינה" ~ "קטנו", see ``hebrew.root_forms``).
3. A candidate's score mixes (a) IDF-weighted overlap (rare words count more; IDF over the
   source's sentences), (b) coverage, the unweighted share of the claim's content words it
   holds, and (c) for near-verbatim claims, a rapidfuzz ``partial_ratio`` alignment of the
   claim's normalised words against the span's, scaled down when the claim is longer than
   the span. Wider windows pay a small penalty, so a single sentence wins unless its
   neighbours add content.
4. When the best span leaves two or more content words uncovered, the sentence that
   covers most of what is left is added, up to ``MAX_SPANS`` spans, wherever it is in the
   source: support split across distant parts gets several spans. A sentence holding a
   missing claim number and sharing another word with the claim is added too (not for a
   near copy of one sentence, whose figures must come from that sentence).
5. Consistency checks on the chosen spans: every number, percentage and date in the
   claim must be in them (after normalisation: 1,234 = 1234, 15% = 15 אחוז, 2.5 מיליון =
   2500000), and a negation (לא, אין...) in the claim must be matched in the span. A failed
   check adds an issue, multiplies the score by ``ISSUE_PENALTY`` and caps the verdict at
   ``partial``: a hallucinated figure is never ``supported``. A claim that is a near copy
   of its span (alignment >= ``NEAR_COPY``) must also not swap a content word or drop the
   span's negation (``WORD_PENALTY``, verdict at most ``partial``).
   Unexplained content: the IDF share of the claim's content words (light words and
   number words aside) that match nothing anywhere in the source costs
   ``UNEXPLAINED_WEIGHT`` x its excess over ``UNEXPLAINED_FREE``, so a claim that adds
   unstated facts to a supported core falls to ``partial`` (``_unexplained``).
6. Meaning checks against the best span, for contradictions written as paraphrases
   (``_meaning_checks``, ``CONFLICT_PENALTY``, verdict at most ``partial``): an antonym or
   direction pair (``hebrew.polarities``: עלה / ירד, תמך / התנגד, כבר / צפוי...), a
   name-like word (מנכ"לית, a month, Latin) standing in a source word's place inside a
   phrase the claim copies (``_frame_substitutions``), a negation added or
   removed on a shared word (scope: the next two content words), another place, ordinal
   or Latin-script name than the span's, and in a dialogue another speaker than the
   span's.
7. Optionally a verifier ``(claim, span_text) -> float in [0, 1]`` rescores the top
   spans (see "Plugging in a verifier" below).

Verdict thresholds and how they were calibrated
-----------------------------------------------
``supported`` when the score is at least ``SUPPORTED_THRESHOLD`` (0.30) and no check
failed; ``partial`` when at least ``PARTIAL_THRESHOLD`` (0.18), or when a check failed on
a claim whose words are there; else ``unsupported``.

Calibration data: (1) the HeQ development pairs, 375 real Hebrew pairs built from the
validation split of HeQ (NNLP-IL/Hebrew-Question-Answering-Dataset: Hebrew Wikipedia and
Geektime paragraphs, CC BY 4.0): 100 verbatim source sentences, 100 "question + answer"
paraphrase claims, 75 source sentences with one number changed and 100 sentences from
another article of the same domain; (2) the bundled demo set's 48 gold claims (written to
paraphrase their sources) with the negatives ``eval-grounding`` builds from them. Method:
the score distribution of each kind was measured with ``workbench eval-grounding``; the
claims that nothing in the source supports (other articles, claims moved to another
record) never score above 0.17 (99th percentile 0.10 on HeQ), while the paraphrases'
5th percentile is 0.44 (HeQ) and 0.34 (demo). ``SUPPORTED_THRESHOLD`` is the midpoint
between the unsupported maximum and the paraphrase 5th percentile, rounded (0.30); on both
sets it sits on the F1 plateau of the ``supported`` verdict (HeQ F1 0.99 to 1.00 for
thresholds 0.25 to 0.40). ``PARTIAL_THRESHOLD`` sits just above the unsupported maximum,
so ``partial`` means "some of the claim's content words are in the source". The figures
per kind are in ``docs/grounding.md``; recalibrate on your own labelled pairs with
``workbench eval-grounding --pairs FILE`` and pass ``thresholds=Thresholds(...)``.

Plugging in a verifier
----------------------
``ground(answer, source, verifier=fn, verifier_weight=0.5)`` where ``fn(claim, span_text)``
returns a support probability in [0, 1]. The engine calls it on the ``verifier_top_k``
best spans of each claim and scores each as ``(1 - w) * lexical + w * verifier``; with
``verifier_weight=1.0`` the verifier alone decides (then set ``thresholds`` to suit its
scale). The number and negation checks still apply. An NLI model, for example::

    from transformers import pipeline            # not a dependency of the workbench
    nli = pipeline("text-classification", model="<a multilingual NLI model>", top_k=None)

    def entails(claim: str, span: str) -> float:
        scores = {d["label"].lower(): d["score"] for d in nli({"text": span, "text_pair": claim})}
        return scores.get("entailment", 0.0)

    ground(answer, source, verifier=entails)

An LLM judge is the same shape: a function that asks "does SPAN support CLAIM? answer with
a probability" and parses the number. The verifier runs in your process; the workbench
never downloads a model and its tests never touch the network.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.grounding.checks import (
    FRAME_CONTEXT,
    IMPLICIT_NEGATIONS,
    _checks,
    _copied_sentence,
    _dropped_negation,
    _frame_substitutions,
    _meaning_checks,
    _substitutions,
    _unexplained,
    is_implicit_negation,
)
from workbench.grounding.index import (
    Candidate,
    SentenceMeaning,
    SourceIndex,
    index_source,
    is_without,
    sentence_meaning,
)
from workbench.grounding.params import (
    CONFLICT_PENALTY,
    EXACT,
    EXTRA_SPAN_MIN_GAIN,
    EXTRA_SPAN_PENALTY,
    FUZZ_MIN_TOKENS,
    FUZZ_TOP,
    FUZZY,
    FUZZY_CUTOFF,
    FUZZY_MIN_LEN,
    INDEX_CACHE_SIZE,
    ISSUE_PENALTY,
    LOCAL_FAMILIES,
    LOCAL_SHARED,
    MAX_CLAIM_CHARS,
    MAX_SPANS,
    NEAR_COPY,
    NEGATION_SCOPE,
    NUMBER_SWITCH,
    OVERLAP_WEIGHT,
    PARTIAL_THRESHOLD,
    PREFIX,
    ROOT,
    SOFT,
    SUPPORTED_THRESHOLD,
    UNEXPLAINED_FREE,
    UNEXPLAINED_WEIGHT,
    VERDICTS,
    VERIFIER_TOP_K,
    WINDOW_MIN_NEW,
    WINDOW_PENALTY,
    WORD_PENALTY,
)
from workbench.grounding.rank import (
    _candidate_matrix,
    _extra_spans,
    _match_matrix,
    _numbers_first,
    _prepare_claim,
    _rank,
    _term_weights,
)
from workbench.hebrew import split_sentences

__all__ = [
    "CONFLICT_PENALTY",
    "EXACT",
    "EXTRA_SPAN_MIN_GAIN",
    "EXTRA_SPAN_PENALTY",
    "FRAME_CONTEXT",
    "FUZZ_MIN_TOKENS",
    "FUZZ_TOP",
    "FUZZY",
    "FUZZY_CUTOFF",
    "FUZZY_MIN_LEN",
    "IMPLICIT_NEGATIONS",
    "INDEX_CACHE_SIZE",
    "ISSUE_PENALTY",
    "LOCAL_FAMILIES",
    "LOCAL_SHARED",
    "MAX_CLAIM_CHARS",
    "MAX_SPANS",
    "NEAR_COPY",
    "NEGATION_SCOPE",
    "NUMBER_SWITCH",
    "OVERLAP_WEIGHT",
    "PARTIAL_THRESHOLD",
    "PREFIX",
    "ROOT",
    "SOFT",
    "SUPPORTED_THRESHOLD",
    "UNEXPLAINED_FREE",
    "UNEXPLAINED_WEIGHT",
    "VERDICTS",
    "VERIFIER_TOP_K",
    "WINDOW_MIN_NEW",
    "WINDOW_PENALTY",
    "WORD_PENALTY",
    "Candidate",
    "ClaimResult",
    "Grounding",
    "SentenceMeaning",
    "SourceIndex",
    "SpanResult",
    "Thresholds",
    "Verifier",
    "ground",
    "ground_claim",
    "index_source",
    "is_implicit_negation",
    "is_without",
    "sentence_meaning",
    "split_claims",
]

Verifier = Callable[[str, str], float]


# --- results -------------------------------------------------------------------------


@dataclass(frozen=True)
class SpanResult:
    """A source span: [start, end) offsets into the original source, its text, its score."""

    start: int
    end: int
    text: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text, "score": self.score}


@dataclass(frozen=True)
class ClaimResult:
    """One claim: where it sits in the answer, its verdict, score, support spans, issues.

    ``candidates`` (not serialised) is the ranked list of candidate spans, best first,
    which the evaluation uses for recall@k.
    """

    text: str
    start: int
    end: int
    verdict: str
    score: float
    spans: list[SpanResult]
    issues: list[str]
    candidates: list[SpanResult] = field(default_factory=list, repr=False, compare=False)

    @property
    def supported(self) -> bool:
        return self.verdict == "supported"

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "verdict": self.verdict,
            "supported": self.supported,
            "score": self.score,
            "spans": [s.to_dict() for s in self.spans],
            "issues": list(self.issues),
        }


@dataclass(frozen=True)
class Grounding:
    """Every claim of an answer grounded in one source.

    ``supported_fraction`` is the share of claims whose verdict is ``supported`` (0.0 when
    there are no claims; ``message`` then says why).
    """

    claims: list[ClaimResult]
    record: str | None = None
    message: str = ""

    @property
    def supported_fraction(self) -> float:
        if not self.claims:
            return 0.0
        return round(sum(c.supported for c in self.claims) / len(self.claims), 4)

    def to_dict(self) -> dict[str, Any]:
        return {
            "record": self.record,
            "claims": [c.to_dict() for c in self.claims],
            "supported_fraction": self.supported_fraction,
        }


@dataclass(frozen=True)
class Thresholds:
    """Verdict thresholds on the support score."""

    supported: float = SUPPORTED_THRESHOLD
    partial: float = PARTIAL_THRESHOLD


def _verdict(score: float, lexical: float, issues: list[str], th: Thresholds) -> str:
    if issues:
        return "partial" if lexical >= th.partial else "unsupported"
    if score >= th.supported:
        return "supported"
    if score >= th.partial:
        return "partial"
    return "unsupported"


def ground_claim(
    claim: str,
    source: str,
    *,
    verifier: Verifier | None = None,
    verifier_weight: float = 0.5,
    verifier_top_k: int = VERIFIER_TOP_K,
    thresholds: Thresholds | None = None,
    start: int = 0,
    end: int | None = None,
) -> ClaimResult:
    """Ground one whole claim in ``source`` (no splitting).

    ``start`` / ``end`` are the claim's offsets in its answer, copied to the result.
    """
    th = thresholds or Thresholds()
    end = len(claim) if end is None else end
    idx = index_source(source)
    pc = _prepare_claim(claim)
    if not idx.sentences or not pc.tokens:
        issue = "the source is empty" if not idx.sentences else "the claim has no words"
        return ClaimResult(claim, start, end, "unsupported", 0.0, [], [issue], [])
    if not pc.terms:
        return ClaimResult(
            claim, start, end, "unsupported", 0.0, [], ["no content words to check"], []
        )
    m = _match_matrix(pc, idx)
    w = _term_weights(m, pc)
    c = _candidate_matrix(m, idx)
    lex_score, fz = _rank(pc, idx, c, w)
    score = lex_score.copy()
    order = np.argsort(-score, kind="stable")

    verified: dict[int, float] = {}
    if verifier is not None and verifier_top_k > 0:
        for k in order[:verifier_top_k]:
            k = int(k)
            cand = idx.candidates[k]
            v = min(1.0, max(0.0, float(verifier(claim, source[cand.start : cand.end]))))
            verified[k] = v
            score[k] = (1 - verifier_weight) * score[k] + verifier_weight * v
        top = order[:verifier_top_k]
        top = top[np.argsort(-score[top], kind="stable")]
        order = np.concatenate([top, order[verifier_top_k:]])
    else:
        order = _numbers_first(pc, idx, score, order)

    best = int(order[0])
    chosen = [best]
    # a near copy of one sentence takes its numbers from that sentence, not from elsewhere
    copied = _copied_sentence(pc, idx, best)
    near_copy = copied is not None
    covered = _extra_spans(pc, idx, m, w, chosen, numbers=not near_copy)

    # the claim's support score over the chosen spans
    wsum = float(w.sum()) or 1.0
    n_extra = sum(idx.candidates[k].last - idx.candidates[k].first for k in chosen)
    span_pen = WINDOW_PENALTY * n_extra + EXTRA_SPAN_PENALTY * (len(chosen) - 1)
    union = (
        OVERLAP_WEIGHT * float(w @ covered) / wsum
        + (1 - OVERLAP_WEIGHT) * float(covered.sum()) / len(pc.terms)
        - span_pen
    )
    lexical = float(min(1.0, max(0.0, union, float(lex_score[best]))))
    unexplained, new_words = _unexplained(pc, m, w)
    penalty = UNEXPLAINED_WEIGHT * max(0.0, unexplained - UNEXPLAINED_FREE)
    claim_score = max(0.0, lexical - penalty)
    if best in verified:
        claim_score = (1 - verifier_weight) * lexical + verifier_weight * verified[best]

    issues = _checks(pc, idx, chosen)
    if issues:
        claim_score *= ISSUE_PENALTY
    conflicts = _meaning_checks(pc, idx, chosen, m)
    if conflicts:
        issues += conflicts
        claim_score *= CONFLICT_PENALTY
    if copied is not None:
        # measured against the copied sentence alone: words fetched from another sentence
        # do not excuse a swap ("ירושלים הוכרזה כבירה" -> "תל אביב הוכרזה כבירה")
        swapped = _substitutions(pc, m[:, copied])
        if not pc.negated and _dropped_negation(pc, idx, copied):
            swapped.append("the source negates what the claim asserts")
        if swapped:
            issues += swapped
            claim_score *= WORD_PENALTY
    if not any(i.startswith("word ") for i in issues):
        framed = _frame_substitutions(pc, idx, m)
        if framed:
            issues += framed
            claim_score *= WORD_PENALTY
    verdict = _verdict(claim_score, lexical, issues, th)
    if penalty and verdict == "partial" and not issues and claim_score + penalty >= th.supported:
        # say why a claim whose words otherwise match is only partial (after the verdict:
        # this note is an explanation, not a failed check)
        issues.append("the claim adds words the source never uses: " + ", ".join(new_words[:4]))

    def span_of(k: int) -> SpanResult:
        cand = idx.candidates[k]
        text = source[cand.start : cand.end]
        return SpanResult(cand.start, cand.end, text, round(float(score[k]), 4))

    ranked = [span_of(k) for k in chosen]
    seen = set(chosen)
    for k in order[:8]:
        k = int(k)
        if k not in seen:
            ranked.append(span_of(k))
            seen.add(k)
    return ClaimResult(
        text=claim,
        start=start,
        end=end,
        verdict=verdict,
        score=round(float(claim_score), 4),
        spans=ranked[: len(chosen)] if verdict != "unsupported" else [],
        issues=issues,
        candidates=ranked,
    )


def split_claims(answer: str) -> list[tuple[int, int]]:
    """The answer's claims as [start, end) offsets: sentences, long ones cut shorter."""
    out = []
    for s, e in split_sentences(answer):
        while e - s > MAX_CLAIM_CHARS:
            cut = _cut_point(answer, s, s + MAX_CLAIM_CHARS)
            piece_end = cut
            while piece_end > s and answer[piece_end - 1].isspace():
                piece_end -= 1
            if piece_end > s:
                out.append((s, piece_end))
            s = cut
            while s < e and answer[s].isspace():
                s += 1
        if e > s:
            out.append((s, e))
    return out


def _cut_point(text: str, lo: int, hi: int) -> int:
    """Where to cut text[lo:hi]: after the last ; or , else the last space, else at hi."""
    floor = lo + MAX_CLAIM_CHARS // 2
    for marks in (";", ",", " "):
        best = max(text.rfind(ch, floor, hi) for ch in marks)
        if best > lo:
            return best + 1
    return hi


def ground(
    answer: str,
    source: str,
    *,
    verifier: Verifier | None = None,
    verifier_weight: float = 0.5,
    verifier_top_k: int = VERIFIER_TOP_K,
    thresholds: Thresholds | None = None,
    record: str | None = None,
) -> Grounding:
    """Split ``answer`` into claims and ground each in ``source``."""
    if not answer or not answer.strip():
        return Grounding([], record, "the answer is empty: there are no claims to check")
    claims = []
    for s, e in split_claims(answer):
        claims.append(
            ground_claim(
                answer[s:e],
                source,
                verifier=verifier,
                verifier_weight=verifier_weight,
                verifier_top_k=verifier_top_k,
                thresholds=thresholds,
                start=s,
                end=e,
            )
        )
    if not claims:
        return Grounding([], record, "the answer has no words: there are no claims to check")
    message = "" if source.strip() else "the source is empty: nothing can be supported"
    return Grounding(claims, record, message)
