"""Round 28, yr28: a count of years is no year, and "בין YYYY ל-YYYY" is a range of years
(own Hebrew sentences; the expected readings and verdicts come from the Hebrew)."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers


def _readings(text: str) -> list[tuple[str, bool, bool]]:
    return [(m.value, m.amount, m.dated) for m in extract_numbers(text)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("המנזר נבנה לפני 1500 שנה.", [("1500", True, False)]),  # years counted
        ("הבאר שימשה את הכפר 1200 שנים.", [("1200", True, False)]),
        ("בשנות ה-90 גדלה העיר.", [("90", False, False)]),  # a decade: not four digits
        ("הקו פעל בין 1952 ל-1977, ואז נסגר.", [("1952", False, True), ("1977", False, True)]),
        ("המפעל פעל בין 1950 ל-1990.", [("1950", False, True), ("1990", False, True)]),
        # a range of people, not of years: the noun after the second figure counts
        ("בין 1500 ל-2000 איש הגיעו לעצרת.", [("1500", False, False), ("2000", True, False)]),
    ],
)
def test_four_digits_read_by_a_count_of_years_or_a_range(
    text: str, want: list[tuple[str, bool, bool]]
) -> None:
    assert _readings(text) == want


LINE = (
    "קו האוטובוס מהמושבה לעיר פעל בין 1952 ל-1977, ובכל יום יצאו בו ארבע נסיעות. "
    "ב-1977 נסגר הקו, והתושבים עברו לנסוע ברכבת."
)


def test_a_year_of_the_source_is_no_count_of_years() -> None:
    """ "פעל 1952 שנה" puts a year of the source in the place of a duration."""
    got = ground_claim("קו האוטובוס פעל 1952 שנה.", LINE)
    assert got.verdict != "supported", got.messages
    got = ground_claim("קו האוטובוס מהמושבה לעיר פעל בין 1952 ל-1977.", LINE)
    assert got.verdict == "supported", got.messages
