"""The negation stress tool (``tools/stress_negation.py``): a true claim's negation taken
out, or "לא" put before its second to fourth content words; the expected variants below
are written out by hand."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType


def test_a_claim_without_negation_gets_one_before_each_of_its_next_content_words(
    load_tool: Callable[[str], ModuleType],
) -> None:
    # the subject (the first content word) keeps its place; "שתי" is a number, "של" a
    # function word
    got = load_tool("stress_negation").variants("הוועדה דרשה תוספת של שתי סייעות לגן.")
    assert got == [
        ("הוועדה לא דרשה תוספת של שתי סייעות לגן.", "insert"),
        ("הוועדה דרשה לא תוספת של שתי סייעות לגן.", "insert"),
        ("הוועדה דרשה תוספת של שתי לא סייעות לגן.", "insert"),
    ]


def test_a_claim_with_a_negation_loses_it(load_tool: Callable[[str], ModuleType]) -> None:
    got = load_tool("stress_negation").variants("העירייה לא אישרה את התוכנית בזמן.")
    assert got == [("העירייה אישרה את התוכנית בזמן.", "drop")]
