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


#: corrupt log lines listed one per line on stderr; the rest are counted
MAX_LISTED = 20


def run(args: argparse.Namespace) -> int:
    import sys

    from workbench.data.dataset import load_dataset
    from workbench.errors import InputFileError, WorkbenchError
    from workbench.io import write_json_atomic
    from workbench.review.apply import apply_review_log
    from workbench.review.log import read_review_log
    from workbench.terminal import visible

    if args.out.suffix.lower() != ".json":
        raise WorkbenchError(f"{args.out}: the reviewed copy is a dataset; use a .json file name")
    if not args.log.exists():
        raise InputFileError(f"{args.log}: review log not found")
    ds = load_dataset(args.data)
    log = read_review_log(args.log)
    reviewed = apply_review_log(ds.records, log)
    write_json_atomic(reviewed.records, args.out, inputs=[ds.source.path, args.log])
    for line in reviewed.summary.lines():
        print(visible(line, one_line=True))
    print(visible(f"wrote {len(reviewed.records)} records to {args.out}", one_line=True))
    for problem in log.problems[:MAX_LISTED]:
        line = problem.message_line(args.log)
        print(f"workbench: error: {visible(line, one_line=True)}; line skipped", file=sys.stderr)
    if len(log.problems) > MAX_LISTED:
        more = len(log.problems) - MAX_LISTED
        print(f"workbench: error: ... and {more} more corrupt line(s) skipped", file=sys.stderr)
    # The copy holds every readable decision; the exit code says some lines were not.
    return 1 if log.problems else 0
