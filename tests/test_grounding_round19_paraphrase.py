"""Round 19 reading fixes (hand-written Hebrew, not from the pair files): a change verb in
the present, future, causative or passive states a change by its figure, as its past form
does; a part's count written in words keeps the part; "אי אפשר" is a negation. Below round
19's check-set bar, kept as readings right by the grammar (docs/grounding.md gives what each
moved)."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.results import IssueKind
from workbench.hebrew import is_negation, tokenize

FARES = "לפי ההחלטה, מחיר הנסיעה בקו 5 יעלה מ-6.40 שקל ל-8 שקלים בחודש הבא."
SHELTER = "במקלט 48 כלבים, 11 מהם גורים שנמצאו ברחוב בחודש שעבר."


def test_a_future_change_verb_states_a_change_by_the_figure() -> None:
    """ "יעלה ב-1.60" is the change from 6.40 to 8, as "עלה ב-1.60" is."""
    got = ground_claim("מחיר הנסיעה בקו 5 יעלה בחודש הבא ב-1.60 שקל.", FARES)
    assert got.verdict == "supported", got.messages


def test_a_future_change_by_another_figure_is_still_a_false_number() -> None:
    got = ground_claim("מחיר הנסיעה בקו 5 יעלה בחודש הבא ב-2.60 שקל.", FARES)
    assert got.verdict != "supported", got.messages


def test_a_part_counted_in_words_keeps_the_part() -> None:
    """ "אחד עשר מהכלבים" states the part "11 מהם" in two words: no dropped part."""
    got = ground_claim("אחד עשר מהכלבים במקלט הם גורים שנמצאו ברחוב בחודש שעבר.", SHELTER)
    assert got.verdict == "supported", got.messages


def test_the_whole_said_of_the_part_is_still_a_dropped_part() -> None:
    got = ground_claim("הכלבים במקלט הם גורים שנמצאו ברחוב בחודש שעבר.", SHELTER)
    assert got.verdict != "supported", got.messages


STORE = "מנהל החנות אמר שאי אפשר להחזיר מוצרים שנקנו במבצע, אבל אפשר להחליף אותם."


def test_ei_before_efshar_is_a_negation() -> None:
    """ "אי אפשר" denies "אפשר": a claim dropping it is the source's opposite."""
    assert [t.stems for t in tokenize("אי אפשר")][0] == ("לא",)
    got = ground_claim("מנהל החנות אמר שאפשר להחזיר מוצרים שנקנו במבצע.", STORE)
    assert got.verdict != "supported"
    assert any(i.kind is IssueKind.SOURCE_NEGATES for i in got.issues)
    kept = ground_claim("מנהל החנות אמר שאי אפשר להחזיר מוצרים שנקנו במבצע.", STORE)
    assert kept.verdict == "supported", kept.messages


def test_ei_elsewhere_is_not_a_negation() -> None:
    """An island, "ever", "somewhere" and May are no negation: only אי before אפשר is."""
    for text in ("אי תנועה", "הגבוה ביותר אי פעם", "אי שם בצפון", "בחודש מאי אפשר"):
        assert not any(is_negation(t) for t in tokenize(text)), text


def test_ei_at_a_sentence_end_is_an_island() -> None:
    """A full stop between אי and אפשר: an island, then a new sentence."""
    source = "מול החוף של העיירה יש אי. אפשר לשחות אליו בקלות בקיץ."
    assert not any(is_negation(t) for t in tokenize(source))
    assert ground_claim("מול החוף של העיירה אין אי.", source).verdict != "supported"


def test_a_noun_among_change_words_does_not_derive_a_figure() -> None:
    """עולים (immigrants) is no change verb: "ב-2,500" after it is no change by 2,500."""
    source = "בשנת 2022 הגיעו לעיר 7,000 עולים, ו-4,500 מהם נקלטו בדירות של העירייה."
    got = ground_claim("העולים נקלטו ב-2,500 דירות של העירייה.", source)
    assert any(i.kind is IssueKind.NUMBER_NOT_IN_SOURCE for i in got.issues)


def test_ei_at_a_line_end_is_an_island() -> None:
    source = "מול החוף של העיירה יש אי\nאפשר לשחות אליו בקלות בקיץ."
    assert not any(is_negation(t) for t in tokenize(source))
