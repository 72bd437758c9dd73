"""What a scoring run keeps in memory: per-(model, genre, difficulty) sums of every figure,
the means computed from them, and the few worst answers (for the HTML report)."""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from workbench.formatting import fmt_float
from workbench.grounding.results import DOUBTFUL_BELOW, Confidence
from workbench.scoring import qa_metrics as qm
from workbench.scoring.answers_file import CheckedAnswers
from workbench.scoring.compare import COMPARED_SCORES
from workbench.scoring.judge import JUDGE_LABELS

# The figures averaged per model / genre / difficulty. ``probability`` (an answer's weakest
# claim's) averages to the mean answer probability, ``any_claim_below_half`` (0/1) to the
# share of answers with a claim under 0.5; ``means_by`` also gives their count
# (``n_below_half``). Each answer's ``confidence`` tier is counted per group apart
# (``n_high``, ``n_mixed``, ``n_low``; ``TIER_COUNTS``).
MEAN_METRICS: tuple[str, ...] = (
    *COMPARED_SCORES,
    "n_claims",
    "n_unsupported",
    "n_number_issues",
    "probability",
    "any_claim_below_half",
)


# the per-group count of answers in each confidence tier, by column name
TIER_COUNTS: dict[str, Confidence] = {f"n_{t.value}": t for t in Confidence}


def partial_sums(flat: pl.DataFrame) -> pl.DataFrame:
    """Per (model, genre, difficulty): row count, and sum and non-null count of each metric."""
    aggs: list[pl.Expr] = [pl.len().alias("n")]
    for m in MEAN_METRICS:
        aggs += [pl.col(m).sum().alias(f"{m}__sum"), pl.col(m).count().alias(f"{m}__n")]
    aggs += [(pl.col("judge") == lab).sum().alias(f"judge_{lab}") for lab in JUDGE_LABELS]
    aggs += [(pl.col("confidence") == t.value).sum().alias(c) for c, t in TIER_COUNTS.items()]
    aggs.append(pl.col("confidence").count().alias("confidence__n"))
    return flat.group_by("model", "genre", "difficulty").agg(aggs)


def means_by(parts: pl.DataFrame, keys: Sequence[str]) -> pl.DataFrame:
    """Mean of every metric over the groups ``keys`` (from the partial sums),
    ``n_below_half``: how many answers have a claim whose probability is under 0.5, and
    ``n_high`` / ``n_mixed`` / ``n_low``: how many answers are in each confidence tier
    (``None`` when the grounder gave no probability, no tier)."""
    if parts.is_empty():
        return pl.DataFrame()
    summed = parts.group_by(keys).agg(pl.all().exclude(*keys, "model", "genre", "difficulty").sum())
    cols = [pl.col("n")]
    for m in MEAN_METRICS:
        n = pl.col(f"{m}__n")
        cols.append(pl.when(n > 0).then(pl.col(f"{m}__sum") / n).otherwise(None).alias(m))
    has_p = pl.col("any_claim_below_half__n") > 0  # else the grounder gave no probability
    cols.append(
        pl.when(has_p)
        .then(pl.col("any_claim_below_half__sum"))
        .otherwise(None)
        .alias("n_below_half")
    )
    has_tier = pl.col("confidence__n") > 0
    cols += [pl.when(has_tier).then(pl.col(c)).otherwise(None).alias(c) for c in TIER_COUNTS]
    cols += [pl.col(f"judge_{lab}") for lab in JUDGE_LABELS]
    return summed.select(*keys, *cols).sort(keys)


@dataclass
class ScoreResult:
    """What a scoring run produced: counts, problems, aggregates and the worst answers."""

    out: Path
    answers_path: Path
    data_description: str
    checked: CheckedAnswers
    n_scored: int = 0
    elapsed: float = 0.0
    demo: bool = False
    parts: pl.DataFrame = field(default_factory=pl.DataFrame)
    worst: list[dict[str, Any]] = field(default_factory=list)
    # a few numbers per scored answer, for the model comparison: kept only when there are
    # 2 to compare.MAX_MODELS models (else empty, so memory does not grow with the file)
    per_answer: pl.DataFrame = field(default_factory=pl.DataFrame)
    comparison: pl.DataFrame | None = None

    @property
    def by_model(self) -> pl.DataFrame:
        return means_by(self.parts, ["model"])

    @property
    def by_genre(self) -> pl.DataFrame:
        return means_by(self.parts, ["model", "genre"])

    @property
    def by_difficulty(self) -> pl.DataFrame:
        return means_by(self.parts, ["model", "difficulty"])


def probability_lines(by_model: pl.DataFrame) -> list[str]:
    """Per model: the mean answer probability (an answer's = its weakest claim's), how
    many answers have a claim under 0.5, and how many answers are in each confidence tier
    (when the grounder gives one); none when the grounder gave no probability."""
    if by_model.is_empty() or "probability" not in by_model.columns:
        return []
    lines = []
    for r in by_model.iter_rows(named=True):
        if r["probability"] is None:
            continue
        lines.append(
            f"{r['model']}: answer probability (its weakest claim's) mean "
            f"{fmt_float(r['probability'], 2)}; {r['n_below_half']} of {r['n']} answers "
            f"have a claim under {DOUBTFUL_BELOW}" + _tier_counts(r)
        )
    return lines


def _tier_counts(row: Mapping[str, Any]) -> str:
    """The tier counts of a model row ("; confidence high a, mixed b, low c"), empty
    without tiers."""
    if any(row.get(c) is None for c in TIER_COUNTS):
        return ""
    return "; confidence " + ", ".join(f"{t.value} {row[c]}" for c, t in TIER_COUNTS.items())


def worst_key(row: Mapping[str, Any]) -> tuple[float, float, float]:
    """How bad an answer looks, lowest first: its calibrated probability (its weakest
    claim's: it ranks right against wrong claims far better than the share of supported
    verdicts on held-out text), then its supported share, then its F1. Without a
    probability (a custom grounder gives none, for every row) the supported share leads."""
    frac = row.get("supported_fraction")
    share = 1.0 if frac is None else float(frac)
    prob = row.get("probability")
    first = share if prob is None else float(prob)
    return (first, share, float(row.get(qm.F1_SCORE) or 0.0))


def combine_sums(parts: list[pl.DataFrame]) -> pl.DataFrame:
    """Partial sums of several batches added into one frame."""
    return pl.concat(parts).group_by("model", "genre", "difficulty").agg(pl.all().sum())


class WorstAnswers:
    """The ``keep`` worst answers by ``worst_key`` (lowest probability, then supported
    share, then F1), with their text and claims, kept in a heap so memory does not grow
    with the file."""

    def __init__(self, keep: int = 25) -> None:
        self.keep = keep
        self._heap: list[tuple[tuple[float, ...], int, dict[str, Any]]] = []
        self._seen = 0

    def add(
        self,
        rows: Sequence[dict[str, Any]],
        claims: Sequence[list[dict[str, Any]]],
        answers: Sequence[str],
    ) -> None:
        for row, row_claims, answer in zip(rows, claims, answers, strict=True):
            key = worst_key(row)
            item = (tuple(-k for k in key), self._seen, row)
            self._seen += 1
            if len(self._heap) < self.keep or item[0] > self._heap[0][0]:
                row.update(answer=answer, claims=row_claims)
                if len(self._heap) < self.keep:
                    heapq.heappush(self._heap, item)
                else:
                    heapq.heapreplace(self._heap, item)

    def worst_first(self) -> list[dict[str, Any]]:
        return [w[2] for w in sorted(self._heap, key=lambda w: w[0], reverse=True)]
