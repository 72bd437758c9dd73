"""The grounding engine: which parts of a Hebrew source support each claim of an answer.

``ground(answer, source)`` splits the answer into claims and returns, for each, the
supporting spans, a score and a verdict; ``evaluation`` measures the engine against gold
spans and labels beside BM25 and rapidfuzz.
"""

from workbench.grounding.engine import ClaimResult, Grounding, SpanResult, ground, ground_claim

__all__ = ["ClaimResult", "Grounding", "SpanResult", "ground", "ground_claim"]
