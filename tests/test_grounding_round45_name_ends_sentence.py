"""end45 (round 45): "ROLE, NAME." at the end of a sentence names that person. The
who-is-who table took a name after a role's comma only when another comma closed it, so
"..., ואת הפינוי ניהל מפקד תחנת הכבאות של העיר, אבי שטרן." left אבי שטרן out of the table,
and neither his role nor his act was checked (found on heldout16's h16j02-gasleak-09; it
caught three check-set claims it was not written from). Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.roles.people import roles_by_name

SOURCE = (
    "דליפת גז ברחוב הרצל ברמלה הובילה אתמול לפינוי של 40 משפחות. את הדליפה גילה נהג "
    "אוטובוס שעבר ברחוב, ואת הפינוי ניהל מפקד תחנת הכבאות של העיר, אבי שטרן. לדברי מנהל "
    "העבודה של הקבלן, יוסי ברגר, הצינור סומן במפה במקום אחר."
)


def test_a_name_ending_the_sentence_enters_the_table_with_its_role() -> None:
    roles = roles_by_name(index_source(SOURCE))
    assert [r[0] for r in roles[("אבי", "שטרנ")]] == ["מפקד"]


def test_another_act_given_to_him_is_flagged() -> None:
    r = ground_claim("מפקד תחנת הכבאות, אבי שטרן, גילה את דליפת הגז ברחוב הרצל.", SOURCE)
    assert r.verdict != "supported", r.messages


def test_his_role_given_to_another_is_flagged() -> None:
    r = ground_claim("יוסי ברגר, מפקד תחנת הכבאות של העיר, אמר שהצינור סומן במפה במקום אחר.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("אבי שטרנ" in m for m in r.messages), r.messages


def test_his_own_act_and_role_pass() -> None:
    r = ground_claim("את הפינוי ניהל מפקד תחנת הכבאות של העיר, אבי שטרן.", SOURCE)
    assert r.verdict == "supported", r.messages
