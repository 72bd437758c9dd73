"""unit32: a figure and its unit are one value. "גובהו 13 מטרים, ואורו נראה למרחק של 20
קילומטרים" does not support "אורו נראה למרחק של 13 קילומטרים": the source states 13 only in
metres, and every other word of the claim stands next to it (``values.units_bound``). The
names of one unit are one ("ק"מ", "קילומטר", "קילומטרים"; "שקל", "ש"ח"), and a value the
source also states bare or in the claim's unit is left alone. Hand-written Hebrew; each
expected reading worked out by hand."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim

LIGHTHOUSE = (
    "מגדלור יפו נבנה ב-1865 והופעל עד 1966. "
    "גובהו 13 מטרים, ואורו נראה למרחק של 20 קילומטרים. "
    "שיפוץ המגדלור ב-2019 עלה 400 אלף שקל, והוא פתוח למבקרים פעם בחודש."
)


@pytest.mark.parametrize(
    "claim",
    ["אורו של המגדלור נראה למרחק של 13 קילומטרים.", "שיפוץ המגדלור עלה 400 אלף דולר."],
)
def test_a_figure_in_another_unit_is_flagged(claim: str) -> None:
    r = ground_claim(claim, LIGHTHOUSE)
    assert r.verdict != "supported"
    assert any("in another unit" in m for m in r.messages), r.messages


@pytest.mark.parametrize(
    "claim",
    [
        'אורו של המגדלור נראה למרחק של 20 ק"מ.',
        "גובה המגדלור 13 מטרים.",
        'שיפוץ המגדלור עלה 400 אלף ש"ח.',
    ],
)
def test_the_same_unit_by_another_name_is_supported(claim: str) -> None:
    r = ground_claim(claim, LIGHTHOUSE)
    assert not any("in another unit" in m for m in r.messages), r.messages
    assert r.verdict == "supported", r.messages
