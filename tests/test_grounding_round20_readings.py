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


# "כ" + a time unit, a share or a role ("כשנה": about a year, "כשופט": as a judge) is no
# time clause: the claim keeps one clause there, and its word from the frame's other
# clause is still read as another clause's.
WORKS = "העבודות בכביש יימשכו חודש, ואילו העבודות בגשר יימשכו כשנה."
BENCH = "דני כהן שימש כיועץ של העירייה, ואילו רון לוי שימש כשופט בבית המשפט המחוזי."


def test_about_a_year_from_the_other_clause_is_caught() -> None:
    got = ground_claim("העבודות בכביש יימשכו כשנה.", WORKS)
    assert got.verdict != "supported", got.messages


def test_as_a_judge_from_the_other_clause_is_caught() -> None:
    got = ground_claim("דני כהן שימש כשופט בבית המשפט המחוזי.", BENCH)
    assert got.verdict != "supported", got.messages


def test_the_kesh_clause_reading_still_holds_after_the_fix() -> None:
    got = ground_claim("העבודות בגשר יימשכו כשנה.", WORKS)
    assert got.verdict == "supported", got.messages
