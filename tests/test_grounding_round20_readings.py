"""Round 20 reading fixes (hand-written Hebrew, not from the pair files): a claim's own
time clause opened by a glued כש ("כשסיים") is a clause of the claim, as "שלא" or
"שהמעבר" are, so the clause it restates is not read as another clause's words. Below
round 20's check-set bar, kept as a reading right by the grammar (docs/grounding.md gives
what it moved)."""

from __future__ import annotations

from workbench.grounding import ground_claim

LICENCE = (
    "יוסי לוינסון קיבל את רישיון הנהיגה של המשאית, אבל רק אחרי שעבר קורס בטיחות של "
    "שבועיים. המנהלת, רינה גל, ליוותה את כל הנהגים החדשים."
)


def test_a_condition_restated_as_a_kesh_clause_is_supported() -> None:
    """ "רק כשסיים קורס" restates "רק אחרי שעבר קורס": the claim's own time clause."""
    got = ground_claim("הרישיון ניתן ליוסי לוינסון רק כשסיים קורס בטיחות.", LICENCE)
    assert got.verdict == "supported", got.messages


def test_the_licence_given_to_another_person_is_still_caught() -> None:
    got = ground_claim("רינה גל קיבלה את רישיון הנהיגה של המשאית רק כשסיימה קורס בטיחות.", LICENCE)
    assert got.verdict != "supported", got.messages
