"""scale40: the counted-noun check (count35, unit36) compared an answer's figure with the
source's figures by their full value only, while the number matcher accepts "60" for "60
אלף": "כמה עובדים יש בחברה? 60" passed for "מעבדת החברה כ-60 אלף טונות ..., ועובדים בה 48
עובדים". Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

DAIRY = (
    "המחלבה בקיבוץ נוסדה ב-1962. "
    "כיום מייצרת המחלבה כ-35 אלף ליטר יוגורט בשנה, ועובדים בה 22 עובדים."
)


def test_a_scaled_figure_counting_another_noun_is_no_answer() -> None:
    r = ground_claim("כמה עובדים יש במחלבה? 35", DAIRY)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


def test_the_count_of_the_asked_noun_passes() -> None:
    r = ground_claim("כמה עובדים יש במחלבה? 22", DAIRY)
    assert r.verdict == "supported", r.messages
