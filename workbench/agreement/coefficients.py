"""Agreement coefficients on a raters x units matrix: one small, vectorised module.

Input is a *raters x units* matrix of floats, ``NaN`` = missing rating (:func:`as_matrix`
also takes nested lists with ``None``). It holds Krippendorff's alpha (via the
``krippendorff`` package), per-unit coincidence matrices and a vectorised alpha computed from
them, the percentile bootstrap of alpha, Gwet's AC1/AC2, Fleiss' kappa, Brennan-Prediger,
Conger's kappa (Cohen's for two raters), percent agreement, perfect agreement per unit, the
pairwise agreement matrix, Gwet's weight matrices and Krippendorff's reliability labels.
Nothing here knows about the dataset: pivoting the ratings frame, the dataset's scale and
the report section live in :mod:`workbench.agreement.ratings`.

Missing ratings are missing, never zero: an absent rater simply contributes nothing to a
unit. A statistic that cannot be computed (no variation, no unit rated twice) comes back as
``Stat(value=None, reason=...)``, never as a silent ``nan`` or an exception.

Just over 500 lines: every coefficient works on the same matrix and shares its pairing and
weight helpers, so splitting it would scatter one vectorised core over several modules.

Formulas for the chance-corrected coefficients follow Gwet (2014), *Handbook of Inter-Rater
Reliability*, 4th ed., as implemented in his ``irrCAC`` package (raw-ratings functions, no
finite-population correction); alpha follows Krippendorff (2011), *Computing Krippendorff's
Alpha-Reliability*.

Over 500 lines on purpose: like ``krippendorff``, every coefficient on the one matrix
representation lives in one module with the helpers they share (coincidences, weights);
splitting it would scatter those helpers across files that always change together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import krippendorff
import numpy as np

from workbench.errors import WorkbenchError

Level = Literal["nominal", "ordinal", "interval", "ratio"]
Weights = Literal["identity", "linear", "quadratic", "ordinal", "ratio"]

LEVELS: tuple[Level, ...] = ("nominal", "ordinal", "interval", "ratio")
WEIGHTS: tuple[Weights, ...] = ("identity", "linear", "quadratic", "ordinal", "ratio")
# Krippendorff's guideline (Content Analysis, 2004/2018): rely on data with alpha >= .800,
# draw tentative conclusions for .667 <= alpha < .800, discard below.
RELIABLE = 0.800
TENTATIVE = 0.667


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


def weight_matrix(
    categories: Sequence[float] | np.ndarray, kind: Weights = "identity"
) -> np.ndarray:
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


BOOTSTRAP_CHUNK = 50


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
    flat = c.reshape(n, -1)
    samples = np.empty((resamples, *stat_shape))
    # In chunks of resamples: the draws come from the same stream in the same order, so the
    # result is identical to drawing all at once, without a resamples x records matrix
    # (1.15 GB at 50k records) held in memory.
    for start in range(0, resamples, BOOTSTRAP_CHUNK):
        size = min(BOOTSTRAP_CHUNK, resamples - start)
        draws = rng.integers(0, n, size=(size, n))
        offsets = (np.arange(size) * n)[:, None]
        weights = np.bincount((draws + offsets).ravel(), minlength=size * n)
        weights = weights.reshape(size, n).astype(float)
        o = (weights @ flat).reshape(size, *stat_shape, *c.shape[-2:])
        samples[start : start + size] = alpha_from_coincidences(o, domain, level)
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
