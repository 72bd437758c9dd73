"""span44 (round 44): a source figure that measures a span of time ("אחרי 31 שנה",
"לארבעה חודשים") is no amount in a unit: "יום במרכז עולה 31 שקל" against a source whose
only 31 is "ייסגר אחרי 31 שנה" passed, every word of it in the source (found by the swaps
stress on heldout12, a write-from set). Read on the source's side only: a claim's own span
of time is often derived ("ארבע שנים אחרי ש...") and keeps its reading; "השנה" (this year)
after a figure is no span. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "מועדון הקשישים בגבעת עדה ייסגר בסוף החודש, אחרי 31 שנה. ארוחת צהריים במועדון עולה "
    "18 שקל, והחוגים נפתחים לארבעה חודשים בכל פעם. השנה נרשמו למועדון 4,500 מבקרים."
)


def test_a_span_of_time_is_no_amount_in_a_unit() -> None:
    for claim in (
        "ארוחת צהריים במועדון עולה 31 שקל.",
        "החוגים במועדון הקשישים עולים ארבעה שקלים.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("span of time" in m for m in r.messages), r.messages


def test_the_figure_in_its_own_unit_still_passes() -> None:
    for claim in (
        "ארוחת צהריים במועדון הקשישים עולה 18 שקל.",
        "מועדון הקשישים בגבעת עדה ייסגר אחרי 31 שנה.",
        "4,500 מבקרים נרשמו השנה למועדון הקשישים.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
