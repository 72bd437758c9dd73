"""notbefore46 (round 46): "לא X לפני Y" restates the source's "X רק אחרי Y" ("רק מ-2028", "רק
ב-2027"): the claim's negation bounds the time of the act from below, as the source's "only"
does (``quantifiers/only_after``). Found on the true paraphrases every set misses with "לא ...
לפני" (heldout7's jellyfish-14, heldout20's bathhouse-15, heldout41's testers-13...), read
before writing. Hand-written Hebrew."""

from __future__ import annotations

from workbench.grounding import ground_claim

PARK = (
    "העירייה הודיעה שהגן הציבורי בשכונת הדר ייפתח מחדש רק אחרי שמהנדס יבדוק את המתקנים. "
    "את העבודות יממן משרד הפנים, והתקציב יועבר רק ב-2027."
)


def test_not_before_an_event_restates_only_after_it() -> None:
    r = ground_claim("הגן הציבורי בשכונת הדר לא ייפתח מחדש לפני שמהנדס יבדוק את המתקנים.", PARK)
    assert r.verdict == "supported", r.messages


def test_not_before_a_year_restates_only_in_it() -> None:
    r = ground_claim("משרד הפנים לא יעביר את התקציב לפני 2027.", PARK)
    assert r.verdict == "supported", r.messages


def test_before_without_the_negation_is_still_the_opposite() -> None:
    r = ground_claim("הגן הציבורי בשכונת הדר ייפתח מחדש לפני שמהנדס יבדוק את המתקנים.", PARK)
    assert r.verdict != "supported", r.messages
    assert any("before" in m for m in r.messages), r.messages


def test_not_after_is_still_a_denial() -> None:
    r = ground_claim("הגן הציבורי בשכונת הדר לא ייפתח מחדש אחרי שמהנדס יבדוק את המתקנים.", PARK)
    assert r.verdict != "supported", r.messages


def test_without_an_only_after_in_the_source_not_before_is_a_denial() -> None:
    source = "העירייה הודיעה שהגן הציבורי בשכונת הדר ייפתח מחדש אחרי שמהנדס יבדוק את המתקנים."
    r = ground_claim("הגן הציבורי בשכונת הדר לא ייפתח מחדש לפני שמהנדס יבדוק את המתקנים.", source)
    assert r.verdict != "supported", r.messages


def test_a_bound_with_another_figure_is_no_restatement() -> None:
    # found by the swaps stress: the day after "לפני" must be the source's own
    r = ground_claim("משרד הפנים לא יעביר את התקציב לפני 2029.", PARK)
    assert r.verdict != "supported", r.messages
