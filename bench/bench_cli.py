"""Benchmark the CLI's cold start: this tree beside the pre-move commit, in one run.

Each command runs ``--runs`` times in a fresh Python process (cold: nothing imported yet;
the OS file cache is warm after the first run, as it is for a user typing commands), and
the median wall time is printed for this tree and for the old tree side by side, with the
ratio. Commands measured:

* ``workbench --version`` (goal: under 0.1 s);
* ``workbench check --record dia-0-a --answer "..."`` on the bundled demo set (goal: at
  most 60% of the old tree's time).

The old tree is the commit before the package moved into subpackages (``03cea5d``),
checked out once with::

    git worktree add /tmp/wb-before 03cea5d

and run with the same interpreter and ``PYTHONPATH=/tmp/wb-before``. It also lists which
heavy modules (polars, numpy, rank_bm25, fcntl) each tree's ``check`` imports, from
``python -X importtime``. Prints figures, asserts nothing.

Run: ``PYTHONPATH=$PWD .venv/bin/python bench/bench_cli.py [--before /tmp/wb-before] [--runs 7]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
ANSWER = "קו האוטובוס החדש 47 יתחיל לפעול בחודש הבא."
HEAVY = ("polars", "numpy", "rank_bm25", "fcntl", "altair", "ipywidgets")
COMMANDS: dict[str, list[str]] = {
    "--version": ["--version"],
    "check": ["check", "--record", "dia-0-a", "--answer", ANSWER],
}


def _env(tree: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "WORKBENCH_DATA"}
    env["PYTHONPATH"] = str(tree)
    return env


def cold_seconds(tree: Path, args: list[str], runs: int) -> float:
    """Median wall time of ``python -m workbench ARGS`` in ``runs`` fresh processes."""
    times = []
    cmd = [sys.executable, "-m", "workbench", *args]
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=_env(tree), cwd=tree, capture_output=True, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def heavy_imports(tree: Path, args: list[str]) -> list[str]:
    """The heavy top-level modules that ``python -X importtime -m workbench ARGS`` loads."""
    cmd = [sys.executable, "-X", "importtime", "-m", "workbench", *args]
    done = subprocess.run(cmd, env=_env(tree), cwd=tree, capture_output=True, text=True)
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    return [m for m in HEAVY if m in names]


def bare_python(runs: int) -> float:
    """Median wall time of a bare ``python -c pass``: the floor under any command."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, default=Path("/tmp/wb-before"))
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    if not (args.before / "workbench").is_dir():
        sys.exit(f"{args.before} holds no workbench/: git worktree add {args.before} 03cea5d")
    print(f"python {sys.version.split()[0]}, {args.runs} cold runs each, median seconds")
    print(f"bare python -c pass: {bare_python(args.runs):.3f} s")
    print(f"{'command':<12} {'before':>8} {'now':>8} {'now/before':>11}")
    for name, cmd in COMMANDS.items():
        before = cold_seconds(args.before, cmd, args.runs)
        now = cold_seconds(HERE, cmd, args.runs)
        print(f"{name:<12} {before:>8.3f} {now:>8.3f} {now / before:>10.0%}")
    for label, tree in (("before", args.before), ("now", HERE)):
        heavy = heavy_imports(tree, COMMANDS["check"])
        print(f"check imports ({label}): {', '.join(heavy) or 'none of ' + ', '.join(HEAVY)}")


if __name__ == "__main__":
    main()
