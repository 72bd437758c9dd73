"""`workbench synth`: a schema-valid synthetic dataset for scale tests."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from workbench.cli.options import add_out

DESCRIPTION = (
    "Write N synthetic records in the dataset's schema (random Hebrew-like text, valid\n"
    "spans and ratings) for load and scale tests. Never overwrites a dataset file."
)

# About 3 kB of source per record, all held in memory: a million records is ~4 GB.
MAX_RECORDS = 1_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--records", type=int, required=True, metavar="N", help="how many records")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    add_out(p, "the synthetic dataset (.json)")


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import DEMO_PATH, ENV_VAR, REAL_PATH
    from workbench.data.synth import synth_records
    from workbench.errors import WorkbenchError
    from workbench.io import user_path, write_json_atomic
    from workbench.terminal import visible

    if not 1 <= args.records <= MAX_RECORDS:
        raise WorkbenchError(f"--records must be from 1 to {MAX_RECORDS:,}, got {args.records}")
    target = user_path(args.out).resolve()
    datasets = [DEMO_PATH, REAL_PATH] + (
        [Path(os.environ[ENV_VAR])] if os.environ.get(ENV_VAR) else []
    )
    if any(target == user_path(d).resolve() for d in datasets):
        raise WorkbenchError(f"{args.out}: refusing to overwrite a dataset file with synthetic data")
    write_json_atomic(synth_records(args.records, args.seed), args.out)
    print(visible(f"wrote {args.records} synthetic records to {args.out}", one_line=True))
    return 0
