"""True paraphrases that reword their source ("at most", a reworded negation), and numbers
a claim derives from its span's figures, which stay rejected: the derived-figures rule of
round 6 was reverted (its only dev gain was the items it was written from). Hand-written
Hebrew examples (not from the pair files).
"""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim

FACTORY = (
    "חברת הפלדה הודיעה אתמול על שינוי במבנה שלה. "
    "במפעל בחדרה עובדים כיום 200 פועלים, ו-70 מהם יועברו לסניף החברה בחיפה, ואילו השאר "
    "יישארו בחדרה. "
    "עלות השיפוץ של המפעל היא 20 מיליון שקלים, ו-25% ממנה ימומנו על ידי משרד הכלכלה. "
    "בשנה שעברה ייצר המפעל 48 אלף טונות פלדה, פחות מ-60 אלף הטונות שתוכננו. "
    "החברה נוסדה ב-1962, והמפעל בחדרה נפתח ב-1970."
)


@pytest.mark.parametrize(
    "claim",
    [
        # another remainder than 200 - 70
        "מתוך 200 הפועלים במפעל בחדרה, 150 יישארו בחדרה.",
        # another share of the amount
        "משרד הכלכלה יממן 6 מיליון שקלים מעלות השיפוץ של המפעל.",
        # the difference stated as what was made, with no word that says it is one
        "בשנה שעברה ייצר המפעל 12 אלף טונות פלדה.",
        # figures of two sentences (48,000 and 200) never combine: 48,000 - 200
        "בשנה שעברה ייצר המפעל 47,800 טונות פלדה פחות ממה שתוכנן.",
    ],
)
def test_a_number_the_span_does_not_give_stays_rejected(claim: str) -> None:
    got = ground_claim(claim, FACTORY)
    assert got.verdict != "supported"
    assert any(i.kind.is_number for i in got.issues), [i.message for i in got.issues]


CLUB = (
    "ועד המועדון התכנס אמש לדון בתקציב. הגזבר אמר כי דמי החברות לא עלו מאז 2018, ולכן "
    "הוא מציע להעלות אותם ב-8%, לא יותר. היושב ראש אמר כי הוועד יצביע על ההצעה בשבוע הבא."
)


def test_at_most_says_what_not_more_says() -> None:
    """At most ("לכל היותר") is the "not more" of "לא יותר", not "more"."""
    got = ground_claim(
        "הגזבר הציע להעלות ב-8% לכל היותר את דמי החברות, שלא עלו מאז 2018.", CLUB
    )
    assert got.verdict == "supported", [i.message for i in got.issues]


def test_more_where_the_source_says_not_more_stays_rejected() -> None:
    got = ground_claim(
        "הגזבר הציע להעלות ב-8% ויותר את דמי החברות, שלא עלו מאז 2018.", CLUB
    )
    assert got.verdict != "supported"
    assert any(i.kind == "antonym" for i in got.issues), [i.message for i in got.issues]


GALLERY = (
    "הגלריה העירונית נפתחה מחדש אחרי שיפוץ של שנה. "
    "בתערוכה החדשה מוצגות עבודות של צלמים צעירים, והכניסה אליה מותרת רק לקבוצות של עד "
    "15 מבקרים. "
    "אוצרת הגלריה אמרה כי התערוכה תוצג עד סוף הקיץ."
)


def test_a_negation_that_rewords_a_word_of_the_span_is_supported() -> None:
    """"שאינן גדולות מ-15" says "עד 15" with a negation of a word the span never uses."""
    got = ground_claim(
        "הכניסה לתערוכה החדשה מותרת רק לקבוצות מבקרים שאינן גדולות מ-15 איש.", GALLERY
    )
    assert got.verdict == "supported", [i.message for i in got.issues]


@pytest.mark.parametrize(
    "claim",
    [
        # negates a word the span asserts
        "הכניסה לתערוכה החדשה אינה מותרת לקבוצות של עד 15 מבקרים.",
        "בתערוכה החדשה לא מוצגות עבודות של צלמים צעירים.",
    ],
)
def test_a_negation_of_what_the_span_says_stays_rejected(claim: str) -> None:
    got = ground_claim(claim, GALLERY)
    assert got.verdict != "supported", [i.message for i in got.issues]
