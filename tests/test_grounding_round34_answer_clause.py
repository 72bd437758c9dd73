"""aclause34: round 33's reading of the clause a question points at, widened. "מי ערך את
הבדיקה? לקוחות שעברו דירה בחודשי הקיץ" passed `high` (P 0.95) for "את רוב התלונות הגישו
לקוחות שעברו דירה בחודשי הקיץ, ואת הבדיקה ערכו חוקרים של הרשות שהתחזו ללקוחות": the
clause the question points at shares one word with the answer ("ללקוחות"), and the reading
compared only with clauses holding none of the answer's words; and an answer of more than
three content words was never read. Now any clause that does not hold the whole answer is
compared, an answer of any length is read, and a "who said" question whose answer stands in
a clause with a verb of saying is left to the speech reading ("מי אמר ש...? X" of "X ציין כי
..., אך ..."). Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

REPAIRS = (
    "מחלקת התחזוקה של העירייה קיבלה השנה 800 פניות על מדרכות שבורות. "
    "את רוב הפניות שלחו תושבים מבוגרים מהשכונות הוותיקות, ואת הסקר של המדרכות ערכו "
    "מהנדסים של העירייה שבדקו גם את המדרכות של התושבים. "
    "מנהל המחלקה, אורי בן-צבי, אמר כי רוב המדרכות ישופצו עד הקיץ אך חלקן יחכו לשנה הבאה."
)


def test_the_other_clauses_doer_is_flagged_though_both_clauses_share_a_word() -> None:
    r = ground_claim("מי ערך את הסקר של המדרכות? תושבים מבוגרים מהשכונות הוותיקות", REPAIRS)
    assert r.verdict != "supported", r.messages
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


def test_the_right_doers_and_a_sayer_still_pass() -> None:
    for claim in (
        "מי ערך את הסקר של המדרכות? מהנדסים של העירייה",
        "מי שלח את רוב הפניות? תושבים מבוגרים מהשכונות הוותיקות",
        "מי אמר שחלק מהמדרכות יחכו לשנה הבאה? מנהל המחלקה, אורי בן-צבי",
    ):
        r = ground_claim(claim, REPAIRS)
        assert r.verdict == "supported", (claim, r.messages)
