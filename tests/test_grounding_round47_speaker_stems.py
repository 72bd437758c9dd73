"""lena47 (round 47): a speaker label's word keeps its prefix stems as name words only when
they are three letters or more. "לנה" read as ל + "נה" named Lena in every "שנה" of a claim
(ש + "נה"), so "כמה שנים הוא מחזיק את הפיצוצייה? 12 שנה" was read as a claim about her and
flagged as quoting the wrong speaker (heldout43's h43d02-kioskfridge-02, read after its
measure); "ורד" gave "רד", which "משרד" holds. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source

SHOP = (
    "יוסי אברג'יל (בעל המכולת): אני מחזיק את המכולת ברחוב הגפן כבר 15 שנה. "
    "בשנה שעברה עבר לכאן סניף של רשת גדולה.\n"
    "לנה קוגן (מנהלת החשבונות): אני מכינה ליוסי את הדוחות. המכירות ירדו בשליש מאז.\n"
    "יוסי אברג'יל (בעל המכולת): אני לא סוגר, אבל צמצמתי את שעות הפתיחה.\n"
    "לנה קוגן (מנהלת החשבונות): בינתיים הוא עדיין מרוויח."
)

GRANT = (
    "אבי סלאמה (יו״ר הוועד): אני ביקשתי מהמועצה להחליט היום על המקלט.\n"
    "ורד אלון (גזברית הוועד): אני הגשתי בקשה למענק של משרד הפנים על 300 אלף שקל.\n"
    "דנה פרץ (מפקחת במשרד הפנים): אני בדקתי את הבקשה, והיא עוד לא אושרה.\n"
    "אבי סלאמה (יו״ר הוועד): נחכה לתשובה."
)


def test_a_two_letter_stem_of_a_label_is_no_name_word() -> None:
    idx = index_source(SHOP)
    assert all("נה" not in words for words in idx.speakers), idx.speakers
    assert any("לנה" in words for words in idx.speakers), idx.speakers


def test_years_in_a_claim_do_not_name_lena() -> None:
    r = ground_claim("לפי יוסי אברג'יל, כמה שנים הוא מחזיק את המכולת? 15 שנה", SHOP)
    assert r.verdict == "supported", r.messages
    r = ground_claim("יוסי אברג'יל מחזיק את המכולת ברחוב הגפן כבר 15 שנה.", SHOP)
    assert r.verdict == "supported", r.messages


def test_a_statement_given_to_the_wrong_speaker_is_still_flagged() -> None:
    # "משרד" holds ר-ד after מ and ש: it no longer names ורד as well as דנה
    r = ground_claim("דנה פרץ הגישה בקשה למענק של משרד הפנים.", GRANT)
    assert r.verdict != "supported", r.messages
    r = ground_claim("לנה קוגן מחזיקה את המכולת ברחוב הגפן כבר 15 שנה.", SHOP)
    assert r.verdict != "supported", r.messages
