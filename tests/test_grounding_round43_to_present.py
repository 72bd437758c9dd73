"""present43 (round 43): years from a year the source states to the present. "פועלת כבר
יותר מחמישים שנה" for "פועלת מ-1968" states a span no sentence writes: the text gives no
present year, so the engine reads the text as current, the present being
``derived.PRESENT_YEAR`` (the year of the check) or the year before. The claim says
"כבר" or "לפני" before the figure; "יותר מ" / "פחות מ" take a gap on their side within
``MORE_THAN_CEILING``, "כ" one within a tenth. Hand-written Hebrew; the present is fixed
here so the figures are worked out by hand (2026: 1968 is 58 or 57 years back)."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim
from workbench.grounding.values import derived

SOURCE = (
    "ספריית הקהילה בעפולה פועלת מ-1968 ומשאילה ספרים לתושבי העמק. ב-1991 עברה הספרייה "
    "לבניין חדש ליד העירייה. מועדון השחמט של העיר נוסד ב-1949, ובו משחקים היום 40 חברים."
)


@pytest.fixture(autouse=True)
def _present(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(derived, "PRESENT_YEAR", 2026)


def test_a_span_to_the_present_passes() -> None:
    for claim in (
        "ספריית הקהילה בעפולה פועלת כבר יותר מחמישים שנה.",
        "ספריית הקהילה בעפולה פועלת כבר כשישים שנה.",
        "מועדון השחמט של עפולה נוסד לפני יותר משבעים שנה.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_span_the_years_do_not_give_is_still_a_false_number() -> None:
    for claim in (
        "ספריית הקהילה בעפולה פועלת כבר יותר משמונים שנה.",
        "ספריית הקהילה בעפולה פועלת כבר כשלושים שנה.",
        "מועדון השחמט של עפולה נוסד לפני יותר מתשעים שנה.",
        "ספריית הקהילה בעפולה פועלת כבר פחות מארבעים שנה.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict != "supported", (claim, r.messages)


def test_no_span_without_the_word_that_says_so() -> None:
    # no "כבר" / "לפני": a bare count of years is no span to the present
    r = ground_claim("ספריית הקהילה בעפולה פעלה חמישים ושמונה שנה בבניין ישן.", SOURCE)
    assert r.verdict != "supported", r.messages


def test_the_year_of_another_event_gives_no_span() -> None:
    # 1949 is the chess club's year, not the library's: 77 years is no span of the library
    r = ground_claim("ספריית הקהילה בעפולה פועלת כבר יותר משבעים שנה.", SOURCE)
    assert r.verdict != "supported", r.messages


def test_a_later_event_of_the_same_sentence_does_not_start_the_span() -> None:
    source = "מכון הטיהור של העמק פועל מ-1979, וב-2011 דלפו ממנו שפכים לנחל הקרוב."
    r = ground_claim("מכון הטיהור של העמק פועל כבר כחמש עשרה שנה.", source)
    assert r.verdict != "supported", r.messages
    r = ground_claim("מכון הטיהור של העמק פועל כבר יותר מארבעים שנה.", source)
    assert r.verdict == "supported", r.messages
