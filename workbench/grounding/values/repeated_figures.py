"""A figure the claim states more often than the source does (round 28).

A model that copies a figure into the wrong slot often copies one the claim already holds:
"בתחרות השתתפו 212 כלים מ-212 מדינות" for the source's "212 כלים מ-31 מדינות". Each of
the two 212s is found in the source, and each is bound there to some of the claim's words,
so the presence and binding checks pass; but the source states 212 once, and one figure
of the source cannot count two things. Only figures written in digits are counted (a
number word may repeat as a phrase: "שניים שניים", "אחד ... אחד"), dates are left out,
and a question's figures are its own.
"""

from __future__ import annotations

from collections import Counter

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import excerpt, sentence_numbers
from workbench.grounding.results import Issue, IssueKind


def repeated_figure(claim: Claim, idx: SourceIndex) -> Issue | None:
    """The first digit figure the claim states more times than the whole source does."""
    mine = Counter(
        m.value
        for m in claim.numbers
        if m.start > claim.question_end and not m.is_date and any(c.isdigit() for c in m.text)
    )
    for value, n in mine.items():
        if n < 2:
            continue
        where = [
            sent
            for sent in idx.exact.get(value, ())
            for m in sentence_numbers(idx, sent)
            if m.value == value and not m.is_date
        ]
        if len(where) >= n:
            continue
        if not where:
            return None  # not in the source at all: the presence check says so
        s, e = idx.sentences[where[0]]
        times = "once" if len(where) == 1 else f"{len(where)} times"
        msg = (
            f"{value} is stated {times} in the source («{excerpt(idx, where[0])}», source "
            f"[{s}:{e}]) and {n} times in the claim: one of them stands for another figure"
        )
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))
    return None
