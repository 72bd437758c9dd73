"""rows40: in "question? answer" the question's words are the answer's partners across the
"?", so the row check (round 30) reads them: "מה הייתה הטמפרטורה בתל אביב? 47 מעלות"
passed for "הטמפרטורה בבית שאן הגיעה ל-47 מעלות, ובתל אביב ל-36" once the source held
"מעלות" elsewhere too. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

MARKET = (
    "ביום ראשון, 4 במאי, נפתח השוק העירוני החדש: בשעה 9:00 נכנסו אליו 1,200 קונים, כ-300 "
    "יותר מהצפוי. שכר הדירה לדוכן בשורה הראשונה הגיע באותו חודש ל-2,400 שקל, ובשורות "
    "האחוריות ל-1,500. הוועד ביקש מהעירייה להוריד את הארנונה ב-300 שקל."
)
ASKED = "מה היה שכר הדירה לדוכן בשורות האחוריות בחודש שבו נפתח השוק העירוני?"
CREW = "ברק שלו (מנהל ההפקה): 30 עובדים קיבלו בונוס, ושבעה מהם, צוות הצילום, קיבלו גם רכב."


def test_a_question_taking_the_later_rows_word_and_the_first_rows_value() -> None:
    r = ground_claim(f"{ASKED} 2,400 שקל", MARKET)
    assert r.verdict != "supported", r.messages
    # round 41's gapped row (answers.gapped_rows) reads it first, pointing at the same row
    assert any("is stated for" in m or "ובשורות האחוריות ל-1,500" in m for m in r.messages)


def test_the_later_rows_own_value_passes() -> None:
    r = ground_claim(f"{ASKED} 1,500 שקל", MARKET)
    assert not any("is stated for" in m for m in r.messages), r.messages


def test_a_part_after_its_whole_is_no_row_of_the_question() -> None:
    r = ground_claim("כמה עובדים קיבלו גם רכב? שבעה, צוות הצילום", CREW)
    assert not any("is stated for" in m for m in r.messages), r.messages
