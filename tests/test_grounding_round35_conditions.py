"""cond35: "every" where the source states a condition. "לפי דליה הוכשטט, על כל איחור של
אוטובוס מחזירה חברת ההסעות לתנועה 30% מהמחיר" passed `high` (P 0.87) for "לפי הנוהל, אם
אוטובוס מאחר ביותר משעתיים, החברה מחזירה לתנועה 30% מהמחיר": round 31's reading took only
"בלי שום תנאי" / "בכל מקרה" as a denied condition. A claim with a universal in any use
(``scope.any_universal``), no limit and no condition of its own ("תלויה ב..." states one), is
read against a condition word of the supporting sentences it follows (two of its words, and
half as many as the sentence it follows most); "אם" after "בלי" / "ללא" / "של" is a mother.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

LIBRARY = (
    "הספרייה העירונית תשלח ספרים הביתה לקוראים מעל גיל 80. "
    "לפי הנוהל החדש, אם קורא מאחר בהחזרה ביותר מחודש, הספרייה גובה ממנו קנס של 20 שקל. "
    "השנה נרשמו לשירות 140 קוראים."
)
KITTENS = (
    "כל חתול שעוקר סומן בחיתוך קטן באוזן והוחזר לשכונה שבה נלכד, ואילו 30 גורים שנמצאו "
    "בלי אם נמסרו לאימוץ."
)


def test_every_case_of_a_conditional_rule_is_flagged() -> None:
    r = ground_claim("על כל איחור בהחזרת ספר גובה הספרייה קנס של 20 שקל.", LIBRARY)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "generalised" for i in r.issues), r.messages


def test_the_condition_kept_and_a_mother_pass() -> None:
    for claim, source in (
        ("אם קורא מאחר בהחזרה ביותר מחודש, הספרייה גובה ממנו קנס של 20 שקל.", LIBRARY),
        ("כל חתול שעוקר סומן בחיתוך באוזן והוחזר לשכונה שבה נלכד.", KITTENS),
    ):
        r = ground_claim(claim, source)
        assert r.verdict == "supported", (claim, r.messages)
