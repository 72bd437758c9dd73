"""Benchmark: the Hebrew layer and the grounding engine take time linear in the input.

Moved here from the tests (tests assert no timing). For each adversarial input of the
Hebrew layer (tokenize + segment + extract_numbers), the best of ``--repeat`` runs at
8,000 characters and at 6x that, and the ratio: linear is about 6x, quadratic 36x.
Then ``ground`` on an answer of 25,000 and of 200,000 characters (8x: linear is about
8x). The baseline is the same work at the small size, in the same process. Prints
figures, asserts nothing.

Run: ``PYTHONPATH=$PWD .venv/bin/python bench/bench_linear.py [--repeat 3]``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from workbench.grounding.engine import ground
from workbench.hebrew import extract_numbers, segment, tokenize

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_hebrew import ADVERSARIAL  # noqa: E402 - the inputs the tests also check

SOURCE = (
    "הוועדה אישרה את התקציב השנתי של העירייה. התקציב גדל ב-12% לעומת השנה שעברה. "
    "ראש העירייה אמר כי הכסף יופנה לחינוך. "
) * 20


def best_time(fn: Callable[[str], object], arg: str, repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``fn(arg)``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(arg)
        best = min(best, time.perf_counter() - t0)
    return best


def hebrew_work(text: str) -> None:
    tokenize(text)
    segment(text)
    extract_numbers(text)


def answer_of(n: int) -> str:
    return ("הוועדה אישרה את התקציב השנתי \u200f ועוד 12% abc " * (n // 40 + 1))[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    small, factor = 8_000, 6
    print(f"Hebrew layer, {small:,} -> {small * factor:,} characters (linear ~{factor}x)")
    for name in sorted(ADVERSARIAL):
        make = ADVERSARIAL[name]
        t_small = best_time(hebrew_work, make(small), args.repeat)
        t_large = best_time(hebrew_work, make(small * factor), args.repeat)
        ratio = t_large / max(t_small, 1e-9)
        print(f"  {name:<16} {t_small * 1000:8.1f} ms {t_large * 1000:8.1f} ms  x{ratio:.1f}")
    ground(answer_of(2_000), SOURCE)  # warm the engine's caches
    t_small = best_time(lambda a: ground(a, SOURCE), answer_of(25_000), args.repeat)
    t_large = best_time(lambda a: ground(a, SOURCE), answer_of(200_000), 1)
    print(
        f"ground, answer 25,000 -> 200,000 characters (linear ~8x): "
        f"{t_small:.3f} s -> {t_large:.3f} s  x{t_large / t_small:.1f}"
    )


if __name__ == "__main__":
    main()
