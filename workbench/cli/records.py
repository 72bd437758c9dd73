"""`workbench records`: list the record ids, to pick one for `workbench check --record`."""

from __future__ import annotations

import argparse
import json

from workbench.cli.options import add_data, add_format
from workbench.data.schema import DIFFICULTIES, GENRES

DESCRIPTION = (
    "List every record: id, genre, difficulty and question (filtered by --genre and\n"
    "--difficulty). Use an id with `workbench check --record ID`."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    p.add_argument("--genre", choices=GENRES, help="only records of this genre")
    p.add_argument("--difficulty", choices=DIFFICULTIES, help="only records of this difficulty")
    add_format(p, ("text", "json"))


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset
    from workbench.terminal import visible

    ds = load_dataset(args.data)
    rows = [
        {k: r[k] for k in ("id", "genre", "difficulty", "question")}
        for r in ds.records
        if (args.genre is None or r["genre"] == args.genre)
        and (args.difficulty is None or r["difficulty"] == args.difficulty)
    ]
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    width = max((len(r["id"]) for r in rows), default=2)
    for r in rows:
        print(f"{visible(r['id']):<{width}}  {r['genre']:<12}  {r['difficulty']:<6}  "
              f"{visible(r['question'])}")
    note = " (the bundled DEMO set)" if ds.is_demo else ""
    print(f"{len(rows)} of {len(ds.records)} records{note}")
    return 0
