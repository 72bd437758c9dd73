"""The card's "Key numbers", computed from the tidy frames (never typed by hand)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl

from workbench.data.frames import Frames
from workbench.data.schema import DIFFICULTIES, GENRES

CARD_PATH = Path(__file__).resolve().parents[2] / "data" / "card.json"


def key_numbers(frames: Frames) -> dict[str, int]:
    """Records, claims, attribution spans, recomputed-verified spans, rating entries.

    A "human rating entry" is one annotator's scores object for one record, as the card
    counts them (4 annotators x 132 records = 528).
    """
    spans = frames.spans
    return {
        "records": frames.records.height,
        "claims": frames.claims.height,
        "attribution_spans": spans.height,
        "attribution_spans_verified": int(spans.get_column("verified").sum() or 0),
        "human_rating_entries": int(frames.records.get_column("n_annotators").sum() or 0),
    }


def _counts(frame: pl.DataFrame, column: str, levels: tuple[Any, ...]) -> dict[str, int]:
    """Counts per level, in the schema's order, with zero for levels that never occur."""
    got = dict(frame.group_by(column).len().iter_rows())
    return {str(level): int(got.get(level, 0)) for level in levels}


def genre_counts(frames: Frames) -> dict[str, int]:
    return _counts(frames.records, "genre", GENRES)


def difficulty_counts(frames: Frames) -> dict[str, int]:
    return _counts(frames.records, "difficulty", DIFFICULTIES)


def stored_verified(frames: Frames) -> int:
    """How many spans carry ``verified: true`` in the file (reported, never trusted)."""
    return int(frames.spans.get_column("verified_stored").sum() or 0)


@lru_cache(maxsize=1)
def _card_cached(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def load_card(path: Path = CARD_PATH) -> dict[str, Any]:
    """The card's published values (``data/card.json``), without its ``_source`` note."""
    card = json.loads(_card_cached(str(path)))
    return {k: v for k, v in card.items() if not k.startswith("_")}
