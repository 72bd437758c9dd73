"""Benchmark `workbench report`: peak memory and time, beside a bare ``json.load`` and the
old code, on synthetic datasets.

    python bench/bench_report.py [--sizes 10000 50000] [--baseline /tmp/wb-base]

For each size a synthetic dataset is written (``workbench synth --records N --seed 1``),
then three fresh processes run one after the other, each reporting its own peak RSS
(``VmHWM``, which a process does not inherit from its parent) and time:

- ``json.load`` of the file and nothing else (the floor);
- ``workbench report --format json`` with this tree's code;
- the same with the code of ``--baseline`` (a checkout of the old code:
  ``git worktree add /tmp/wb-base 6ebf4a5``), on the same file.

"x json.load" is the report's peak RSS over the bare ``json.load`` process's peak RSS.
The processes run one at a time, so their peaks do not add up.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import io, json, sys, time
from contextlib import redirect_stdout
from pathlib import Path

def peak_mib():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

mode, path = sys.argv[1], sys.argv[2]
start = time.perf_counter()
if mode == "json.load":
    with open(path, encoding="utf-8") as fh:
        json.load(fh)
    code = 0
else:
    from workbench.cli import main
    with redirect_stdout(io.StringIO()):
        code = main(["report", "--data", path, "--format", "json"])
seconds = time.perf_counter() - start
print(json.dumps({"code": code, "seconds": seconds, "peak_mib": peak_mib()}))
"""


def run(mode: str, data: Path, code: Path) -> dict:
    """One measurement in a fresh process importing the workbench found in ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(data)],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=code,
    )
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if got["code"] != 0:
        raise SystemExit(f"{mode} on {data} with {code}: exit code {got['code']}")
    return got


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 50_000])
    p.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="a checkout of the old code (git worktree add /tmp/wb-base 6ebf4a5)",
    )
    args = p.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_report_") as tmp:
        for n in args.sizes:
            data = Path(tmp) / f"synth_{n}.json"
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "workbench", "synth", "--records", str(n), "--seed", "1"]
                + ["--out", str(data)],
                check=True,
                stdout=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            mib = data.stat().st_size / 2**20
            print(f"{n:,} records: {mib:.0f} MiB written in {time.perf_counter() - t0:.1f} s")
            runs = {"json.load": run("json.load", data, ROOT), "report": run("report", data, ROOT)}
            if args.baseline:
                runs["report, baseline"] = run("report", data, args.baseline)
            floor = runs["json.load"]["peak_mib"]
            for name, r in runs.items():
                rows.append((n, name, r["seconds"], r["peak_mib"], r["peak_mib"] / floor))
            data.unlink()

    print(f"\n{'records':>8}  {'run':<18}{'seconds':>9}{'peak RSS MiB':>14}{'x json.load':>13}")
    for n, name, seconds, peak, ratio in rows:
        print(f"{n:>8,}  {name:<18}{seconds:>9.1f}{peak:>14.0f}{ratio:>13.2f}")
    if args.baseline:
        print()
        for n in args.sizes:
            new = next(r for r in rows if r[0] == n and r[1] == "report")
            old = next(r for r in rows if r[0] == n and r[1] == "report, baseline")
            print(
                f"{n:,} records: report x{new[3] / old[3]:.2f} peak RSS, "
                f"x{old[2] / new[2]:.2f} faster than the baseline ({args.baseline})"
            )


if __name__ == "__main__":
    main()
