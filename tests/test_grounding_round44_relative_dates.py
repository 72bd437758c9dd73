"""rel44 (round 44): a year the source states relative to another ("ב-1996 נסגרה הבריכה, ושש
שנים אחר כך נבנתה במקומה טיילת": 2002) dates the clause that states it. Before, that clause
had no date of its own, so "הטיילת נבנתה ב-1996" passed on the closing's year (found by the
swaps stress on heldout10, a write-from set). The relative year is read as
``source_figures.relative_values`` reads it for derived figures. A claim whose subject the
other clause shares ("המועדון הימי קיבל סירה ב-1971" for "המועדון הימי נוסד ב-1971, ושלוש
שנים לאחר מכן קיבל...") is still left alone by the claim's date check, which reads its
predicate's words in both clauses. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "ב-1996 נסגרה הבריכה העירונית של קריית ים, ושש שנים אחר כך נבנתה במקומה טיילת. "
    "המועדון הימי נוסד ב-1971, ושלוש שנים לאחר מכן קיבל את הסירה הראשונה שלו."
)


def test_another_clauses_year_is_no_date_of_a_relatively_dated_clause() -> None:
    for claim in (
        "הטיילת נבנתה ב-1996.",
        "מתי נבנתה הטיילת בקריית ים? ב-1996",
        "מתי קיבל המועדון הימי את הסירה הראשונה שלו? ב-1971",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)
        assert any("reckoned from" in m for m in r.messages), r.messages


def test_the_clauses_own_year_still_passes() -> None:
    for claim in (
        "הבריכה העירונית של קריית ים נסגרה ב-1996.",
        "המועדון הימי נוסד ב-1971.",
        "מתי נסגרה הבריכה העירונית של קריית ים? ב-1996",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
