"""Benchmark `workbench score`: answers per second and peak memory on synthetic answers.

    python bench/bench_score.py [--n 10000] [--records 132] [--workers 1 2] [--repeat 3]
        [--distinct] [--baseline /tmp/wb-base]

Writes a synthetic dataset (``workbench.data.synth``) and ``--n`` synthetic answers from
"models" that restate the reference or alter its numbers and add an invented sentence,
then scores them with the real grounding engine, each run in a fresh process so its peak
RSS is its own. For each ``--workers`` value, ``--n`` and ``--n / 10`` answers are scored
with this tree and, with ``--baseline``, with the old checkout (``git worktree add
/tmp/wb-base 6ebf4a5``) on the same files; ``--repeat`` runs every job that many times,
round robin, and keeps each job's fastest run. Printed: answers/s, the peak RSS of the main
process and of the largest worker, the ratios against the baseline and between the
``--workers`` values, whether memory stays flat from n/10 to n (1.00 = flat), and the share
of time in the grounding engine (the same pipeline with a null engine).

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
        workers=args.workers[0],
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
    p.add_argument(
        "--workers", type=int, nargs="+", default=[1], help="one run per value (e.g. 1 2)"
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="run every job this many times, interleaved, "
        "and keep each one's fastest run (the machine is shared: noise is large)",
    )
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
        jobs: list[tuple[str, Path, bool, int, Path]] = []
        for w in args.workers:
            jobs += [(f"n/10, w{w}", small, False, w, ROOT), (f"n, w{w}", answers, False, w, ROOT)]
            if args.baseline:
                jobs += [
                    (f"n/10, w{w}, baseline", small, False, w, args.baseline),
                    (f"n, w{w}, baseline", answers, False, w, args.baseline),
                ]
        jobs.append((f"n, w{args.workers[0]}, null engine", answers, True, args.workers[0], ROOT))
        runs: dict[str, dict] = {}
        for _ in range(args.repeat):  # round robin: each repeat runs every job once
            for name, src, null, w, code in jobs:
                r = run_child(data, src, out, null=null, workers=w, code=code)
                best = runs.get(name)
                if best is None or r["seconds"] < best["seconds"]:
                    runs[name] = {**r, "workers": w}
    report(runs, args)


def report(runs: dict[str, dict], args: argparse.Namespace) -> None:
    """The table of runs and the ratios that count."""
    print(
        f"\n{'run':<24}{'answers':>9}{'seconds':>9}{'answers/s':>11}"
        f"{'main MiB':>10}{'worker MiB':>12}"
    )
    for name, r in runs.items():
        worker = f"{r['peak_rss_children_mib']:>12.0f}" if r["workers"] > 1 else f"{'-':>12}"
        print(
            f"{name:<24}{r['n']:>9,}{r['seconds']:>9.1f}{r['per_second']:>11,.0f}"
            f"{r['peak_rss_mib']:>10.0f}{worker}"
        )
    w0 = args.workers[0]
    full, null = runs[f"n, w{w0}"], runs[f"n, w{w0}, null engine"]
    print(
        f"\ntime in the grounding engine (w{w0}): about {1 - null['seconds'] / full['seconds']:.0%}"
    )
    for w in args.workers:
        big, small = runs[f"n, w{w}"], runs[f"n/10, w{w}"]
        print(
            f"w{w}: main process peak RSS, n vs n/10: x{big['peak_rss_mib'] / small['peak_rss_mib']:.2f}"
        )
        if args.baseline:
            for name in (f"n/10, w{w}", f"n, w{w}"):
                new, old = runs[name], runs[f"{name}, baseline"]
                print(
                    f"{name}: x{new['per_second'] / old['per_second']:.2f} answers/s, "
                    f"x{new['peak_rss_mib'] / old['peak_rss_mib']:.2f} main peak RSS vs the "
                    f"baseline ({args.baseline})"
                )
    if len(args.workers) > 1:
        w1, w2 = args.workers[0], args.workers[1]
        for size in ("n/10", "n"):
            a, b = runs[f"{size}, w{w1}"], runs[f"{size}, w{w2}"]
            print(f"{size}: w{w2} vs w{w1}: x{b['per_second'] / a['per_second']:.2f} answers/s")
    print(
        f"best of {args.repeat} interleaved run(s); output format: {args.format}; answers: "
        f"{'all distinct' if args.distinct else 'faithful ones repeat the reference'}"
    )


if __name__ == "__main__":
    main()
