"""apart42 (round 42): a claim figure counting a plural noun ("200 תושבים") that the source
states only counting another plural noun ("200 עצים"), while the clause holding the
claim's words around it states another figure ("על העתירה חתמו כ-3,100 איש"), is bound
elsewhere (heldout8's number from another sentence passed at P 0.83: the claim's noun is
not in the source, so the noun check had nothing to look for). Units and amounts ("שלוש
שנים", which may be derived) and a word with a preposition after the figure are left
alone. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "המועצה הבטיחה לקנות לספרייה 350 ספרים חדשים בערבית. את המכתב בעניין הספרייה ניסח "
    "ועד ההורים של היישוב. על המכתב חתמו כ-1,200 איש."
)


def test_a_figure_the_source_counts_as_other_things_is_flagged() -> None:
    r = ground_claim("על המכתב של ועד ההורים חתמו כ-350 תושבים.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("1,200" in m for m in r.messages)


def test_the_figures_as_the_source_binds_them_pass() -> None:
    for claim in (
        "על המכתב של ועד ההורים חתמו כ-1,200 איש.",
        "המועצה הבטיחה לקנות לספרייה 350 ספרים חדשים.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
