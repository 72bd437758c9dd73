"""suffix31: a role with a possessive suffix names a role too. "סגנו, ד"ר עמית שדה" makes
Sadeh the deputy (``people.role_head``: "סגנו" is סגן + "his"), so the who-is-who table holds him
and "ד"ר עמית שדה הוא מנהל בית החולים" gives him the role the table gives the director.
"ראשו", "שרה" and the like are left out (a head, a name). Hand-written Hebrew; each
expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

HOSPITAL = (
    "מנהל בית החולים, פרופ' אבי רון, אמר שהמחלקה תיפתח בינואר. "
    'סגנו, ד"ר עמית שדה, אמר שאין מספיק אחיות.'
)


def test_the_directors_role_given_to_his_deputy_is_flagged() -> None:
    r = ground_claim('ד"ר עמית שדה הוא מנהל בית החולים.', HOSPITAL)
    assert r.verdict != "supported"
    assert any(i.kind.value == "role_mismatch" for i in r.issues), r.messages


def test_each_role_with_its_holder_is_supported() -> None:
    r = ground_claim("פרופ' אבי רון הוא מנהל בית החולים.", HOSPITAL)
    assert r.verdict == "supported", r.messages
