"""rest30: the complement of a part the source states apart from its whole. "באוסף 52 אלף
תמונות" in one sentence and "נסרקו 30 אלף תמונות" in another give the 22 thousand that
were not scanned; "הצביעו 130 מתוך 210" gives the 80 who did not vote
(``values.derived._rest_across``). The claim names the part with a definite מ ("22 אלף
מהתמונות") and negates, after it, a word of the part's clause. And a figure said BY
("ב-6") finds its "than" word only in its own clause (``derived._than``): "ב-6 החודשים
הראשונים, שישים מהמטופלים" compares nothing. Hand-written Hebrew; each expected reading
worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

ARCHIVE = (
    "בארכיון העירוני של רחובות שמורות כ-52 אלף תמונות מימי המושבה. "
    "הארכיון פתוח לקהל בימי שני ורביעי. "
    "עד סוף השנה שעברה נסרקו כ-30 אלף תמונות, בעזרת 25 מתנדבים."
)
UNSCANNED = (
    "בארכיון העירוני של רחובות שמורות כ-52 אלף תמונות מימי המושבה. "
    "הארכיון פתוח לקהל בימי שני ורביעי. "
    "כ-30 אלף תמונות עוד לא נסרקו, כי חסרים מתנדבים."
)
COUNCIL = "בישיבה של מועצת התלמידים הצביעו 130 מתוך 210 הנציגים, והצעת התקנון עברה ברוב גדול."
CLINIC = (
    "בשלושת החודשים הראשונים נבדקו במרפאה הניידת 64 מטופלים, רובם בני יותר משבעים, "
    "ורק ארבעה מהם נשלחו לבית החולים."
)


def test_the_rest_of_a_whole_stated_in_another_sentence_is_supported() -> None:
    r = ground_claim("כ-22 אלף מהתמונות שבארכיון עוד לא נסרקו.", ARCHIVE)
    assert r.verdict == "supported", r.messages


def test_a_rest_that_is_not_whole_less_part_stays_a_false_number() -> None:
    r = ground_claim("כ-24 אלף מהתמונות שבארכיון עוד לא נסרקו.", ARCHIVE)
    assert r.verdict != "supported"
    assert any("24 אלף not found" in m for m in r.messages), r.messages


def test_a_part_the_source_itself_negates_gives_no_rest() -> None:
    """The source says 30 thousand were NOT scanned: 22 thousand not scanned is false."""
    r = ground_claim("כ-22 אלף מהתמונות שבארכיון עוד לא נסרקו.", UNSCANNED)
    assert r.verdict != "supported", r.messages


def test_a_rest_of_a_part_said_with_mitokh_is_supported() -> None:
    r = ground_claim("80 מהנציגים במועצת התלמידים לא הצביעו בישיבה.", COUNCIL)
    assert r.verdict == "supported", r.messages


def test_a_negation_before_the_figure_counts_no_part() -> None:
    """The negation must follow the part it counts: "לא" before "80 הנציגים" denies
    something else, and 80 is no figure of the source."""
    r = ground_claim("בישיבה לא הצביעו נגד התקנון 80 נציגים של מועצת התלמידים.", COUNCIL)
    assert r.verdict != "supported"


def test_a_figure_said_by_finds_no_than_word_across_a_comma() -> None:
    """ "ב-6 החודשים הראשונים" is a time, not a gap of 6 (70 less 64) to "מהמטופלים"."""
    r = ground_claim("ב-6 החודשים הראשונים, שישים מהמטופלים לא נשלחו לבית החולים.", CLINIC)
    assert r.verdict != "supported"
    assert any("6 not found" in m for m in r.messages), r.messages


def test_the_rest_in_the_same_clinic_sentence_with_the_right_months_is_supported() -> None:
    r = ground_claim("בשלושת החודשים הראשונים, שישים מהמטופלים לא נשלחו לבית החולים.", CLINIC)
    assert r.verdict == "supported", r.messages
