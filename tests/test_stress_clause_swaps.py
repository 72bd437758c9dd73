"""The clause-swap stress tool (``tools/stress_clause_swaps.py``): a two-clause sentence with
the opening words of its clauses swapped; the expected variants are written out by hand."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType


def test_the_opening_words_of_two_opener_clauses_are_swapped(
    load_tool: Callable[[str], ModuleType],
) -> None:
    source = "הוועד ביקש תקציב לשיפוץ, אבל העירייה אישרה רק חלק ממנו. הדיון נדחה."
    got = load_tool("stress_clause_swaps").swapped(source)
    assert got == [
        (
            "הוועד ביקש תקציב לשיפוץ, אבל העירייה אישרה רק חלק ממנו.",
            "העירייה ביקש תקציב לשיפוץ, אבל הוועד אישרה רק חלק ממנו.",
        )
    ]


def test_a_sentence_of_one_clause_or_a_figure_opening_is_left_alone(
    load_tool: Callable[[str], ModuleType],
) -> None:
    tool = load_tool("stress_clause_swaps")
    assert tool.swapped("הוועד ביקש תקציב לשיפוץ הבניין הישן.") == []
    assert tool.swapped("120 דיירים חתמו על העצומה, אבל העירייה לא השיבה.") == []
