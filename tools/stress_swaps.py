"""Stress test of the binding checks: every figure of every true dev claim the engine
supports swapped for another figure its source writes (a number from another sentence,
or from elsewhere in the same span), each variant grounded against the claim's own
source. The variant is a wrong combination made of the source's own figures, the kind of
hallucination the binding checks exist for: a variant that still comes out
``supported`` passed one. Prints counts per set, split by where the swapped-in figure
stands (in the claim's supporting spans or elsewhere); deterministic.

Only digit figures are swapped (and only for digit figures of the source), each distinct
value once, and a year-shaped figure (1000-2100) only for another year-shaped one, a count
only for a count: a model that takes a figure from the wrong sentence takes one of the
same kind. Dates (a day and month) are left alone. Run: ``PYTHONPATH=. python
tools/stress_swaps.py [--sets a,b] [--list SET]``; ``--list`` prints the variants of one
set that pass (use it on the sets you may read).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stress_numbers as sn  # noqa: E402

_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def variants(claim: str, source: str, spans: list[tuple[int, int]]) -> list[tuple[str, str]]:
    """(variant, where) for each digit figure of ``claim`` and each other value of its
    kind (a year or a count) a digit figure of ``source`` writes: "span" when that figure
    stands in one of ``spans``, "elsewhere" when not (its first occurrence decides)."""
    from workbench.hebrew import extract_numbers, is_year

    theirs: dict[str, tuple[str, int]] = {}
    for o in extract_numbers(source):
        d = _DIGITS.search(o.text)
        if not o.is_date and d is not None and o.value not in theirs:
            theirs[o.value] = (d.group(), o.start)
    out = []
    for m in extract_numbers(claim):
        d = _DIGITS.search(m.text)
        if m.is_date or d is None:
            continue
        for value, (shown, start) in theirs.items():
            if value == m.value or is_year(value) != is_year(m.value):
                continue
            where = "span" if any(a <= start < b for a, b in spans) else "elsewhere"
            text = m.text[: d.start()] + shown + m.text[d.end() :]
            out.append((claim[: m.start] + text + claim[m.end :], where))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default=sn.DEFAULT_SETS)
    ap.add_argument("--list", default=None, help="print the supported variants of this set")
    args = ap.parse_args(argv)
    names = args.sets.split(",")
    got = sn.stress_true_claims(names, variants, args.list)
    sn.print_counts(names, got, [("from the spans", "span"), ("from elsewhere", "elsewhere")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
