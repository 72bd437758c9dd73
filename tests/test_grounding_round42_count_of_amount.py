"""count41 (round 42's first rule, written after round 41's freeze): a claim figure that
counts a noun ("17 קומות") where the source states that figure only as an amount, in a
unit or scaled ("17 מיליון שקל"), passed at P 0.90 (heldout38's number from another
sentence, read after its measure). The mirror of unit41. Hand-written Hebrew; each
reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "העירייה מכרה את המגרש בשכונה ליזם תמורת 12 מיליון שקל. היזם מתכנן לבנות בו בניין של "
    "9 קומות עם 40 דירות."
)


def test_a_count_of_a_figure_the_source_gives_as_an_amount_is_flagged() -> None:
    r = ground_claim("בבניין שהיזם מתכנן במגרש יהיו 12 קומות.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("only as an amount" in m and "12 מיליון שקל" in m for m in r.messages)


def test_the_figures_with_their_own_nouns_pass() -> None:
    for claim in (
        "בבניין שהיזם מתכנן במגרש יהיו 9 קומות.",
        "היזם קנה את המגרש מהעירייה תמורת 12 מיליון שקל.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
