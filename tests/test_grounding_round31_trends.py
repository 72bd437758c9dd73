"""trend31: a rise or fall the claim states against the source's own figures for the two
years it names (``values.trends``). "בסקר של 2023 נמצאו בשמורה 35 זוגות של עיטים, לעומת
52 זוגות בסקר של 2013": the pairs went down, so "עלה בין 2013 ל-2023" is an antonym of
what the figures say. Hand-written Hebrew; each expected reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

EAGLES = "בסקר של 2023 נמצאו בשמורה 35 זוגות של עיטים, לעומת 52 זוגות בסקר של 2013."
VISITORS = "ב-2015 ביקרו במוזיאון 18 אלף מבקרים. ב-2022, אחרי השיפוץ, ביקרו בו כבר 41 אלף מבקרים."


def test_a_rise_against_falling_figures_is_flagged() -> None:
    r = ground_claim("מספר זוגות העיטים בשמורה עלה בין 2013 ל-2023.", EAGLES)
    assert r.verdict != "supported"
    assert any(i.kind.value == "antonym" for i in r.issues), r.messages


def test_the_fall_the_figures_show_is_supported() -> None:
    r = ground_claim("מספר זוגות העיטים בשמורה ירד בין 2013 ל-2023.", EAGLES)
    assert r.verdict == "supported", r.messages


def test_a_fall_against_rising_figures_in_two_sentences_is_flagged() -> None:
    r = ground_claim("מספר המבקרים במוזיאון ירד בין 2015 ל-2022.", VISITORS)
    assert r.verdict != "supported", r.messages
