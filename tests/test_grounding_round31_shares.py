"""share31: a share word of one clause joined to the predicate of another. "רוב העובדים
במפעל הם תושבי דימונה, וכשליש מהם נשים": "רוב עובדי המפעל הן נשים" takes the majority of
the first clause to the women of the second, which says a third (``value_rows``'s
``_crossed_share``). Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

PLANT = "רוב העובדים במפעל הם תושבי דימונה, וכשליש מהם נשים. המפעל מעסיק 600 עובדים."
ORCHARD = (
    "בקיבוץ גדלו השנה כ-3,000 עצי אגס. "
    "מרבית העצים הם מזן קוסיה, ורבע מהם נטועים בחלקה החדשה שליד הכביש."
)


def test_the_majority_of_one_clause_given_to_the_other_clauses_predicate_is_flagged() -> None:
    r = ground_claim("רוב עובדי המפעל הן נשים.", PLANT)
    assert r.verdict != "supported"
    assert any("כשליש" in m for m in r.messages), r.messages


def test_each_share_with_its_own_predicate_is_supported() -> None:
    r = ground_claim("רוב העובדים במפעל הם תושבי דימונה.", PLANT)
    assert r.verdict == "supported", r.messages


def test_a_quarter_given_to_the_variety_of_the_majority_is_flagged() -> None:
    r = ground_claim("רבע מעצי האגס בקיבוץ הם מזן קוסיה.", ORCHARD)
    assert r.verdict != "supported"
    assert any("מרבית" in m for m in r.messages), r.messages
