"""label37: a speaker label whose role in parentheses holds a comma or a figure ("דנה
מלניצ׳וק (נהגת, מנויה בחברת שירותי הדרך):", "שרה כהן (אם, 42):") was no speaker line, so
her turns were read as the turn before them: a question "לפי יגאל..." then pointed at the
other speaker's figure too. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.hebrew.sentences import split_turns

TOW = (
    "שירה לוין (נהגת, מנויה בחברת הגרירה): התפוצץ לי צמיג בכביש 90, באמצע הערבה.\n"
    "יגאל כהן (בעל פנצ׳רייה באילת): אני החלפתי לה שני צמיגים בבוקר, ב-1,260 שקל.\n"
    "שירה לוין (נהגת, מנויה בחברת הגרירה): אני דורשת שהחברה תחזיר לי את דמי המנוי, 320 "
    "שקל, וגם את הלילה במלון, 540 שקל.\n"
    "רון אבן (מנהל המוקד, בן 52): את דמי המנוי נחזיר, אבל את המלון לא."
)


def test_a_role_with_a_comma_or_a_figure_is_a_speaker_label() -> None:
    speakers = [t.speaker for t in split_turns(TOW)]
    assert speakers == [
        "שירה לוין (נהגת, מנויה בחברת הגרירה)",
        "יגאל כהן (בעל פנצ׳רייה באילת)",
        "שירה לוין (נהגת, מנויה בחברת הגרירה)",
        "רון אבן (מנהל המוקד, בן 52)",
    ]
    # outside parentheses a comma or a figure still ends the search: no speaker line
    assert split_turns("ביום שני, בשעה 10: הגיעו.\nבערב: יצאו.") == []


def test_an_answer_from_another_speakers_turn_is_flagged() -> None:
    r = ground_claim("לפי יגאל כהן, כמה שילמה שירה לוין על שני הצמיגים? 320 שקל", TOW)
    assert r.verdict != "supported", r.messages
    r = ground_claim("לפי יגאל כהן, כמה שילמה שירה לוין על שני הצמיגים? 1,260 שקל", TOW)
    assert r.verdict == "supported", r.messages
