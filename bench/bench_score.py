"""Benchmark `workbench score`: answers per second and peak memory on synthetic answers.

    .venv/bin/python bench/bench_score.py [--n 100000] [--records 132] [--workers 1]
        [--baseline /tmp/wb-base]

Writes a synthetic dataset (``workbench.data.synth``) and ``--n`` synthetic answers from two
"models" (one restates the reference; one alters numbers and adds an invented sentence),
then scores them with the real grounding engine, each run in a fresh process so its peak
RSS is its own. Printed:

- answers/s and peak RSS for ``--n`` answers and for ``--n / 10``: the RSS ratio shows
  whether memory stays flat as the file grows (1.0 = flat);
- the same pipeline with a null grounding engine (no claims) as the in-process baseline:
  the ratio says how much of the time is the grounding engine itself.

The faithful answers repeat their record's reference (as several models, or runs, giving
the same answer do), so about half the rows repeat an earlier (record, answer) that the
scoring memo does not ground again; ``--distinct`` makes every row different (a faithful
answer gets "answer number N." appended), which measures the speed without the memo.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The child of a --baseline run imports the workbench of that checkout instead.
sys.path.insert(0, os.environ.get("BENCH_WORKBENCH", str(ROOT)))


def _alter(text: str, rng: random.Random) -> str:
    """Change every number and add a sentence the source does not hold."""
    changed = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(1, 9)), text)
    return changed + " לפי הדיווח, 37% מהתושבים עברו לגור במאדים בשנת 2091."


def write_inputs(
    folder: Path, n: int, n_records: int, seed: int, distinct: bool = False
) -> tuple[Path, Path]:
    from workbench.data.synth import synth_records
    from workbench.io import write_json_atomic

    records = synth_records(n_records, seed)
    data = folder / "data.json"
    write_json_atomic(records, data)
    rng = random.Random(seed)
    answers = folder / "answers.jsonl"
    with answers.open("w", encoding="utf-8") as fh:
        for i in range(n):
            # (record, run) pairs are unique: record i % n_records, run i // n_records;
            # even runs restate the reference, odd runs alter it.
            rec, run = records[i % n_records], i // n_records
            kind = "faithful" if run % 2 == 0 else "noisy"
            ref = rec["reference_answer"]
            answer = ref if kind == "faithful" else _alter(ref, rng)
            if distinct and kind == "faithful":  # no two rows the same (no memo hits)
                answer = f"{ref} תשובה מספר {run}."
            row = {"id": rec["id"], "model": f"{kind}-{run // 2:04d}", "answer": answer}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return data, answers


def child(args: argparse.Namespace) -> None:
    """Score in this (fresh) process and print one JSON line of figures."""
    from workbench.data.dataset import load_dataset
    from workbench.scoring.answers import score_file

    ds = load_dataset(args.data)
    grounder = None
    if args.null:

        def grounder(answer: str, source: str) -> dict:
            return {"claims": [], "supported_fraction": 0.0}

    start = time.perf_counter()
    result = score_file(
        args.answers,
        ds.records,
        args.out,
        grounder=grounder,
        workers=args.workers,
        progress=not args.quiet,
        report=lambda line: None,
    )
    elapsed = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB -> MiB on Linux
    rss_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "n": result.n_scored,
                "seconds": elapsed,
                "per_second": result.n_scored / elapsed,
                "peak_rss_mib": rss,
                "peak_rss_children_mib": rss_children,
            }
        )
    )


def run_child(
    data: Path, answers: Path, out: Path, *, null: bool, workers: int, code: Path = ROOT
) -> dict:
    """One scoring run in a fresh process, importing the workbench found in ``code``."""
    cmd = [sys.executable, __file__, "--child", "--data", str(data), "--answers", str(answers)]
    cmd += ["--out", str(out), "--workers", str(workers), "--quiet"]
    if null:
        cmd += ["--null"]
    env = {**os.environ, "BENCH_WORKBENCH": str(code), "PYTHONPATH": str(code)}
    done = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, env=env)
    return json.loads(done.stdout.strip().splitlines()[-1])


def head(src: Path, dst: Path, n: int) -> Path:
    with src.open(encoding="utf-8") as fin, dst.open("w", encoding="utf-8") as fout:
        for i, line in enumerate(fin):
            if i >= n:
                break
            fout.write(line)
    return dst


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=100_000, help="answers to score")
    p.add_argument("--records", type=int, default=132, help="synthetic records")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--format", default="parquet", choices=["parquet", "csv", "jsonl"])
    p.add_argument("--distinct", action="store_true", help="no two answers the same")
    p.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="a checkout of the old code (git worktree add /tmp/wb-base 6ebf4a5): its runs "
        "on the same inputs are printed beside these",
    )
    # child mode
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--null", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--answers", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args)
        return
    with tempfile.TemporaryDirectory(prefix="bench_score_") as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        data, answers = write_inputs(folder, args.n, args.records, args.seed, args.distinct)
        print(
            f"inputs: {args.records} synthetic records, {args.n:,} answers "
            f"({answers.stat().st_size / 2**20:.1f} MiB) written in {time.perf_counter() - t0:.1f} s"
        )
        small = head(answers, folder / "small.jsonl", max(1, args.n // 10))
        out = folder / f"scores.{args.format}"
        runs = {
            "n/10": run_child(data, small, out, null=False, workers=args.workers),
            "n": run_child(data, answers, out, null=False, workers=args.workers),
            "n, null engine": run_child(data, answers, out, null=True, workers=args.workers),
        }
        if args.baseline:
            for name, src in (("n/10", small), ("n", answers)):
                runs[f"{name}, baseline"] = run_child(
                    data, src, out, null=False, workers=args.workers, code=args.baseline
                )

    def peak(r: dict) -> float:
        return r["peak_rss_mib"] + (r["peak_rss_children_mib"] if args.workers > 1 else 0)

    print(f"\n{'run':<16}{'answers':>10}{'seconds':>10}{'answers/s':>12}{'peak RSS MiB':>14}")
    for name, r in runs.items():
        print(
            f"{name:<16}{r['n']:>10,}{r['seconds']:>10.1f}{r['per_second']:>12,.0f}{peak(r):>14.0f}"
        )
    full, small_run, null = runs["n"], runs["n/10"], runs["n, null engine"]
    print(f"\npeak RSS, n vs n/10: x{peak(full) / peak(small_run):.2f} (1.00 = flat)")
    print(
        f"time in the grounding engine: about "
        f"{1 - null['seconds'] / full['seconds']:.0%} (pipeline alone is "
        f"x{full['seconds'] / null['seconds']:.1f} faster)"
    )
    if args.baseline:
        for name in ("n/10", "n"):
            new, old = runs[name], runs[f"{name}, baseline"]
            print(
                f"{name}: x{new['per_second'] / old['per_second']:.2f} answers/s, "
                f"x{peak(new) / peak(old):.2f} peak RSS vs the baseline ({args.baseline})"
            )
    print(
        f"workers: {args.workers}; output format: {args.format}; "
        f"answers: {'all distinct' if args.distinct else 'faithful ones repeat the reference'}"
    )


if __name__ == "__main__":
    main()
