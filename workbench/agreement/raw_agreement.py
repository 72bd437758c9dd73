"""Raw agreement on a raters x units matrix: no chance correction.

The share of units on which every rating is the same, and the raters x raters matrix of
how often two raters gave equal scores on the units both rated.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from workbench.agreement.matrix import as_matrix


@dataclass(frozen=True)
class PerfectAgreement:
    """Units (or records) on which every available rating is identical."""

    fraction: float | None
    count: int
    of: int
    reason: str | None = None


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
