"""Benchmark: load + validate + frames + key numbers, against a bare json.load floor.

Runs on the demo set and on synthetic sets of 1k, 10k and 50k records (``--sizes`` to
change), each in a fresh subprocess so peak RSS is that size's own. Prints, per size:
file size, bare ``json.load`` time (the floor, same process), the full pipeline time, their
ratio, time per 1k records (to see that cost grows linearly) and peak RSS.
Target from the foundation issue: 10k records under 3 s and under 1 GB peak RSS.
With ``--baseline`` (a checkout of the old code: ``git worktree add /tmp/wb-base 6ebf4a5``)
each size also runs with that code, on the same file, and the ratios are printed.

    python bench/bench_load.py [--sizes 1000 10000 50000] [--baseline /tmp/wb-base]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def peak_rss_mb() -> float:
    """This process's peak RSS (VmHWM: unlike ru_maxrss it is not inherited across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(path: str) -> dict:
    """Time the floor and the pipeline on ``path`` (run in a child process)."""
    from workbench.data.dataset import load_dataset
    from workbench.data.keynumbers import difficulty_counts, genre_counts, key_numbers

    t0 = time.perf_counter()
    with open(path, encoding="utf-8") as fh:
        json.load(fh)
    floor = time.perf_counter() - t0

    t0 = time.perf_counter()
    ds = load_dataset(path)
    t_load = time.perf_counter() - t0
    t1 = time.perf_counter()
    frames = ds.frames
    kn = key_numbers(frames)
    genre_counts(frames)
    difficulty_counts(frames)
    t_frames = time.perf_counter() - t1
    total = t_load + t_frames
    return {
        "records": kn["records"],
        "bytes": Path(path).stat().st_size,
        "json_load_s": floor,
        "load_validate_s": t_load,
        "frames_keynumbers_s": t_frames,
        "total_s": total,
        "peak_rss_mb": peak_rss_mb(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 10000, 50000])
    ap.add_argument("--baseline", type=Path, default=None, help="a checkout of the old code")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.child)))
        return

    from workbench.data.dataset import DEMO_PATH
    from workbench.data.synth import synth_records
    from workbench.io import write_json_atomic

    with tempfile.TemporaryDirectory() as tmp:
        paths = [("demo", str(DEMO_PATH))] if DEMO_PATH.exists() else []
        for n in args.sizes:
            p = Path(tmp) / f"synth_{n}.json"
            write_json_atomic(synth_records(n, seed=1), p)
            paths.append((f"synth {n:,}", str(p)))
        header = (
            f"{'data':<14}{'code':<10}{'records':>9}{'MB':>8}{'json.load s':>13}"
            f"{'pipeline s':>12}{'ratio':>7}{'s/1k rec':>10}{'peak RSS MB':>13}"
        )
        print(header)
        print("-" * len(header))
        codes = [("this", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
        for label, p in paths:
            got = {}
            for code_label, code in codes:
                got[code_label] = m = measure_in_child(p, code)
                print(
                    f"{label:<14}{code_label:<10}{m['records']:>9,}{m['bytes'] / 1e6:>8.1f}"
                    f"{m['json_load_s']:>13.3f}{m['total_s']:>12.3f}"
                    f"{m['total_s'] / m['json_load_s']:>7.1f}"
                    f"{1000 * m['total_s'] / m['records']:>10.3f}{m['peak_rss_mb']:>13.0f}"
                )
            if args.baseline:
                new, old = got["this"], got["baseline"]
                print(
                    f"{'':<14}this / baseline: x{old['total_s'] / new['total_s']:.2f} faster, "
                    f"x{new['peak_rss_mb'] / old['peak_rss_mb']:.2f} peak RSS"
                )


ROOT = Path(__file__).resolve().parent.parent


def measure_in_child(path: str, code: Path) -> dict:
    """``measure(path)`` in a fresh process importing the workbench found in ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", path],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return json.loads(out)


if __name__ == "__main__":
    main()
