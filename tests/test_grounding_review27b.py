"""Review27b: misreadings of round 27's newest readings, shown by own Hebrew.

Each test names the reading it holds: a year fronted by a time word read as an amount
before the sentence's counted subject (hebrew.numbers, year_amount), a denying or granting
reply read as "yes" (asked_only), a title's abbreviation mark that hid a who-list
(answer_list).
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.hebrew import extract_numbers


def _verdict(claim: str, source: str) -> str:
    return str(ground_claim(claim, source).verdict)


def _kinds(claim: str, source: str) -> list[str]:
    return [i.kind.value for i in ground_claim(claim, source).issues]


# --- 1. a fronted time names a year, whatever subject follows --------------------------


def test_a_season_or_part_of_a_year_before_four_digits_dates_them() -> None:
    # "in the course of 2020 many businesses closed": 2020 is the year, not a count of them
    src = "במהלך 2020 עסקים רבים בעיר נסגרו בגלל המגפה."
    assert _verdict("ב-2020 נסגרו עסקים רבים בעיר בגלל המגפה.", src) == "supported"
    src = "בתחילת 2021 מורים רבים עזבו את המקצוע."
    assert _verdict("ב-2021 עזבו מורים רבים את המקצוע.", src) == "supported"
    src = "בקיץ 2018 מתנדבים ניקו את החוף."
    assert _verdict("ב-2018 ניקו מתנדבים את החוף.", src) == "supported"
    src = "באוגוסט 2019 תיירים רבים הגיעו לעיר."
    assert _verdict("ב-2019 הגיעו תיירים רבים לעיר.", src) == "supported"


def test_this_year_before_a_count_is_no_year() -> None:
    # "this year 2025 pupils study at the school": 2025 counts the pupils
    src = "בבית הספר לומדים השנה 2025 תלמידים."
    assert _verdict("בבית הספר לומדים 2025 תלמידים.", src) == "supported"
    assert _verdict("כמה תלמידים לומדים בבית הספר? 2025", src) == "supported"


def test_a_year_joined_to_a_year_by_and_is_a_year() -> None:
    # "in the years 2020 and 2021 many workers were fired": both are years
    src = "בשנים 2020 ו-2021 עובדים רבים פוטרו מהמפעל."
    assert _verdict("ב-2021 פוטרו עובדים רבים מהמפעל.", src) == "supported"
    years = [(m.value, m.dated) for m in extract_numbers(src)]
    assert years == [("2020", True), ("2021", True)]


def test_the_amount_readings_stay() -> None:
    # a unit after the second figure still measures; "since 1990 nobody" still dates;
    # a price is still no year
    assert [m.amount for m in extract_numbers("בשנת 2020 ו-2021 שקל")] == [False, True]
    assert [m.dated for m in extract_numbers("מאז 1990 איש לא ביקר כאן")] == [True]
    src = "הכרטיס לפסטיבל נמכר ב-1990 שקל, מחיר שיא."
    assert "number_not_in_source" in _kinds("הפסטיבל התקיים ב-1990.", src)


# --- 2. a reply that denies or grants is no "yes" --------------------------------------

CODA = "\nמיכל לוי (מנהלת): טוב, נעבור לנושא הבא.\nדני כהן (רכז): אני אכין את הדוח לשבוע הבא."
ASKS = "מיכל לוי (מנהלת): נסגור את הספרייה בקיץ?\nדני כהן (רכז): "


def test_of_course_not_denies_the_question() -> None:
    # "of course not" / "surely not": nobody says the library closes
    for reply in ("כמובן שלא. התושבים צריכים אותה.", "בטח שלא, זה הזמן העמוס ביותר."):
        src = ASKS + reply + CODA
        assert _verdict("הספרייה תיסגר בקיץ.", src) != "supported"


def test_granting_another_thing_is_no_yes() -> None:
    # "true, the budget is small, but we will not close it"
    src = ASKS + "נכון שהתקציב קטן, אבל לא נסגור אותה." + CODA
    assert _verdict("הספרייה תיסגר בקיץ.", src) != "supported"


def test_not_at_all_denies_a_tag_question() -> None:
    src = (
        "מיכל לוי (מנהלת): הספרייה תיסגר בקיץ, לא?\nדני כהן (רכז): ממש לא, היא תהיה פתוחה."
        + CODA
    )
    assert _verdict("הספרייה תיסגר בקיץ.", src) != "supported"


def test_a_plain_yes_still_states_it() -> None:
    src = ASKS + "בהחלט, כך החליטה ההנהלה." + CODA
    assert _verdict("הספרייה תיסגר בקיץ.", src) == "supported"
    src = ASKS + "כן, כבר הודענו לתושבים." + CODA
    assert _verdict("הספרייה תיסגר בקיץ.", src) == "supported"


# --- 3. a title's abbreviation mark in a who-list --------------------------------------


def test_each_titled_name_of_a_list_answers_the_question() -> None:
    # Prof. Sagi only sent a letter: he did not take part
    src = 'בכנס השתתפה ד"ר רונית לוי. פרופ\' אבי שגיא שלח מכתב ברכה.'
    claim = "מי השתתף בכנס? ד\"ר רונית לוי ופרופ' אבי שגיא"
    assert _verdict(claim, src) != "supported"
    src = 'בכנס השתתפו ד"ר רונית לוי ופרופ\' אבי שגיא.'
    assert _verdict(claim, src) == "supported"
