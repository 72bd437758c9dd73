"""The one clause reader (``grounding.sentence_clauses``): where a Hebrew source sentence
is cut into clauses, by each cut its readers take. Hand-written Hebrew sentences; each
expected cut worked out by hand from the rules in the module's docstring."""

from __future__ import annotations

import pytest

from workbench.grounding.prepare import prepare_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.reading.sentence_clauses import (
    EVERY,
    FULL,
    Cut,
    claim_clause,
    clause_at,
    cut_between,
    mark_segments,
    sentence_clauses,
)


def _texts(source: str, by: Cut = FULL) -> list[str]:
    idx = index_source(source)
    return [source[cl.start : cl.end] for cl in sentence_clauses(idx, 0, by)]


def test_a_comma_cuts_and_a_hyphenated_prefix_stays_with_its_word() -> None:
    assert _texts("המזח נבנה ב-1987, והוא שופץ מאז פעמיים.") == [
        "המזח נבנה ב-1987",
        "והוא שופץ מאז פעמיים",
    ]


def test_an_unspaced_dash_cuts_like_a_spaced_one() -> None:
    assert _texts("הכביש נסלל ב–2011 בלבד.") == ["הכביש נסלל ב", "2011 בלבד"]


def test_a_quote_and_brackets_cut() -> None:
    assert _texts('הוא אמר: "נפתח מחר" (ביום שני) בבוקר.') == [
        "הוא אמר",
        "נפתח מחר",
        "ביום שני",
        "בבוקר",
    ]


def test_the_hall_is_no_opener() -> None:
    # האולם is "the hall" (ה + a noun), not ה glued to the opener אולם ("however")
    assert _texts("המנהל אמר שבקיץ האולם ייסגר לשיפוץ.") == ["המנהל אמר שבקיץ האולם ייסגר לשיפוץ"]
    assert _texts("המנהל רצה לסגור אולם התושבים התנגדו.") == [
        "המנהל רצה לסגור",
        "אולם התושבים התנגדו",
    ]


def test_a_relative_goes_on_with_its_noun_unless_the_reader_takes_that_cut() -> None:
    source = "הציור של אלמליח, שנגנב ב-2013, הוחזר למוזיאון."
    assert _texts(source) == ["הציור של אלמליח, שנגנב ב-2013", "הוחזר למוזיאון"]
    assert _texts(source, EVERY) == [
        "הציור של אלמליח",
        "שנגנב ב-2013",
        "הוחזר למוזיאון",
    ]


def test_an_opener_starts_a_clause_without_a_mark() -> None:
    source = "ראש העיר בירך על הפתיחה ואילו התושבים התלוננו על הרעש."
    assert _texts(source) == ["ראש העיר בירך על הפתיחה", "ואילו התושבים התלוננו על הרעש"]
    assert _texts(source, Cut.MARK) == [source[:-1]]


def test_vav_only_after_a_comma_opens_a_clause_with_its_own_subject() -> None:
    """", ורק" (and only) starts a new clause with its own restricted subject: the
    subject binding's cut (``Cut.OPENER``) takes it; a bare "רק" with no ו and no mark,
    which restricts the phrase it stands in, does not."""
    source = "את רוב הערוגות שתלו מתנדבים, ורק שלוש ערוגות שתלו ילדי הגן."
    assert _texts(source, Cut.OPENER) == ["את רוב הערוגות שתלו מתנדבים", "ורק שלוש ערוגות שתלו ילדי הגן"]
    assert _texts("המוזיאון פתוח רק בימי שישי.", Cut.OPENER) == ["המוזיאון פתוח רק בימי שישי"]


def test_vav_et_after_a_comma_opens_a_clause_with_its_own_fronted_object() -> None:
    """ ", ואת Y V Z" (and Y, the object, V-ed Z) starts a clause with its own verb and
    subject: the subject binding's cut (``Cut.OPENER``) takes it. "ואת" with no mark
    before it joins two objects of one verb and cuts nothing."""
    source = "את הגשר תכנן המהנדס יורם שגיא, ואת המעקות עיצבה האמנית דנה לוי."
    assert _texts(source, Cut.OPENER) == [
        "את הגשר תכנן המהנדס יורם שגיא",
        "ואת המעקות עיצבה האמנית דנה לוי",
    ]
    one = "הוועדה בדקה את התוכניות ואת התקציב של הפרויקט."
    assert _texts(one, Cut.OPENER) == [one[:-1]]


def test_a_vav_verb_after_a_value_and_a_vav_value_start_their_own_predicate() -> None:
    assert _texts("המזח נבנה ב-1987 ושופץ לאחרונה ב-2011.") == [
        "המזח נבנה ב-1987",
        "ושופץ לאחרונה ב-2011",
    ]
    assert _texts("התקציב גדל ל-4 מיליון ול-2 מיליון בשנה שאחריה.") == [
        "התקציב גדל ל-4 מיליון",
        "ול-2 מיליון בשנה שאחריה",
    ]
    # "ו" joining two nouns, with no value before it, stays joined
    assert _texts("הכפר והעיר שותפים לפרויקט.") == ["הכפר והעיר שותפים לפרויקט"]


def test_the_clause_of_a_position_and_a_cut_between_two() -> None:
    source = "המזח נבנה ב-1987 ושופץ לאחרונה ב-2011, ואילו הטיילת נבנתה מחדש."
    idx = index_source(source)
    keys = [t.key for t in idx.flat]
    verb = keys.index("ושופצ")
    assert [t.key for t in clause_at(idx, verb).toks][:2] == ["ושופצ", "לאחרונה"]
    assert clause_at(idx, verb).lo == verb
    opener = keys.index("ואילו")
    assert cut_between(idx, 0, len(keys), Cut.OPENER) == opener
    assert cut_between(idx, 0, opener, Cut.OPENER) is None
    assert cut_between(idx, 0, opener, FULL) == verb


@pytest.mark.parametrize(
    ("claim", "first"),
    [
        ("הציור הוחזר שש שנים אחרי שנגנב, והמוזיאון שמח.", "הציור הוחזר שש שנים אחרי שנגנב"),
        ("הציור הוחזר (אחרי שנגנב) למוזיאון.", "הציור הוחזר"),
        ("הציור הוחזר למוזיאון.", "הציור הוחזר למוזיאון"),
    ],
)
def test_the_clause_that_opens_a_claim_ends_at_a_mark(claim: str, first: str) -> None:
    c = prepare_claim(claim)
    toks = claim_clause(c.text, c.tokens)
    assert c.text[toks[0].start : toks[-1].end] == first


def test_a_claims_words_are_cut_at_every_mark_a_relative_too() -> None:
    c = prepare_claim("האדריכל דן כהן, שתכנן את הבניין, אמר: נפתח מחר.")
    segs = mark_segments(c.text, c.tokens)
    assert [c.text[s[0].start : s[-1].end] for s in segs] == [
        "האדריכל דן כהן",
        "שתכנן את הבניין",
        "אמר",
        "נפתח מחר",
    ]
