"""The grounding engine: which parts of a Hebrew source support each claim of an answer.

``ground(answer, source)`` splits the answer into claims and returns, for each, the
supporting spans, a score, a verdict and typed issues (``Issue``, ``IssueKind``);
``evaluation`` measures the engine against gold spans and labels beside the baselines
(``baselines``: BM25 and rapidfuzz); ``support_probability(claim_result)`` is the
calibrated P(supported) of one result (``calibration``: for ranking claims), cut into a
``Confidence`` tier (``ClaimResult.confidence``, ``Grounding.confidence``) by thresholds
chosen on dev data.
"""

from workbench.grounding.engine import Thresholds, Verifier, ground, ground_claim, split_claims
from workbench.grounding.probability.calibration import support_probability
from workbench.grounding.results import (
    CONFIDENCE_GUIDE,
    MARK_GUIDE,
    NUMBER_KINDS,
    VERDICT_GUIDE,
    ClaimResult,
    Confidence,
    Grounding,
    Issue,
    IssueKind,
    SpanResult,
)

__all__ = [
    "CONFIDENCE_GUIDE",
    "MARK_GUIDE",
    "NUMBER_KINDS",
    "VERDICT_GUIDE",
    "ClaimResult",
    "Confidence",
    "Grounding",
    "Issue",
    "IssueKind",
    "SpanResult",
    "Thresholds",
    "Verifier",
    "ground",
    "ground_claim",
    "split_claims",
    "support_probability",
]
