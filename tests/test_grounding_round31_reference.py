"""ref31: a claim joining two adjacent sentences by a reference. "המפעל לייצור זכוכית
בחדרה נפתח ב-1972. ב-1985 הוא הורחב, וב-1996 נסגר בגלל חובות." goes on about the factory
by "הוא" and with no subject at all, so "המפעל בחדרה נסגר ב-1996" is the source's own
statement (``roles.reference.continues_by_reference``); the years of the other events
stay bound elsewhere. Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

FACTORY = "המפעל לייצור זכוכית בחדרה נפתח ב-1972. ב-1985 הוא הורחב, וב-1996 נסגר בגלל חובות."


def test_the_next_sentences_year_about_the_same_subject_is_supported() -> None:
    r = ground_claim("המפעל בחדרה נסגר ב-1996.", FACTORY)
    assert r.verdict == "supported", r.messages


def test_a_year_of_another_event_stays_bound_elsewhere() -> None:
    for claim in (
        "המפעל בחדרה נסגר ב-1985.",
        "המפעל בחדרה הורחב ב-1996.",
        "המפעל בחדרה נפתח ב-1985.",
    ):
        r = ground_claim(claim, FACTORY)
        assert r.verdict != "supported", (claim, r.messages)
