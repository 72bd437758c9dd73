"""A claim that says "without any condition" where the source states one (round 31).

"אבל אם נועה תחזיר לי את הישן, אני אנכה לה 100 שקל" makes the deduction conditional;
"הוא התחייב לנכות לה 100 שקל בלי שום תנאי" says it is not, every other word of it in the
source. Read where the claim holds "תנאי" (condition) under בלי / ללא, or "בכל מקרה" (in any
case), and a chosen supporting sentence holds a condition word (``hebrew.CONDITIONS``:
"אם", "בתנאי ש"...): a ``generalised`` issue pointing at the condition.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.meaning import is_without
from workbench.grounding.reading.pieces import clip, has_form
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import CONDITIONS, Token, normalize

# "תנאי" (a condition) and "מקרה" of "בכל מקרה" (in any case), their forms as the reader keeps them.
_CONDITION_NOUN = frozenset({normalize("תנאי").text})
_ANY_CASE = (normalize("בכל").text, normalize("מקרה").text)


def unconditional_over_condition(
    claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]
) -> list[Issue]:
    """``generalised`` when the claim denies a condition the supporting sentences state."""
    toks = list(claim.tokens)
    if not _denies(toks) or any(has_form(t, CONDITIONS) for t in toks):
        return []
    sents = idx.sentences_of(chosen)
    if any(_denies(idx.flat[slice(*idx.sent_flat[s])]) for s in sents):
        return []  # the source itself says "בלי שום תנאי"
    for s in sents:
        lo, hi = idx.sent_flat[s]
        cond = next((t for t in idx.flat[lo:hi] if has_form(t, CONDITIONS)), None)
        if cond is not None:
            a, b = idx.sentences[s]
            msg = (
                f"the source states a condition («{clip(idx.source[cond.start : b])}»); "
                "the claim says there is none"
            )
            return [Issue(IssueKind.GENERALISED, msg, (cond.start, b))]
    return []


def _denies(toks: Sequence[Token]) -> bool:
    """Whether ``toks`` deny a condition: "תנאי" under בלי / ללא, or "בכל מקרה"."""
    return any(
        has_form(t, _CONDITION_NOUN) and any(is_without(u) for u in toks[max(0, i - 2) : i])
        for i, t in enumerate(toks)
    ) or any((a.key, b.key) == _ANY_CASE for a, b in zip(toks, toks[1:], strict=False))
