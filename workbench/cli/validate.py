"""`workbench validate`: check a dataset file against the schema."""

from __future__ import annotations

import argparse
import sys

from workbench.cli.options import add_data

DESCRIPTION = (
    "Check every record; print each problem on its own line (file, record id, JSON path,\n"
    "what is wrong). Exit 0 when clean, 1 when there are problems, 2 when the file cannot\n"
    "be read."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import read_json_array, resolve_path
    from workbench.data.validate import validate_records
    from workbench.terminal import visible

    path, kind = resolve_path(args.data)
    data, digest = read_json_array(path)
    checked = validate_records(data, file=str(path))
    for p in checked.problems:
        print(visible(p.message_line(), one_line=True))
    if checked.not_shown:
        print(f"... and {checked.not_shown:,} more problem(s) not listed")
    summary = (
        f"{path} ({kind}, sha256 {digest[:12]}…): {len(data)} records, "
        f"{checked.bad_records} with problems, {checked.total} problem(s)"
    )
    print(visible(summary, one_line=True), file=sys.stderr if checked.total else sys.stdout)
    return 1 if checked.total else 0
