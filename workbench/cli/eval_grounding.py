"""`workbench eval-grounding`: measure the grounding engine against gold spans and labels."""

from __future__ import annotations

import argparse
from pathlib import Path

from workbench.cli.options import DATA_HELP, add_format

DESCRIPTION = (
    "Ground every gold claim of the dataset (or every pair of a pairs file) and report\n"
    "recall@1/@3, mean IoU, AUC and precision/recall/F1 of 'supported' by claim kind,\n"
    "the calibrated probability's AUC, Brier score (beside the base rate's) and expected\n"
    "calibration error, with the BM25 and rapidfuzz baselines computed in the same run."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    src = p.add_mutually_exclusive_group()
    src.add_argument("--data", type=Path, metavar="PATH", help=DATA_HELP)
    src.add_argument(
        "--pairs", type=Path, metavar="FILE",
        help="pairs file: a JSON list of {id, source, claim, label, support_spans}",
    )
    add_format(p, ("text", "json"))
    p.add_argument(
        "--split", help="with --pairs: only the items whose 'split' field is this (dev, test)"
    )
    p.add_argument(
        "--seed", type=int, default=0, help="seed for the dataset's altered claims (default 0)"
    )


def run(args: argparse.Namespace) -> int:
    from workbench.errors import WorkbenchError
    from workbench.grounding.measuring.evaluation import evaluate, json_result, render_text
    from workbench.grounding.measuring.pair_inputs import dataset_items, load_pairs
    from workbench.terminal import json_text, visible

    if args.pairs:
        items = load_pairs(args.pairs, split=args.split)
        res = evaluate(items)
        res["data"] = {"path": str(args.pairs), "kind": "pairs"}
        if args.split:
            res["data"]["split"] = args.split
    else:
        from workbench.data.dataset import load_dataset

        ds = load_dataset(args.data)
        items = dataset_items(ds.records, seed=args.seed)
        if not items:
            raise WorkbenchError(f"{ds.source.path}: no claims to evaluate")
        res = evaluate(items, dataset=True)
        res["data"] = ds.source.to_dict()
    if args.format == "json":
        print(json_text(json_result(res)))
    else:
        print(visible(render_text(res)))
    return 0
