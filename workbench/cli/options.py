"""Options shared by several commands, each with its help line written once."""

from __future__ import annotations

import argparse
from pathlib import Path

DATA_HELP = (
    "dataset file (default: $WORKBENCH_DATA, then data/abstractive_qa_for_llm_eval.json, "
    "then the bundled demo set)"
)


def add_data(p: argparse.ArgumentParser) -> None:
    """``--data PATH``: which dataset file to read."""
    p.add_argument("--data", type=Path, default=None, metavar="PATH", help=DATA_HELP)


def add_format(p: argparse.ArgumentParser, choices: tuple[str, ...]) -> None:
    """``--format``: the output format, the first choice by default."""
    p.add_argument(
        "--format",
        choices=choices,
        default=choices[0],
        help=f"output format (default {choices[0]})",
    )


def add_out(p: argparse.ArgumentParser, what: str) -> None:
    """``--out FILE`` (required): where the command writes its output."""
    p.add_argument("--out", type=Path, required=True, metavar="FILE", help=what)
