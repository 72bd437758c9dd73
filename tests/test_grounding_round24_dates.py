"""Round 24 (hand-written Hebrew, not from the pair files): a statement's date is the date
of its own clause's predicate (``grounding.claim_dates``). A date the source gives another
predicate, while it dates the claim's predicate with another date, is bound elsewhere;
a date that modifies a noun ("הסקר של 2023"), dates a noun's event ("אחרי פתיחתה ב-1962")
or joins a rare word of its own clause to the other clause's words is left alone."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.prepare import prepare_claim
from workbench.grounding.reading.sentence_clauses import token_clauses

DAM = (
    "מחנה הפועלים בעמק נפתח כדי לשכן את בוני הסכר. ב-1951 החלה בניית הסכר, ומשהושלם "
    "עברו רוב העובדים לפרויקט בנגב, והמחנה נסגר ב-1958. היום עומד במקום פארק."
)
COURSE = 'ביום שני, 3 במרץ, נפתחה ההרשמה לקורס הצילום של המתנ"ס, וההרשמה תיסגר ב-20 באפריל.'
LIBRARY = (
    "הספרייה העירונית נפתחה ב-1962 במרכז העיר, ועברה לבניין חדש ליד הפארק ב-1999. "
    "היום מחזיקה הספרייה העירונית 80 אלף ספרים, ומנהלת אותה רינה גל. "
    "הספרייה העירונית פתוחה גם בערבים."
)


def test_the_date_of_the_last_clause_s_predicate_is_caught() -> None:
    """1958 dates the closing; the claim gives it to the start, which 1951 dates."""
    got = ground_claim("בניית הסכר החלה ב-1958, ובאותה שנה נסגר המחנה.", DAM)
    assert got.verdict != "supported", got.messages
    assert "1951" in " ".join(got.messages)


def test_a_date_of_its_own_predicate_is_supported() -> None:
    assert ground_claim("בניית הסכר החלה ב-1951.", DAM).verdict == "supported"
    assert ground_claim("המחנה נסגר ב-1958.", DAM).verdict == "supported"


def test_a_day_of_the_closing_given_to_the_opening_is_still_caught() -> None:
    got = ground_claim("ההרשמה לקורס הצילום נפתחה ב-20 באפריל.", COURSE)
    assert got.verdict != "supported", got.messages


def test_the_date_s_own_rare_predicate_joined_to_the_other_clause_is_supported() -> None:
    """ "תיסגר" stands only in the clause of 20 באפריל: the claim takes the course's name
    from the clause before, and its date stays the closing's."""
    got = ground_claim("ההרשמה לקורס הצילום תיסגר ב-20 באפריל.", COURSE)
    assert got.verdict == "supported", got.messages


def test_a_fronted_date_of_the_first_clause_given_to_the_second_is_caught() -> None:
    """A date fronted as a clause of its own ("ב-1962,") dates the clause after it."""
    got = ground_claim("ב-1962, הספרייה העירונית עברה לבניין חדש ליד הפארק.", LIBRARY)
    assert got.verdict != "supported", got.messages


def test_a_date_within_after_a_noun_dates_the_noun_s_event() -> None:
    """ "אחרי פתיחתה ב-1962": 1962 dates the opening, and the move is dated by "after"."""
    got = ground_claim(
        "שנים אחרי פתיחתה ב-1962 עברה הספרייה העירונית לבניין חדש ליד הפארק.", LIBRARY
    )
    assert got.verdict == "supported", got.messages


def test_the_claim_is_cut_by_the_source_s_clause_cuts() -> None:
    claim = prepare_claim("ב-1951, חוזקו יסודות הגשר, ומאז 1997 הוא ממומן.")
    cut = [[t.key for t in cl] for cl in token_clauses(claim.text, claim.tokens)]
    assert cut[0] == ["ב", "1951"]
    assert cut[-1][0] == "ומאז"


BAND = (
    "הלהקה הוציאה את אלבומה הראשון ב-1998. האלבום השני יצא ב-2001, ואחריו יצאה "
    "הלהקה לסיבוב הופעות באירופה."
)


def test_an_ordinal_word_is_part_of_the_date_s_predicate() -> None:
    """ "השני" (read as the number 2) names which album 2001 dates; dropped from the
    claim's predicate, "הלהקה הוציאה" matched the first album's clause and 2001 was
    wrongly bound elsewhere."""
    got = ground_claim("הלהקה הוציאה את האלבום השני ב-2001.", BAND)
    assert got.verdict == "supported", got.messages
    wrong = ground_claim("הלהקה הוציאה את האלבום השני ב-1998.", BAND)
    assert wrong.verdict != "supported", wrong.messages


CAFE = (
    "בית הקפה נפתח ב-2010 ברחוב הרצל. עד 2015 הוא פעל שם, ואז עבר לרחוב ויצמן, "
    "שבו הוא פועל עד היום."
)


def test_a_then_clause_shares_the_date_of_the_clause_before() -> None:
    """ "עד 2015 הוא פעל שם, ואז עבר": the move is dated by the clause before it. With no
    date of its own, 2010's clause (sharing only the subject) won by the margin, and the
    true claim was bound elsewhere."""
    got = ground_claim("ב-2015 עבר בית הקפה לרחוב ויצמן.", CAFE)
    assert got.verdict == "supported", got.messages
    opened = ground_claim("בית הקפה נפתח ברחוב הרצל ב-2015.", CAFE)
    assert opened.verdict != "supported", opened.messages


FLOOD = "הנהר עלה על גדותיו ב-1969 והציף את העיר. ב-1971 נבנתה סוללה לאורך הנהר."


def test_a_fronted_date_skips_an_interposed_time_clause() -> None:
    """ "ב-1971, אחרי שהנהר הציף את העיר, נבנתה סוללה": the fronted date dates the main
    clause, not the "after" clause between them (whose words are 1969's event)."""
    got = ground_claim("ב-1971, אחרי שהנהר הציף את העיר, נבנתה סוללה לאורכו.", FLOOD)
    assert got.verdict == "supported", got.messages
    wrong = ground_claim("ב-1969, אחרי שהנהר הציף את העיר, נבנתה סוללה לאורכו.", FLOOD)
    assert wrong.verdict != "supported", wrong.messages


def test_words_after_a_time_word_that_follows_the_date_are_another_event_s() -> None:
    """ "ב-1971, שנתיים אחרי שהנהר הציף את העיר, נבנתה": the claim cut keeps "שנתיים אחרי
    ..." in the date's clause; its words date the flood, not the building."""
    got = ground_claim("ב-1971, שנתיים אחרי שהנהר הציף את העיר, נבנתה סוללה לאורכו.", FLOOD)
    assert got.verdict == "supported", got.messages


def test_a_source_s_fronted_date_dates_the_main_clause_past_a_when_clause() -> None:
    """Source "ב-2015, כשהשכירות התייקרה, הוא עבר": 2015 dates the move, not only the
    "when" clause between them."""
    source = "בית הקפה נפתח ב-2010 ברחוב הרצל. ב-2015, כשהשכירות התייקרה, הוא עבר לרחוב ויצמן."
    got = ground_claim("ב-2015 עבר בית הקפה לרחוב ויצמן.", source)
    assert got.verdict == "supported", got.messages


def test_a_main_clause_holding_until_is_not_skipped_as_a_time_clause() -> None:
    """ "ב-2010, הגשר נסגר עד להודעה חדשה, ...": the "עד" inside the main clause does not
    make it an interposed time clause; 2010 still dates the closing."""
    source = "ב-2010 נסגר הגשר עד להודעה חדשה, והוא נפתח מחדש ב-2013, אחרי שיפוץ."
    got = ground_claim("ב-2010, הגשר נסגר עד להודעה חדשה, ונפתח מחדש אחרי שיפוץ.", source)
    assert got.verdict == "supported", got.messages


def test_a_fronted_date_skips_a_duration_before_after() -> None:
    source = (
        "הבניין נרכש ב-1978 בידי העירייה. ב-1983, אחרי שיפוץ של שנתיים, נפתח בו מרכז "
        "קהילתי, וב-2001 נוסף לו אגף."
    )
    claim = "ב-1983, חמש שנים אחרי שהעירייה רכשה את הבניין, נפתח בו מרכז קהילתי."
    got = ground_claim(claim, source)
    assert got.verdict == "supported", got.messages
