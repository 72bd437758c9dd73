"""ger44 (round 44): a name ending in a geresh ("רינה רבינוביץ'") is closed by the comma
after it. The token of "רבינוביץ'" leaves the geresh out, and the who-is-who table read the
character right after the name for its closing comma, so every apposition of such a name
("המכונאית רינה רבינוביץ', שלמדה...") was left out of the table and an act of hers given to
another of the family passed (heldout14's h14j01-robotdairy-09, on a write-from set). With
the table right, "question? answer" gives the act by the question's words only: an answer's
apposition ("אשתו של מנהל המוסך") describes the person it names, not what they did.
Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.roles.people import who_is_who

SOURCE = (
    "המוסך של משפחת רבינוביץ' בקריית ביאליק עבר החודש לרכבים חשמליים. את ההחלטה קיבל "
    "מנהל המוסך, יוסי רבינוביץ', ואת הכשרת העובדים ניהלה אשתו, המכונאית רינה רבינוביץ', "
    "שלמדה את המקצוע בגרמניה. במוסך עובדים היום שישה מכונאים."
)


def test_a_name_ending_in_a_geresh_is_read_into_the_table() -> None:
    names = {p.name for p in who_is_who(index_source(SOURCE))}
    assert ("יוסי", "רבינוביצ") in names
    assert ("רינה", "רבינוביצ") in names


def test_her_act_given_to_another_of_the_family_is_flagged() -> None:
    r = ground_claim("מנהל המוסך, יוסי רבינוביץ', למד את המקצוע בגרמניה.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("another" in m and "רינה" in m for m in r.messages), r.messages


def test_her_own_act_passes() -> None:
    r = ground_claim("המכונאית רינה רבינוביץ' למדה את המקצוע בגרמניה.", SOURCE)
    assert r.verdict == "supported", r.messages


def test_an_answer_whose_apposition_names_another_passes() -> None:
    r = ground_claim(
        "מי ניהל את הכשרת העובדים במוסך? רינה רבינוביץ', המכונאית, אשתו של מנהל המוסך",
        SOURCE,
    )
    assert r.verdict == "supported", r.messages
