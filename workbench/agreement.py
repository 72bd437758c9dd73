"""Inter-annotator agreement: the card's two figures, reproduced, and the tools its warning calls for.

Two layers:

* **Core** (pure numpy) on a *raters x units* matrix of floats, ``NaN`` = missing rating:
  Krippendorff's alpha (via the ``krippendorff`` package), Gwet's AC1/AC2, Fleiss' kappa,
  Brennan-Prediger, Conger's kappa (Cohen's for two raters), percent agreement, perfect
  agreement, the pairwise agreement matrix and a vectorised bootstrap of alpha.
* **Dataset** functions on the long ``ratings`` frame (record_id, annotator, dimension,
  score), pivoted with polars into a dimensions x annotators x records cube, and the report
  section :func:`agreement_section`.

Missing ratings are missing, never zero: an absent annotator simply contributes nothing to a
unit. A statistic that cannot be computed (no variation, no unit rated twice) comes back as
``Stat(value=None, reason=...)``, never as a silent ``nan`` or an exception.

Formulas for the chance-corrected coefficients follow Gwet (2014), *Handbook of Inter-Rater
Reliability*, 4th ed., as implemented in his ``irrCAC`` package (raw-ratings functions, no
finite-population correction); alpha follows Krippendorff (2011), *Computing Krippendorff's
Alpha-Reliability*.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import krippendorff
import numpy as np
import polars as pl

from workbench.errors import WorkbenchError
from workbench.schema import DIMENSIONS, SCORE_VALUES

Level = Literal["nominal", "ordinal", "interval", "ratio"]
Weights = Literal["identity", "linear", "quadratic", "ordinal", "ratio"]

LEVELS: tuple[Level, ...] = ("nominal", "ordinal", "interval", "ratio")
WEIGHTS: tuple[Weights, ...] = ("identity", "linear", "quadratic", "ordinal", "ratio")
# The rating scale of the dataset: every dataset-level statistic uses this as its value domain.
SCALE: tuple[float, ...] = tuple(float(v) for v in SCORE_VALUES)
# Krippendorff's guideline (Content Analysis, 2004/2018): rely on data with alpha >= .800,
# draw tentative conclusions for .667 <= alpha < .800, discard below.
RELIABLE = 0.800
TENTATIVE = 0.667
POOLED = "pooled"


class AgreementInputError(WorkbenchError, ValueError):
    """Ratings that cannot be analysed as given (out-of-scale score, duplicate rating...)."""

    exit_code = 1


@dataclass(frozen=True)
class Stat:
    """One statistic: a float, or ``None`` with the reason it is undefined.

    ``se`` is the analytic standard error where the method has one (Gwet's variance
    formulas for AC1/AC2 and Fleiss' kappa), else ``None``.
    """

    value: float | None
    reason: str | None = None
    se: float | None = None

    @property
    def defined(self) -> bool:
        return self.value is not None


@dataclass(frozen=True)
class PerfectAgreement:
    """Units (or records) on which every available rating is identical."""

    fraction: float | None
    count: int
    of: int
    reason: str | None = None


@dataclass(frozen=True)
class BootstrapResult:
    """Percentile bootstrap of alpha over resampling units (records).

    Arrays have the shape of the statistics bootstrapped (e.g. ``(6,)`` for pooled + five
    dimensions). ``lo``/``hi`` are ``nan`` where fewer than two resamples were defined;
    ``n_undefined`` counts resamples in which alpha was 0/0 (they are left out of the
    percentiles and reported, not hidden).
    """

    estimate: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    n_undefined: np.ndarray
    resamples: int
    confidence: float
    seed: int
    samples: np.ndarray = field(repr=False)


# --------------------------------------------------------------------------------------
# Core: matrices
# --------------------------------------------------------------------------------------


def as_matrix(matrix: object) -> np.ndarray:
    """A raters x units float matrix (``None`` becomes ``NaN``); raises on a non-2-D input."""
    try:
        m = np.array(matrix, dtype=float)
    except (TypeError, ValueError) as exc:
        raise AgreementInputError(f"ratings matrix must hold numbers or None: {exc}") from None
    if m.ndim != 2:
        raise AgreementInputError(
            f"ratings matrix must be 2-D (raters x units), got shape {m.shape}"
        )
    return m


def categories_of(matrix: np.ndarray, categories: Sequence[float] | None = None) -> np.ndarray:
    """The sorted category list: ``categories`` if given (checked to cover the data), else the
    values observed."""
    observed = np.unique(matrix[~np.isnan(matrix)])
    if categories is None:
        return observed
    cats = np.asarray(categories, dtype=float)
    if cats.ndim != 1 or len(np.unique(cats)) != len(cats):
        raise AgreementInputError(f"categories must be distinct values, got {list(categories)}")
    outside = observed[~np.isin(observed, cats)]
    if outside.size:
        raise AgreementInputError(
            f"rating(s) {_fmt_values(outside)} outside the scale {_fmt_values(cats)}"
        )
    return np.sort(cats)


def _fmt_values(values: np.ndarray) -> str:
    return "(" + ", ".join(f"{v:g}" for v in values) + ")"


def category_counts(matrix: np.ndarray, categories: np.ndarray) -> np.ndarray:
    """``(units, q)`` counts: how many raters put unit i in category k (missing counts nowhere)."""
    return (matrix.T[:, :, None] == categories[None, None, :]).sum(axis=1).astype(float)


def weight_matrix(categories: Sequence[float], kind: Weights = "identity") -> np.ndarray:
    """Gwet's agreement weights ``w[k, l]`` in [0, 1] for sorted ``categories`` (irrCAC).

    ``ordinal`` weights are Gwet's rank-based ones (1 - C(|k-l|+1, 2) / max), which are NOT
    Krippendorff's ordinal metric; ``quadratic`` weights reproduce alpha's interval metric.
    """
    x = np.asarray(categories, dtype=float)
    q = len(x)
    if kind == "identity":
        return np.eye(q)
    if q < 2:
        return np.ones((q, q))
    diff = x[:, None] - x[None, :]
    span = x.max() - x.min()
    if kind == "linear":
        return 1 - np.abs(diff) / span
    if kind == "quadratic":
        return 1 - diff**2 / span**2
    if kind == "ordinal":
        idx = np.arange(q)
        n_kl = np.abs(idx[:, None] - idx[None, :]) + 1
        w = n_kl * (n_kl - 1) / 2
        return 1 - w / w.max()
    if kind == "ratio":
        total = x[:, None] + x[None, :]
        rel = np.divide(diff, total, out=np.zeros_like(diff), where=total != 0) ** 2
        scale = (span / (x.max() + x.min())) ** 2 if x.max() + x.min() != 0 else 1.0
        return 1 - rel / scale
    raise AgreementInputError(f"unknown weights {kind!r}; expected one of {WEIGHTS}")


# --------------------------------------------------------------------------------------
# Krippendorff's alpha
# --------------------------------------------------------------------------------------


def value_counts(matrix: np.ndarray, domain: np.ndarray) -> np.ndarray:
    """``(units, V)`` counts of each domain value per unit (the package's own layout)."""
    return category_counts(matrix, domain).astype(np.int64)


def _alpha_undefined_reason(counts: np.ndarray, domain: np.ndarray) -> str | None:
    if len(domain) < 2:
        return "the value domain has fewer than two values"
    pairable = counts.sum(axis=1) >= 2
    if not pairable.any():
        return "no unit has ratings from two or more annotators, so nothing can be paired"
    used = np.flatnonzero(counts[pairable].sum(axis=0))
    if len(used) < 2:
        return (
            f"every pairable rating is {domain[used[0]]:g}: no variation, so expected "
            "disagreement is 0 and alpha is 0/0"
        )
    return None


def krippendorff_alpha(
    matrix: object, level: Level = "ordinal", domain: Sequence[float] | None = None
) -> Stat:
    """Krippendorff's alpha of a raters x units matrix, computed by the ``krippendorff`` package.

    ``domain`` is passed to the package as ``value_domain``; dataset-level callers fix it to
    the rating scale (0, 1, 2) rather than letting the package infer it from the values that
    happen to occur. Why: (1) with an inferred domain the columns of the value-count and
    coincidence matrices depend on which scores a subset (a genre, a bootstrap resample, one
    dimension) happens to use, so subsets are not computed on the same scale; fixed, they
    always are, and the bootstrap can add coincidence matrices across records; (2) a score
    outside the scale is rejected instead of silently widening the domain; (3) a subset in
    which only one score occurs is reported as "no variation" instead of the package's
    "more than one value in the domain" error. For the four built-in metrics an unused
    category adds nothing to the observed or expected disagreement (its marginal count is 0),
    so fixing the domain never moves alpha on data that does use the whole scale; it keeps the
    result a function of the data and the scale, not of which categories were observed.

    Units rated by fewer than two raters are unpairable and ignored, as the definition says.
    Returns ``Stat(None, reason)`` when alpha is undefined (no pairable unit, no variation).
    """
    m = as_matrix(matrix)
    if level not in LEVELS:
        raise AgreementInputError(f"unknown level {level!r}; expected one of {LEVELS}")
    dom = categories_of(m, domain)
    reason = _alpha_undefined_reason(value_counts(m, dom), dom)
    if reason:
        return Stat(None, reason)
    with np.errstate(invalid="ignore", divide="ignore"):
        value = float(
            krippendorff.alpha(reliability_data=m, value_domain=dom, level_of_measurement=level)
        )
    if not np.isfinite(value):
        return Stat(None, "alpha is 0/0 (expected disagreement is zero)")
    return Stat(value)


def unit_coincidences(matrix: object, domain: Sequence[float] | None = None) -> np.ndarray:
    """``(units, V, V)`` per-unit coincidence matrices (Krippendorff 2011, eq. for o_ck).

    Each unit with m_u >= 2 ratings adds ``n_uc * n_uk / (m_u - 1)`` (minus the self-pairs on
    the diagonal); a unit with fewer ratings adds nothing. Summing them over units gives the
    package's coincidence matrix, which is what makes a weighted-sum bootstrap exact.
    """
    m = as_matrix(matrix)
    dom = categories_of(m, domain)
    counts = category_counts(m, dom)
    m_u = counts.sum(axis=1)
    outer = counts[:, :, None] * counts[:, None, :]
    outer -= counts[:, :, None] * np.eye(len(dom))[None, :, :]
    scale = np.divide(1.0, m_u - 1, out=np.zeros_like(m_u), where=m_u >= 2)
    return outer * scale[:, None, None]


def _distances(n_v: np.ndarray, domain: np.ndarray, level: Level) -> np.ndarray:
    """Metric differences delta^2_ck, broadcast over the leading axes of ``n_v (..., V)``."""
    v = len(domain)
    if level == "nominal":
        return np.broadcast_to(1 - np.eye(v), (*n_v.shape[:-1], v, v))
    if level == "interval":
        d = (domain[:, None] - domain[None, :]) ** 2
        return np.broadcast_to(d, (*n_v.shape[:-1], v, v))
    if level == "ratio":
        total = domain[:, None] + domain[None, :]
        diff = domain[:, None] - domain[None, :]
        d = np.divide(diff, total, out=np.zeros((v, v)), where=total != 0) ** 2
        return np.broadcast_to(d, (*n_v.shape[:-1], v, v))
    if level == "ordinal":
        idx = np.arange(v)
        lo = np.minimum(idx[:, None], idx[None, :])
        hi = np.maximum(idx[:, None], idx[None, :])
        cs = np.cumsum(n_v, axis=-1)
        between = cs[..., hi] - cs[..., lo] + n_v[..., lo]
        return (between - (n_v[..., :, None] + n_v[..., None, :]) / 2) ** 2
    raise AgreementInputError(f"unknown level {level!r}; expected one of {LEVELS}")


def alpha_from_coincidences(o: np.ndarray, domain: Sequence[float], level: Level) -> np.ndarray:
    """Alpha from coincidence matrices ``(..., V, V)``, vectorised; ``nan`` where 0/0.

    Same arithmetic as the package: ``1 - sum(o * d) / sum(e * d)`` with
    ``e = (n_c n_k - [c = k] n_c) / (n - 1)``.
    """
    dom = np.asarray(domain, dtype=float)
    n_v = o.sum(axis=-2)
    n = n_v.sum(axis=-1)
    d = _distances(n_v, dom, level)
    e = n_v[..., :, None] * n_v[..., None, :] - n_v[..., :, None] * np.eye(len(dom))
    observed = (o * d).sum(axis=(-2, -1))
    expected = (e * d).sum(axis=(-2, -1))
    with np.errstate(invalid="ignore", divide="ignore"):
        out = 1 - (n - 1) * observed / expected
    return np.where((expected > 0) & (n >= 2), out, np.nan)


def bootstrap_alpha(
    coincidences: np.ndarray,
    domain: Sequence[float],
    level: Level = "ordinal",
    *,
    resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> BootstrapResult:
    """Percentile bootstrap of alpha, resampling the first axis of ``coincidences``.

    ``coincidences`` has shape ``(groups, *stats, V, V)``: one coincidence matrix per
    resampling group (a record) and statistic (e.g. pooled and each dimension). A resample of
    groups is a vector of multiplicities ``w``; its coincidence matrix is ``w @ C``, so all
    resamples cost one matrix product instead of one ``krippendorff.alpha`` call each. All
    statistics share the same resamples (they are computed on the same drawn records).
    """
    c = np.asarray(coincidences, dtype=float)
    if c.ndim < 3:
        raise AgreementInputError("coincidences must have shape (groups, ..., V, V)")
    if not 0 < confidence < 1:
        raise AgreementInputError(f"confidence must be in (0, 1), got {confidence}")
    n = c.shape[0]
    stat_shape = c.shape[1:-2]
    estimate = alpha_from_coincidences(c.sum(axis=0), domain, level)
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, n, size=(resamples, n))
    offsets = (np.arange(resamples) * n)[:, None]
    weights = np.bincount((draws + offsets).ravel(), minlength=resamples * n)
    weights = weights.reshape(resamples, n).astype(float)
    o = (weights @ c.reshape(n, -1)).reshape(resamples, *stat_shape, *c.shape[-2:])
    samples = alpha_from_coincidences(o, domain, level)
    defined = ~np.isnan(samples)
    n_defined = defined.sum(axis=0)
    tail = (1 - confidence) / 2 * 100
    lo = np.full(stat_shape, np.nan)
    hi = np.full(stat_shape, np.nan)
    ok = n_defined >= 2
    if ok.any():
        with np.errstate(invalid="ignore"):
            qs = np.nanpercentile(samples[:, ok], [tail, 100 - tail], axis=0)
        lo[ok], hi[ok] = qs[0], qs[1]
    return BootstrapResult(
        estimate=estimate,
        lo=lo,
        hi=hi,
        n_undefined=resamples - n_defined,
        resamples=resamples,
        confidence=confidence,
        seed=seed,
        samples=samples,
    )


def reliability_label(alpha: float | None) -> str:
    """Krippendorff's guideline: >= 0.800 reliable, 0.667-0.800 tentative, below unreliable."""
    if alpha is None or not np.isfinite(alpha):
        return "undefined"
    if alpha >= RELIABLE:
        return "reliable"
    if alpha >= TENTATIVE:
        return "tentative"
    return "unreliable"


# --------------------------------------------------------------------------------------
# Gwet's family (irrCAC raw-ratings formulas)
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Counts:
    r_ik: np.ndarray  # (n, q) counts, units with no rating dropped
    r_i: np.ndarray  # (n,)
    q: int
    w: np.ndarray  # (q, q)
    pa: float
    pa_i: np.ndarray  # per-unit weighted agreement (0 for unpairable units)
    pairable: np.ndarray  # (n,) bool
    pi: np.ndarray  # (q,) mean classification probabilities


def _prepare(matrix: object, categories: Sequence[float] | None, weights: Weights) -> _Counts | str:
    """Counts and Gwet's weighted percent agreement, or the reason they are undefined."""
    m = as_matrix(matrix)
    cats = categories_of(m, categories)
    if len(cats) == 0:
        return "there are no ratings"
    counts = category_counts(m, cats)
    r_i = counts.sum(axis=1)
    keep = r_i > 0
    counts, r_i = counts[keep], r_i[keep]
    pairable = r_i >= 2
    if not pairable.any():
        return "no unit has ratings from two or more annotators, so nothing can be paired"
    w = weight_matrix(cats, weights)
    weighted = counts @ w.T  # r*_ik = sum_l w_kl r_il
    num = (counts * (weighted - 1)).sum(axis=1)
    den = r_i * (r_i - 1)
    pa_i = np.divide(num, den, out=np.zeros_like(num), where=pairable)
    pa = float(pa_i[pairable].mean())
    pi = (counts / r_i[:, None]).mean(axis=0)
    return _Counts(counts, r_i, len(cats), w, pa, pa_i, pairable, pi)


def percent_agreement(
    matrix: object, categories: Sequence[float] | None = None, weights: Weights = "identity"
) -> Stat:
    """Gwet's p_a: over units rated at least twice, the mean share of agreeing rater pairs.

    With two raters and complete data this is the share of units coded identically; with
    more raters it is the mean pairwise percent agreement.
    """
    c = _prepare(matrix, categories, weights)
    if isinstance(c, str):
        return Stat(None, c)
    return Stat(c.pa)


def _coefficient(c: _Counts, pe: float, pe_i: np.ndarray, name: str) -> Stat:
    """(p_a - p_e) / (1 - p_e) with Gwet's linearised standard error (f = 0)."""
    if np.isclose(pe, 1.0):
        return Stat(None, f"chance agreement is 1 (every rating in one category), {name} is 0/0")
    value = (c.pa - pe) / (1 - pe)
    n = len(c.r_i)
    n2 = int(c.pairable.sum())
    unit = (n / n2) * (c.pa_i - pe * c.pairable) / (1 - pe)
    unit = unit - 2 * (1 - value) * (pe_i - pe) / (1 - pe)
    se = float(np.sqrt(((unit - value) ** 2).sum() / (n * (n - 1)))) if n > 1 else None
    return Stat(float(value), se=se)


def gwet_ac(
    matrix: object, categories: Sequence[float] | None = None, weights: Weights = "identity"
) -> Stat:
    """Gwet's AC1 (``weights="identity"``) or AC2 (any other weights) with its standard error.

    Chance agreement ``p_e = sum(w) / (q (q - 1)) * sum_k pi_k (1 - pi_k)`` shrinks as one
    category dominates, so AC1 stays high when raters agree on a skewed scale, where alpha and
    kappa collapse (the prevalence paradox). ``q`` is the number of categories: pass the
    scale so an unused category is still counted.
    """
    c = _prepare(matrix, categories, weights)
    if isinstance(c, str):
        return Stat(None, c)
    if c.q < 2:
        return Stat(None, "the scale has fewer than two categories")
    factor = c.w.sum() / (c.q * (c.q - 1))
    pe = float(factor * (c.pi * (1 - c.pi)).sum())
    pe_i = factor * (c.r_ik @ (1 - c.pi)) / c.r_i
    return _coefficient(c, pe, pe_i, "AC1" if weights == "identity" else "AC2")


def fleiss_kappa(
    matrix: object, categories: Sequence[float] | None = None, weights: Weights = "identity"
) -> Stat:
    """Fleiss' kappa (weighted if ``weights`` is not identity), missing ratings allowed.

    Chance agreement ``p_e = sum_kl w_kl pi_k pi_l`` from the pooled classification
    probabilities; equals Scott's pi for two raters with complete data.
    """
    c = _prepare(matrix, categories, weights)
    if isinstance(c, str):
        return Stat(None, c)
    pe = float(c.pi @ c.w @ c.pi)
    pi_w = (c.w @ c.pi + c.w.T @ c.pi) / 2
    pe_i = (c.r_ik @ pi_w) / c.r_i
    return _coefficient(c, pe, pe_i, "kappa")


def brennan_prediger(
    matrix: object, categories: Sequence[float] | None = None, weights: Weights = "identity"
) -> Stat:
    """Brennan-Prediger coefficient: chance agreement ``sum(w) / q^2`` (uniform categories)."""
    c = _prepare(matrix, categories, weights)
    if isinstance(c, str):
        return Stat(None, c)
    pe = float(c.w.sum() / c.q**2)
    if np.isclose(pe, 1.0):
        return Stat(None, "the scale has one category, so chance agreement is 1")
    return Stat((c.pa - pe) / (1 - pe))


def conger_kappa(
    matrix: object, categories: Sequence[float] | None = None, weights: Weights = "identity"
) -> Stat:
    """Conger's kappa: chance agreement from each rater's own marginals (Cohen's for 2 raters)."""
    m = as_matrix(matrix)
    c = _prepare(m, categories, weights)
    if isinstance(c, str):
        return Stat(None, c)
    cats = categories_of(m, categories)
    per_rater = (m[:, :, None] == cats[None, None, :]).sum(axis=1).astype(float)  # (r, q)
    n_g = per_rater.sum(axis=1)
    per_rater = per_rater[n_g > 0] / n_g[n_g > 0, None]
    r = per_rater.shape[0]
    if r < 2:
        return Stat(None, "fewer than two raters gave any rating")
    mean = per_rater.mean(axis=0)
    s2 = (per_rater.T @ per_rater - r * np.outer(mean, mean)) / (r - 1)
    pe = float((c.w * (np.outer(mean, mean) - s2 / r)).sum())
    if np.isclose(pe, 1.0):
        return Stat(None, "chance agreement is 1 (every rating in one category), kappa is 0/0")
    return Stat((c.pa - pe) / (1 - pe))


# --------------------------------------------------------------------------------------
# Raw agreement
# --------------------------------------------------------------------------------------


def perfect_agreement_units(matrix: object) -> PerfectAgreement:
    """Share of units rated at least twice on which every rating is the same."""
    m = as_matrix(matrix)
    n_rated = (~np.isnan(m)).sum(axis=0)
    pairable = n_rated >= 2
    if not pairable.any():
        return PerfectAgreement(None, 0, 0, "no unit has ratings from two or more annotators")
    same = np.nanmin(m[:, pairable], axis=0) == np.nanmax(m[:, pairable], axis=0)
    count, of = int(same.sum()), int(pairable.sum())
    return PerfectAgreement(count / of, count, of)


def pairwise_agreement(matrix: object) -> tuple[np.ndarray, np.ndarray]:
    """``(agreement, shared)``: raters x raters share of co-rated units with equal scores, and
    the number of co-rated units. ``agreement`` is ``nan`` where two raters share no unit."""
    m = as_matrix(matrix)
    present = ~np.isnan(m)
    both = present[:, None, :] & present[None, :, :]
    equal = (m[:, None, :] == m[None, :, :]) & both
    shared = both.sum(axis=2)
    agreement = np.divide(
        equal.sum(axis=2), shared, out=np.full(shared.shape, np.nan), where=shared > 0
    )
    return agreement, shared


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
    dup = r.group_by("record_id", "annotator", "dimension").len().filter(pl.col("len") > 1)
    if dup.height:
        row = dup.sort("record_id", "annotator", "dimension").row(0, named=True)
        raise AgreementInputError(
            f"ratings: record {row['record_id']}: annotator {row['annotator']} rated "
            f"{row['dimension']} {row['len']} times"
        )
    bad = r.filter(~pl.col("score").is_in(list(SCALE)))
    if bad.height:
        row = bad.sort("record_id").row(0, named=True)
        raise AgreementInputError(
            f"ratings: record {row['record_id']}: annotator {row['annotator']}: "
            f"{row['dimension']} score {row['score']:g} is outside the scale {SCORE_VALUES}"
        )
    known = [d for d in DIMENSIONS if d in set(r["dimension"].unique())]
    extra = sorted(set(r["dimension"].unique()) - set(DIMENSIONS))
    dims = tuple(known + extra)
    annotators = tuple(sorted(r["annotator"].unique()))
    records = tuple(sorted(r["record_id"].unique()))
    if not records:  # nothing rated: every statistic will say so
        return RatingCube(np.empty((0, 0, 0)), (), (), ())
    grid = pl.DataFrame({"record_id": records}).join(
        pl.DataFrame({"dimension": dims, "_d": range(len(dims))}), how="cross"
    )
    wide = r.pivot(on="annotator", index=["record_id", "dimension"], values="score")
    cube = (
        grid.join(wide, on=["record_id", "dimension"], how="left")
        .sort("record_id", "_d")
        .select(annotators)
        .to_numpy()
        .astype(float)
    )
    scores = cube.reshape(len(records), len(dims), len(annotators)).transpose(1, 2, 0)
    return RatingCube(np.ascontiguousarray(scores), dims, annotators, records)


def perfect_agreement(ratings: pl.DataFrame) -> PerfectAgreement:
    """Records on which, for every dimension, all annotators gave the same score.

    The card's "perfect agreement" (0.379, 50 of 132). A record counts if at least one of its
    dimensions was rated by two or more annotators and no dimension shows two different
    scores; a missing rating is not a disagreement. ``of`` is the number of such
    comparable records.
    """
    cube = rating_cube(ratings)
    if not cube.records:
        return PerfectAgreement(None, 0, 0, "there are no ratings")
    s = cube.scores
    n = (~np.isnan(s)).sum(axis=1)  # (D, R) ratings per dimension and record
    same = (np.fmin.reduce(s, axis=1) == np.fmax.reduce(s, axis=1)) | (n == 0)
    comparable = (n >= 2).any(axis=0)
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

    plus labels, the reasons for any undefined value, nominal/interval alpha, AC1, AC2
    (Gwet ordinal weights), Fleiss' kappa and percent agreement per scope, and — when
    ``bootstrap > 0`` — seeded 95% percentile intervals for ordinal alpha. Values are unrounded
    floats or ``None``.
    """
    cube = rating_cube(ratings)
    perfect = perfect_agreement(ratings)
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


def _f3(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def agreement_lines(section: dict, *, markdown: bool = False) -> list[str]:
    """The agreement section as a table of lines (text or markdown) for the report.

    One row per scope: ordinal alpha with its guideline label and bootstrap interval (if
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
        row = [s, _f3(section["alpha_ordinal"][s]), section["alpha_ordinal_label"][s]]
        if interval:
            lo, hi = interval[s]
            flag = "*" if interval.get("undefined_resamples", {}).get(s) else ""
            row.append("n/a" if lo is None else f"[{lo:.3f}, {hi:.3f}]{flag}")
        row += [
            _f3(section[k][s])
            for k in (
                "alpha_nominal",
                "alpha_interval",
                "gwet_ac1",
                "gwet_ac2_ordinal",
                "fleiss_kappa",
                "percent_agreement",
            )
        ]
        rows.append(row)
    pa = section["perfect_agreement"]
    title = (
        f"Annotator agreement: {section['n_annotators']} annotators, {section['n_records']} "
        f"records, scale {tuple(section['value_domain'])}. Perfect agreement "
        f"{_f3(pa['fraction'])} ({pa['records']} of {pa['of']} records). Krippendorff: "
        f"reliable >= {RELIABLE:.3f}, tentative >= {TENTATIVE:.3f}, else unreliable."
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
