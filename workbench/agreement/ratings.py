"""Inter-annotator agreement on the dataset: the ratings frame as a cube of scores.

This is the dataset layer. The long ``ratings`` frame (record_id, annotator, dimension,
score) is pivoted with polars into a dimensions x annotators x records :class:`RatingCube`;
its raters x units matrices (pooled over record x dimension units, or one dimension) go to
the statistics (:mod:`workbench.agreement.alpha`, :mod:`~workbench.agreement.chance_corrected`,
:mod:`~workbench.agreement.raw_agreement`), always on the dataset's scale :data:`SCALE`.
Here too: the card's perfect agreement, in both readings, and the per-record coincidences the
bootstrap resamples. The tables for notebooks and charts are in
:mod:`workbench.agreement.tables`; the report section in
:mod:`workbench.agreement.report_section`.

Missing ratings are missing, never zero; a statistic that cannot be computed comes back with
the reason it is undefined (see :mod:`workbench.agreement.matrix`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from workbench.agreement.alpha import unit_coincidences
from workbench.agreement.matrix import AgreementInputError
from workbench.agreement.raw_agreement import PerfectAgreement
from workbench.data.schema import DIMENSIONS, SCORE_VALUES

# The rating scale of the dataset: every dataset-level statistic uses this as its value domain.
SCALE: tuple[float, ...] = tuple(float(v) for v in SCORE_VALUES)
POOLED = "pooled"


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
    return perfect_on_cube(rating_cube(ratings), identical=False)


def perfect_agreement_identical(ratings: pl.DataFrame) -> PerfectAgreement:
    """Records on which every score of every annotator on every dimension is one single value.

    The stricter reading of the card's definition ("all four annotators gave the exact same
    score, on all five dimensions"): a record whose annotators agree on each dimension but
    give, say, 2 on coherence and 1 on completeness counts for :func:`perfect_agreement`, not
    here. Missing ratings and ``of`` (the comparable records) are treated exactly as there, so
    these records are a subset of those and the fraction is never higher. Only the real file
    (card: 50 of 132) can settle which reading the card used; the demo set cannot.
    """
    return perfect_on_cube(rating_cube(ratings), identical=True)


def perfect_on_cube(cube: RatingCube, *, identical: bool) -> PerfectAgreement:
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
