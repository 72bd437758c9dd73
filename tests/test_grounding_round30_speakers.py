"""speak30: a statement reworded so that its best sentence holds under half of it is still
checked for its speaker when that sentence is the claim's chosen support and the claim
makes the named speaker the sayer ("X אמרה ש", "לפי X,"). Before, "שירה גולן אמרה
שהבריכה תיסגר לשבועיים" was `supported` by the manager's "אנחנו נסגור את הבריכה
לשבועיים". A speaker the claim names as a participant is no sayer. Hand-written Hebrew;
each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

POOL = (
    'אורי בן-דוד (מנהל המתנ"ס): אנחנו נסגור את הבריכה לשבועיים בגלל תקלה במשאבה.\n'
    "שירה גולן (תושבת): הילדים שלי שוחים שם כל יום, ואני לא מבינה למה לא הודיעו מראש."
)
REFUND = (
    "דנה לוי (לקוחה): הזמנתי ספה ב-6,000 שקל, והיא הגיעה קרועה.\n"
    "משה כץ (מנהל החנות): נחזיר לך 1,500 שקל, ואת הספה נחליף בשבוע הבא."
)


def test_a_reworded_statement_given_to_the_other_speaker_is_flagged() -> None:
    r = ground_claim("שירה גולן אמרה שהבריכה תיסגר לשבועיים.", POOL)
    assert r.verdict != "supported"
    assert any(i.kind.value == "speaker_mismatch" for i in r.issues), r.messages


def test_the_same_statement_given_to_its_speaker_is_supported() -> None:
    r = ground_claim("אורי בן-דוד אמר שהבריכה תיסגר לשבועיים.", POOL)
    assert r.verdict == "supported", r.messages


def test_a_speaker_named_as_the_one_paid_says_nothing() -> None:
    """A guard: the claim's named speaker receives, she says nothing (not a sayer)."""
    r = ground_claim("דנה לוי תקבל מהחנות 1,500 שקל.", REFUND)
    assert r.verdict == "supported", r.messages
