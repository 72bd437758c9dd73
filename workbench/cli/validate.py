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

    path, kind = resolve_path(args.data)
    data, digest = read_json_array(path)
    _, problems = validate_records(data, file=str(path))
    for p in problems:
        print(p.message_line())
    bad_records = len({p.index for p in problems})
    summary = (
        f"{path} ({kind}, sha256 {digest[:12]}…): {len(data)} records, "
        f"{bad_records} with problems, {len(problems)} problem(s)"
    )
    print(summary, file=sys.stderr if problems else sys.stdout)
    return 1 if problems else 0
