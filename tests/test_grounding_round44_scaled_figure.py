"""scale44 (round 44): a claim figure written without a scale right before a unit ("ישלם 45
שקל") is no "45 אלף שקל": the short form a writer may quote of a scaled amount ("2.5" for
"2.5 מיליון") is no amount once a unit follows it. It passed, the digits found among the
scaled figure's forms (the swaps stress on heldout12). A figure the claim reckons in words
that say how ("200 שקל פחות" of 350 and 150, beside "200 אלף שקל") keeps its reading.
Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "גזבר הוועד אמר שהעירייה נתנה לגינה הקהילתית 45 אלף שקל להקמה, ושדמי השימוש יהיו 150 "
    "שקל לערוגה לשנה. ביום הפתוח יופחתו דמי השימוש מ-150 ל-100 שקל. המחסור בתקציב מגיע "
    "ל-50 אלף שקל."
)


def test_the_digits_of_a_scaled_amount_are_no_amount() -> None:
    r = ground_claim("מי שיקבל ערוגה בגינה הקהילתית ישלם 45 שקל לשנה.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("the source states 45 אלף" in m for m in r.messages), r.messages


def test_the_scaled_amount_and_a_reckoned_gap_pass() -> None:
    for claim in (
        "העירייה נתנה לגינה הקהילתית 45 אלף שקל להקמה.",
        "מי שיירשם ביום הפתוח ישלם 50 שקל פחות מבדרך כלל.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
