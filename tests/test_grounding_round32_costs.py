"""cost32: a price said with עולה is a level, not a gap. ``derived.level_as_difference``
flags a figure the claim states as a gap ("יקר ב-51 מיליון שקל מ...") that the source
writes only as a level; it reads the source leniently, and any change verb of the
sentence made every figure of it a possible gap. "עולה" / "יעלה" say a price as often as a
rise, so in a source sentence they make a figure a gap only when it is said BY ("עלה ב-12
שקל"); and "יקר" / "זול" before a figure said BY state a gap as "גבוה" / "נמוך" do.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

ROUTES = (
    "המסלול הצפוני של הכביש עולה 38 מיליון שקל, ואילו המסלול הדרומי יעלה 51 מיליון. "
    "העבודות יתחילו ב-2027."
)
TICKET = "מחיר הכרטיס עלה ב-12 שקל, והיום כרטיס עולה 47 שקל."


def test_a_price_given_as_the_gap_between_two_prices_is_flagged() -> None:
    r = ground_claim("המסלול הדרומי יקר ב-51 מיליון שקל מהמסלול הצפוני.", ROUTES)
    assert r.verdict != "supported"
    assert any(i.kind.value == "bound_elsewhere" for i in r.issues), r.messages


def test_a_price_given_as_the_rise_is_flagged() -> None:
    r = ground_claim("מחיר הכרטיס התייקר ב-47 שקל.", TICKET)
    assert r.verdict != "supported"
    assert any("not as a difference" in m for m in r.messages), r.messages


def test_the_rise_said_by_its_figure_is_still_a_gap() -> None:
    r = ground_claim("מחיר הכרטיס עלה ב-12 שקל.", TICKET)
    assert r.verdict == "supported", r.messages
