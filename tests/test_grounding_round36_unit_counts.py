"""unit36: count35 read a figure before a unit as counting nothing else, so "כמה עובדים
יש במכבסה? 14" passed for "מכבסים כ-14 טונות ביום, ועובדים בה 85 עובדים": fourteen tons
are no head count. A unit counts another thing unless it measures a word of the question
("40 ק״ג עגבניות" for "כמה עגבניות"), and a figure before a unit of time counts it ("שבע
שנים" is seven years, not a bare seven). Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERY = (
    "במאפיית השחר אופים בכל לילה כ-3 טונות לחם, ועובדים בה 26 אופים. "
    "המאפייה נפתחה ב-1988 ברחוב הנביאים."
)
FARM = (
    "השבוע נקטפו בחוות הגבעה 40 ק״ג עגבניות שרי, ובשבוע שעבר נקטפו בה 300 עגבניות שרי "
    "בלבד, כי החממה הייתה סגורה."
)


def test_a_figure_of_a_unit_measuring_something_else_is_no_head_count() -> None:
    for claim in ("כמה אופים עובדים במאפיית השחר? 3", "כמה אופים עובדים במאפיית השחר? שלושה"):
        r = ground_claim(claim, BAKERY)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "bound_elsewhere" for i in r.issues), (claim, r.messages)


def test_the_right_count_and_a_unit_measuring_the_asked_noun_pass() -> None:
    r = ground_claim("כמה אופים עובדים במאפיית השחר? 26", BAKERY)
    assert r.verdict == "supported", r.messages
    r = ground_claim("כמה עגבניות שרי נקטפו השבוע בחוות הגבעה? 40", FARM)
    assert not any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


KINDERGARTEN = (
    "יעל ברנר (מנהלת הגן): אני מנהלת את הגן שבע שנים, ובכל קבוצה יש אצלנו שלוש גננות.\n"
    "משה לוי (אב): הבת שלי נכנסה לגן ב-2 בספטמבר, ובקבוצה שלה היו 22 ילדים.\n"
    "יעל ברנר (מנהלת הגן): בקבוצה של הבת שלך יש היום רק 18 ילדים."
)


def test_a_figure_counting_years_is_no_head_count() -> None:
    # fails before round 36: the word a figure counts skipped "שנים" as a multiplier, so
    # "שבע שנים" counted nothing, and a figure counting nothing may answer anything
    r = ground_claim("לפי יעל ברנר, כמה גננות יש בכל קבוצה בגן? שבע", KINDERGARTEN)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages
    r = ground_claim("לפי יעל ברנר, כמה גננות יש בכל קבוצה? שלוש", KINDERGARTEN)
    assert r.verdict == "supported", r.messages
