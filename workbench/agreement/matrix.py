"""The raters x units matrix every agreement statistic starts from, and what they return.

A *raters x units* matrix of floats, ``NaN`` = missing rating (:func:`as_matrix` also takes
nested lists with ``None``); its category list and per-unit category counts, which alpha
and the chance-corrected coefficients share. Missing ratings are missing, never zero: an
absent rater simply contributes nothing to a unit. A statistic that cannot be computed (no
variation, no unit rated twice) comes back as ``Stat(value=None, reason=...)``, never as a
silent ``nan`` or an exception. Nothing here knows about the dataset (see
:mod:`workbench.agreement.ratings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from workbench.errors import WorkbenchError


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
