"""agent35: a who-question's answer is named by its head, before an apposition's comma.
"מי ניהל את המעבדה של בית המרקחת? יעקב, בנו של מייסד בית המרקחת" was `partial` for
"...ואילו אחיה, יעקב, ניהל את המעבדה": ``answer_doer.answer_agent`` required every word
of the answer the source holds in the doer's place, the words of the apposition too, which
name another person in relation to the answer. Now the head is read, as ``answer_doer``
reads it. Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

WORKSHOP = (
    "את בית המלאכה לכלי נחושת ייסד ב-1931 הנפח שמואל ברקוביץ. "
    "אחרי מותו עבר בית המלאכה לבנו, אליהו ברקוביץ, ואילו בתו, חנה, ניהלה את החנות ברחוב יפו."
)


def test_the_answers_head_names_the_doer() -> None:
    r = ground_claim("מי ניהלה את החנות ברחוב יפו? חנה, בתו של שמואל ברקוביץ", WORKSHOP)
    assert r.verdict == "supported", r.messages


def test_another_person_is_still_flagged() -> None:
    r = ground_claim("מי ניהלה את החנות ברחוב יפו? אליהו, בנו של שמואל ברקוביץ", WORKSHOP)
    assert r.verdict != "supported", r.messages
