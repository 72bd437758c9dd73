"""`workbench review-apply`: apply a review log, writing a reviewed copy of the dataset."""

from __future__ import annotations

import argparse
from pathlib import Path

from workbench.cli.options import add_data, add_out

DESCRIPTION = (
    "Apply the decisions of a review log (later decisions win) to the dataset and write a\n"
    "reviewed copy; print what changed and the share of items flagged per genre. The\n"
    "dataset file itself is never modified."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    p.add_argument(
        "--log", type=Path, required=True, metavar="FILE", help="the review log (.jsonl)"
    )
    add_out(p, "the reviewed copy (.json)")


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset
    from workbench.errors import InputFileError, WorkbenchError
    from workbench.io import write_json_atomic
    from workbench.review.apply import apply_review_log

    if args.out.suffix.lower() != ".json":
        raise WorkbenchError(f"{args.out}: the reviewed copy is a dataset; use a .json file name")
    if not args.log.exists():
        raise InputFileError(f"{args.log}: review log not found")
    ds = load_dataset(args.data)
    reviewed = apply_review_log(ds.records, args.log)
    write_json_atomic(reviewed.records, args.out, inputs=[ds.source.path, args.log])
    for line in reviewed.summary.lines():
        print(line)
    print(f"wrote {len(reviewed.records)} records to {args.out}")
    return 0
