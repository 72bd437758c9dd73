"""`workbench records`: list the record ids, to pick one for `workbench check --record`."""

from __future__ import annotations

import argparse

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
    from workbench.terminal import json_text, visible

    ds = load_dataset(args.data)
    rows = [
        {k: r[k] for k in ("id", "genre", "difficulty", "question")}
        for r in ds.records
        if (args.genre is None or r["genre"] == args.genre)
        and (args.difficulty is None or r["difficulty"] == args.difficulty)
    ]
    if args.format == "json":
        print(json_text(rows))
        return 0
    ids = [visible(r["id"], one_line=True) for r in rows]
    width = max(map(len, ids), default=2)
    for rid, r in zip(ids, rows, strict=True):
        question = visible(r["question"], one_line=True)
        print(f"{rid:<{width}}  {r['genre']:<12}  {r['difficulty']:<6}  {question}")
    note = " (the bundled DEMO set)" if ds.is_demo else ""
    print(f"{len(rows)} of {len(ds.records)} records{note}")
    return 0
