"""Round 18's question-aware rule: "question? short answer" asserts one thing, the value
of the slot its question leaves open, so the frame-slot binding checks written for
statements (a dropped "מתוך" / "N מהם" restriction, a word moved from another clause)
do not read it; only a figure of the answer standing where the source's frame states
another figure is still checked there, and the question-aware checks bind the answer's
slot. Hand-written Hebrew examples (none from a dev set); each expected verdict worked out
by hand, and the two right answers' tests checked to fail on main 54d8ed1.
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.answers.question import placed_answer
from workbench.grounding.prepare import prepare_claim

FACTORY = (
    "מפעל הטקסטיל של קריית הגפן נפתח ב-1962 בשולי העיירה. השבוע הודיעה ההנהלה שתפטר 85 "
    'מתוך 240 עובדיו ותעביר את קו התפירה לירדן. את ההודעה מסרה המנכ"לית, רונית אלמוג, '
    "בישיבה עם ועד העובדים."
)

WARD = (
    "מחלקת הגריאטריה של בית החולים בעפולה פתחה בשנה שעברה תוכנית של אשפוז בבית. "
    "בשנה הראשונה אושפזו בבתיהם 64 חולים, וחמישה מהם הוחזרו למחלקה אחרי החמרה. "
    'לדברי מנהלת המחלקה, ד"ר סיגל נחמיאס, התוכנית חסכה 900 ימי אשפוז.'
)


def test_an_answer_giving_the_part_does_not_drop_the_sources_out_of() -> None:
    # "85 מתוך 240": the question asks how many are dismissed, and 85 is that value; the
    # answer restates nothing of the whole, so it drops no restriction (main: partial,
    # "the claim drops מתוך")
    got = ground_claim("כמה עובדים יפטר המפעל? 85 עובדים", FACTORY)
    assert got.verdict == "supported"


def test_an_answer_giving_the_whole_does_not_drop_its_part() -> None:
    # the question asks the whole ("כמה חולים אושפזו"), the source goes on "וחמישה מהם
    # הוחזרו": the part is another question's (main: partial, "drops חמישה מהם")
    got = ground_claim("כמה חולים אושפזו בבתיהם בשנה הראשונה? 64 חולים", WARD)
    assert got.verdict == "supported"


def test_wrong_answers_of_the_same_sources_are_still_flagged() -> None:
    # the whole for a question asking the part, and the reference "מתוך 240" for the part:
    # the question-aware value checks bind the answer's slot
    assert ground_claim("כמה מהחולים שאושפזו בבתיהם הוחזרו למחלקה? 64 חולים", WARD).verdict != (
        "supported"
    )
    assert ground_claim("כמה עובדים יפטר המפעל? 240 עובדים", FACTORY).verdict != "supported"


def test_a_long_answer_is_a_statement_and_keeps_the_frame_checks() -> None:
    # more than PLACED_ANSWER content words of its own: the answer states a sentence of
    # its own, which drops the source's "מתוך 240" as a statement would
    claim = "כמה עובדים יפטר המפעל? המפעל יפטר 85 עובדים ויעביר את קו התפירה מקריית הגפן לירדן"
    assert not placed_answer(prepare_claim(claim))
    got = ground_claim(claim, FACTORY)
    assert got.verdict != "supported"
    assert any(i.kind.value == "generalised" for i in got.issues)


def test_placed_answer_is_a_question_with_a_short_answer() -> None:
    assert placed_answer(prepare_claim("כמה עובדים יפטר המפעל? 85 עובדים"))
    assert not placed_answer(prepare_claim("המפעל יפטר 85 עובדים."))  # no question
