"""Annotator agreement: coefficients on a raters x units matrix (``coefficients``) and the
dataset layer over the ratings frame (``ratings``): the card's perfect agreement and
ordinal alpha, bootstrap intervals, AC1/AC2, Fleiss, pairwise tables."""

from workbench.agreement.ratings import (
    agreement_by,
    agreement_section,
    alpha_table,
    coefficient_table,
    pairwise_table,
    perfect_agreement,
)

__all__ = [
    "agreement_by",
    "agreement_section",
    "alpha_table",
    "coefficient_table",
    "pairwise_table",
    "perfect_agreement",
]
