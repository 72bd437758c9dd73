"""spk39: in a dialogue, "לפי NAME, ...? VALUE" asks what that speaker says. "לפי מיכל
צ׳רניאק, כמה שילמה על שמלת הכלה? 1,600 שקל" passed where her mother said "שילמנו לרבקה
1,600 שקל על התיקונים" and she said "קניתי את שמלת הכלה ... ב-9,800 שקל": both share the
family name, and the question's words covered both turns alike. A value only other
speakers state, against a competing value of the named speaker's own turns, is another
speaker's answer. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

DRESS = (
    "מיכל ברגר (כלה): אני קניתי את שמלת הכלה בסלון בתל אביב ב-9,800 שקל, ומסרתי אותה "
    "לתיקונים שישה שבועות לפני החתונה.\n"
    "רבקה זילבר (תופרת): אני קיבלתי את השמלה באפריל, ותיקנתי אותה לפי המידות שנתנו לי.\n"
    "דליה ברגר (אמא של הכלה): החתונה ב-21 ביוני, ושילמנו לרבקה 1,600 שקל על התיקונים.\n"
    "רבקה זילבר (תופרת): אני אחזיר 500 שקל, ואבוא מחר בעשר לתקן."
)


def test_another_speakers_value_is_flagged() -> None:
    r = ground_claim("לפי מיכל ברגר, כמה שילמה על שמלת הכלה? 1,600 שקל", DRESS)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "answer_elsewhere" for i in r.issues), r.messages


def test_the_named_speakers_own_value_passes() -> None:
    for claim in (
        "לפי מיכל ברגר, כמה שילמה על שמלת הכלה? 9,800 שקל",
        "לפי דליה ברגר, כמה שילמו לרבקה על התיקונים? 1,600 שקל",
    ):
        r = ground_claim(claim, DRESS)
        assert r.verdict == "supported", (claim, r.messages)
