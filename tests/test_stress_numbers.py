"""The number stress tool (``tools/stress_numbers.py``): each figure of a claim becomes
v+1, v-1, 2v and v+10, in digits, keeping its surface; the expected variants below are
written out by hand."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType


def test_a_digit_figure_keeps_its_thousands_comma(load_tool: Callable[[str], ModuleType]) -> None:
    got = [text for text, _ in load_tool("stress_numbers").variants("בפסטיבל נמכרו 1,200 כרטיסים.")]
    assert got == [
        "בפסטיבל נמכרו 1,201 כרטיסים.",
        "בפסטיבל נמכרו 1,199 כרטיסים.",
        "בפסטיבל נמכרו 2,400 כרטיסים.",
        "בפסטיבל נמכרו 1,210 כרטיסים.",
    ]


def test_a_figure_in_words_becomes_digits_after_its_prefix(
    load_tool: Callable[[str], ModuleType],
) -> None:
    got = [text for text, _ in load_tool("stress_numbers").variants("העבודה נמשכה כארבעה חודשים.")]
    assert got == [
        "העבודה נמשכה כ-5 חודשים.",
        "העבודה נמשכה כ-3 חודשים.",
        "העבודה נמשכה כ-8 חודשים.",
        "העבודה נמשכה כ-14 חודשים.",
    ]


def test_a_date_is_left_alone_and_one_loses_its_zero_variant(
    load_tool: Callable[[str], ModuleType],
) -> None:
    """A full date is no figure to change; 1 - 1 = 0 is not a figure a claim states (1 + 1
    and 2 x 1 are both 2: two variants)."""
    tool = load_tool("stress_numbers")
    assert tool.variants("הטקס נערך ב-12.3.2024 בערב.") == []
    got = [new for _, new in tool.variants("נפתח סניף 1 בעיר.")]
    assert got == ["2", "2", "11"]
