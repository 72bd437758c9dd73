"""Round 27 (holes27): misreadings recorded as holes, each shown first by Hebrew of our own.

Every sentence here is written for the test, not copied from a pair set; each expected
verdict follows from the Hebrew (what the sentence says), not from the code's output.
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.roles.people import who_is_who
from workbench.grounding.values.bound_numbers import kind_of
from workbench.hebrew import extract_numbers


def _verdict(claim: str, source: str) -> str:
    return ground_claim(claim, source).verdict


# --- 1. a four-digit figure counting a noun or measured in a unit is no year ---------------


def test_a_figure_before_a_unit_or_a_counted_noun_is_an_amount_not_a_year() -> None:
    # "2000 שקל" is two thousand shekels and "1500 מטר" a length; "ב-2000 שקל" is "for 2000
    # shekels"; "1200 מיטות" counts beds. "בשנת 2000", "מאז 1990" and "ב-1948 עולים רבים
    # הגיעו" (in 1948 many immigrants came) are years
    def kinds(text: str) -> list[str]:
        return [kind_of(m) for m in extract_numbers(text)]

    assert kinds("הקרן העבירה 2000 שקל לכל משפחה") == ["figure"]
    assert kinds("השביל נמשך 1500 מטר") == ["figure"]
    assert kinds("קנינו את השולחן ב-2000 שקל") == ["figure"]
    assert kinds("בבית החולים יש 1200 מיטות") == ["figure"]
    assert kinds("הבניין נחנך בשנת 2000 בטקס") == ["year"]
    assert kinds("מאז 1990 חברים רבים עזבו") == ["year"]
    assert kinds("ב-1948 עולים רבים הגיעו לעיר") == ["year"]


def test_a_count_is_not_bound_by_the_same_figure_read_as_a_year() -> None:
    # the library opened in 2000 and holds 300 books today: it does not hold 2000 books,
    # though "2000" stands in the same sentence (as the year)
    source = "בשנת 2000 נפתחה הספרייה בעיר, ובספרייה יש כיום 300 ספרים."
    assert _verdict("בספרייה יש כיום 2000 ספרים.", source) != "supported"
    assert _verdict("בספרייה יש כיום 300 ספרים.", source) == "supported"
    assert _verdict("הספרייה נפתחה בעיר בשנת 2000.", source) == "supported"


def test_an_amount_is_not_found_in_a_year_nor_a_year_in_an_amount() -> None:
    # the only 2000 of the first source is the year the library opened: 2000 shekels is a
    # figure it never states; the only 2000 of the second counts books: the year 2000 is
    # not there either
    opened = "בשנת 2000 נפתחה הספרייה בעיר, ודמי המנוי בה הם 150 שקל."
    assert _verdict("דמי המנוי בספרייה הם 2000 שקל.", opened) != "supported"
    bought = "הספרייה בעיר קנתה 2000 ספרים, והיא נפתחה בשנת 1995."
    assert _verdict("הספרייה נפתחה בעיר ב-2000.", bought) != "supported"
    assert _verdict("הספרייה בעיר קנתה 2000 ספרים.", bought) == "supported"


def test_a_bare_four_digit_figure_may_be_an_amount() -> None:
    # "2000." alone may be either: the claim's 2000 shekels is found there
    source = "ועד הבית סיכם את עלות התיקון. הסכום הסופי: 2000. התשלום יתחלק בין הדיירים."
    assert _verdict("הסכום הסופי של התיקון הוא 2000 שקל.", source) == "supported"


# --- 2. "לפני כמה שנים" is answered by a count of years ----------------------------------


def test_years_ago_is_not_answered_by_a_figure_counting_something_else() -> None:
    # the choir was founded in 1990 and has 400 singers: 400 is no number of years, so
    # "לפני כמה שנים נוסדה המקהלה? 400" answers with the singers
    source = "המקהלה העירונית נוסדה בשנת 1990. כיום שרים בה 400 זמרים."
    claim = "לפני כמה שנים נוסדה המקהלה? 400"
    assert _verdict(claim, source) != "supported"
    right = "כמה זמרים שרים במקהלה העירונית? 400"
    assert _verdict(right, source) == "supported"


def test_years_ago_answered_by_the_years_the_source_gives_passes() -> None:
    source = "המקהלה העירונית נוסדה לפני 25 שנה. כיום שרים בה 400 זמרים."
    assert _verdict("לפני כמה שנים נוסדה המקהלה? 25", source) == "supported"
    assert _verdict("לפני כמה שנים נוסדה המקהלה? 400", source) != "supported"


# --- 3. every name of a list answer answers the who-question -----------------------------

CEREMONY = "בטקס השתתפו דנה כהן ורון שמיר. את האירוע צילם יוסי לוי."


def test_each_name_of_a_list_answer_must_be_bound_to_the_question() -> None:
    # Dana and Ron took part; Yossi photographed the event: he did not take part in it as
    # the question asks, so a list naming him is wrong whatever its first name
    question = "מי השתתף בטקס?"
    assert _verdict(f"{question} דנה כהן ויוסי לוי", CEREMONY) != "supported"
    assert _verdict(f"{question} דנה ויוסי לוי", CEREMONY) != "supported"
    assert _verdict(f"{question} דנה כהן, רון שמיר ויוסי לוי", CEREMONY) != "supported"
    assert _verdict(f"{question} דנה כהן ורון שמיר", CEREMONY) == "supported"


def test_a_list_whose_wrong_name_comes_first_is_caught_too() -> None:
    source = "דנה כהן השתתפה בטקס. יוסי לוי צילם את האירוע."
    assert _verdict("מי השתתף בטקס? יוסי לוי ודנה כהן", source) != "supported"


def test_a_surname_opening_with_vav_is_no_second_name() -> None:
    # "ונדנברוק" is one surname (the source writes it after the given name), and ", בחצר
    # ביתו" says where: the answer names one person, who built the loft
    source = "את הלופט הראשון של המועדון בנה ז'ק ונדנברוק בחצר ביתו. רון שמיר גידל בו יונים."
    claim = "מי בנה את הלופט הראשון של המועדון? ז'ק ונדנברוק, בחצר ביתו"
    assert _verdict(claim, source) == "supported"


PLANNING = """נועה ברק (מנהלת): מי ייקח אחריות על ההסעות?
דוד אלון (נהג): אני יכול לנהוג בבוקר.
מירב גל (רכזת): דוד ואני נארגן את ההסעות לטיול.
נועה ברק (מנהלת): מצוין, אני אשלח את הרשימה.
דוד אלון (נהג): בסדר גמור.
מירב גל (רכזת): תודה."""


def test_a_speaker_of_a_list_is_placed_by_the_turn_that_names_them() -> None:
    # Merav says "David and I will organise the rides": both organise them; Noa only
    # sends the list
    question = "מי יארגן את ההסעות לטיול?"
    assert _verdict(f"{question} דוד אלון ומירב גל", PLANNING) == "supported"
    assert _verdict(f"{question} נועה ברק ומירב גל", PLANNING) != "supported"


# --- 4. a name ends before a verb ------------------------------------------------------


def _table(source: str) -> list[tuple[str, ...]]:
    return [p.name for p in who_is_who(index_source(source))]


def test_a_name_does_not_take_the_verb_after_or_before_it() -> None:
    # "המנהל משה כהן אמר" and "אמר משה כהן, מנהל המפעל," both name Moshe Cohen, the
    # manager; "אמר" (said) is his act, not a word of his name
    assert _table("המנהל משה כהן אמר שהמפעל ייסגר בקיץ.") == [("משה", "כהנ")]
    assert _table("כך אמר משה כהן, מנהל המפעל, בכנס.") == [("משה", "כהנ")]
    # one given name and a verb is no two-word name
    assert _table("המנהל משה אמר שהמפעל ייסגר בקיץ.") == []


def test_a_role_swap_is_seen_past_the_verb_after_the_name() -> None:
    # Ron Shamir is the treasurer; the adviser is Dan Levi: calling Ron the adviser is a
    # role swap, whatever verb the claim gives him
    source = (
        "הגזבר רון שמיר הודיע על הקיצוץ בישיבת ההנהלה. היועץ דן לוי הציג בישיבה את התקציב החדש."
    )
    assert _verdict("היועץ רון שמיר דיבר בישיבת ההנהלה על הקיצוץ.", source) != "supported"
    assert _verdict("הגזבר רון שמיר דיבר בישיבת ההנהלה על הקיצוץ.", source) == "supported"


# --- 5. a speaker's question states nothing ---------------------------------------------

MEETING = """נועה ברק (מנהלת): נסגור את הספרייה העירונית בחודשי הקיץ?
דוד אלון (גזבר): אני לא יודע, צריך לבדוק את התקציב.
נועה ברק (מנהלת): טוב, נדבר על זה בישיבה הבאה.
דוד אלון (גזבר): אני אביא את הנתונים מהגזברות."""


def test_a_question_a_speaker_asks_supports_no_statement() -> None:
    # Noa only asks whether the library will close in the summer; nobody says it will
    assert _verdict("נועה ברק אמרה שנסגור את הספרייה העירונית בחודשי הקיץ.", MEETING) != (
        "supported"
    )
    assert _verdict("הספרייה העירונית תיסגר בחודשי הקיץ.", MEETING) != "supported"


def test_what_a_speaker_states_in_a_dialogue_still_passes() -> None:
    # David does say he will bring the figures; and that Noa asked is what she did
    assert _verdict("דוד אלון יביא את הנתונים מהגזברות.", MEETING) == "supported"
    asked = "נועה ברק שאלה אם נסגור את הספרייה העירונית בחודשי הקיץ."
    kinds = [i.kind.value for i in ground_claim(asked, MEETING).issues]
    assert "speaker_mismatch" not in kinds
