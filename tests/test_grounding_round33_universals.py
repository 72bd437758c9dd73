"""univ33: a universal with a glued preposition is a universal. "הכניסה לגן חינם לכולם" and
"...לכל המבקרים" passed for "הכניסה חינם לתושבי העיר, ותושבים מערים אחרות ישלמו 10
שקלים": ``scope.definite_universal`` read "כולם" and "כל" only bare. With one glued ב, ל,
מ or ו they count too, a prefixed "כל" only before a definite noun right after it ("לכל
תלמיד" is distributive) and never in an idiom ("לכל הפחות"). Hand-written Hebrew; each
expected reading worked out by hand."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim

PARK = (
    "העירייה תממן את הגן עד סוף 2026. הכניסה חינם לתושבי העיר, ותושבים מערים אחרות ישלמו "
    "10 שקלים."
)
TRIP = "הטיול יימשך שלושה ימים. העלות לתלמיד היא 650 שקלים, והיא כוללת לינה וארוחות."


@pytest.mark.parametrize("claim", ["הכניסה לגן חינם לכולם.", "הכניסה לגן חינם לכל המבקרים."])
def test_a_prefixed_universal_over_a_restricted_group_is_flagged(claim: str) -> None:
    r = ground_claim(claim, PARK)
    assert r.verdict != "supported"
    assert any("without a universal" in m for m in r.messages), r.messages


def test_a_distributive_or_idiomatic_kol_is_no_universal() -> None:
    for claim in ("המחיר לכל תלמיד הוא 650 שקלים, כולל לינה וארוחות.", "הטיול יימשך לכל הפחות שלושה ימים."):
        r = ground_claim(claim, TRIP)
        assert not any("without a universal" in m for m in r.messages), (claim, r.messages)
