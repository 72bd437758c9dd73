"""The swap stress tool (``tools/stress_swaps.py``): a true claim's figure swapped for
another figure of its source of the same kind; the expected variants below are written
out by hand."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

SOURCE = "בתחרות השתתפו ב-2019 212 כלים מ-31 מדינות. התחרות הראשונה נערכה ב-1985."


def test_a_count_takes_the_other_counts_and_a_year_the_other_years(
    load_tool: Callable[[str], ModuleType],
) -> None:
    first = (0, SOURCE.index("."))  # the claim's supporting span: the first sentence
    got = load_tool("stress_swaps").variants("ב-2019 השתתפו בתחרות 212 כלים.", SOURCE, [first])
    assert got == [
        ("ב-1985 השתתפו בתחרות 212 כלים.", "elsewhere"),  # a year only for a year
        ("ב-2019 השתתפו בתחרות 31 כלים.", "span"),  # a count only for a count
    ]
