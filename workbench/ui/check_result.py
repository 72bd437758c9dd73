"""The value one check of the grounding widget produces, shared by its state and its HTML."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.grounding.results import Grounding


@dataclass(frozen=True)
class CheckResult:
    """One check: the answer grounded in the record's source, QA figures, compute time."""

    record_id: str
    answer: str
    grounding: Grounding
    qa: dict[str, float] | None
    compute_ms: float

    @property
    def flagged(self) -> list[int]:
        """Indices of claims that are unsupported or have an issue (e.g. a number not found)."""
        return [i for i, c in enumerate(self.grounding.claims) if c.verdict != "supported"]
