"""wday33: a day of the week is a time. "ביום שני" (Monday) was read as the figure 2, or as
nothing ("שני" is no checked number), so a time question answered by another event's day
("מתי יצא המשלוח? ביום שני" where it left "ביום ראשון בבוקר" and the invoice went out "ביום
שני") passed `high`. After "יום" (with its prefixes, not "היום", today) the ordinals ראשון to
שישי are days of the week (``value_clauses._weekday``), times that compete with each other;
a clause's years and dates still date its verb before a day of the week does. Hand-written
Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SHIPMENT = (
    "אסף לוי (מנהל המחסן): המשלוח יצא מהמחסן ביום ראשון בבוקר, עם 40 ארגזים.\n"
    "רונית ברק (הלקוחה): הגיעו אליי רק 36 ארגזים, וארבעה מהם היו שבורים.\n"
    "אסף לוי: את החשבונית שלחנו לך ביום שלישי.\n"
    "רונית ברק: אני מבקשת זיכוי על שמונה ארגזים."
)
WEEKLY = (
    "המדור התפרסם בגיליון יום שישי של העיתון מ-1952. ב-1999 עבר המדור לאתר העיתון. "
    "בחנות עובדים היום חמישה עובדים."
)


def test_another_events_day_of_the_week_is_flagged() -> None:
    r = ground_claim("מתי יצא המשלוח מהמחסן? ביום שלישי", SHIPMENT)
    assert r.verdict != "supported"
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


def test_the_events_own_day_is_supported() -> None:
    for claim in ("מתי יצא המשלוח מהמחסן? ביום ראשון בבוקר", "מתי נשלחה החשבונית? ביום שלישי"):
        r = ground_claim(claim, SHIPMENT)
        assert r.verdict == "supported", (claim, r.messages)


def test_years_date_the_verb_before_a_day_of_the_week_and_today_is_no_day() -> None:
    r = ground_claim("מאיזו שנה התפרסם המדור בגיליון יום שישי? 1999", WEEKLY)
    assert r.verdict != "supported", r.messages
    r = ground_claim("מאיזו שנה התפרסם המדור בגיליון יום שישי? 1952", WEEKLY)
    assert r.verdict == "supported", r.messages
    r = ground_claim("כמה עובדים יש היום בחנות? חמישה", WEEKLY)
    assert r.verdict == "supported", r.messages
