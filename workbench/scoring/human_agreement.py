"""How far the grounding engine agrees with people: Kendall's tau-b between the engine's
support score of each reference answer and the annotators' mean ratings of it.

For each record, the engine grounds the record's ``reference_answer`` in its
``source_text`` (the supported share of its claims); the annotators' scores of the same
answer are averaged per dimension (faithfulness, attribution). Kendall's tau-b (ties
corrected: both sides have few distinct values) with a percentile bootstrap 95% interval
over records, overall and per genre (``workbench.scoring.compare``).

How to read it: tau-b is the share of record pairs the engine and the annotators order
the same way minus the share they order oppositely (ties left out); 0 means the engine's
ranking says nothing about the people's, 1 that it orders the answers exactly as they
do. An interval that crosses 0 means these records cannot show any agreement.

On more than ``MAX_RECORDS`` records a seeded random sample of that many is grounded (the
section says so), so the report's time stays bounded.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from workbench.scoring.compare import RESAMPLES, tau_b_interval
from workbench.scoring.figures import Grounder, default_grounder, grounding_figures

HUMAN_DIMENSIONS: tuple[str, ...] = ("faithfulness", "attribution")
MAX_RECORDS = 2000
HOW_TO_READ = (
    "Kendall's tau-b between the engine's support score of each reference answer and the "
    "annotators' mean rating of it: the share of record pairs both order the same way minus "
    "the share they order oppositely (0 = no agreement, 1 = the same order); an interval "
    "crossing 0 shows no agreement on these records; n/a: one side gives every record the "
    "same value."
)


def engine_support(
    records: Sequence[Mapping[str, Any]], grounder: Grounder | None = None
) -> pl.DataFrame:
    """record_id, genre and the engine's supported share of each reference answer."""
    ground = grounder or default_grounder()
    rows = []
    for r in records:
        figures, _ = grounding_figures(r["reference_answer"], r["source_text"], ground)
        rows.append((r["id"], r.get("genre"), figures["supported_fraction"]))
    return pl.DataFrame(
        rows,
        schema={"record_id": pl.String, "genre": pl.String, "support": pl.Float64},
        orient="row",
    )


def _tau_row(scope: str, x: np.ndarray, y: np.ndarray, resamples: int, seed: int) -> dict:
    tau, lo, hi = tau_b_interval(x, y, resamples, seed) if len(x) >= 2 else (np.nan,) * 3
    clean = [None if np.isnan(v) else round(float(v), 6) for v in (tau, lo, hi)]
    return {"scope": scope, "n": len(x), "tau_b": clean[0], "lo": clean[1], "hi": clean[2]}


def engine_vs_annotators(
    records: Sequence[Mapping[str, Any]],
    ratings: pl.DataFrame,
    *,
    grounder: Grounder | None = None,
    resamples: int = RESAMPLES,
    seed: int = 0,
    max_records: int = MAX_RECORDS,
) -> dict[str, Any]:
    """The section: tau-b (and interval) per dimension, overall and per genre.

    ``ratings`` is the dataset's long ratings frame (record_id, genre, annotator,
    dimension, score).
    """
    rated = set(ratings.get_column("record_id").unique().to_list())
    pool = [r for r in records if r["id"] in rated]
    sampled = len(pool) > max_records
    if sampled:
        pool = random.Random(seed).sample(pool, max_records)
    support = engine_support(pool, grounder)
    means = (
        ratings.filter(pl.col("dimension").is_in(list(HUMAN_DIMENSIONS)))
        .group_by("record_id", "dimension")
        .agg(pl.col("score").cast(pl.Float64).mean().alias("mean"))
    )
    out: dict[str, Any] = {
        "records": support.height,
        "sampled": sampled,
        "resamples": resamples,
        "how_to_read": HOW_TO_READ,
        "dimensions": {},
    }
    for dim in HUMAN_DIMENSIONS:
        # the bootstrap draws rows by position: fix their order (a join keeps none)
        joined = (
            support.join(means.filter(pl.col("dimension") == dim), on="record_id")
            .drop_nulls(["support", "mean"])
            .sort("record_id")
        )
        rows = [
            _tau_row(
                "all", joined["support"].to_numpy(), joined["mean"].to_numpy(), resamples, seed
            )
        ]
        for (genre,), g in joined.sort("genre", "record_id").group_by("genre", maintain_order=True):
            rows.append(
                _tau_row(str(genre), g["support"].to_numpy(), g["mean"].to_numpy(), resamples, seed)
            )
        out["dimensions"][dim] = rows
    return out


def engine_vs_annotators_lines(section: Mapping[str, Any], *, markdown: bool = False) -> list[str]:
    """The section as lines of text (or a markdown table) for the report."""
    title = "Engine vs annotators (Kendall's tau-b, bootstrap 95% interval)"
    if section.get("demo"):
        title = "DEMO SET, an illustration only: " + title
    if section.get("sampled"):
        title += f", on a random sample of {section['records']} records"
    lines = [f"### {title}" if markdown else title, section["how_to_read"], ""]
    if markdown:
        lines += [
            "| dimension | scope | records | tau-b | 95% interval |",
            "| --- | --- | ---: | ---: | --- |",
        ]
    for dim, rows in section["dimensions"].items():
        for r in rows:
            tau = "n/a" if r["tau_b"] is None else f"{r['tau_b']:+.3f}"
            ci = "n/a" if r["lo"] is None else f"[{r['lo']:+.3f}, {r['hi']:+.3f}]"
            if markdown:
                lines.append(f"| {dim} | {r['scope']} | {r['n']} | {tau} | {ci} |")
            else:
                lines.append(f"  {dim:<13} {r['scope']:<14} n={r['n']:<6} tau-b {tau} {ci}")
    return lines
