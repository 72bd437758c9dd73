"""The one list of measurement units (``hebrew.UNITS_BY_DIMENSION``, round 28) and the
readers that derive their sets from it: the year/amount reading of four digits
(``hebrew.UNIT_WORDS``) and the measure a question asks (``answer_types.measure_answered``).

Every sentence here is written for the test; each expected value follows from the Hebrew
(what the sentence says), not from the code's output.
"""

from __future__ import annotations

import pytest

from workbench.grounding.answers.answer_types import measure_answered
from workbench.hebrew import (
    LIGHT_WORDS,
    UNIT_WORDS,
    UNITS,
    UNITS_BY_DIMENSION,
    extract_numbers,
    is_light,
    tokenize,
)


def test_every_unit_word_belongs_to_exactly_one_dimension() -> None:
    for word in UNITS:
        holding = [d for d, words in UNITS_BY_DIMENSION.items() if word in words]
        assert len(holding) == 1, (word, holding)
    assert frozenset().union(*UNITS_BY_DIMENSION.values()) == UNITS
    assert UNIT_WORDS <= UNITS  # the year/amount reader's set comes from the one list


def test_light_units_are_those_of_the_list_a_claim_may_add() -> None:
    # "הוא שילם 40 שקלים" where the source says "40": the shekels add no fact; a unit
    # first listed for the year reading ("קילו", "ליטר") stays weighed as the word its
    # figure measures, as before the one list (hebrew.units.UNITS_NOT_LIGHT)
    for word in ("שקלים", "מטרים", "דונם", "מעלות"):
        (token,) = tokenize(word)
        assert is_light(token) and token.key in LIGHT_WORDS & UNITS
    for word in ("קילו", "ליטר", "קוב"):
        (token,) = tokenize(word)
        assert not is_light(token) and token.key in UNITS


@pytest.mark.parametrize(
    ("written", "dimension"),
    [
        ('ש"ח', "currency"),
        ("דולרים", "currency"),
        ('ק"מ', "length"),
        ("ס״מ", "length"),
        ('מ"מ', "length"),
        ('ק"ג', "weight"),
        ("טונות", "weight"),
        ('מ"ר', "area"),
        ('קמ"ר', "area"),
        ("דונמים", "area"),
        ("ליטרים", "volume"),
        ("מעלות", "degrees"),
        ("קלוריות", "energy"),
        ("אחוזים", "percent"),
        ("נקודות", "percent"),
    ],
)
def test_a_unit_as_written_reads_as_its_dimension(written: str, dimension: str) -> None:
    # an abbreviation with gershayim (ASCII " or Hebrew ״) and a plural are read as listed
    (token,) = tokenize(written)
    assert token.key in UNITS_BY_DIMENSION[dimension]


# One sentence per dimension: four digits after "עד" or "ב-", which may also open a year
# ("עד 2030 תיבנה", "ב-1948 הגיעו"), and before a unit: an amount in that unit.
AMOUNTS = {
    "currency": "הם שילמו על הכרטיסים עד 2000 שקל",
    "length": "השביל החדש נמשך עד 1500 מטר",
    "weight": "המשאית העמיסה עד 2000 קילו",
    "area": "החווה התרחבה עד 1200 הקטר",
    "volume": "המיכל שעל הגג מחזיק עד 2000 ליטר",
    "degrees": "התנור מתחמם עד 1500 מעלות",
    "energy": "הארוחה הזו מכילה עד 1800 קלוריות",
    "percent": "המדד עלה ב-1500 נקודות",
}


def test_a_sentence_for_every_dimension() -> None:
    assert set(AMOUNTS) == set(UNITS_BY_DIMENSION)


@pytest.mark.parametrize("dimension", sorted(AMOUNTS))
def test_four_digits_before_a_unit_are_an_amount_not_a_year(dimension: str) -> None:
    (m,) = extract_numbers(AMOUNTS[dimension])
    assert m.amount and not m.dated


def test_four_digits_before_an_area_abbreviation_are_an_amount() -> None:
    # 1500 square metres / square kilometres: "מ"ר" after a figure is no "Mr."
    for text in ('הבריכה משתרעת עד 1500 מ"ר', 'השמורה משתרעת עד 1500 קמ"ר'):
        (m,) = extract_numbers(text)
        assert m.amount and not m.dated


def test_four_digits_before_a_verb_or_a_clause_stay_a_year() -> None:
    # until 2030 the city will build the bridge; in 2025 the government raises the tax
    # ("מעלה" is the verb here, not one degree)
    for text in ("עד 2030 תבנה העירייה את הגשר", "ב-2025 מעלה הממשלה את המס על הדלק"):
        (m,) = extract_numbers(text)
        assert m.dated and not m.amount


LENGTH_Q = tokenize("מה אורכו של הגשר החדש?")
WEIGHT_Q = tokenize("מה משקלה של המשאית?")
AREA_Q = tokenize("מה שטחה של החווה?")


def test_a_length_question_is_answered_by_a_length_unit_only() -> None:
    assert measure_answered(LENGTH_Q, tokenize("כ-1200 מטרים"))
    assert measure_answered(LENGTH_Q, tokenize('שלושה ק"מ'))
    assert not measure_answered(LENGTH_Q, tokenize("1200 דונם"))  # an area
    assert not measure_answered(LENGTH_Q, tokenize("40 קילו"))  # a weight


def test_a_weight_question_is_answered_by_a_weight_unit_only() -> None:
    assert measure_answered(WEIGHT_Q, tokenize("12 טון"))
    assert measure_answered(WEIGHT_Q, tokenize('800 ק"ג'))
    assert not measure_answered(WEIGHT_Q, tokenize("12 מטר"))  # a length
    assert not measure_answered(WEIGHT_Q, tokenize("12 ליטר"))  # a volume


def test_an_area_question_is_answered_by_an_area_unit_only() -> None:
    assert measure_answered(AREA_Q, tokenize("1200 הקטר"))
    assert measure_answered(AREA_Q, tokenize('40 מ"ר'))
    assert not measure_answered(AREA_Q, tokenize("40 קילוגרם"))  # a weight
    assert not measure_answered(AREA_Q, tokenize("40 שקל"))  # a sum
