"""A figure stated in another unit of the same dimension (round 32).

"גובהו 13 מטרים, ואורו נראה למרחק של 20 קילומטרים": "אורו נראה למרחק של 13 קילומטרים"
holds the source's 13 and its kilometres, every word of it near the other. A figure and
its unit are one value: a claim figure measured in one unit (``hebrew.SAME_UNIT``: "ק"מ",
"קילומטר" and "קילומטרים" are one) that the source states only in another unit of the same
dimension, and never bare, is bound elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import sentence_numbers
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import SAME_UNIT, NumberMention, Token


def unit_conflict(claim: Claim, idx: SourceIndex) -> Issue | None:
    """``bound_elsewhere`` when a claim figure's unit is never the source's for that value
    (see the module)."""
    toks = list(claim.tokens)
    for m in claim.numbers:
        if m.start <= claim.question_end or m.is_date:
            continue
        mine = _unit_after(toks, m)
        if mine is None:
            continue
        there = [
            (n, _unit_after(idx.flat[(p := idx.flat_at(n.end)) : p + 1], n))
            for s in sorted({i for v in (m.value, *m.forms) for i in idx.exact.get(v, ())})
            for n in sentence_numbers(idx, s)
            if n.value == m.value and not n.is_date
        ]
        if not there or any(u is None or u == mine for _, u in there):
            continue  # stated bare, or in the claim's unit, somewhere
        n = there[0][0]
        msg = f"{m.text.strip()} is in another unit in the source: «{n.text.strip()}»"
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (n.start, n.end))
    return None


def _unit_after(toks: Sequence[Token], m: NumberMention) -> str | None:
    """The unit (its ``SAME_UNIT`` name) right after number ``m``, if any (``toks``: the
    claim's tokens, or the one source token after it)."""
    for t in toks:
        if t.start >= m.end:
            if t.start - m.end > 3:
                return None
            return SAME_UNIT.get(t.key) or next((SAME_UNIT[s] for s in t.stems if s in SAME_UNIT), None)
    return None
