"""Round 19 reading fixes (hand-written Hebrew, not from the pair files): a change verb in
the present, future, causative or passive states a change by its figure, as its past form
does; a part's count written in words keeps the part. Below round 19's check-set bar, kept
under round 16c's bar for readings (right by the grammar, nothing moved the wrong way)."""

from __future__ import annotations

from workbench.grounding import ground_claim

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
