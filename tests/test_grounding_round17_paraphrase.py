"""Round 17 (paraphrase17): false alarms on true paraphrases and right answers, fixed at
their cause.

Every Hebrew source below is written for these tests (not taken from any pair set), and
each expected verdict is worked out by hand.
"""

from __future__ import annotations

from workbench.grounding import ground_claim

CINEMA = (
    "בית הקולנוע אורה בטבריה נפתח ב-1948 ופעל עד 1991. "
    "הבעלים, משפחת דהן, ניהלה אותו שלושה דורות. "
    "שמונה שנים אחרי שנסגר נהרס הבניין, ובמקומו נבנה מלון."
)


def test_a_derived_span_of_years_keeps_its_unit() -> None:
    """ "פעל ארבעים ושלוש שנים" is 1991 - 1948: the unit "שנים" belongs to the derived
    figure, not a word moved from the sentence that also says "שנים". A span the years do
    not give, or another sentence's figure, is still caught."""
    for claim in (
        "בית הקולנוע אורה פעל בטבריה ארבעים ושלוש שנים.",
        "בית הקולנוע אורה פעל בטבריה 43 שנים.",
    ):
        assert ground_claim(claim, CINEMA).verdict == "supported", claim
    for claim in (
        "בית הקולנוע אורה פעל בטבריה ארבעים וארבע שנים.",
        "בית הקולנוע אורה פעל בטבריה שמונה שנים.",
    ):
        assert ground_claim(claim, CINEMA).verdict != "supported", claim
