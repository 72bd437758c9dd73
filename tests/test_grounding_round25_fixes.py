"""Round 25 (fix25): misreadings of a question, each shown by a test that fails on main
cd12ac1. Hand-written Hebrew examples (none from a dev set); each expected verdict worked
out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

WATER = "משפחת כהן קיבלה החודש חשבון מים של 700 שקל, אבל בדרך כלל היא משלמת בערך 180 שקל."

LESSONS = (
    "רונית (מורה לפסנתר): כל שיעור אצלי עולה 120 שקל, ואני מלמדת את נועה כבר שנתיים.\n"
    "אבא של נועה: הרסיטל של סוף השנה, 90 שקל לכרטיס, יתקיים באולם העירוני."
)


def _flagged(claim: str, source: str) -> bool:
    got = ground_claim(claim, source)
    return got.verdict != "supported" and any(i.kind.value == "bound_elsewhere" for i in got.issues)


def test_the_clause_of_the_question_verb_is_the_one_asked() -> None:
    # fails on main: the bill's clause holds more of the question's other words (משפחת,
    # כהן, מים) than the payment's (משלמת), so 180 was flagged and 700 passed
    assert ground_claim("כמה משלמת משפחת כהן על מים? 180 שקל", WATER).verdict == "supported"
    assert _flagged("כמה משלמת משפחת כהן על מים? 700 שקל", WATER)
    assert _flagged("כמה משלמת משפחת כהן על מים בדרך כלל? 700 שקל", WATER)


def test_the_verb_of_another_subject_decides_nothing() -> None:
    # "עולה" also stands in the lesson's sentence, but the question's words (the recital,
    # the ticket) stand in the other: the verb tells one sentence's clauses apart only
    assert ground_claim("כמה עולה כרטיס לרסיטל של סוף השנה? 90 שקל", LESSONS).verdict == (
        "supported"
    )
