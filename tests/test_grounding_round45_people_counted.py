"""people45 (round 45): "איש" and "נפש" after a figure count people ("כ-18 אלף איש"), though
singular. The unit check (``values/units_bound``) reads a plural word after a source figure as
the noun it counts, and took the singular "איש" for no noun, so the figure was read bare and a
claim giving it in shekels passed ("הקנס יכול להגיע לשמונה עשר אלף שקל", heldout41's
h41j03-groomlicence-10, P 0.94, one of its two `high` mistakes, read after its measure).
Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "המועצה תטיל על חנות שתמכור אלכוהול לקטינים קנס של 3,000 עד 12 אלף שקל. "
    "על העצומה נגד המכירה חתמו כ-14 אלף איש, ובאסיפה השתתפו 300 נפש."
)


def test_a_count_of_people_is_no_sum_of_money() -> None:
    r = ground_claim("הקנס על חנות שמוכרת אלכוהול לקטינים יכול להגיע ל-14 אלף שקל.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("count of something else" in m for m in r.messages), r.messages


def test_a_count_of_souls_is_no_sum_of_money_either() -> None:
    r = ground_claim("הקנס על חנות שמוכרת אלכוהול לקטינים מתחיל ב-300 שקל.", SOURCE)
    assert r.verdict != "supported", r.messages


def test_the_sums_and_the_counts_the_source_gives_pass() -> None:
    for claim in (
        "הקנס על חנות שמוכרת אלכוהול לקטינים יכול להגיע ל-12 אלף שקל.",
        "על העצומה נגד המכירה חתמו כ-14 אלף איש.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
