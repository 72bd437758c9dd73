"""Annotator agreement. On a raters x units matrix (``matrix``): Krippendorff's alpha
(``alpha``) and its bootstrap interval (``bootstrap``), Gwet's chance-corrected family
(``chance_corrected``: AC1/AC2, Fleiss, Brennan-Prediger, Conger) and raw agreement
(``raw_agreement``). On the dataset: the ratings frame as a cube and the card's perfect
agreement (``ratings``), the tables for notebooks and charts (``tables``) and the report
section (``report_section``)."""

from workbench.agreement.ratings import perfect_agreement
from workbench.agreement.report_section import agreement_section
from workbench.agreement.tables import (
    agreement_by,
    alpha_table,
    coefficient_table,
    pairwise_table,
)

__all__ = [
    "agreement_by",
    "agreement_section",
    "alpha_table",
    "coefficient_table",
    "pairwise_table",
    "perfect_agreement",
]
