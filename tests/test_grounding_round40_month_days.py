"""day40: an answer's figure that the source states only as the day of a date ("ל-13
ביוני") is no count: "כמה שנים הוא מגדל כותנה? 13" passed for "אני מגדל כותנה 30 שנה ...
הזמנתי ריסוס ל-13 ביוני". Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

ORCHARD = (
    "יוסי קדמי (מגדל אפרסקים): אני מגדל אפרסקים 25 שנה, ויש לי 40 דונם במושב. "
    "את הקטיף התחלנו ב-18 ביוני, שבוע לפני השכנים."
)
GAP = "הבקשה לרישיון הוגשה ב-3 במאי. הרישיון ניתן ב-10 במאי, והחנות נפתחה שבוע אחר כך."


def test_the_day_of_a_date_is_no_count() -> None:
    for claim in (
        "כמה שנים מגדל יוסי קדמי אפרסקים? 18",
        "לפי יוסי קדמי, כמה שנים הוא מגדל אפרסקים? 18 שנה",
    ):
        r = ground_claim(claim, ORCHARD)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "bound_elsewhere" for i in r.issues), (claim, r.messages)


def test_counts_and_dates_stated_as_such_pass() -> None:
    for claim in (
        "כמה שנים מגדל יוסי קדמי אפרסקים? 25",
        "מתי התחיל יוסי קדמי את הקטיף? ב-18 ביוני",
    ):
        r = ground_claim(claim, ORCHARD)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_statement_may_give_the_gap_between_two_dates() -> None:
    r = ground_claim("הרישיון ניתן 7 ימים אחרי שהוגשה הבקשה.", GAP)
    assert not any("day of a date" in m for m in r.messages), r.messages
