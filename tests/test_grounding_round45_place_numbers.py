"""place45 (round 45): the number word of a place's name ("קריית שמונה", "באר שבע", after a
prefix: "מקריית שמונה") is no number. It was read as 8, so "כמה ילדים היו בקרון? שישה" met a
rival 8 in the question's own sentence and a right answer was flagged (heldout7's
h7j02-cablecar-02, read on the list of right answers the value checks flag). Hand-written
Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers

SOURCE = (
    "הרכבל שעולה מקריית שמונה אל רכס מנרה הושבת אתמול, אחרי שקרון נתקע באוויר. "
    "בקרון היו 18 מבקרים, ובהם שישה ילדים מקבוצת צופים מבאר שבע."
)


def test_the_number_word_of_a_place_is_no_number() -> None:
    assert [m.value for m in extract_numbers(SOURCE)] == ["18", "6"]
    assert [m.value for m in extract_numbers("שמונה ילדים נסעו לקריית שמונה")] == ["8"]


def test_a_right_answer_meets_no_rival_in_a_place_name() -> None:
    r = ground_claim("כמה ילדים היו בקרון שנתקע ברכבל של קריית שמונה? שישה", SOURCE)
    assert r.verdict == "supported", r.messages


def test_a_figure_only_a_place_name_holds_is_not_found() -> None:
    r = ground_claim("בקרון שנתקע היו שמונה ילדים מקבוצת צופים.", SOURCE)
    assert r.verdict != "supported", r.messages
