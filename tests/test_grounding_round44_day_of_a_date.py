"""day44 (round 44): a claim's day of a month ("ייחתם ב-8 בדצמבר") must be a day in the
source: a figure the source states only as something else ("160 שחיינים בני 8 עד 18")
and the month it names with another day ("נחתום ב-3 בדצמבר") do not make the date; it
passed, the figure and the month each found (the swaps stress on heldout18). A day the
source gives before a month or inside a date token still passes ("ב-16 בחודש" is a day
too).
Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "במועדון השחייה 160 שחיינים בני 8 עד 18. המגשרת אמרה שההסכם עם החברה העירונית ייחתם "
    "ב-3 בדצמבר. האימון הראשון נקבע ל-20.12.2025, ויש בו 20 מקומות."
)


def test_a_day_the_source_gives_only_as_another_figure_is_flagged() -> None:
    for claim in (
        "ההסכם עם החברה העירונית ייחתם ב-8 בדצמבר.",
        "ההסכם עם החברה העירונית ייחתם ב-18 בדצמבר.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("no day of a date" in m for m in r.messages), r.messages


def test_a_day_the_source_gives_as_a_day_passes() -> None:
    for claim in (
        "ההסכם עם החברה העירונית ייחתם ב-3 בדצמבר.",
        "האימון הראשון נקבע ל-20 בדצמבר 2025.",  # the day of a date token
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_day_past_31_is_no_day() -> None:
    source = "בשנה שעברה יצאו מהמושב 150 אלף אתרוגים, והמשלוח הראשון הפליג ב-28 באוגוסט."
    r = ground_claim("המשלוח הראשון הפליג ב-150 באוגוסט.", source)
    assert r.verdict != "supported", r.messages
    assert any("31 days at most" in m for m in r.messages), r.messages
