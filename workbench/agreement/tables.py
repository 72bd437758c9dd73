"""Agreement tables of the ratings frame, for notebooks and charts.

Alpha with its bootstrap interval, every coefficient side by side, the annotator x annotator
agreement matrix, and the figures within each genre or difficulty: long polars frames,
pooled and per dimension, one row per scope, built on :mod:`workbench.agreement.ratings`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

from workbench.agreement.alpha import Level, krippendorff_alpha, reliability_label
from workbench.agreement.bootstrap import bootstrap_alpha
from workbench.agreement.chance_corrected import fleiss_kappa, gwet_ac, percent_agreement
from workbench.agreement.matrix import AgreementInputError, Stat
from workbench.agreement.ratings import (
    POOLED,
    SCALE,
    perfect_agreement,
    rating_cube,
    scope_coincidences,
)
from workbench.agreement.raw_agreement import pairwise_agreement


def alpha_table(
    ratings: pl.DataFrame,
    *,
    levels: Sequence[Level] = ("ordinal",),
    bootstrap: int = 0,
    seed: int = 0,
    confidence: float = 0.95,
) -> pl.DataFrame:
    """Alpha pooled and per dimension, one row per scope x level, with label, reason and
    (if ``bootstrap > 0``) the percentile interval.

    Columns: scope, level, alpha, label, reason, n_units (pairable units), lo, hi,
    n_undefined (resamples with alpha 0/0).
    """
    cube = rating_cube(ratings)
    rows = []
    coinc = scope_coincidences(cube) if bootstrap > 0 and cube.records else None
    for level in levels:
        boot = (
            bootstrap_alpha(
                coinc, SCALE, level, resamples=bootstrap, seed=seed, confidence=confidence
            )
            if coinc is not None
            else None
        )
        for i, scope in enumerate(cube.scopes()):
            m = cube.matrix(scope)
            stat = krippendorff_alpha(m, level, SCALE)
            lo, hi = boot.bounds(i) if boot else (None, None)
            rows.append(
                {
                    "scope": scope,
                    "level": level,
                    "alpha": stat.value,
                    "label": reliability_label(stat.value),
                    "reason": stat.reason,
                    "n_units": int(((~np.isnan(m)).sum(axis=0) >= 2).sum()),
                    "lo": lo,
                    "hi": hi,
                    "n_undefined": int(boot.n_undefined[i]) if boot else None,
                }
            )
    return pl.DataFrame(rows, schema=_ALPHA_SCHEMA)


_ALPHA_SCHEMA = {
    "scope": pl.String,
    "level": pl.String,
    "alpha": pl.Float64,
    "label": pl.String,
    "reason": pl.String,
    "n_units": pl.Int64,
    "lo": pl.Float64,
    "hi": pl.Float64,
    "n_undefined": pl.Int64,
}


COEFFICIENTS: tuple[str, ...] = (
    "alpha_ordinal",
    "alpha_nominal",
    "alpha_interval",
    "gwet_ac1",
    "gwet_ac2_ordinal",
    "fleiss_kappa",
    "percent_agreement",
)


def coefficients(matrix: object, categories: Sequence[float] = SCALE) -> dict[str, Stat]:
    """Every coefficient in :data:`COEFFICIENTS` for one raters x units matrix."""
    return {
        "alpha_ordinal": krippendorff_alpha(matrix, "ordinal", categories),
        "alpha_nominal": krippendorff_alpha(matrix, "nominal", categories),
        "alpha_interval": krippendorff_alpha(matrix, "interval", categories),
        "gwet_ac1": gwet_ac(matrix, categories, "identity"),
        "gwet_ac2_ordinal": gwet_ac(matrix, categories, "ordinal"),
        "fleiss_kappa": fleiss_kappa(matrix, categories),
        "percent_agreement": percent_agreement(matrix, categories),
    }


def coefficient_table(ratings: pl.DataFrame) -> pl.DataFrame:
    """Long table scope x coefficient: value, se, reason (pooled and per dimension)."""
    cube = rating_cube(ratings)
    rows = [
        {"scope": scope, "coefficient": name, "value": s.value, "se": s.se, "reason": s.reason}
        for scope in cube.scopes()
        for name, s in coefficients(cube.matrix(scope)).items()
    ]
    schema = {
        "scope": pl.String,
        "coefficient": pl.String,
        "value": pl.Float64,
        "se": pl.Float64,
        "reason": pl.String,
    }
    return pl.DataFrame(rows, schema=schema)


def pairwise_table(ratings: pl.DataFrame) -> pl.DataFrame:
    """Long table of the annotator x annotator agreement matrix per scope (pooled, dimensions).

    Columns: scope, annotator_a, annotator_b, agreement (share of co-rated units with equal
    scores, null if none), n_shared.
    """
    cube = rating_cube(ratings)
    a = len(cube.annotators)
    frames = []
    for scope in cube.scopes():
        agree, shared = pairwise_agreement(cube.matrix(scope))
        frames.append(
            pl.DataFrame(
                {
                    "scope": [scope] * (a * a),
                    "annotator_a": np.repeat(cube.annotators, a).tolist(),
                    "annotator_b": np.tile(cube.annotators, a).tolist(),
                    "agreement": agree.ravel(),
                    "n_shared": shared.ravel(),
                },
                schema={
                    "scope": pl.String,
                    "annotator_a": pl.String,
                    "annotator_b": pl.String,
                    "agreement": pl.Float64,
                    "n_shared": pl.Int64,
                },
            )
        )
    return pl.concat(frames).with_columns(pl.col("agreement").fill_nan(None))


def agreement_by(ratings: pl.DataFrame, by: str) -> pl.DataFrame:
    """Alpha (ordinal), AC1, percent and perfect agreement within each value of ``by``
    (e.g. ``genre`` or ``difficulty``), pooled and per dimension.

    Columns: group (as string), scope, n_records, alpha_ordinal, label, reason, gwet_ac1,
    percent_agreement, perfect_agreement (records-level, on the pooled row only).
    """
    if by not in ratings.columns:
        raise AgreementInputError(f"ratings frame has no column {by!r} to group by")
    rows = []
    for (group,), part in ratings.sort(by).group_by(by, maintain_order=True):
        cube = rating_cube(part)
        perfect = perfect_agreement(part)
        for scope in cube.scopes():
            m = cube.matrix(scope)
            alpha = krippendorff_alpha(m, "ordinal", SCALE)
            rows.append(
                {
                    "group": str(group),
                    "scope": scope,
                    "n_records": len(cube.records),
                    "alpha_ordinal": alpha.value,
                    "label": reliability_label(alpha.value),
                    "reason": alpha.reason,
                    "gwet_ac1": gwet_ac(m, SCALE).value,
                    "percent_agreement": percent_agreement(m, SCALE).value,
                    "perfect_agreement": perfect.fraction if scope == POOLED else None,
                }
            )
    schema = {
        "group": pl.String,
        "scope": pl.String,
        "n_records": pl.Int64,
        "alpha_ordinal": pl.Float64,
        "label": pl.String,
        "reason": pl.String,
        "gwet_ac1": pl.Float64,
        "percent_agreement": pl.Float64,
        "perfect_agreement": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema)
