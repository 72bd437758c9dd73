"""Round 24's question-aware reading: the word after כמה is a counted noun only where it
names what is counted.

"כמה עובדים יפוטרו" counts workers, and both a whole and its part count them, so the
noun is left out of the question's predicate and the verb tells the clauses apart (round
16). But Hebrew also puts the verb right after כמה ("כמה משלמת", "כמה עלה"): a word the
source holds and no figure of the source counts is that verb, the predicate itself, and
stays. A noun some source figure counts, a measure or amount word ("כמה זמן", "כמה כסף")
and a partitive ("כמה מהחוב") are left out as before.

Hand-written Hebrew examples (none from a dev set); each expected verdict worked out by
hand; the two marked tests fail without the reading, the measure-word test without
"כסף" among `hebrew.MEASURED_NOUNS` (review24b: not `MEASURE_WORDS`, which also make a
question without כמה ask for a figure).
"""

from __future__ import annotations

from workbench.grounding import ground_claim

BILL = (
    "דנה לוי (לקוחה): קיבלתי חשבון חשמל של 2,400 שקל על חודשיים, ובדרך כלל אני משלמת "
    "בערך 500. אני גרה לבד, ובקיץ לא הייתי בבית.\n"
    "אבי כץ (נציג חברת החשמל): המונה שלך נבדק לפני שבוע, ונמצא תקין."
)

GAS = (
    "משפחת אלמוג מקריית טבעון קיבלה החודש חשבון גז של 900 שקל, אבל בדרך כלל היא משלמת "
    "בערך 250. חברת הגז הודיעה שתבדוק את המונה בשבוע הבא."
)

ROOF = (
    "הגג של בית הכנסת הישן בכפר תבור נבנה ב-1932 מרעפים שהובאו ממרסיי. "
    "בחורף שעבר נשברו בו 40 רעפים, ותיקון הגג עלה 18 אלף שקל. "
    "את הכסף אסף ועד הכפר מתרומות של 120 משפחות."
)


def _flagged(claim: str, source: str) -> bool:
    got = ground_claim(claim, source)
    return got.verdict != "supported" and any(i.kind.value == "bound_elsewhere" for i in got.issues)


def test_a_verb_after_kama_is_the_predicate() -> None:
    # fails without the reading: "משלמת" was dropped as a counted noun, and the bill's
    # clause ("חשבון חשמל", "חודשיים") then held as much of the question as the payment's
    assert _flagged("כמה משלמת דנה לוי על חשמל בדרך כלל? 2,400 שקל", BILL)
    assert ground_claim("כמה משלמת דנה לוי על חשמל בדרך כלל? 500 שקל", BILL).verdict == (
        "supported"
    )


def test_the_verb_binds_the_right_answer_to_its_own_clause() -> None:
    # fails without the reading: 250 was flagged as bound elsewhere (the bill's 900)
    assert ground_claim("כמה משלמת משפחת אלמוג על גז בדרך כלל? 250 שקל", GAS).verdict == (
        "supported"
    )


def test_a_noun_a_source_figure_counts_is_still_the_counted_noun() -> None:
    # "רעפים" is counted in the source ("40 רעפים"): left out of the predicate as before
    assert ground_claim("כמה רעפים נשברו בגג בחורף שעבר? 40", ROOF).verdict == "supported"
    assert ground_claim("כמה עלה תיקון הגג של בית הכנסת? 18 אלף שקל", ROOF).verdict == (
        "supported"
    )
    assert _flagged("כמה עלה תיקון הגג של בית הכנסת? 40", ROOF)


def test_a_measure_word_after_kama_is_no_predicate() -> None:
    # "כסף" names what is measured (a sum named by its unit), not an act
    assert ground_claim("כמה כסף אסף ועד הכפר לתיקון הגג? 18 אלף שקל", ROOF).verdict == (
        "supported"
    )


# Review of round 24 (review24b): defects found in the reading above, each test failing on
# 4c3e3f7. Hand-written Hebrew, verdicts worked out by hand.

NURSERY = "המשתלה מוכרת את העצים שלה ב-150 שקל ליחידה. החודש מכרה המשתלה 250 עצי הדר."


def test_a_noun_counted_in_its_construct_form_is_the_counted_noun() -> None:
    # "250 עצי הדר" counts trees in the bound form: "עצים" after כמה is the counted noun,
    # not the verb, though the source also holds it uncounted ("העצים שלה"). Read as the
    # verb, it bound the question to the price clause: the right answer was flagged and
    # the price passed.
    assert ground_claim("כמה עצים מכרה המשתלה? 250", NURSERY).verdict == "supported"
    assert _flagged("כמה עצים מכרה המשתלה? 150", NURSERY)
    # and the other way round: the question's bound form, the source's plural
    source = "המשתלה מוכרת את עצי ההדר שלה ב-150 שקל ליחידה. החודש מכרה המשתלה 250 עצים."
    assert ground_claim("כמה עצי הדר מכרה המשתלה החודש? 250", source).verdict == "supported"


def test_money_alone_asks_for_no_figure() -> None:
    # "כסף" names what "כמה כסף" measures, but a question holding it without כמה asks
    # for no figure: a bare figure answers another question. Round 24 put "כסף" among
    # the measure words, which also let such an answer through.
    for question in ("מה עשה ועד הכפר עם הכסף?", "מה מקור הכסף?"):
        got = ground_claim(f"{question} 120", ROOF)
        assert got.verdict != "supported"
        assert any(i.kind.value == "answer_mismatch" for i in got.issues)
    assert ground_claim("מה מקור הכסף? תרומות של 120 משפחות", ROOF).verdict == "supported"


def test_a_partitive_before_a_bound_noun_is_no_verb() -> None:
    # "כמה מעובדי המפעל" asks a part of the workers: מ before a bound noun is a partitive
    # as before the article ("כמה מהעובדים"), never the verb. Read as the verb, it bound
    # the question to the clause naming the workers (the strike's 12 days).
    source = "עובדי המפעל שובתים כבר 12 יום. ההנהלה הודיעה שבחודש הבא יפוטרו 85."
    assert ground_claim("כמה מעובדי המפעל יפוטרו? 85", source).verdict == "supported"
    club = "חברי המועדון נפגשים 4 פעמים בחודש. השנה הצטרפו 30 חדשים."
    assert ground_claim("כמה מחברי המועדון הצטרפו השנה? 30", club).verdict == "supported"
    assert _flagged("כמה מחברי המועדון הצטרפו השנה? 4", club)
