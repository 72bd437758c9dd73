"""amount34: a figure of the wrong kind for what a כמה question counts. "כמה שנים הייתה רחל
מנשירוב מגשרת מתנדבת במרכז? 2017" passed: a bare year answers when, not how long; and "כמה
טון היה היבול בשנה שעברה? 15%" passed: a percentage alone is no amount of a unit of
measure (the word right after כמה is read as what is counted). Hand-written Hebrew; each
expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

ORCHARD = (
    "רותם קליגרמן (בעלת המטע): בשנה שעברה קטפנו 40 טון תמרים, ו-15% מהם נפסלו בגלל "
    "גשם מוקדם. "
    "אני מגדלת תמרים במטע הזה מ-2009, כבר 16 שנה, ועד 2017 עבדתי בו לבד."
)


def test_a_year_for_a_duration_and_a_percentage_for_a_unit_are_flagged() -> None:
    for claim in (
        "כמה שנים מגדלת רותם קליגרמן תמרים במטע? 2009",
        "כמה טון תמרים נקטפו במטע בשנה שעברה? 15%",
    ):
        r = ground_claim(claim, ORCHARD)
        assert r.verdict != "supported", (claim, r.messages)
        assert any(i.kind.value == "answer_mismatch" for i in r.issues), (claim, r.messages)


def test_the_right_amounts_still_pass() -> None:
    for claim in (
        "כמה שנים מגדלת רותם קליגרמן תמרים במטע? 16 שנה",
        "כמה טון תמרים נקטפו במטע בשנה שעברה? 40 טון",
        "כמה מהתמרים נפסלו בשנה שעברה? 15%",
    ):
        r = ground_claim(claim, ORCHARD)
        assert r.verdict == "supported", (claim, r.messages)
