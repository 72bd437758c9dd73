"""Benchmark the grounding engine beside its baselines (prints figures, asserts nothing).

1. Median time to ground a 5-claim answer against a 10,000-character source after
   warm-up (target < 10 ms), cold time (first call, indexing included), the same
   answer through the two baselines (BM25 over whitespace tokens, rapidfuzz
   partial_ratio per sentence), and through the engine before local binding: the code
   of another checkout (``--before PATH``, e.g. a ``git worktree add PATH 6ebf4a5``),
   timed in a child process on the same source and answer, in the same run.
2. Time of ``eval-grounding`` on the dataset (target < 5 s), and on a pairs file when
   given with ``--pairs``.

Run: ``.venv/bin/python bench/bench_grounding.py [--data PATH] [--pairs FILE] [--repeat N]
[--before PATH]``
The source is built from the dataset's own source texts (the bundled demo set by default).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from rank_bm25 import BM25Okapi
from rapidfuzz import fuzz, process

from workbench.data.dataset import load_dataset
from workbench.data.synth import synth_records
from workbench.grounding.engine import forget_claims, ground, split_claims
from workbench.grounding.measuring.evaluation import evaluate
from workbench.grounding.measuring.pair_inputs import dataset_items, load_pairs
from workbench.grounding.reading.index import index_source
from workbench.hebrew import split_sentences


def build_case(records: list[dict], size: int = 10_000) -> tuple[str, str]:
    """A ~``size``-character source from the records' sources, and a 5-claim answer."""
    parts: list[str] = []
    total = 0
    for r in records:
        if total >= size:
            break
        parts.append(r["source_text"])
        total += len(r["source_text"]) + 1
    source = "\n".join(parts)[:size]
    sents = split_sentences(source)
    picks = [sents[int(i)] for i in np.linspace(0, len(sents) - 1, 5)]
    claims = [source[s:e] for s, e in picks]
    claims[1] = claims[1].replace("ה", "", 1)  # a slightly edited copy
    claims[3] = "הוועדה החליטה לדחות את הדיון בשבועיים, והשר הודיע על תקציב של 15% נוסף."
    return source, " ".join(c.strip() for c in claims)


def _median_ms(fn, repeat: int) -> float:
    """Median milliseconds of ``fn``; the claim memo is emptied before each call, so a
    repeated answer is grounded again (the source's index stays warm)."""
    times = []
    for _ in range(repeat):
        forget_claims()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


_CHILD = """
import json, statistics, sys, time
from workbench.grounding import engine
forget = getattr(engine, "forget_claims", lambda: None)  # older engines keep no memo
case = json.load(open(sys.argv[1], encoding="utf-8"))
engine.ground(case["answer"], case["source"])
times = []
for _ in range(case["repeat"]):
    forget()
    t0 = time.perf_counter()
    engine.ground(case["answer"], case["source"])
    times.append((time.perf_counter() - t0) * 1000)
print(statistics.median(times))
"""


def time_before(tree: Path, source: str, answer: str, repeat: int) -> float | None:
    """Warm median (ms) of ``ground`` from the checkout at ``tree``, in a child process."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as fh:
        json.dump({"source": source, "answer": answer, "repeat": repeat}, fh)
    try:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        # run in ``tree``: "python -c" puts the working directory first on sys.path, so
        # from a checkout's root the child would time that checkout, not ``tree``
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, fh.name],
            env=env,
            cwd=tree,
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(fh.name)
    if out.returncode != 0:
        print(f"  (before: {tree} failed: {out.stderr.strip().splitlines()[-1:]})")
        return None
    return float(out.stdout.strip())


def bench_ground(source: str, answer: str, repeat: int, before: Path | None = None) -> None:
    index_source.cache_clear()
    forget_claims()
    t0 = time.perf_counter()
    g = ground(answer, source)
    cold = (time.perf_counter() - t0) * 1000
    assert len(g.claims) == 5, len(g.claims)
    ours = _median_ms(lambda: ground(answer, source), repeat)

    claims = [answer[s:e] for s, e in split_claims(answer)]
    sents = [source[s:e] for s, e in split_sentences(source)]

    def bm25() -> None:
        bm = BM25Okapi([s.split() for s in sents])
        for c in claims:
            bm.get_scores(c.split())

    def rapid() -> None:
        process.cdist(claims, sents, scorer=fuzz.partial_ratio)

    t_bm25 = _median_ms(bm25, repeat)
    t_rf = _median_ms(rapid, repeat)
    print(f"ground(): 5 claims x {len(source):,}-char source ({len(sents)} sentences)")
    print(f"  ours, warm median      {ours:8.2f} ms   (target < 10 ms)")
    if before is not None:
        then = time_before(before, source, answer, repeat)
        if then is not None:
            print(
                f"  before binding         {then:8.2f} ms   ({before}; ours/before {ours / then:5.2f}x)"
            )
    print(f"  ours, cold (indexing)  {cold:8.2f} ms")
    print(f"  bm25 (index + score)   {t_bm25:8.2f} ms   ours/bm25 {ours / t_bm25:5.2f}x")
    print(f"  rapidfuzz partial      {t_rf:8.2f} ms   ours/rapidfuzz {ours / t_rf:5.2f}x")


def bench_eval(label: str, make_items, dataset: bool) -> None:
    t0 = time.perf_counter()
    items = make_items()
    res = evaluate(items, dataset=dataset)
    total = time.perf_counter() - t0
    b = res["baselines"]
    print(f"eval-grounding on {label}: {res['items']} items")
    print(f"  total (negatives + ours + baselines) {total:6.2f} s   (target < 5 s)")
    print(
        f"  ours {res['seconds']:.2f} s   bm25 {b['bm25']['seconds']:.2f} s   "
        f"rapidfuzz {b['rapidfuzz']['seconds']:.2f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="dataset file (default: the workbench's default)")
    ap.add_argument("--pairs", help="a pairs file to time eval-grounding on as well")
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument(
        "--before", type=Path, help="a checkout of the engine before binding, timed alike"
    )
    args = ap.parse_args()
    if args.before is not None and not (args.before / "workbench").is_dir():
        ap.error(f"--before {args.before}: not a checkout holding workbench/ (a path, e.g. "
                 "made by `git worktree add PATH COMMIT`)")
    ds = load_dataset(args.data)
    print(f"data: {ds.source.describe()}")
    source, answer = build_case(ds.records)
    bench_ground(source, answer, args.repeat, args.before)
    bench_eval(f"the dataset ({ds.source.kind})", lambda: dataset_items(ds.records), True)
    # the real dataset's size (132 records) in synthetic Hebrew-like text
    recs = synth_records(132, seed=0)
    bench_eval("a synthetic dataset of 132 records", lambda: dataset_items(recs), True)
    if args.pairs:
        bench_eval(args.pairs, lambda: load_pairs(args.pairs), False)


if __name__ == "__main__":
    main()
