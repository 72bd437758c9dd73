"""spk42 (round 42): in a dialogue, a question naming one speaker asks what that speaker
says; an answer whose own words only other speakers say, never the named one, is another
speaker's answer (extra3's "מה רוצה ג'מיל סעאדה להוסיף...? עבודה בזוגות", the teacher's
request, passed at P 0.97). Values are ``speaker_value``'s; "מי" questions are left alone.
Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "דנה פרלמוטר (מנהלת הספרייה): אני מציעה לפתוח את חוג הקריאה אחרי החגים.\n"
    "יוסף אלמקייס (מתנדב): אני מעדיף לפתוח אותו כבר בחודש הבא, כשהקוראים חוזרים מהחופשה.\n"
    "דנה פרלמוטר (מנהלת הספרייה): אז נחליט בישיבה של הוועד."
)


def test_another_speakers_words_are_no_answer_about_the_named_one() -> None:
    r = ground_claim("מתי מעדיף יוסף אלמקייס לפתוח את חוג הקריאה? אחרי החגים", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("another speaker" in m for m in r.messages)


def test_the_named_speakers_own_words_pass() -> None:
    for claim in (
        "מתי מעדיף יוסף אלמקייס לפתוח את חוג הקריאה? כבר בחודש הבא",
        "מתי מציעה דנה פרלמוטר לפתוח את חוג הקריאה? אחרי החגים",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
