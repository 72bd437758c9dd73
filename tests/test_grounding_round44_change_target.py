"""to44 (round 44): a question asking where a change went ("לאיזה שיעור ירד", "לכמה שקלים
ירד") asks the state after it, never its reference, even when it says "לפני" of something
else ("... לפני בדיקת הדמיה?"): before, any "לפני" in the question was read as asking the
state before the change, and the change's start ("מ-38% ל-21%": 38%) passed as the answer
(heldout40's h40j03-medclowns-01, P 0.96, read after its measure). A question that does ask
the start ("מה היה המחיר לפני ההנחה?") still may be answered by it. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "לפני פתיחת העונה ירד מחיר הכרטיס לבריכה העירונית מ-45 ל-30 שקל, ומספר המנויים גדל "
    "מ-800 ל-1,300. לפני ההנחה שילמה משפחה של ארבעה 180 שקל ביום."
)


def test_the_start_of_a_change_is_no_answer_to_where_it_went() -> None:
    for claim in (
        "לכמה שקלים ירד מחיר הכרטיס לבריכה לפני פתיחת העונה? 45 שקל",
        "לאיזה מספר גדל מספר המנויים של הבריכה לפני פתיחת העונה? 800",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("reference" in m for m in r.messages), r.messages


def test_where_it_went_is_the_answer() -> None:
    for claim in (
        "לכמה שקלים ירד מחיר הכרטיס לבריכה לפני פתיחת העונה? ל-30 שקל",
        "לאיזה מספר גדל מספר המנויים של הבריכה לפני פתיחת העונה? ל-1,300",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_question_asking_the_start_may_be_answered_by_it() -> None:
    r = ground_claim("כמה עלה כרטיס לבריכה לפני שהמחיר ירד? 45 שקל", SOURCE)
    assert not any("reference" in m for m in r.messages), r.messages
