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
    """ "שלוש מהן מקושטות": the count stands two words before the claim's first word of
    the sentence; "עוגות החג ... מקושטות" says it of every cake in the window."""
    _half_true("עוגות החג בחלון הראווה מקושטות בפירות יער ובקצפת.", "שלוש מהן")


def test_of_a_counted_whole_is_a_part() -> None:
    """ "שלושה מארבעת התנורים": מ glued to a number is "of the four"; the claim saying
    the ovens were replaced drops the three."""
    _half_true("התנורים הוחלפו בשנה שעברה.", "שלושה מארבעת")


def test_the_part_kept_is_supported() -> None:
    for claim in (
        "שלוש מעוגות החג מקושטות בפירות יער ובקצפת.",
        "לדברי הבעלים, שלושה מארבעת התנורים הוחלפו בשנה שעברה.",
    ):
        got = ground_claim(claim, BAKERY)
        assert got.verdict == "supported", (claim, got.messages)


CENTRE = (
    "המועצה פתחה השנה מרכז קהילתי חדש בשכונת הגפן. "
    "המתנדבים הוותיקים קיבלו 300 שקל על כל משמרת, והמדריכים החדשים קיבלו 500 שקל לחודש. "
    "העירייה קנסה את הקבלן ב-50 אלף שקל בגלל האיחור, והקבלן ערער על הקנס בחודש יוני."
)


def _bound_elsewhere(claim: str, word: str) -> None:
    got = ground_claim(claim, CENTRE)
    assert got.verdict != "supported", got.messages
    assert any(m.startswith(f"{word}:") and "another clause" in m for m in got.messages), (
        got.messages
    )


def test_the_subject_of_a_comma_and_clause_put_in_the_first_clause() -> None:
    """ ", והמדריכים החדשים קיבלו 500": after a comma, ו with a definite noun opens a
    clause whose subject is that noun; the claim gives it the first clause's 300."""
    _bound_elsewhere("המדריכים החדשים קיבלו 300 שקל על כל משמרת.", "המדריכים")


def test_the_predicate_of_a_comma_and_clause_given_to_the_first_subject() -> None:
    """ "העירייה ערערה": the appeal is the contractor's, the subject of ", והקבלן ערער"."""
    _bound_elsewhere("העירייה ערערה על הקנס בחודש יוני.", "ערערה")


def test_each_clause_told_with_its_own_subject_is_supported() -> None:
    for claim in (
        "המתנדבים הוותיקים קיבלו 300 שקל על כל משמרת.",
        "המדריכים החדשים קיבלו 500 שקל לחודש.",
        "הקבלן ערער על הקנס בחודש יוני.",
        "העירייה קנסה את הקבלן ב-50 אלף שקל בגלל האיחור.",
    ):
        got = ground_claim(claim, CENTRE)
        assert got.verdict == "supported", (claim, got.messages)
