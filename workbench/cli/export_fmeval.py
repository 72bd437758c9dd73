"""`workbench export-fmeval`: the dataset as JSON Lines for FMEval's QA evaluations."""

from __future__ import annotations

import argparse
from pathlib import Path

from workbench.cli.options import add_data, add_out

DESCRIPTION = (
    "Write one JSON line per record: id, question, ground_truth_answer (the reference\n"
    "answer) and fact where a curated one exists (from --facts or a reviewed copy given\n"
    "with --data). FMEval's DataConfig reads it (see the README)."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    add_out(p, "output .jsonl")
    p.add_argument(
        "--facts", type=Path, default=None, metavar="FILE",
        help="facts file (.jsonl/.csv/.parquet with id and fact)",
    )
    p.add_argument("--only-with-fact", action="store_true", help="only records with a fact")
    p.add_argument("--category", action="store_true", help="add the genre as 'category'")


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset
    from workbench.errors import WorkbenchError
    from workbench.io import write_json_atomic
    from workbench.scoring.answers_file import read_facts
    from workbench.scoring.fmeval_export import fmeval_lines
    from workbench.terminal import visible

    if args.out.suffix.lower() != ".jsonl":
        raise WorkbenchError(f"{args.out}: FMEval reads JSON Lines; use a .jsonl file name")
    ds = load_dataset(args.data)
    facts = read_facts(args.facts) if args.facts else {}
    unknown = sorted(set(facts) - {r["id"] for r in ds.records})
    if unknown:
        raise WorkbenchError(
            f"{args.facts}: {len(unknown)} fact(s) for ids not in the dataset, e.g. {unknown[0]!r}"
        )
    lines = fmeval_lines(
        ds.records, facts, only_with_fact=args.only_with_fact, category=args.category
    )
    if not lines:
        raise WorkbenchError(
            "no record has a fact: give --facts FILE or a reviewed copy with facts (--data)"
        )
    write_json_atomic(lines, args.out, inputs=[ds.source.path, args.facts])
    n_facts = sum(1 for line in lines if "fact" in line)
    print(visible(f"wrote {len(lines)} lines ({n_facts} with a fact) to {args.out}", one_line=True))
    if ds.is_demo:
        print("note: exported the bundled DEMO set, not the real dataset")
    return 0
