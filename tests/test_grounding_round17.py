"""Round 17 binding rules (hand-written sources, not from the pair files): a claim that
states of a whole what the source says of a counted part is half true; the true sentence
keeping the part stays supported."""

from __future__ import annotations

from workbench.grounding import ground_claim

BAKERY = (
    "המאפייה השכונתית נפתחה לפני עשר שנים ברחוב הרצל. "
    "בחלון הראווה עומדות עוגות חג רבות. שלוש מהן מקושטות בפירות יער ובקצפת. "
    "לדברי הבעלים, שלושה מארבעת התנורים הוחלפו בשנה שעברה."
)


def _half_true(claim: str, part: str) -> None:
    got = ground_claim(claim, BAKERY)
    assert got.verdict != "supported", got.messages
    assert any(f"drops {part}" in m for m in got.messages), got.messages


def test_a_part_counted_two_words_before_the_claim_is_dropped() -> None:
    """"שלוש מהן מקושטות": the count stands two words before the claim's first word of
    the sentence; "עוגות החג ... מקושטות" says it of every cake in the window."""
    _half_true("עוגות החג בחלון הראווה מקושטות בפירות יער ובקצפת.", "שלוש מהן")


def test_of_a_counted_whole_is_a_part() -> None:
    """"שלושה מארבעת התנורים": מ glued to a number is "of the four"; the claim saying
    the ovens were replaced drops the three."""
    _half_true("התנורים הוחלפו בשנה שעברה.", "שלושה מארבעת")


def test_the_part_kept_is_supported() -> None:
    for claim in (
        "שלוש מעוגות החג מקושטות בפירות יער ובקצפת.",
        "לדברי הבעלים, שלושה מארבעת התנורים הוחלפו בשנה שעברה.",
    ):
        got = ground_claim(claim, BAKERY)
        assert got.verdict == "supported", (claim, got.messages)
