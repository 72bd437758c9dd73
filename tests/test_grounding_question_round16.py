"""Round 16's question-aware rules: the doer in the verb's own clause, the clause holding
more of the question's words within one sentence, a day of a month, a speaker's
first-person verb, and the noun a כמה question counts. Hand-written Hebrew examples
(none from a dev set); each expected verdict and pointed-at text worked out by hand.
"""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.values.value_clauses import read_values, said_forms
from workbench.hebrew import tokenize

# two acts, each with its doer after a fronted object ("את X תכננה Y, ואת Z עיצב W")
LIBRARY = (
    "הספרייה העירונית החדשה נפתחה בשבוע שעבר. את הספרייה תכננה האדריכלית נועה ברק, "
    "ואת הגן שסביבה עיצב אמן הנוף יואב שחר. העירייה מימנה את הבנייה."
)
# the subject before its verb, after an opener ("ואילו הגזבר דני לוי הציג")
COUNCIL = "בישיבה נאם ראש המועצה על הכבישים, ואילו הגזבר דני לוי הציג את התקציב החדש."
# the verb after "כי": its doer is the subject of the verb before it
DONOR = "משה דרור, שהוא קבלן ותיק, הודיע כי יתרום לבית הספר מחשבים חדשים."
# a whole and its part in one sentence, a clause stating a reference between them
FLOOD = (
    "בשיטפון בנחל צין נפגעו אתמול תשעה מטיילים, רובם בני יותר משישים, ורק שלושה מהם "
    "פונו לבית החולים בבאר שבע."
)
# two figures in sibling clauses: this year's and last year's
ORCHARD = "השנה נקטפו במטע 310 טון תפוחים, לעומת 520 בשנה שעברה."
# two days of one month
BOARD = "הוועדה תתכנס ב-3 במאי, והפרוטוקול שלה יפורסם ב-10 במאי."
# a dialogue: Dana cancelled 14 bookings; three (waiters) is another figure of her turn
CAFE = (
    "דנה כהן (מנהלת): ביטלתי עד היום 14 הזמנות, ושלושה מלצרים התפטרו השבוע.\n"
    "רון לוי (מלצר): אני נשאר עד סוף הקיץ."
)
# seats and rows: 16 counts rows, not seats
HALL = "באולם החדש יש 480 מקומות ישיבה ב-16 שורות, וכולם פונים אל הבמה."
# chairs and a delivery date: 12 is a day of June, not a count of chairs
ORDER = "ההזמנה כללה 40 כיסאות מתקפלים, והם יגיעו ב-12 ביוני."


def _issue(claim: str, source: str, kind: IssueKind) -> str | None:
    """The source text the first issue of ``kind`` points at, if any."""
    got = [i for i in ground_claim(claim, source).issues if i.kind is kind]
    return None if not got or got[0].span is None else source[got[0].span[0] : got[0].span[1]]


def _supported(claim: str, source: str) -> bool:
    return ground_claim(claim, source).verdict == "supported"


def test_the_doer_stands_after_a_fronted_object() -> None:
    # "את הספרייה תכננה האדריכלית נועה ברק": the architect planned it, not the landscaper
    where = _issue("מי תכנן את הספרייה החדשה? יואב שחר", LIBRARY, IssueKind.ANSWER_ELSEWHERE)
    assert where is not None and "נועה ברק" in where and "יואב" not in where
    assert _supported("מי תכנן את הספרייה החדשה? נועה ברק", LIBRARY)
    # and the other act has the other doer
    assert _issue("מי עיצב את הגן? נועה ברק", LIBRARY, IssueKind.ANSWER_ELSEWHERE) is not None
    assert _supported("מי עיצב את הגן? יואב שחר", LIBRARY)


def test_the_doer_stands_before_its_verb_after_an_opener() -> None:
    where = _issue("מי הציג את התקציב? ראש המועצה", COUNCIL, IssueKind.ANSWER_ELSEWHERE)
    assert where is not None and "דני לוי" in where
    assert _supported("מי הציג את התקציב החדש? הגזבר דני לוי", COUNCIL)


def test_a_verb_after_a_complementizer_names_no_doer_of_its_own() -> None:
    # "הודיע כי יתרום": the clause of יתרום holds another word (הודיע) but no doer; the
    # donor is the subject of הודיע, outside that clause
    assert _supported("מי יתרום מחשבים לבית הספר? משה דרור", DONOR)


def test_the_whole_is_no_answer_to_a_question_about_its_part() -> None:
    # "פונו לבית החולים" is the part's own predicate: three were evacuated of nine hurt;
    # the whole's clause holds more of the question's words, the part's decides
    question = "כמה מהמטיילים שנפגעו אתמול בשיטפון בנחל צין פונו לבית החולים?"
    assert _issue(f"{question} תשעה", FLOOD, IssueKind.BOUND_ELSEWHERE) == "שלושה"
    assert _supported("כמה מטיילים נפגעו בשיטפון בנחל צין? תשעה", FLOOD)


def test_the_clause_holding_more_of_the_question_binds_within_a_sentence() -> None:
    # 520's clause holds only "שנה" of the question; 310's holds it and נקטפו, מטע
    question = "כמה טון תפוחים נקטפו השנה במטע של משפחת לוי?"
    assert _issue(f"{question} 520", ORCHARD, IssueKind.BOUND_ELSEWHERE) == "310"
    assert _supported(f"{question} 310", ORCHARD)


def test_a_day_of_a_month_is_part_of_the_date() -> None:
    third, tenth = (read_values(s, tokenize(s))[0] for s in ("ב-3 במאי", "ב-10 במאי"))
    may = read_values("במאי", tokenize("במאי"))[0]
    assert not third.same(tenth) and third.competes(tenth)
    assert third.same(may) and may.same(tenth)  # a month alone is either day's month
    assert _issue("מתי יפורסם הפרוטוקול של הוועדה? 3 במאי", BOARD, IssueKind.BOUND_ELSEWHERE)
    assert _supported("מתי יפורסם הפרוטוקול של הוועדה? 10 במאי", BOARD)


def test_said_forms_give_the_third_person_of_a_first_person_verb() -> None:
    def forms(word: str) -> frozenset[str]:
        return said_forms(tokenize(word)[0])

    assert "ביטל" in forms("ביטלתי")
    assert "גילת" in forms("גיליתי")  # the form "גילתה" matches under
    assert "הזמינ" in forms("הזמנתי")  # a hif'il: הזמין
    assert "יקרא" in forms("אקרא")
    assert not forms("ביטל") and not forms("הזמנות")


def test_a_speakers_first_person_verb_is_the_questions_verb() -> None:
    # Dana's "ביטלתי ... 14 הזמנות" states what "ביטלה דנה כהן" asks; three is waiters
    assert _issue("כמה הזמנות ביטלה דנה כהן? שלושה", CAFE, IssueKind.BOUND_ELSEWHERE) == "14"
    assert _supported("כמה הזמנות ביטלה דנה כהן? 14", CAFE)


def test_a_figure_answering_kama_counts_the_questions_noun() -> None:
    assert _issue("כמה מקומות ישיבה יש באולם החדש? 16", HALL, IssueKind.BOUND_ELSEWHERE) == "480"
    assert _supported("כמה מקומות ישיבה יש באולם החדש? 480", HALL)
    # a day of a month counts nothing
    assert _issue("כמה כיסאות כללה ההזמנה? 12", ORDER, IssueKind.BOUND_ELSEWHERE) == "40"
    assert _supported("כמה כיסאות כללה ההזמנה? 40", ORDER)


# 15 years of office; the sentence before says ten (years) and five (kindergartens)
OFFICE = (
    "במועצה האזורית נבנו בעשר השנים האחרונות חמישה גני ילדים ושני מרכזי ספורט. "
    "אורי לוי, שכיהן כראש המועצה 15 שנים, הודיע אתמול על פרישתו."
)


def test_a_number_in_words_is_placed_where_the_source_states_its_value() -> None:
    # "חמש עשרה" is 15, found in the sentence that answers the question; its words one by
    # one (5, 10) and שנים stand together only in the first sentence, which answers nothing
    question = "כמה שנים כיהן אורי לוי כראש המועצה?"
    words = ground_claim(f"{question} חמש עשרה שנים", OFFICE)
    assert words.verdict == "supported"
    assert not [i for i in words.issues if i.kind is IssueKind.ANSWER_ELSEWHERE]
    # a number in words the source never states is not placed by its value
    assert ground_claim(f"{question} שש עשרה שנים", OFFICE).verdict != "supported"
