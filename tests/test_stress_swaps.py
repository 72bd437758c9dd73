"""The swap stress tool (``tools/stress_swaps.py``): a true claim's figure swapped for
another figure of its source of the same kind; the expected variants below are written
out by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

SOURCE = "בתחרות השתתפו ב-2019 212 כלים מ-31 מדינות. התחרות הראשונה נערכה ב-1985."


def _tool() -> ModuleType:
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("stress_swaps", ROOT / "tools/stress_swaps.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_count_takes_the_other_counts_and_a_year_the_other_years() -> None:
    first = (0, SOURCE.index("."))  # the claim's supporting span: the first sentence
    got = _tool().variants("ב-2019 השתתפו בתחרות 212 כלים.", SOURCE, [first])
    assert got == [
        ("ב-1985 השתתפו בתחרות 212 כלים.", "elsewhere"),  # a year only for a year
        ("ב-2019 השתתפו בתחרות 31 כלים.", "span"),  # a count only for a count
    ]
