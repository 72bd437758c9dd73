"""Inter-annotator agreement on the dataset: the card's two figures, reproduced, and the tools
its warning calls for.

This is the dataset layer. The long ``ratings`` frame (record_id, annotator, dimension,
score) is pivoted with polars into a dimensions x annotators x records :class:`RatingCube`;
its raters x units matrices (pooled over record x dimension units, or one dimension) go to
the statistics in :mod:`workbench.agreement.coefficients`, always on the dataset's scale
:data:`SCALE`. On top sit the tables for notebooks and charts (:func:`alpha_table`,
:func:`coefficient_table`, :func:`pairwise_table`, :func:`agreement_by`) and the report
section (:func:`agreement_section`, :func:`agreement_lines`).

Missing ratings are missing, never zero; a statistic that cannot be computed comes back with
the reason it is undefined (see :mod:`workbench.agreement.coefficients`).

Just over 500 lines: the report section and its text rendering sit beside the tables
they are built from; they change together whenever a figure is added to the report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from workbench.agreement.coefficients import (
    RELIABLE,
    TENTATIVE,
    AgreementInputError,
    Level,
    PerfectAgreement,
    Stat,
    bootstrap_alpha,
    fleiss_kappa,
    gwet_ac,
    krippendorff_alpha,
    pairwise_agreement,
    percent_agreement,
    reliability_label,
    unit_coincidences,
)
from workbench.data.schema import DIMENSIONS, SCORE_VALUES
from workbench.formatting import fmt_float

# The rating scale of the dataset: every dataset-level statistic uses this as its value domain.
SCALE: tuple[float, ...] = tuple(float(v) for v in SCORE_VALUES)
POOLED = "pooled"


# --------------------------------------------------------------------------------------
# Dataset level: the long ratings frame
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RatingCube:
    """Ratings as ``scores[dimension, annotator, record]`` (float, ``NaN`` = missing)."""

    scores: np.ndarray
    dimensions: tuple[str, ...]
    annotators: tuple[str, ...]
    records: tuple[str, ...]

    def matrix(self, dimension: str = POOLED) -> np.ndarray:
        """Annotators x units for one dimension, or pooled (units = record x dimension)."""
        if dimension == POOLED:
            a, units = len(self.annotators), len(self.records) * len(self.dimensions)
            return self.scores.transpose(1, 2, 0).reshape(a, units)
        return self.scores[self.dimensions.index(dimension)]

    def scopes(self) -> tuple[str, ...]:
        return (POOLED, *self.dimensions)


_RATING_COLUMNS = ("record_id", "annotator", "dimension", "score")


def rating_cube(ratings: pl.DataFrame) -> RatingCube:
    """Pivot the long ratings (record_id, annotator, dimension, score) into a :class:`RatingCube`.

    Records and annotators are sorted; dimensions follow the schema order. A duplicate rating
    or a score outside the scale raises :class:`AgreementInputError` naming the record.
    The cube is filled with numpy from integer codes (dense ranks), not by a polars pivot
    and joins, whose temporary frames cost some 6 MB per 1,000 records.
    """
    missing = [c for c in _RATING_COLUMNS if c not in ratings.columns]
    if missing:
        raise AgreementInputError(f"ratings frame lacks column(s) {missing}")
    r = ratings.select(
        pl.col("record_id").cast(pl.String),
        pl.col("annotator").cast(pl.String),
        pl.col("dimension").cast(pl.String),
        pl.col("score").cast(pl.Float64),
    ).drop_nulls("score")
    present = set(r["dimension"].unique())
    dims = tuple([d for d in DIMENSIONS if d in present] + sorted(present - set(DIMENSIONS)))
    annotators = tuple(sorted(r["annotator"].unique()))
    records = tuple(sorted(r["record_id"].unique()))
    codes = r.select(
        # dense rank of a string = its place in the sorted distinct values (byte order of
        # UTF-8 = code point order = Python's sorted)
        (pl.col("record_id").rank("dense") - 1).cast(pl.Int64),
        (pl.col("annotator").rank("dense") - 1).cast(pl.Int64),
        pl.col("dimension").replace_strict(dims, list(range(len(dims))), return_dtype=pl.Int64),
    )
    rec, ann, dim = (codes.to_series(i).to_numpy() for i in range(3))
    score = r["score"].to_numpy()
    cell = (dim * len(annotators) + ann) * len(records) + rec
    if len(cell) and np.bincount(cell).max() > 1:
        _raise_duplicate(r)
    if not np.isin(score, SCALE).all():
        row = r.filter(~pl.col("score").is_in(list(SCALE))).sort("record_id").row(0, named=True)
        raise AgreementInputError(
            f"ratings: record {row['record_id']}: annotator {row['annotator']}: "
            f"{row['dimension']} score {row['score']:g} is outside the scale {SCORE_VALUES}"
        )
    if not records:  # nothing rated: every statistic will say so
        return RatingCube(np.empty((0, 0, 0)), (), (), ())
    scores = np.full((len(dims), len(annotators), len(records)), np.nan)
    scores[dim, ann, rec] = score
    return RatingCube(scores, dims, annotators, records)


def _raise_duplicate(r: pl.DataFrame) -> None:
    dup = r.group_by("record_id", "annotator", "dimension").len().filter(pl.col("len") > 1)
    row = dup.sort("record_id", "annotator", "dimension").row(0, named=True)
    raise AgreementInputError(
        f"ratings: record {row['record_id']}: annotator {row['annotator']} rated "
        f"{row['dimension']} {row['len']} times"
    )


def perfect_agreement(ratings: pl.DataFrame) -> PerfectAgreement:
    """Records on which, for every dimension, all annotators gave the same score.

    The card's "perfect agreement" (0.379, 50 of 132), as the headline reading: the agreed
    score may differ from one dimension to the next. A record counts if at least one of its
    dimensions was rated by two or more annotators and no dimension shows two different
    scores; a missing rating is not a disagreement. ``of`` is the number of such
    comparable records. See :func:`perfect_agreement_identical` for the stricter reading.
    """
    return _perfect_on_cube(rating_cube(ratings), identical=False)


def perfect_agreement_identical(ratings: pl.DataFrame) -> PerfectAgreement:
    """Records on which every score of every annotator on every dimension is one single value.

    The stricter reading of the card's definition ("all four annotators gave the exact same
    score, on all five dimensions"): a record whose annotators agree on each dimension but
    give, say, 2 on coherence and 1 on completeness counts for :func:`perfect_agreement`, not
    here. Missing ratings and ``of`` (the comparable records) are treated exactly as there, so
    these records are a subset of those and the fraction is never higher. Only the real file
    (card: 50 of 132) can settle which reading the card used; the demo set cannot.
    """
    return _perfect_on_cube(rating_cube(ratings), identical=True)


def _perfect_on_cube(cube: RatingCube, *, identical: bool) -> PerfectAgreement:
    """Both readings of perfect agreement on a pivoted cube (see the two public functions)."""
    if not cube.records:
        return PerfectAgreement(None, 0, 0, "there are no ratings")
    s = cube.scores
    n = (~np.isnan(s)).sum(axis=1)  # (D, R) ratings per dimension and record
    comparable = (n >= 2).any(axis=0)
    if identical:  # one value over all (dimension, annotator) cells of the record
        flat = s.reshape(-1, s.shape[2])
        agree = (np.fmin.reduce(flat, axis=0) == np.fmax.reduce(flat, axis=0)) & comparable
    else:
        same = (np.fmin.reduce(s, axis=1) == np.fmax.reduce(s, axis=1)) | (n == 0)
        agree = same.all(axis=0) & comparable
    of = int(comparable.sum())
    if of == 0:
        return PerfectAgreement(None, 0, 0, "no record was rated by two or more annotators")
    return PerfectAgreement(int(agree.sum()) / of, int(agree.sum()), of)


def scope_coincidences(cube: RatingCube) -> np.ndarray:
    """``(records, 1 + D, V, V)`` per-record coincidences: pooled first, then each dimension."""
    per_dim = np.stack(
        [unit_coincidences(cube.scores[d], SCALE) for d in range(len(cube.dimensions))], axis=1
    )
    return np.concatenate([per_dim.sum(axis=1, keepdims=True), per_dim], axis=1)


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
            rows.append(
                {
                    "scope": scope,
                    "level": level,
                    "alpha": stat.value,
                    "label": reliability_label(stat.value),
                    "reason": stat.reason,
                    "n_units": int(((~np.isnan(m)).sum(axis=0) >= 2).sum()),
                    "lo": _finite(boot.lo[i]) if boot else None,
                    "hi": _finite(boot.hi[i]) if boot else None,
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


def _finite(x: float) -> float | None:
    return float(x) if np.isfinite(x) else None


# Coefficients shown beside alpha, in display order: (name, function).
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


# --------------------------------------------------------------------------------------
# Report section
# --------------------------------------------------------------------------------------


def agreement_section(ratings: pl.DataFrame, *, bootstrap: int = 0, seed: int = 0) -> dict:
    """The ``agreement`` section of ``workbench report`` (JSON-ready).

    Always holds the card's two figures in the card's shape::

        {"perfect_agreement": {"fraction", "records", "of"},
         "alpha_ordinal": {"pooled", "coherence", ..., "attribution"}, ...}

    plus ``perfect_agreement_identical`` {fraction, records, of}, the stricter reading of the
    card's definition (every score of every annotator on every dimension one single value; see
    :func:`perfect_agreement_identical` — only the real file, where the card says 50 of 132,
    can settle which reading the card used), labels, the reasons for any undefined value,
    nominal/interval alpha, AC1, AC2
    (Gwet ordinal weights), Fleiss' kappa and percent agreement per scope, and — when
    ``bootstrap > 0`` — seeded 95% percentile intervals for ordinal alpha. Values are unrounded
    floats or ``None``.
    """
    cube = rating_cube(ratings)
    perfect = _perfect_on_cube(cube, identical=False)
    identical = _perfect_on_cube(cube, identical=True)
    table = {scope: coefficients(cube.matrix(scope)) for scope in cube.scopes()}
    scopes = [POOLED, *DIMENSIONS] + [d for d in cube.dimensions if d not in DIMENSIONS]

    def per_scope(name: str) -> dict[str, float | None]:
        return {s: table[s][name].value if s in table else None for s in scopes}

    alpha = per_scope("alpha_ordinal")
    undefined = {
        f"{name}.{s}": (table[s][name].reason if s in table else "no ratings for this dimension")
        for name in COEFFICIENTS
        for s in scopes
        if s not in table or table[s][name].reason
    }
    section: dict = {
        "perfect_agreement": {
            "fraction": perfect.fraction,
            "records": perfect.count,
            "of": perfect.of,
        },
        "perfect_agreement_identical": {
            "fraction": identical.fraction,
            "records": identical.count,
            "of": identical.of,
        },
        "alpha_ordinal": alpha,
        "alpha_ordinal_label": {s: reliability_label(v) for s, v in alpha.items()},
        "thresholds": {"reliable": RELIABLE, "tentative": TENTATIVE},
        "value_domain": list(SCORE_VALUES),
        "n_records": len(cube.records),
        "n_annotators": len(cube.annotators),
    }
    for name in COEFFICIENTS[1:]:
        section[name] = per_scope(name)
    section["undefined"] = undefined
    if bootstrap > 0 and cube.records:
        boot = bootstrap_alpha(
            scope_coincidences(cube), SCALE, "ordinal", resamples=bootstrap, seed=seed
        )
        index = {s: i for i, s in enumerate(cube.scopes())}
        section["alpha_ordinal_interval"] = {
            "confidence": boot.confidence,
            "resamples": boot.resamples,
            "seed": seed,
            "method": "percentile bootstrap over records",
            # resamples in which alpha was 0/0 (no variation); the interval is taken over the
            # others, so a large count means the interval is conditional on variation existing
            "undefined_resamples": {
                s: int(boot.n_undefined[index[s]]) if s in index else bootstrap for s in scopes
            },
            **{
                s: (
                    [_finite(boot.lo[index[s]]), _finite(boot.hi[index[s]])]
                    if s in index
                    else [None, None]
                )
                for s in scopes
            },
        }
    return section


def agreement_lines(section: dict, *, markdown: bool = False) -> list[str]:
    """The agreement section as a table of lines (text or markdown) for the report.

    The title gives perfect agreement, then its stricter alternative reading (one single score
    on every dimension) when the section has it. One row per scope: ordinal alpha with its guideline label and bootstrap interval (if
    computed), nominal and interval alpha, AC1, AC2, Fleiss' kappa and percent agreement;
    then the reason for every undefined value.
    """
    interval = section.get("alpha_ordinal_interval")
    scopes = list(section["alpha_ordinal"])
    heads = ["scope", "alpha ord", "label"]
    if interval:
        heads.append(f"{interval['confidence']:.0%} CI ({interval['resamples']} boot)")
    heads += ["alpha nom", "alpha int", "AC1", "AC2 ord", "Fleiss", "% agree"]
    rows = []
    for s in scopes:
        row = [s, fmt_float(section["alpha_ordinal"][s]), section["alpha_ordinal_label"][s]]
        if interval:
            lo, hi = interval[s]
            flag = "*" if interval.get("undefined_resamples", {}).get(s) else ""
            row.append("n/a" if lo is None else f"[{lo:.3f}, {hi:.3f}]{flag}")
        row += [
            fmt_float(section[k][s])
            for k in COEFFICIENTS[1:]  # alpha_ordinal is shown first, with its interval
        ]
        rows.append(row)
    pa = section["perfect_agreement"]
    strict = section.get("perfect_agreement_identical")
    alternative = (
        f" Perfect agreement, alternative reading (one single score on every dimension): "
        f"{fmt_float(strict['fraction'])} ({strict['records']} of {strict['of']} records)."
        if strict
        else ""
    )
    title = (
        f"Annotator agreement: {section['n_annotators']} annotators, {section['n_records']} "
        f"records, scale {tuple(section['value_domain'])}. Perfect agreement "
        f"{fmt_float(pa['fraction'])} ({pa['records']} of {pa['of']} records).{alternative} "
        f"Krippendorff: reliable >= {RELIABLE:.3f}, tentative >= {TENTATIVE:.3f}, else "
        "unreliable."
    )
    by_reason: dict[str, list[str]] = {}
    for key, reason in section.get("undefined", {}).items():
        by_reason.setdefault(reason, []).append(key)
    notes = [f"undefined ({reason}): {', '.join(keys)}" for reason, keys in by_reason.items()]
    if interval and any(interval.get("undefined_resamples", {}).values()):
        counts = ", ".join(
            f"{k} {v}" for k, v in interval["undefined_resamples"].items() if v and k in scopes
        )
        notes.append(
            f"* interval over the resamples where alpha is defined; resamples with no "
            f"variation (alpha 0/0), of {interval['resamples']}: {counts}"
        )
    if markdown:
        lines = [f"**{title}**", "", "| " + " | ".join(heads) + " |"]
        lines.append("| --- | " + " | ".join("---:" for _ in heads[1:]) + " |")
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return lines + ([""] + [f"- {n}" for n in notes] if notes else [])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    fmt = "  ".join(f"{{:<{w}}}" if i in (0, 2) else f"{{:>{w}}}" for i, w in enumerate(widths))
    lines = [title, fmt.format(*heads), "-" * (sum(widths) + 2 * (len(widths) - 1))]
    return lines + [fmt.format(*r) for r in rows] + notes
