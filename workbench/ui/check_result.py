"""The value one check of the grounding widget produces, shared by its state and its HTML."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from workbench.grounding.results import Grounding
from workbench.html import claim_mark


@dataclass(frozen=True)
class CheckResult:
    """One check: the answer grounded in the record's source, QA figures, compute time."""

    record_id: str
    answer: str
    grounding: Grounding
    qa: dict[str, float] | None
    compute_ms: float

    def claims_frame(self) -> pl.DataFrame:
        """The widget's claim table as data, one row per claim: ``claim``, ``verdict``,
        ``score``, ``probability`` (calibrated, see ``results.PROBABILITY_GUIDE``),
        ``confidence`` (its tier: ``high``, ``mixed``, ``low``; ``results.CONFIDENCE_GUIDE``),
        ``mark`` (what the views draw, ``workbench.html.claim_mark``: ``high`` is the one
        green mark; ``results.MARK_GUIDE``) and ``issues`` (their kinds); for a notebook to
        sort or filter."""
        claims = self.grounding.claims
        return pl.DataFrame(
            {
                "claim": [c.text for c in claims],
                "verdict": [c.verdict for c in claims],
                "score": [c.score for c in claims],
                "probability": [c.probability for c in claims],
                "confidence": [c.confidence.value if c.confidence else None for c in claims],
                "mark": [claim_mark(c.verdict, c.confidence).value for c in claims],
                "issues": [[i.kind.value for i in c.issues] for c in claims],
            },
            schema={
                "claim": pl.String,
                "verdict": pl.String,
                "score": pl.Float64,
                "probability": pl.Float64,
                "confidence": pl.String,
                "mark": pl.String,
                "issues": pl.List(pl.String),
            },
        )

    @property
    def flagged(self) -> list[int]:
        """Indices of claims that are unsupported or have an issue (e.g. a number not found)."""
        return [i for i, c in enumerate(self.grounding.claims) if c.verdict != "supported"]
