"""npi32: "שום" / "אף" in a negated clause negate the noun after them, however far the
negation stands before them in the clause ("ולא ראיתי ליד התעלה שום מחסום": the barrier is
denied, not only the seeing). ``meaning.negation_groups`` read a negation's reach as its
next two content words, so the noun after "שום" counted as asserted: the true "לא ראה אף
מחסום" was flagged ("the claim negates מחסום, which the source asserts") and the false
"ראה מחסום" was not said to deny it. A comma ends the clause, and the renewal with it.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

INSPECTION = (
    "מפקחת משרד הבריאות, ענבל שטרית, ביקרה במטבח של המסעדה ביום שלישי. "
    "היא לא מצאה במקררים ובמחסן של המטבח שום מזון שפג תוקפו, אבל רשמה שתי הערות על ניקיון הרצפה."
)


def test_a_noun_after_shum_in_a_negated_clause_is_denied() -> None:
    r = ground_claim("במקררים של המטבח לא היה שום מזון שפג תוקפו.", INSPECTION)
    assert r.verdict == "supported", r.messages


def test_the_same_noun_asserted_is_flagged_as_negated_by_the_source() -> None:
    r = ground_claim("ענבל שטרית מצאה במחסן של המטבח מזון שפג תוקפו.", INSPECTION)
    assert r.verdict != "supported"
    assert any(i.kind.value == "source_negates" for i in r.issues), r.messages


def test_a_comma_ends_the_renewal() -> None:
    source = "הוועדה לא אישרה את התוכנית, ושום שינוי לא ייעשה בה לפני הקיץ."
    r = ground_claim("הוועדה לא אישרה את התוכנית.", source)
    assert r.verdict == "supported", r.messages
