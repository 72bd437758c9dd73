"""Krippendorff's alpha on a raters x units matrix, and the coincidences behind it.

Alpha itself comes from the ``krippendorff`` package, on a fixed value domain; the per-unit
coincidence matrices and the vectorised alpha computed from them are what make the
bootstrap (:mod:`workbench.agreement.bootstrap`) one matrix product per chunk of resamples.
Also Krippendorff's reliability labels. Formulas follow Krippendorff (2011), *Computing
Krippendorff's Alpha-Reliability*.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import krippendorff
import numpy as np

from workbench.agreement.matrix import (
    AgreementInputError,
    Stat,
    as_matrix,
    categories_of,
    category_counts,
)

Level = Literal["nominal", "ordinal", "interval", "ratio"]

LEVELS: tuple[Level, ...] = ("nominal", "ordinal", "interval", "ratio")
# Krippendorff's guideline (Content Analysis, 2004/2018): rely on data with alpha >= .800,
# draw tentative conclusions for .667 <= alpha < .800, discard below.
RELIABLE = 0.800
TENTATIVE = 0.667


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


def reliability_label(alpha: float | None) -> str:
    """Krippendorff's guideline: >= 0.800 reliable, 0.667-0.800 tentative, below unreliable."""
    if alpha is None or not np.isfinite(alpha):
        return "undefined"
    if alpha >= RELIABLE:
        return "reliable"
    if alpha >= TENTATIVE:
        return "tentative"
    return "unreliable"
