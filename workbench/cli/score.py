"""`workbench score`: score a file of model answers against the dataset.

    workbench score [--data PATH] --answers FILE [--model NAME] [--facts FILE] --out FILE

The answers file is JSONL, CSV or Parquet with ``id`` and ``answer`` (and optionally
``model`` and ``fact``). Skipped rows are listed on stderr one line each, then summarised;
the per-model means are printed at the end, then each model's mean answer probability
(calibrated; an answer's is its weakest claim's), how many answers have a claim under
0.5 and how many are in each confidence tier (high, mixed, low). See ``workbench.scoring.answers`` for the figures.

Exit codes: 0 every row scored; 1 some rows skipped (unknown id, empty answer, duplicate)
but the rest scored and written; 2 the answers file cannot be used (unreadable, missing
columns) and nothing is written.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path

from workbench.cli.options import add_data, add_out

DESCRIPTION = (
    "Score a file of model answers against the dataset: grounding in the source, QA\n"
    "accuracy against the reference answer (FMEval's figures), coverage of the reference\n"
    "claims, factual knowledge, and a judge label.\n\n"
    "Exit codes: 0 every row scored; 1 some rows skipped (unknown id, empty answer,\n"
    "duplicate) but the rest scored and written; 2 the answers file cannot be used and\n"
    "nothing is written."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    p.add_argument(
        "--answers",
        type=Path,
        required=True,
        metavar="FILE",
        help="model answers (.jsonl, .csv or .parquet) with columns id, answer[, model, fact]",
    )
    p.add_argument("--model", default=None, help="model name for rows without one")
    p.add_argument(
        "--facts",
        type=Path,
        default=None,
        metavar="FILE",
        help="facts file (id, fact) for factual knowledge",
    )
    add_out(p, "output: .parquet, .csv, .jsonl or .html (by extension)")
    p.add_argument("--batch-size", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--workers", type=int, default=1, help="processes to score with (default 1)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument(
        "--resamples",
        type=int,
        default=1000,
        help="bootstrap / permutation draws for the model comparison (default 1000)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the model comparison")


def run(args: argparse.Namespace) -> int:
    import polars as pl

    from workbench.data.dataset import load_dataset
    from workbench.errors import WorkbenchError
    from workbench.grounding.results import CONFIDENCE_GUIDE, PROBABILITY_GUIDE
    from workbench.scoring.answers import score_file
    from workbench.scoring.compare import DIFFERENCE_METRICS, comparison_lines
    from workbench.scoring.hebrew_metrics import WHICH_METRIC
    from workbench.scoring.results import probability_lines
    from workbench.terminal import visible

    def report(line: str) -> None:  # skipped rows: user text (ids, models) made visible
        print(visible(line, one_line=True), file=sys.stderr)

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
        **({"batch_size": max(1, args.batch_size)} if args.batch_size else {}),
        workers=args.workers,
        progress=not args.no_progress,
        data_path=ds.source.path,
        data_description=ds.source.describe(),
        demo=ds.is_demo,
        resamples=max(1, args.resamples),
        seed=args.seed,
        report=report,
    )
    if ds.is_demo:
        print("note: scored against the bundled DEMO set, not the real dataset", file=sys.stderr)
    cols = ["model", "n", "supported_fraction", "f1_score", "prefix_tolerant_f1", "tlnls"]
    cols += ["recall_over_words"]
    cols += ["reference_coverage", "factual_knowledge"]
    table = result.by_model
    print(visible(f"scored {result.n_scored} answers in {result.elapsed:.1f} s -> {result.out}"))
    if not table.is_empty():
        with pl.Config(tbl_rows=50, tbl_cols=len(cols), tbl_width_chars=120):
            print(visible(str(table.select([c for c in cols if c in table.columns]))))
        print(WHICH_METRIC)
        shown = probability_lines(table)
        for line in shown:
            print(visible(line))
        if shown:
            print(textwrap.fill(PROBABILITY_GUIDE, width=88))
            print(textwrap.fill(CONFIDENCE_GUIDE, width=88))
    if result.comparison is not None:
        for line in comparison_lines(result.comparison, DIFFERENCE_METRICS):
            print(visible(line))
    # Some rows skipped: the output is written, but the exit code says not everything was.
    return 1 if result.checked.problems.height else 0
