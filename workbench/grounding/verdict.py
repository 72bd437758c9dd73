"""Stage 6 of the grounding pipeline: give the verdict.

``supported`` when the score is at least ``Thresholds.supported`` and no check failed;
``partial`` when at least ``Thresholds.partial``, or when a check failed on a claim whose
words are there; else ``unsupported``. The result lists the chosen spans (none for an
unsupported claim) and the ranked candidates the evaluation reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.grounding.checks import Checks
from workbench.grounding.params import PARTIAL_THRESHOLD, SUPPORTED_THRESHOLD
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.results import ClaimResult, Issue, IssueKind, SpanResult
from workbench.grounding.support import Support

RANKED_SPANS = 8  # candidates kept in ``ClaimResult.candidates`` beyond the chosen ones


@dataclass(frozen=True)
class Thresholds:
    """Verdict thresholds on the support score."""

    supported: float = SUPPORTED_THRESHOLD
    partial: float = PARTIAL_THRESHOLD


def verdict_of(score: float, lexical: float, failed: bool, th: Thresholds) -> str:
    """The verdict of a score; a failed check caps it at ``partial``."""
    if failed:
        return "partial" if lexical >= th.partial else "unsupported"
    if score >= th.supported:
        return "supported"
    if score >= th.partial:
        return "partial"
    return "unsupported"


def empty_result(text: str, start: int, end: int, issue: Issue) -> ClaimResult:
    """The result of a claim that cannot be grounded at all (no words, empty source)."""
    return ClaimResult(text, start, end, "unsupported", 0.0, [], [issue], [])


def decide(
    claim: Claim,
    idx: SourceIndex,
    support: Support,
    checks: Checks,
    th: Thresholds,
    *,
    start: int,
    end: int,
) -> ClaimResult:
    """The claim's verdict, score, support spans and issues."""
    score = support.score
    for factor in checks.factors:
        score *= factor
    issues = list(checks.issues)
    verdict = verdict_of(score, support.lexical, bool(issues), th)
    cost = support.unexplained_cost
    if cost and verdict == "partial" and not issues and score + cost >= th.supported:
        # say why a claim whose words otherwise match is only partial (after the verdict:
        # this note is an explanation, not a failed check)
        msg = "the claim adds words the source never uses: " + ", ".join(support.new_words[:4])
        issues.append(Issue(IssueKind.UNSTATED_WORDS, msg))

    def span_of(k: int) -> SpanResult:
        cand = idx.candidates[k]
        text = idx.candidate_text(k)
        return SpanResult(cand.start, cand.end, text, round(float(support.scores[k]), 4))

    ranked = [span_of(k) for k in support.chosen]
    seen = set(support.chosen)
    for k in support.order[:RANKED_SPANS]:
        k = int(k)
        if k not in seen:
            ranked.append(span_of(k))
            seen.add(k)
    return ClaimResult(
        text=claim.answer,
        start=start,
        end=end,
        verdict=verdict,
        score=round(float(score), 4),
        spans=ranked[: len(support.chosen)] if verdict != "unsupported" else [],
        issues=issues,
        candidates=ranked,
    )
