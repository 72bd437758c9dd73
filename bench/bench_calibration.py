"""Benchmark the calibrated support probability beside the grounding it reads (prints
figures, asserts nothing).

The 5-claim answer and 10,000-character source of ``bench_grounding.py``: median time of
``ground`` alone, and of ``ground`` followed by ``support_probability`` on each claim,
after warm-up (the grounding target: < 10 ms); then the probability alone with its span
caches emptied before each call (the lead spans of claims never seen), and warm; and the
answer's confidence tier (each claim's tier read from its kept probability, round 12).

Run: ``PYTHONPATH=. python bench/bench_calibration.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_grounding import build_case  # noqa: E402

from workbench.data.dataset import load_dataset  # noqa: E402
from workbench.grounding.engine import forget_claims, ground  # noqa: E402
from workbench.grounding.probability.calibration import span_words, support_probability  # noqa: E402


def _median_ms(fn: Callable[[], object], repeat: int, before: Callable[[], None]) -> float:
    times = []
    for _ in range(repeat):
        before()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args(argv)
    source, answer = build_case(load_dataset(None).records)
    claims = ground(answer, source).claims
    for c in claims:
        support_probability(c)  # warm: the model is loaded once

    def both() -> None:
        for c in ground(answer, source).claims:
            support_probability(c)

    def probs() -> None:
        for c in claims:
            support_probability(c)

    alone = _median_ms(lambda: ground(answer, source), args.repeat, forget_claims)
    with_p = _median_ms(both, args.repeat, forget_claims)
    cold = _median_ms(probs, args.repeat, span_words.cache_clear)
    warm = _median_ms(probs, args.repeat, lambda: None)
    g = ground(answer, source)
    tiers = _median_ms(lambda: g.confidence, args.repeat, lambda: None)
    print(f"ground(): {len(claims)} claims x {len(source):,}-char source, warm medians")
    print(f"  ground alone                      {alone:7.2f} ms")
    print(f"  ground + support_probability      {with_p:7.2f} ms   (target < 10 ms)")
    print(f"  support_probability x{len(claims)}, cold spans {cold:7.2f} ms")
    print(f"  support_probability x{len(claims)}, warm       {warm:7.2f} ms")
    print(f"  answer confidence tier ({len(claims)} claims)   {tiers:7.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
