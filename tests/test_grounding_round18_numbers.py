"""Round 18 (numbers18): number readings and derived figures on true paraphrases.

Every Hebrew text below is written for these tests (not taken from any pair set), and
each expected value or verdict is worked out by hand.
"""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("התינוקת נולדה במשקל שלושה קילו ומאתיים גרם.", "3.2"),
        ("הדג שנתפס שקל קילו ושמונה מאות גרם.", "1.8"),
        ("המחיר עלה בשני שקלים וחמישים אגורות.", "2.5"),
        ("כרטיס האוטובוס עולה שקל ותשעים אגורות.", "1.9"),
        ("גובה הגדר מטר ושלושים סנטימטרים.", "1.3"),
        ('החבילה שקלה 4 ק"ג ו-250 גרם.', "4.25"),
    ],
)
def test_a_measure_in_two_units_is_one_value(text: str, value: str) -> None:
    """The larger unit, ו, then the smaller: one value in the larger unit (a lone
    singular "קילו" / "שקל" / "מטר" is one), not the smaller unit's count."""
    assert [m.value for m in extract_numbers(text)] == [value]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("קנינו שלושה קילו עגבניות ו-200 גרם גבינה.", ["3", "200"]),  # two goods
        ("הוסיפו 300 גרם קמח.", ["300"]),  # the smaller unit alone
        ("הכיכר שוקלת קילו ו-1,200 גרם.", ["1200"]),  # not a part of one kilo
        ("שני שקלים, ושלושים אגורות נוספות.", ["2", "30"]),  # a mark between
    ],
)
def test_a_smaller_unit_not_joined_to_a_larger_stays_alone(text: str, values: list[str]) -> None:
    assert [m.value for m in extract_numbers(text)] == values


PARCEL = (
    "הדואר מסר אתמול לספרייה העירונית חבילת ספרים ששקלה 2.6 קילוגרם. "
    "המשלוח עלה 38 שקלים, והספרייה שילמה אותו מתקציב הרכש."
)


def test_a_claim_in_two_units_is_grounded_on_the_source_figure() -> None:
    """ "שני קילו ושש מאות גרם" states the source's 2.6 kilograms; another weight, or the
    grams alone, is still a number the source does not state."""
    good = "הדואר מסר לספרייה העירונית חבילת ספרים ששקלה שני קילו ושש מאות גרם."
    assert ground_claim(good, PARCEL).verdict == "supported"
    for bad in (
        "הדואר מסר לספרייה העירונית חבילת ספרים ששקלה שני קילו ושבע מאות גרם.",
        "הדואר מסר לספרייה העירונית חבילת ספרים ששקלה שש מאות גרם.",
    ):
        assert ground_claim(bad, PARCEL).verdict != "supported", bad
