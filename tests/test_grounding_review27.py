"""Review of round 27 (review27): misreadings the round's new readings brought in.

Every sentence here is written for the test, not copied from a pair set; each expected
verdict follows from the Hebrew (what the sentence says), not from the code's output.
"""

from __future__ import annotations

from workbench.grounding import ground_claim


def _verdict(claim: str, source: str) -> str:
    return ground_claim(claim, source).verdict


def _kinds(claim: str, source: str) -> set[str]:
    return {i.kind.value for i in ground_claim(claim, source).issues}


# --- 1. "עד 2000 אנשים" is "up to 2000 people", not "until the year 2000" ---------------


def test_up_to_a_figure_that_counts_people_is_no_year() -> None:
    # a hall that holds up to 2000 people holds 2000 people; the figure counts people
    # whether or not "עד" stands before it, so neither reading is the year 2000
    upto = "האולם החדש יכול להכיל עד 2000 אנשים בכל מופע."
    plain = "האולם החדש יכול להכיל 2000 אנשים בכל מופע."
    assert _verdict("האולם החדש יכול להכיל 2000 אנשים.", upto) == "supported"
    assert _verdict("האולם החדש יכול להכיל עד 2000 אנשים.", plain) == "supported"
    race = "בתחרות רצו עד 1000 משתתפים בכל מקצה."
    assert _verdict("בכל מקצה רצו 1000 משתתפים לכל היותר.", race) == "supported"


def test_before_a_crowd_is_no_year_either() -> None:
    # "הופיעה לפני 2000 צופים": performed in front of 2000 spectators
    source = "הלהקה הופיעה אמש לפני 2000 צופים בפארק העירוני."
    assert _verdict("בפארק העירוני צפו בלהקה 2000 צופים.", source) == "supported"


def test_until_a_year_before_a_verb_is_still_a_year() -> None:
    # "עד 2030 תבנה העירייה": by 2030; 2030 flats is a figure the source never gives
    source = "עד 2030 תבנה העירייה 1500 דירות חדשות בשכונה."
    assert _verdict("העירייה תבנה 2030 דירות חדשות בשכונה.", source) != "supported"
    assert _verdict("העירייה תבנה 1500 דירות חדשות בשכונה עד 2030.", source) == "supported"


def test_b_hyphen_before_a_counted_noun_may_be_an_amount() -> None:
    # "תמכה ב-2000 משפחות" (supported 2000 families), "פגעה ב-1500 בתים" (hit 1500
    # houses), "גדל ב-1200 תושבים" (grew by 1200 residents): "ב-" is the verb's
    # preposition, not a year's, so the figure counts the families, houses, residents
    families = "בחורף האחרון תמכה העירייה ב-2000 משפחות נזקקות."
    claim = "2000 משפחות נזקקות קיבלו תמיכה מהעירייה בחורף האחרון."
    assert _verdict(claim, families) == "supported"
    houses = "הסערה פגעה ב-1500 בתים בצפון הארץ."
    assert _verdict("1500 בתים בצפון הארץ נפגעו בסערה.", houses) == "supported"
    # while "ב-1948" before a verb is a year: no 1948 residents are counted there
    year = "ב-1948 הגיעו לעיר עולים רבים, ובשנה שלאחר מכן נוספו 300 משפחות."
    assert _verdict("לעיר הגיעו 1948 עולים.", year) != "supported"


def test_a_bare_answer_takes_the_reading_its_question_asks() -> None:
    # "כמה ספרים...? 2000" answers with a count: the library's only 2000 is the year it
    # opened, and it holds 300 books; "באיזו שנה...? 2000" answers with a year, and the
    # ceremony's only 2000 counts the people at it
    library = "הספרייה נפתחה בשנת 2000, ויש בה כיום 300 ספרים."
    assert _verdict("כמה ספרים יש בספרייה? 2000", library) != "supported"
    assert _verdict("באיזו שנה נפתחה הספרייה? 2000", library) == "supported"
    ceremony = "בטקס השתתפו 2000 איש, ובהם שרים וחברי כנסת."
    assert _verdict("באיזו שנה התקיים הטקס? 2000", ceremony) != "supported"
    assert _verdict("כמה איש השתתפו בטקס? 2000", ceremony) == "supported"


# --- 2. a speaker's question that the dialogue affirms, or that presupposes -------------

AFFIRMED = """רון שמיר (מאמן): האימון ביום שלישי מתחיל בשש, נכון?
יעל פרץ (קפטנית): כן, בשש בערב במגרש הצפוני.
רון שמיר (מאמן): והמגרש הצפוני פנוי גם ביום חמישי, לא?
יעל פרץ (קפטנית): לא, ביום חמישי הוא תפוס."""


def test_a_tag_question_states_what_it_asks_to_confirm() -> None:
    # "..., נכון?" asserts the training starts at six and asks only for a nod; Yael nods
    assert _verdict("האימון ביום שלישי מתחיל בשש.", AFFIRMED) == "supported"
    assert "speaker_mismatch" not in _kinds("רון שמיר אמר שהאימון ביום שלישי מתחיל בשש.", AFFIRMED)


def test_a_tag_question_the_next_speaker_denies_is_not_stated() -> None:
    # "פנוי גם ביום חמישי, לא?" is answered "לא, ביום חמישי הוא תפוס": not free
    assert _verdict("המגרש הצפוני פנוי ביום חמישי.", AFFIRMED) != "supported"


YES = """נועה ברק (מנהלת): נפתח את הבריכה גם בשבת?
דוד אלון (גזבר): כן.
נועה ברק (מנהלת): יפה, אז אני אודיע לתושבים.
דוד אלון (גזבר): תודיעי גם לעובדים."""


def test_a_question_answered_yes_is_stated_by_the_answer() -> None:
    # David answers "כן": the pool will open on Saturday too
    assert "speaker_mismatch" not in _kinds("נפתח את הבריכה גם בשבת.", YES)


WHY = """נועה ברק (מנהלת): למה אנחנו סוגרים את הספרייה בחודשי הקיץ?
דוד אלון (גזבר): כי אין תקציב לשכר הספרנים.
נועה ברק (מנהלת): ומתי נפתח אותה מחדש?
דוד אלון (גזבר): בתחילת ספטמבר, עם תחילת שנת הלימודים."""


def test_a_why_question_takes_its_content_as_given() -> None:
    # "why are we closing the library in the summer?" asks only the reason: that it
    # closes is given (and David gives the reason)
    assert _verdict("הספרייה נסגרת בחודשי הקיץ.", WHY) == "supported"


OPEN = """נועה ברק (מנהלת): נפתח את הבריכה גם בשבת?
דוד אלון (גזבר): צריך לבדוק את זה עם העירייה.
נועה ברק (מנהלת): טוב, תבדוק עד יום חמישי.
דוד אלון (גזבר): אבדוק ואחזור אלייך."""


def test_a_claim_that_reports_the_asking_by_an_infinitive_is_left_alone() -> None:
    # "ביקשה לברר אם" (asked to find out whether) reports Noa's question, as "שאלה אם" does
    got = _kinds("נועה ברק ביקשה לברר אם נפתח את הבריכה גם בשבת.", OPEN)
    assert "speaker_mismatch" not in got
    # while a statement of it is still caught: nobody says the pool opens on Saturday
    assert _verdict("נועה ברק אמרה שנפתח את הבריכה גם בשבת.", OPEN) != "supported"


# --- 3. "2000 איש" and "2000 נפש" count people: no year --------------------------------


def test_a_figure_of_people_counted_by_ish_or_nefesh_is_no_year() -> None:
    # after a figure Hebrew counts people by the singular "איש" or "נפש": 2000 people
    # took part in the ceremony; nothing in the source dates it to the year 2000
    ceremony = "בטקס השתתפו 2000 איש, ובהם שרים וחברי כנסת."
    assert _verdict("הטקס התקיים בשנת 2000.", ceremony) != "supported"
    assert _verdict("2000 איש השתתפו בטקס.", ceremony) == "supported"
    town = "העיירה מונה כיום 1950 נפש, רובם חקלאים."
    assert _verdict("העיירה נוסדה בשנת 1950.", town) != "supported"
    # while "ב-1948 איש לא ידע" (in 1948 nobody knew) is still found as a year
    nobody = "ב-1948 איש לא ידע כמה עולים יגיעו לעיר."
    assert _verdict("בשנת 1948 איש לא ידע כמה עולים יגיעו לעיר.", nobody) == "supported"


def test_a_thousands_comma_writes_an_amount_never_a_year() -> None:
    # nobody writes the year 2000 as "2,000": a grant of 2,000 shekels is no year, and
    # a source whose only 2000 is the year the fund was founded does not state it
    fund = "הקרן נוסדה בשנת 2000, והיא מעניקה מלגות של 500 שקל לסטודנטים."
    assert _verdict("הקרן מעניקה מלגות של 2,000 שקל לסטודנטים.", fund) != "supported"
    grants = "הקרן מעניקה מלגות של 2000 שקל לסטודנטים."
    assert _verdict("הקרן מעניקה מלגות של 2,000 שקל לסטודנטים.", grants) == "supported"


# --- 4. "אי" island and "אי אפשר" in one source -----------------------------------------

LAKE = "באמצע האגם יש אי קטן ושקט. אי אפשר לשחות אליו בחורף."


def test_ei_efshar_after_an_island_in_the_same_source_still_negates() -> None:
    # the island comes first, then "אי אפשר" (it is impossible): the second sentence
    # negates, so it supports "אי אפשר לשחות" and not "אפשר לשחות"
    got = ground_claim("אי אפשר לשחות אל האי הקטן בחורף.", LAKE)
    assert "negation_not_in_support" not in {i.kind.value for i in got.issues}
    assert got.verdict == "supported"
    assert _verdict("אפשר לשחות אל האי הקטן בחורף.", LAKE) != "supported"


SELF = """נועה ברק (מנהלת): האם נסגור את הספרייה בחודשי הקיץ? כן, כך החליטה ההנהלה אתמול.
דוד אלון (גזבר): ומה יקרה עם הספרנים?
נועה ברק (מנהלת): הם יעברו לסניף המרכזי.
דוד אלון (גזבר): בסדר, אעדכן אותם."""


def test_a_question_its_speaker_answers_yes_is_stated() -> None:
    # Noa asks and answers herself: "כן, כך החליטה ההנהלה" - the library closes
    assert "speaker_mismatch" not in _kinds("נועה ברק אמרה שנסגור את הספרייה בחודשי הקיץ.", SELF)
