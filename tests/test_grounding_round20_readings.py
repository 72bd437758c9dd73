"""Round 20 reading fix (hand-written Hebrew, not from the pair files): a subordinator
that opens the claim's second word itself ("...רק אחרי שהעירייה תפנה") stands between the
two words, so the clause it opens is the claim's own and not read as another clause's
words (the range was ``<``, not ``<=``). Below round 20's check-set bar, kept as a reading
right by the grammar (docs/grounding.md gives what it moved). A glued כש is NOT read as a
subordinator: round 20 did, and a review found "כשנה" (about a year), "כשופט" (as a judge)
and "כשגריר" (as an ambassador) read as time clauses, letting another clause's value pass."""

from __future__ import annotations

from workbench.grounding import ground_claim

GARDEN = "הוועד המקומי אישר לתושבים להקים גינה קהילתית, אבל רק אחרי שהעירייה תפנה את הפסולת מהמגרש."


def test_a_condition_restated_in_the_claim_s_own_clause_is_supported() -> None:
    """ "רק אחרי שהעירייה תפנה" opens the claim's own clause at its second word."""
    got = ground_claim(
        "הוועד המקומי אישר להקים גינה קהילתית רק אחרי שהעירייה תפנה את הפסולת.", GARDEN
    )
    assert got.verdict == "supported", got.messages


def test_the_permit_given_by_the_condition_s_subject_is_still_caught() -> None:
    got = ground_claim("העירייה אישרה לתושבים להקים גינה קהילתית.", GARDEN)
    assert got.verdict != "supported", got.messages


# "כ" + a time unit, a share or a role ("כשנה": about a year, "כשופט": as a judge) is no
# time clause: the claim keeps one clause there, and its word from the frame's other
# clause is still read as another clause's.
WORKS = "העבודות בכביש יימשכו חודש, ואילו העבודות בגשר יימשכו כשנה."
BENCH = "דני כהן שימש כיועץ של העירייה, ואילו רון לוי שימש כשופט בבית המשפט המחוזי."
EMBASSY = "דני כהן שימש כיועץ בשגרירות בפריז, ואילו רון לוי שימש כשגריר בצרפת."


def test_about_a_year_from_the_other_clause_is_caught() -> None:
    got = ground_claim("העבודות בכביש יימשכו כשנה.", WORKS)
    assert got.verdict != "supported", got.messages


def test_as_a_judge_from_the_other_clause_is_caught() -> None:
    got = ground_claim("דני כהן שימש כשופט בבית המשפט המחוזי.", BENCH)
    assert got.verdict != "supported", got.messages


def test_about_a_year_in_its_own_clause_is_supported() -> None:
    got = ground_claim("העבודות בגשר יימשכו כשנה.", WORKS)
    assert got.verdict == "supported", got.messages


def test_as_an_ambassador_from_the_other_clause_is_caught() -> None:
    got = ground_claim("דני כהן שימש כשגריר בצרפת.", EMBASSY)
    assert got.verdict != "supported", got.messages
