"""`workbench score`: score a file of model answers against the dataset.

    workbench score [--data PATH] --answers FILE [--model NAME] [--facts FILE] --out FILE

The answers file is JSONL, CSV or Parquet with ``id`` and ``answer`` (and optionally
``model`` and ``fact``). Skipped rows are listed on stderr one line each, then summarised;
the per-model means are printed at the end. See ``workbench.scoring.answers`` for the figures.

Exit codes: 0 every row scored; 1 some rows skipped (unknown id, empty answer, duplicate)
but the rest scored and written; 2 the answers file cannot be used (unreadable, missing
columns) and nothing is written.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import polars as pl

from workbench.data.dataset import load_dataset
from workbench.errors import WorkbenchError
from workbench.scoring.answers import DEFAULT_BATCH, score_file


def add_command(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "score",
        help="score model answers: grounding, QA accuracy (FMEval), coverage, facts",
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument("--data", type=Path, default=None, help="dataset file (default: see docs)")
    p.add_argument("--answers", type=Path, required=True, help="answers (.jsonl/.csv/.parquet)")
    p.add_argument("--model", default=None, help="model name for rows without one")
    p.add_argument("--facts", type=Path, default=None, help="facts file with id and fact")
    p.add_argument(
        "--out", type=Path, required=True, help="output: .parquet, .csv, .jsonl or .html"
    )
    p.add_argument("--batch-size", type=int, default=DEFAULT_BATCH, help=argparse.SUPPRESS)
    p.add_argument("--workers", type=int, default=1, help="processes to score with (default 1)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    cap = 4 * (os.cpu_count() or 1)
    if not 1 <= args.workers <= cap:
        raise WorkbenchError(f"--workers must be from 1 to {cap} (4 x CPUs), got {args.workers}")
    ds = load_dataset(args.data)
    result = score_file(
        args.answers,
        ds.records,
        args.out,
        model=args.model,
        facts_path=args.facts,
        batch_size=max(1, args.batch_size),
        workers=args.workers,
        progress=not args.no_progress,
        data_path=ds.source.path,
        data_description=ds.source.describe(),
        demo=ds.is_demo,
    )
    if ds.is_demo:
        print("note: scored against the bundled DEMO set, not the real dataset", file=sys.stderr)
    cols = ["model", "n", "supported_fraction", "f1_score", "recall_over_words"]
    cols += ["reference_coverage", "factual_knowledge"]
    table = result.by_model
    print(f"scored {result.n_scored} answers in {result.elapsed:.1f} s -> {result.out}")
    if not table.is_empty():
        with pl.Config(tbl_rows=50, tbl_cols=len(cols), tbl_width_chars=120):
            print(table.select([c for c in cols if c in table.columns]))
    # Some rows skipped: the output is written, but the exit code says not everything was.
    return 1 if result.checked.problems.height else 0
