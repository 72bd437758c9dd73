"""The chance-corrected coefficients of Gwet's family on a raters x units matrix.

Gwet's AC1/AC2, Fleiss' kappa, Brennan-Prediger and Conger's kappa (Cohen's for two
raters), the weighted percent agreement they all start from, and Gwet's weight matrices.
Formulas follow Gwet (2014), *Handbook of Inter-Rater Reliability*, 4th ed., as implemented
in his ``irrCAC`` package (raw-ratings functions, no finite-population correction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from workbench.agreement.matrix import (
    AgreementInputError,
    Stat,
    as_matrix,
    categories_of,
    category_counts,
)

Weights = Literal["identity", "linear", "quadratic", "ordinal", "ratio"]

WEIGHTS: tuple[Weights, ...] = ("identity", "linear", "quadratic", "ordinal", "ratio")


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
