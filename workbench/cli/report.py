"""`workbench report`: every number of the card, computed from the data."""

from __future__ import annotations

import argparse

from workbench.cli.options import add_data, add_format

DESCRIPTION = (
    "Compute every number of the dataset card (key numbers, genre and difficulty\n"
    "distributions, annotator agreement) from the data and print it beside the published\n"
    "value with a match mark."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    add_format(p, ("text", "markdown", "json"))
    p.add_argument("--lenient", action="store_true", help="skip invalid records instead of failing")


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset
    from workbench.report import build_report, render_markdown, render_text
    from workbench.terminal import json_text, visible

    report = build_report(load_dataset(args.data, lenient=args.lenient))
    if args.format == "json":
        print(json_text(report))
    elif args.format == "markdown":
        print(visible(render_markdown(report)))
    else:
        print(visible(render_text(report)))
    return 0
