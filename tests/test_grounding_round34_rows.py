"""rows34: two coordinated clauses, each with its own subject and figure, are two rows.
"הוועד ביקש מהעירייה 150 אלף שקל" and "העירייה אישרה 400 אלף שקל" passed (P 0.84) for
"הוועד ביקש מהעירייה 400 אלף שקל לשיפוץ המגרש, והעירייה אישרה 150 אלף.": round 30's rows
read only a row opened by "ו" and a preposition ("וביום ו'...") and only a word of the later
row with the earlier row's value. Now ", וה-NOUN" opens a row too (its word read by written
form and stems; not a verb before its infinitive, "והחלה לייצא"), a row may end with its
figure (its noun elided), and the first clause's own words take no value of a row after it
(unless that row is a part of its whole, "ובשניים מהם"). Hand-written Hebrew; each
expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

COURT = (
    "ועד השכונה ביקש מהעירייה 400 אלף שקל לשיפוץ המגרש, והעירייה אישרה 150 אלף. "
    "השיפוץ יתחיל בקיץ."
)
DAIRY = "המחלבה נוסדה ב-1985 והחלה לייצא גבינות לאירופה ב-2012. היא מעסיקה 40 עובדים."


def test_a_value_of_the_other_row_is_flagged_both_ways() -> None:
    for claim in ("ועד השכונה ביקש מהעירייה 150 אלף שקל.", "העירייה אישרה 400 אלף שקל."):
        r = ground_claim(claim, COURT)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "bound_elsewhere" for i in r.issues), (claim, r.messages)


def test_each_rows_own_value_and_a_verb_before_its_infinitive_pass() -> None:
    for claim, source in (
        ("ועד השכונה ביקש מהעירייה 400 אלף שקל.", COURT),
        ("העירייה אישרה 150 אלף שקל.", COURT),
        ("המחלבה החלה לייצא גבינות לאירופה ב-2012.", DAIRY),
    ):
        r = ground_claim(claim, source)
        assert r.verdict == "supported", (claim, r.messages)
