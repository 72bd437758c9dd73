"""Round 18 paraphrase rules (hand-written Hebrew, not from the pair files): false alarms
on true claims that are no number reading."""

from __future__ import annotations

from workbench.grounding import ground_claim

COUNCIL = (
    "מועצת עמק הירדן ו-150 עובדי התברואה שלה חתמו אתמול על הסכם, שלפיו יועסקו העובדים "
    "ישירות על ידי המועצה. מתוך 150 העובדים, 90 הם גברים, ו-42 עובדים במועצה יותר "
    "מעשר שנים."
)


def test_a_frame_tie_goes_to_the_sentence_holding_the_claims_figure() -> None:
    """Both sentences align as many of the claim's words ("עובדי התברואה", "המועצה",
    "העובדים" / "42 עובדים במועצה"): the one that states its figure is the one the claim
    follows, so the figure is no number moved from another sentence."""
    got = ground_claim("ארבעים ושניים מעובדי התברואה עובדים במועצה כבר יותר מעשור.", COUNCIL)
    assert got.verdict == "supported", got.messages


def test_a_figure_of_the_other_sentence_is_still_bound_elsewhere() -> None:
    """The tie is broken by the claim's own figures: 90 belongs to the men, and a claim
    giving it to the workers of more than ten years is still caught."""
    got = ground_claim("תשעים מעובדי התברואה עובדים במועצה כבר יותר מעשור.", COUNCIL)
    assert got.verdict != "supported", got.messages
