"""Round 17's question-aware rule: a measure asked by its possessive form ("מה גובהו",
"מה משקלה") asks for a figure when the answer gives it in a unit of that measure, so a
right answer "שלושים מטרים" is not "a bare figure for a question asking none"; a unit of
another measure ("12 דונם" for "מה עומקו") still is. Hand-written Hebrew examples (none
from a dev set); each expected verdict worked out by hand, and the two right answers'
tests checked to fail on main a876904.
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.answers.answer_types import measure_answered
from workbench.hebrew import tokenize

TOWER = (
    "מגדל השעון של העיירה נבנה ב-1911 בידי בנאים מהכפר הסמוך. גובהו 27 מטרים, ובראשו "
    "מותקן שעון שהובא מגרמניה. הפעמון שבראשו שוקל 350 קילו, והוא מצלצל בכל שעה עגולה. "
    "המגדל עומד בכיכר שבמרכז העיירה, ששטחה ארבעה דונם."
)


def test_a_height_in_metres_answers_a_question_asking_the_height() -> None:
    got = ground_claim("מה גובהו של מגדל השעון? עשרים ושבעה מטרים", TOWER)
    assert got.verdict == "supported"


def test_a_weight_in_kilos_answers_a_question_asking_the_weight() -> None:
    got = ground_claim("מה משקלו של הפעמון שבראש המגדל? 350 קילו", TOWER)
    assert got.verdict == "supported"


def test_an_area_unit_is_no_answer_to_a_question_asking_a_height() -> None:
    got = ground_claim("מה גובהו של מגדל השעון? ארבעה דונם", TOWER)
    assert got.verdict != "supported"


def test_a_measure_named_by_its_plain_noun_is_not_read_as_a_possessive() -> None:
    # "גובה" without a suffix is a measure word already (asks_figure); the possessive
    # reading is only for suffixed forms, and needs the answer's unit
    asked = tokenize("מה גובהו של המגדל?")
    assert measure_answered(asked, tokenize("27 מטרים"))
    assert not measure_answered(asked, tokenize("27 קילו"))
    assert not measure_answered(asked, tokenize("27"))
    assert not measure_answered(tokenize("מה שמו של המגדל?"), tokenize("27 מטרים"))
