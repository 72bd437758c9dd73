"""How well a probability is calibrated: Brier score, expected calibration error, reliability table.

AUC only says a probability *ranks* claims well; these say whether "0.8" means that
8 claims in 10 given 0.8 are supported. Each function takes the probabilities ``p``
(floats in [0, 1]) and the labels ``y`` (1 / ``True`` = supported, 0 / ``False`` = not),
two equal-length sequences, and is vectorised numpy. An empty input gives ``None``.

* **Brier score**: the mean of ``(p - y)²``. 0 is perfect; lower is better. Its reference
  is the **base-rate Brier**, the score of the constant forecast ``ȳ`` (the share
  supported) for every item, ``ȳ (1 - ȳ)``: a probability that does not beat it says
  nothing beyond the base rate.
* **Expected calibration error (ECE)**: the probabilities are cut into ``bins`` equal-width
  bins on [0, 1] (bin ``i`` holds ``i/bins <= p < (i+1)/bins``; the last bin also holds
  ``p = 1``); in each non-empty bin ``b`` with ``n_b`` items, the gap between the mean
  probability and the share supported, weighted by the bin's share of the items:
  ``ECE = Σ_b (n_b / N) · |mean p_b - mean y_b|``. Empty bins are skipped (they weigh 0).
  0 means every bin's probability equals its observed share; it is in [0, 1].
* **Reliability table**: the same bins as rows (bin, lower, upper, n, mean probability,
  share supported), the non-empty ones only: the data of a reliability chart
  (``workbench.plots.grounding.reliability_chart``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

BINS = 10
ArrayLike = Sequence[float] | Sequence[bool] | np.ndarray


def _labels(y: ArrayLike) -> np.ndarray:
    """``y`` as a float array of 0 and 1, checked."""
    ya = np.asarray(y, dtype=np.float64).ravel()
    if not np.isin(ya, (0.0, 1.0)).all():
        raise ValueError("labels must be 0 or 1")
    return ya


def _arrays(p: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """``p`` and ``y`` as float arrays, checked: same length, p in [0, 1], y in {0, 1}."""
    pa = np.asarray(p, dtype=np.float64).ravel()
    ya = _labels(y)
    if pa.shape != ya.shape:
        raise ValueError(f"{pa.size} probabilities but {ya.size} labels")
    if pa.size and (np.isnan(pa).any() or pa.min() < 0.0 or pa.max() > 1.0):
        raise ValueError("probabilities must lie in [0, 1]")
    return pa, ya


def brier_score(p: ArrayLike, y: ArrayLike) -> float | None:
    """Mean squared difference between probability and label (0 is perfect)."""
    pa, ya = _arrays(p, y)
    return float(np.mean((pa - ya) ** 2)) if pa.size else None


def base_rate_brier(y: ArrayLike) -> float | None:
    """The Brier score of forecasting the share supported for every item: ``ȳ (1 - ȳ)``."""
    ya = _labels(y)
    if not ya.size:
        return None
    share = float(ya.mean())
    return share * (1.0 - share)


def _bin_sums(p: ArrayLike, y: ArrayLike, bins: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per bin of ``bins`` equal-width bins: the item count, the sum of p, the sum of y."""
    if bins < 1:
        raise ValueError(f"bins must be at least 1, got {bins}")
    pa, ya = _arrays(p, y)
    # edges k/bins are the same doubles as the literals (0.3 == 3/10), so a probability
    # written as 0.3 falls in [0.3, 0.4); p = 1 joins the last bin
    which = np.searchsorted(np.arange(1, bins) / bins, pa, side="right")
    n = np.bincount(which, minlength=bins)
    return n, np.bincount(which, pa, bins), np.bincount(which, ya, bins)


def calibration_error(p: ArrayLike, y: ArrayLike, bins: int = BINS) -> float | None:
    """Expected calibration error over ``bins`` equal-width bins, weighted by bin size
    (see the module docstring); empty bins are skipped."""
    n, sum_p, sum_y = _bin_sums(p, y, bins)
    total = int(n.sum())
    if not total:
        return None
    full = n > 0
    # n_b/N * |sum_p/n_b - sum_y/n_b| = |sum_p - sum_y| / N
    return float(np.abs(sum_p[full] - sum_y[full]).sum() / total)


def reliability_table(p: ArrayLike, y: ArrayLike, bins: int = BINS) -> pl.DataFrame:
    """One row per non-empty bin: ``bin`` (0-based), ``lower``, ``upper``, ``n``,
    ``mean_probability`` and ``share_supported`` (the two a calibrated probability makes equal)."""
    n, sum_p, sum_y = _bin_sums(p, y, bins)
    full = np.flatnonzero(n)
    return pl.DataFrame(
        {
            "bin": full,
            "lower": full / bins,
            "upper": (full + 1) / bins,
            "n": n[full],
            "mean_probability": sum_p[full] / n[full],
            "share_supported": sum_y[full] / n[full],
        },
        schema={
            "bin": pl.Int64,
            "lower": pl.Float64,
            "upper": pl.Float64,
            "n": pl.Int64,
            "mean_probability": pl.Float64,
            "share_supported": pl.Float64,
        },
    )
