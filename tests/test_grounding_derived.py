"""Numbers read from words and figures derived from the source's figures
(``hebrew.numbers``, ``values.derived``, ``values.source_figures``): a number word is the
figure it names, with Hebrew's glued prefixes and in both genders; a figure the claim
derives (a change, the years between two events, the rest of a whole the source states in
parts, a total said "בסך הכול", a gap said "ב-N ... מ-", the years two years of a sentence
span, the days between two days of a month, the decade of a year) is accepted only with
words that state the derivation and operands the supporting sentences bind, and a year
the source states in relative form ("שלוש שנים אחרי", "שלוש שנים אחר כך") is a year it
states. Products and ratios are not derived, nor a total without words that say so.

Every expected value below is worked out by hand from the sentence, not read from output.
"""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.values.source_figures import stated_values
from workbench.hebrew import extract_numbers

_NUMBER_KINDS = {IssueKind.NUMBER_NOT_IN_SOURCE, IssueKind.NUMBER_NOT_IN_SUPPORT}


def _number_flagged(claim: str, source: str) -> bool:
    return any(i.kind in _NUMBER_KINDS for i in ground_claim(claim, source).issues)


# --- number words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("מארבע", "4"),  # מ + ארבע
        ("משמונים", "80"),  # מ + שמונים
        ("ולשלושה", "3"),  # ו + ל + שלושה
        ("כשלושים", "30"),  # כ + שלושים
        ("ששת", "6"),  # construct form
        ("שש", "6"),  # feminine
        ("שישה", "6"),  # masculine
        ("שתיים", "2"),
        ("שניים", "2"),
        ("משבע מאות", "700"),
        ("ושלושת אלפים", "3000"),
    ],
)
def test_number_word_is_read_as_its_value(text: str, value: str) -> None:
    got = extract_numbers(text)
    assert [m.value for m in got] == [value]


@pytest.mark.parametrize(
    ("text", "value"),
    [("שלושה רבעים", "0.75"), ("שני שלישים", "0.6666666666666666666666666667")],
)
def test_count_before_a_fraction_plural_is_one_share(text: str, value: str) -> None:
    """3/4 and 2/3 (to 28 significant digits), not the counts 3 and 2; a share is a part
    word (as מחצית), so it is read but never required."""
    (m,) = extract_numbers(f"כמעט {text} מהתושבים")
    assert m.value == value
    assert not m.checked


def test_number_word_matches_the_same_figure_in_digits() -> None:
    source = "הגלריה הציגה 6 ציורים של הצייר בתערוכה."
    assert not _number_flagged("הגלריה הציגה שישה ציורים של הצייר בתערוכה.", source)
    assert not _number_flagged("בתערוכה הוצגו שש מיצירותיו של הצייר.", source)
    assert _number_flagged("הגלריה הציגה שבעה ציורים של הצייר בתערוכה.", source)


# --- figures the claim derives -------------------------------------------------------------

SHELTER = (
    "בשנה שעברה מסרה העמותה לאימוץ 410 כלבים ו-260 חתולים. העמותה מפעילה מקלט גדול בדרום העיר."
)


def test_a_total_without_words_that_say_so_is_not_derived() -> None:
    """410 dogs + 260 cats = 670, but "670 כלבים וחתולים" says no total (round 8's reading
    of a figure before two nouns let stress variants through): 670 stays a figure the
    source never states."""
    assert _number_flagged("בשנה שעברה מסרה העמותה לאימוץ 670 כלבים וחתולים.", SHELTER)
    assert not _number_flagged("בשנה שעברה מסרה העמותה לאימוץ 410 כלבים.", SHELTER)


def test_a_total_said_in_so_many_words() -> None:
    """ "בסך הכול" in the figure's clause: 410 + 260 = 670 from one sentence; 680 is no
    total of its figures."""
    assert not _number_flagged("בשנה שעברה מסרה העמותה לאימוץ בסך הכול 670 בעלי חיים.", SHELTER)
    assert _number_flagged("בשנה שעברה מסרה העמותה לאימוץ בסך הכול 680 בעלי חיים.", SHELTER)


def test_a_total_of_figures_of_two_sentences_is_refused() -> None:
    """410 and 260 in two sentences are not one total, even "בסך הכול"."""
    source = (
        "בשנה שעברה מסרה העמותה לאימוץ 410 כלבים. "
        "באותה שנה נמסרו מהמקלט העירוני 260 חתולים למשפחות."
    )
    assert _number_flagged("בשנה שעברה מסרה העמותה לאימוץ בסך הכול 670 בעלי חיים.", source)


def test_a_sum_word_of_another_clause_states_no_total() -> None:
    """ "יחד" belongs to the first clause; the 670 of the second is merely stated."""
    claim = "העובדים עבדו יחד במקלט, והעמותה מסרה לאימוץ 670 בעלי חיים."
    assert _number_flagged(claim, SHELTER)


CHESS = "מספר הבנות שהשתתפו באליפות עלה השנה ל-74, לעומת 41 לפני שנתיים."


def test_a_change_by_the_gap_of_two_figures() -> None:
    """74 - 41 = 33: "גדל ב-33" states the gap; "השתתפו 33 בנות" states a count the source
    never gives."""
    assert not _number_flagged("בתוך שנתיים גדל מספר הבנות באליפות ב-33.", CHESS)
    assert _number_flagged("באליפות השתתפו השנה 33 בנות.", CHESS)
    assert _number_flagged("בתוך שנתיים גדל מספר הבנות באליפות ב-34.", CHESS)


POOL = "בבוקר נמדדו במים 24 מעלות, ואילו הסף שמתחתיו סוגרים את הבריכה לשחייה הוא 26 מעלות."


def test_a_gap_said_by_n_than_another() -> None:
    """26 - 24 = 2 degrees: "נמוכה ב-2 מעלות מהסף" compares (by the figure, its unit, then
    a מ-word) whatever the adjective; 3 is no gap of the sentence's figures."""
    assert not _number_flagged("טמפרטורת המים בבוקר הייתה נמוכה ב-2 מעלות מהסף.", POOL)
    assert _number_flagged("טמפרטורת המים בבוקר הייתה נמוכה ב-3 מעלות מהסף.", POOL)


def test_a_figure_right_before_a_mem_word_is_a_part_not_a_gap() -> None:
    """ "ב-2 מהבריכות" (in 2 of the pools) has no unit between the figure and the מ-word:
    no comparison, so 2 stays a figure the source never states."""
    assert _number_flagged("בבוקר נסגרו ב-2 מהבריכות המסלולים לשחייה.", POOL)


VOTE = "בסקר הראשון תמכו בתוכנית 71% מהתושבים, ובסקר השני 58% בלבד."


def test_percentage_points_are_a_gap_of_percentages() -> None:
    """71% - 58% = 13 points: "ירדה ב-13 נקודות אחוז" is a change of percentages."""
    assert not _number_flagged("התמיכה בתוכנית ירדה ב-13 נקודות אחוז בין הסקרים.", VOTE)
    assert _number_flagged("התמיכה בתוכנית ירדה ב-14 נקודות אחוז בין הסקרים.", VOTE)


def test_a_change_from_operands_of_another_sentence_is_refused() -> None:
    """74 and 41 count different things in different sentences: no change of 33."""
    source = (
        "מספר הבנות שהשתתפו באליפות עלה השנה ל-74. "
        "בטורניר הנוער שנערך בחיפה השתתפו 41 שחקנים מבוגרים."
    )
    assert _number_flagged("בתוך שנתיים גדל מספר הבנות באליפות ב-33.", source)


RENT = "המועצה תקבל מהחברה דמי שכירות של 1.8 מיליון שקלים בשנה במשך 25 שנה."


def test_a_product_is_not_derived() -> None:
    """1.8 million x 25 = 45 million: products were removed in round 8, so 45 million is
    flagged even "over 25 years"; the stated 1.8 million is not."""
    assert _number_flagged("לאורך 25 שנה תקבל המועצה 45 מיליון שקלים בדמי שכירות.", RENT)
    assert not _number_flagged("המועצה תקבל מהחברה 1.8 מיליון שקלים בשנה בדמי שכירות.", RENT)


FLOOD = "בתוך שעה ירדו 38 מילימטרים של גשם בשכונה. תעלת הניקוז תוכננה לשיטפון של 20 מילימטרים בשעה."


def test_a_ratio_is_not_derived() -> None:
    """38 / 20 = 1.9, "almost twice": ratios were removed in round 8, so the claim's 2 is
    a figure the source never states."""
    claim = "בתוך שעה ירד כמעט פי שניים גשם ממה שתעלת הניקוז תוכננה לשאת."
    assert _number_flagged(claim, FLOOD)


HARBOUR = "בזמן הסערה המתינו מחוץ לנמל 30 ספינות, ו-12 מהן הופנו לבסוף לנמל חיפה."


def _negation_issues(claim: str, source: str) -> set[IssueKind]:
    kinds = {IssueKind.NEGATION_NOT_IN_SUPPORT, IssueKind.CLAIM_NEGATES}
    return {i.kind for i in ground_claim(claim, source).issues} & kinds


def test_the_rest_of_a_whole_is_the_part_the_claim_negates() -> None:
    """30 ships, 12 of them sent on: 30 - 12 = 18 were not. The negation says which part
    the 18 counts, so neither the number nor the negation is flagged."""
    claim = "מתוך 30 הספינות שהמתינו מחוץ לנמל, 18 לא הופנו לנמל חיפה."
    assert not _number_flagged(claim, HARBOUR)
    assert _negation_issues(claim, HARBOUR) == set()
    assert ground_claim(claim, HARBOUR).verdict == "supported"


def test_the_rest_needs_the_arithmetic_and_the_negation() -> None:
    """19 is not 30 - 12; 18 without a negation says 18 were sent on (the source: 12);
    12 negated denies the part the source states, so its negation stays flagged."""
    assert _number_flagged("מתוך 30 הספינות שהמתינו מחוץ לנמל, 19 לא הופנו לנמל חיפה.", HARBOUR)
    assert _number_flagged("מתוך 30 הספינות שהמתינו מחוץ לנמל, 18 הופנו לנמל חיפה.", HARBOUR)
    denied = "מתוך 30 הספינות שהמתינו מחוץ לנמל, 12 לא הופנו לנמל חיפה."
    assert not _number_flagged(denied, HARBOUR)
    assert _negation_issues(denied, HARBOUR)


def test_the_negated_word_must_be_what_the_part_does() -> None:
    """The 12 were sent on (הופנו); the whole 30 waited (המתינו). "18 did not wait" negates
    the whole's word, not the part's: 18 is no figure of the source there."""
    claim = "18 מהספינות לא המתינו מחוץ לנמל בזמן הסערה."
    assert _number_flagged(claim, HARBOUR)


FACTORY = "במפעל עובדים 200 עובדים, ו-120 מהם יפוטרו בקיץ, ואילו השאר יעברו למפעל החדש בעפולה."


def test_the_rest_the_source_names() -> None:
    """200 workers, 120 of them laid off, "the rest" move: 200 - 120 = 80 move; 70 and
    the whole 200 are not the rest."""
    assert not _number_flagged("מתוך 200 עובדי המפעל, 80 יעברו למפעל החדש בעפולה.", FACTORY)
    assert _number_flagged("מתוך 200 עובדי המפעל, 70 יעברו למפעל החדש בעפולה.", FACTORY)


def test_the_rest_the_claim_names() -> None:
    """No rest word in the source ("120 מהם יפוטרו."): the claim's "האחרים" (the others)
    states the complement, 80; without it, or without a partitive מהם in the source, 80 is
    a figure the source never states."""
    source = "במפעל עובדים 200 עובדים, ו-120 מהם יפוטרו בקיץ."
    assert not _number_flagged("80 העובדים האחרים במפעל יישארו בעבודתם.", source)
    assert _number_flagged("80 עובדים במפעל יישארו בעבודתם.", source)
    apart = "במפעל עובדים 200 עובדים. בקיץ יפוטרו 120 עובדים."
    assert _number_flagged("80 העובדים האחרים במפעל יישארו בעבודתם.", apart)


GALLERY = (
    "הציור נגנב ב-2013 מהגלריה העירונית. "
    "השוטרים מצאו אותו בדירה בחדרה. "
    "שני חשודים נעצרו ושוחררו למעצר בית. "
    "האוצרת אמרה שהמסגרת המקורית אבדה. "
    "נכדו של הצייר יתרום לגלריה עוד שלושה רישומים. "
    "הגלריה שופצה ב-2019 והותקנו בה מצלמות."
)


def test_years_between_the_claims_two_clauses() -> None:
    """2019 - 2013 = 6: the renovation (2019, the supporting sentence) six years after the
    theft (2013, the sentence holding the "after" clause's words, far from it)."""
    assert not _number_flagged("הגלריה שופצה שש שנים אחרי שהציור נגנב ממנה.", GALLERY)
    assert _number_flagged("הגלריה שופצה חמש שנים אחרי שהציור נגנב ממנה.", GALLERY)


# --- values the source states in relative form -----------------------------------------


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("אלמליח צייר את היצירה ב-1958, שלוש שנים אחרי שעבר לגור בעיר.", "1955"),
        ("ב-1967 זכתה בפרס על האופרה, שהועלתה לראשונה שנתיים קודם לכן.", "1965"),
        ("ב-1990 נסגר המפעל, ושלוש שנים לאחר מכן נהרס.", "1993"),
        ("ב-1990 נסגר המפעל, והמבנה נהרס ארבע שנים אחר כך.", "1994"),
    ],
)
def test_a_value_the_source_states_in_relative_form(source: str, value: str) -> None:
    idx = index_source(source)
    assert value in stated_values(idx, range(len(idx.sentences)))


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("שוויו מוערך היום ב-400 אלף דולר, פי עשרה משוויו בזמן הגניבה.", "40000"),
        ("התקציב הוא 9 מיליון שקלים, ו-40% ממנו ממומנים בידי המשרד.", "3600000"),
    ],
)
def test_a_ratios_part_and_a_percentage_are_not_stated_values(source: str, value: str) -> None:
    """A tenth of 400 thousand and 40% of 9 million: both forms were removed in round 8
    (each moved only its own dev item), so neither value counts as stated."""
    idx = index_source(source)
    assert value not in stated_values(idx, range(len(idx.sentences)))


def test_a_year_the_source_states_relative_to_another() -> None:
    source = (
        "הצייר יעקב אלמליח נולד במרוקו ב-1930. "
        "אלמליח צייר את היצירה ב-1958, שלוש שנים אחרי שעבר לגור בצפת."
    )
    assert not _number_flagged("יעקב אלמליח עבר לגור בצפת ב-1955.", source)
    assert _number_flagged("יעקב אלמליח עבר לגור בצפת ב-1954.", source)


LIGHTHOUSE = (
    "המגדלור הוקם ב-1896 בידי השלטון העות'מאני. "
    "גובה המגדל 27 מטרים, ואור הפנס שלו נראה למרחק רב. "
    "ב-1934 הוחלף פנס הנפט בפנס חשמלי. "
    "ב-1979 הפך המגדלור לאוטומטי והשומר האחרון עזב אותו."
)


def test_more_than_n_years_between_the_claims_two_clauses() -> None:
    """1979 - 1896 = 83 years: "more than eighty" holds, "more than ninety" does not."""
    claim = "המגדלור נבנה בתקופה העות'מאנית, יותר משמונים שנה לפני שהפך לאוטומטי."
    assert not _number_flagged(claim, LIGHTHOUSE)
    assert _number_flagged(claim.replace("משמונים", "מתשעים"), LIGHTHOUSE)


# --- a figure counting the noun of the figure before it (ellipsis) ----------------------

BAKERY = (
    "המאפייה נוסדה ב-1972 בקריית שמונה. במאפייה עובדים כיום 140 עובדים, ו-95 מהם יפוטרו בסוף החודש."
)


def test_a_partitive_figure_counts_the_noun_before_it() -> None:
    """ "ו-95 מהם" counts the 140's עובדים: 95 workers are fired, not a conflict with 140."""
    r = ground_claim("כמה עובדים יפוטרו מהמאפייה? 95 עובדים", BAKERY)
    assert IssueKind.BOUND_ELSEWHERE not in [i.kind for i in r.issues], r.messages
    assert r.verdict == "supported"


def test_a_figure_ending_its_sentence_counts_the_noun_before_it() -> None:
    """ "נמצאו רק 900." counts the צמחים of 2,600 in the same sentence."""
    source = "בסקר שנערך ב-2004 נספרו כ-2,600 צמחים, ובסקר של 2019 נמצאו רק 900."
    r = ground_claim("כמה צמחים נמצאו בסקר של 2019? 900 צמחים", source)
    assert IssueKind.BOUND_ELSEWHERE not in [i.kind for i in r.issues], r.messages


def test_a_figure_with_its_own_noun_counts_no_other() -> None:
    """95 trucks are no 95 workers: 95 names its own noun, so the 140 workers conflict."""
    source = "במאפייה עובדים כיום 140 עובדים, ו-95 משאיות מחלקות את הלחם."
    r = ground_claim("במאפייה עובדים כיום 95 עובדים.", source)
    assert IssueKind.BOUND_ELSEWHERE in [i.kind for i in r.issues]


# --- times a claim states in another form (round 16) -----------------------------------

STATION = (
    "תחנת הניסויים של העמק הייתה מעבדה קטנה לחקר הקרקע, שפעלה בין 1924 ל-1959 ליד הכפר. "
    "עובדי התחנה, בשנים הטובות 25 איש, חפרו בורות ובדקו דגימות של אדמה."
)


def test_the_years_two_years_of_a_sentence_holding_the_claims_words_span() -> None:
    """1959 - 1924 = 35 years, stated in the sentence holding "התחנה ... פעלה" although the
    spans the claim is matched to are the workers' sentence; 36 is no gap of its years."""
    assert not _number_flagged("התחנה פעלה שלושים וחמש שנים.", STATION)
    assert _number_flagged("התחנה פעלה שלושים ושש שנים.", STATION)


def test_years_of_two_sentences_span_no_stated_stretch() -> None:
    """1931 and 1968 in two sentences about different things: 37 years is not stated."""
    source = "הספרייה העירונית נפתחה ב-1931 בבניין ברחוב הגפן. ב-1968 נחנך בעיר אולם הספורט הראשון."
    assert _number_flagged("הספרייה העירונית פעלה בבניין ברחוב הגפן 37 שנה.", source)


SHOP = "החנות בכיכר נפתחה ב-25 בינואר, ונסגרה לשיפוץ ב-3 בפברואר."


def test_the_days_between_two_days_of_a_month() -> None:
    """25 January to 3 February: 6 days left in January, then 3 = 9 days."""
    assert not _number_flagged("החנות בכיכר נסגרה לשיפוץ תשעה ימים אחרי שנפתחה.", SHOP)
    assert _number_flagged("החנות בכיכר נסגרה לשיפוץ עשרה ימים אחרי שנפתחה.", SHOP)


TEXTILE = "מפעל הטקסטיל נוסד ב-1974 בשולי העיר, ונסגר ב-2003."


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("מפעל הטקסטיל נוסד בשנות השבעים בשולי העיר.", False),
        ("מפעל הטקסטיל נוסד באמצע שנות ה-70 בשולי העיר.", False),
        ("מפעל הטקסטיל נוסד בשנות השמונים בשולי העיר.", True),
    ],
)
def test_the_decade_of_a_stated_year(claim: str, flagged: bool) -> None:
    """1974 is in the seventies, not the eighties."""
    assert _number_flagged(claim, TEXTILE) == flagged


def test_the_rest_of_a_whole_does_not_take_the_parts_act() -> None:
    """ "ושבעה מהם הועברו": the other 57 were not moved. Naming the rest ("האחרים") derives
    its figure, unless the claim gives the rest what the part's clause says (round 28)."""
    source = "במהלך היום טופלו בתחנות העזרה 64 מתרחצים שנכוו, ושבעה מהם הועברו לבית החולים."
    got = ground_claim("שבעה מהמתרחצים שנכוו הועברו לבית החולים, ו-57 האחרים הועברו לשם.", source)
    assert got.verdict != "supported", got.messages
    got = ground_claim("57 המתרחצים האחרים טופלו בתחנות העזרה.", source)
    assert got.verdict == "supported", got.messages
    got = ground_claim("57 מהמתרחצים שנכוו לא הועברו לבית החולים.", source)
    assert got.verdict == "supported", got.messages
