"""The negation stress tool (``tools/stress_negation.py``): a true claim's negation taken
out, or "לא" put before its second to fourth content words; the expected variants below
are written out by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location(
        "stress_negation", ROOT / "tools/stress_negation.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_claim_without_negation_gets_one_before_each_of_its_next_content_words() -> None:
    # the subject (the first content word) keeps its place; "שתי" is a number, "של" a
    # function word
    got = _tool().variants("הוועדה דרשה תוספת של שתי סייעות לגן.")
    assert got == [
        ("הוועדה לא דרשה תוספת של שתי סייעות לגן.", "insert"),
        ("הוועדה דרשה לא תוספת של שתי סייעות לגן.", "insert"),
        ("הוועדה דרשה תוספת של שתי לא סייעות לגן.", "insert"),
    ]


def test_a_claim_with_a_negation_loses_it() -> None:
    got = _tool().variants("העירייה לא אישרה את התוכנית בזמן.")
    assert got == [("העירייה אישרה את התוכנית בזמן.", "drop")]
