"""Claim words the source never uses that belong to a closed category: a month or a place.

A reworded claim swaps words for synonyms the source never uses, so a new word alone is
no conflict (``support.unexplained`` lets ``UNEXPLAINED_FREE`` of the claim's weight be
new). A month or a place has no synonym: a claim that names one the source never names
("...בעת ההרשמה בינואר", "השביל עובר גם ברמת הגולן") states a fact the source does not.
The place check of ``checks.meaning_checks`` reads the best span only, and only when it
names a place; this one reads the whole source.
"""

from __future__ import annotations

import numpy as np

from workbench.grounding.index import SourceIndex
from workbench.grounding.params import PARTIAL_THRESHOLD
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import month_values, places


def unnamed_categories(claim: Claim, idx: SourceIndex, m: np.ndarray, score: float) -> list[Issue]:
    """A month or place word of the claim (asserted, matched nowhere in the source: row of
    ``m`` all zero) whose month the source names in no word or date, or whose place the
    source never names. Read only for a claim scoring at least ``PARTIAL_THRESHOLD``
    (``score``: before the checks): a failed check caps a claim at ``partial``, and must
    not lift an unsupported one to it."""
    if score < PARTIAL_THRESHOLD:
        return []
    new = [
        t
        for r, t in enumerate(claim.terms)
        if claim.asserts(t) and t.number is None and not (m.shape[1] and m[r].any())
    ]
    for t in new:
        word = claim.text[t.start : t.end]
        months = month_values([t])
        if months and months.isdisjoint(_source_months(idx)):
            msg = f"month {word}: the source names no such month"
            return [Issue(IssueKind.UNNAMED_VALUE, msg)]
        if places([t]) and not places([t]) & _source_places(idx):
            msg = f"place {word}: the source never names it"
            return [Issue(IssueKind.UNNAMED_VALUE, msg)]
    return []


def _source_months(idx: SourceIndex) -> frozenset[str]:
    """The months the source names: in words (``all_months``) or in a date (15.1.2020)."""
    dated = (v.split(".") for v in idx.all_values if v.count(".") == 2)
    return idx.all_months | {parts[1] for parts in dated}


def _source_places(idx: SourceIndex) -> frozenset[str]:
    """Every place the source names (computed once per source)."""
    got = idx.derived.get(("places", -1))
    if got is None:
        got = idx.derived[("places", -1)] = frozenset(
            p for i in range(len(idx.sentences)) for p in idx.sent_meaning[i].places
        )
    return got  # type: ignore[return-value]
