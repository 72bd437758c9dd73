"""cmp32: a claim that compares two values by their gap joins two clauses by what it says.
"כרטיס למבוגר עולה 90 שקל, ואילו כרטיס לילד עולה 55 שקל" supports "כרטיס למבוגר עולה
35 שקל יותר מכרטיס לילד": the clause rules (``binding.CLAUSE_RULES``) had read its pieces
as taken from two clauses and flagged it. They are not read when the claim states such a
gap; what is read instead is its direction (``values.comparisons``): the side the claim
says has more must be the side of the larger figure, by the words each clause holds and
the other does not. A sum or a rest ("בסך הכול 800") keeps the clause rules.
Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim

MUSEUM = (
    "במוזיאון הרכבות בחיפה כרטיס למבוגר עולה 90 שקל, ואילו כרטיס לילד עולה 55 שקל. "
    "המוזיאון נפתח ב-1999."
)
SCHOOLS = (
    "לפי הסקר, בבית הספר היסודי בשכונה לומדים 420 תלמידים, ואילו בחטיבת הביניים "
    "610 תלמידים."
)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("כרטיס למבוגר במוזיאון הרכבות עולה 35 שקל יותר מכרטיס לילד.", MUSEUM),
        ("כרטיס לילד במוזיאון הרכבות זול ב-35 שקל מכרטיס למבוגר.", MUSEUM),
        ("בחטיבת הביניים לומדים 190 תלמידים יותר מבבית הספר היסודי.", SCHOOLS),
        ("בבית הספר היסודי לומדים 190 תלמידים פחות מבחטיבת הביניים.", SCHOOLS),
    ],
)
def test_a_gap_between_the_two_clauses_is_supported(claim: str, source: str) -> None:
    r = ground_claim(claim, source)
    assert r.verdict == "supported", r.messages


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("כרטיס לילד במוזיאון הרכבות עולה 35 שקל יותר מכרטיס למבוגר.", MUSEUM),
        ("כרטיס למבוגר במוזיאון הרכבות זול ב-35 שקל מכרטיס לילד.", MUSEUM),
        ("בבית הספר היסודי לומדים 190 תלמידים יותר מבחטיבת הביניים.", SCHOOLS),
    ],
)
def test_the_larger_value_given_to_the_other_side_is_flagged(claim: str, source: str) -> None:
    r = ground_claim(claim, source)
    assert r.verdict != "supported"
    assert any("the claim says its subject has" in m for m in r.messages), r.messages


def test_a_figure_of_one_clause_is_still_bound_to_it() -> None:
    r = ground_claim("כרטיס לילד במוזיאון הרכבות עולה 90 שקל.", MUSEUM)
    assert r.verdict != "supported", r.messages
