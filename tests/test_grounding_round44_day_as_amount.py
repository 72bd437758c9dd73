"""dayunit44 (round 44): a figure the source states only as the day of a date ("נעבור
למשרדים ב-14 בינואר") is no amount in a unit: "יהיו לחברה 14 מטר יותר" passed, 14 found
and "מטר" a light unit (the swaps stress on heldout9). A gap the claim reckons in words
that say how, whose value meets a day by chance ("שלושה שקלים יותר" of 9 and 6 beside "ב-3
במרץ"), keeps its reading. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "החברה תעבור למשרדים החדשים בראש העין ב-14 בינואר, ושטחם 600 מטר. הסוחר אמר שב-3 במרץ "
    "קנה גרוטאות, ושעל קילו נחושת הוא משלם 9 שקלים ועל קילו ברזל 6 שקלים."
)


def test_a_day_is_no_amount_in_a_unit() -> None:
    for claim in (
        "שטח המשרדים החדשים של החברה בראש העין הוא 14 מטר.",
        "במשרדים החדשים של החברה יהיו 14 מטר יותר.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("the day of a date" in m for m in r.messages), r.messages


def test_a_reckoned_gap_that_meets_a_day_passes() -> None:
    r = ground_claim(
        "לפי הסוחר, על קילו נחושת הוא משלם שלושה שקלים יותר ממה שהוא משלם על קילו ברזל.", SOURCE
    )
    assert r.verdict == "supported", r.messages
