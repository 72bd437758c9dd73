"""whole44 (round 44): a figure the claim makes the whole of a part ("חמש מ-27 החלקות", "51
מתוך 11 הדפים") that the source states only as a part of another whole ("32 חלקות, ו-27
מהן מעובדות") is bound elsewhere: the claim has made a part into the whole (the swaps
stress on heldout6, a write-from set). The whole itself, or a figure the source also
states as a whole, still passes. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "בגינה הקהילתית בשכונה יש 40 ערוגות, ו-25 מהן מעובדות בידי 15 משפחות. "
    "בספרייה של המתנ\"ס 300 ספרים, ו-60 מהם ספרי ילדים שתרמו 40 הורים."
)


def test_a_part_made_the_whole_is_flagged() -> None:
    for claim in (
        "15 מ-25 הערוגות בגינה הקהילתית מעובדות בידי משפחות.",
        "40 מתוך 60 הספרים בספרייה של המתנ\"ס תרמו הורים.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("is a part in the source" in m for m in r.messages), r.messages


def test_the_whole_itself_passes() -> None:
    for claim in (
        "25 מתוך 40 הערוגות בגינה הקהילתית מעובדות.",
        "60 מ-300 הספרים בספרייה של המתנ\"ס הם ספרי ילדים.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_families_are_no_less() -> None:
    # fam44: "משפחות" (families) is no מש + פחות ("less"): no comparison is read into it
    r = ground_claim("25 מתוך 40 הערוגות בגינה הקהילתית מעובדות בידי 15 משפחות.", SOURCE)
    assert r.verdict == "supported", r.messages
