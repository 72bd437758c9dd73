"""Which records to review: a seeded sample stratified by genre x difficulty, judge-sorted.

Sampling (``workbench review-sample``)
--------------------------------------
A seeded random sample, stratified by genre x difficulty: in each of the nine cells,
``ceil(size * percentage / 100)`` records are drawn (so every non-empty cell is seen at
least once), in a fixed order (cells sorted, ids sorted, then a ``numpy`` permutation from
the seed), so the same seed and data always give the same sample, whatever the record
order in the file. An explicit ``--percentage`` wins over the risk level's default:

========  =====  ==============================================================
risk      share  why
========  =====  ==============================================================
low         5%   wrong ground truth is cheap to notice and fix later; a spot check
                 (with ceil per cell, at least one record from every cell: 9 of
                 the 132 records, i.e. about 7%)
medium     10%   the default: about two records per cell (18 of 132); if 10% of
                 items are wrong, at least one is seen with probability 1 - 0.9^18
                 = 85%
high       25%   about four per cell (36 of 132): that probability reaches 98%,
                 and a per-genre flagged share is estimated from 12+ items
critical  100%   wrong ground truth would cause serious harm (e.g. it decides
                 whether a model is deployed where errors hurt people): review all
========  =====  ==============================================================

The sample is written as a review queue, pre-sorted by a judge (``workbench.scoring.judge``): the
reference answer of each record is grounded in its source and labelled; hallucinated
first, then irrelevant, incomplete, grounded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from workbench.errors import WorkbenchError
from workbench.scoring.judge import REVIEW_PRIORITY, Judge, rule_judge

RISK_PERCENTAGES: dict[str, float] = {"low": 5.0, "medium": 10.0, "high": 25.0, "critical": 100.0}
STRATA: tuple[str, str] = ("genre", "difficulty")


def review_percentage(risk: str, percentage: float | None = None) -> float:
    """The share to review: an explicit percentage wins, else the risk level's default."""
    if percentage is not None:
        if not 0 < percentage <= 100:
            raise WorkbenchError(f"the share to review must be a percentage in (0, 100], got {percentage}")
        return float(percentage)
    try:
        return RISK_PERCENTAGES[risk.lower()]
    except KeyError:
        raise WorkbenchError(
            f"unknown risk level {risk!r} (use {', '.join(RISK_PERCENTAGES)})"
        ) from None


def sample_for_review(
    records: Sequence[Mapping[str, Any]],
    *,
    seed: int,
    risk: str = "medium",
    percentage: float | None = None,
) -> pl.DataFrame:
    """A seeded sample stratified by genre x difficulty (see the module docstring).

    Returns one row per sampled record: ``id``, ``genre``, ``difficulty``, ``cell_size``
    and ``cell_sampled``, sorted by cell then id.
    """
    pct = review_percentage(risk, percentage)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise WorkbenchError(f"the seed must be an integer >= 0, got {seed!r}")
    frame = pl.DataFrame(
        {
            "id": [r["id"] for r in records],
            "genre": [r["genre"] for r in records],
            "difficulty": [r["difficulty"] for r in records],
        },
        schema={"id": pl.String, "genre": pl.String, "difficulty": pl.Int64},
    )
    rng = np.random.default_rng(seed)
    picked: list[pl.DataFrame] = []
    for _key, cell in frame.sort([*STRATA, "id"]).group_by(STRATA, maintain_order=True):
        take = min(cell.height, math.ceil(cell.height * pct / 100))
        order = rng.permutation(cell.height)[:take]
        picked.append(
            cell[np.sort(order)].with_columns(
                cell_size=pl.lit(cell.height, pl.Int64), cell_sampled=pl.lit(take, pl.Int64)
            )
        )
    if not picked:
        return frame.with_columns(cell_size=pl.lit(0, pl.Int64), cell_sampled=pl.lit(0, pl.Int64))
    return pl.concat(picked).sort([*STRATA, "id"])


def judge_reference(
    record: Mapping[str, Any], *, judge: Judge = rule_judge, grounder: Any = None
) -> dict[str, Any]:
    """Judge a record's reference answer against its source (no reference to compare to)."""
    from workbench.scoring.answers import default_grounder, grounding_figures

    ground = grounder or default_grounder()
    answer = record["reference_answer"]
    figures, _claims = grounding_figures(answer, record["source_text"], ground)
    label = judge(
        {
            "question": record.get("question"),
            "answer": answer,
            "source": record["source_text"],
            "reference": None,
            "figures": figures,
        }
    )
    return {"judge": label, **figures}


def review_queue(
    records: Sequence[Mapping[str, Any]],
    sample: pl.DataFrame,
    *,
    judge: Judge | None = rule_judge,
    grounder: Any = None,
) -> pl.DataFrame:
    """The sample pre-sorted for review: most suspicious judge label first.

    With ``judge=None`` the queue keeps the sample's order and has no judge column values.
    """
    by_id = {r["id"]: r for r in records}
    rows = []
    for rid in sample.get_column("id").to_list():
        if judge is None:
            rows.append({"id": rid, "judge": None, "supported_fraction": None})
            continue
        j = judge_reference(by_id[rid], judge=judge, grounder=grounder)
        rows.append({"id": rid, "judge": j["judge"], "supported_fraction": j["supported_fraction"]})
    labels = pl.DataFrame(
        rows, schema={"id": pl.String, "judge": pl.String, "supported_fraction": pl.Float64}
    )
    queue = sample.join(labels, on="id", how="left", maintain_order="left").with_columns(
        priority=pl.col("judge").replace_strict(REVIEW_PRIORITY, default=len(REVIEW_PRIORITY))
    )
    return queue.sort(["priority", "supported_fraction", *STRATA, "id"], nulls_last=True)
