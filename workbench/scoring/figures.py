"""Per-answer figures: grounding in the source, QA accuracy, coverage of the reference
claims, factual knowledge and the judge label, for one answer to one record.

- **grounding** of the answer in the record's ``source_text`` by the grounding engine
  (``workbench.grounding.engine.ground``): its claims, how many are supported, the supported
  fraction, and its issues (number mismatches counted apart); and the answer's calibrated
  probability of being supported (``probability``: its weakest claim's, as
  ``grounding.results.Grounding.probability``; ``mean_probability`` beside it;
  ``any_claim_below_half`` = 1 when some claim's is under 0.5) and its ``confidence`` tier
  (``high`` only if every claim's is, ``low`` if any claim's is, else ``mixed``;
  ``grounding.results.Confidence``), empty for a grounder that gives none;
- **QA accuracy** against ``reference_answer``: FMEval's five scores (``workbench.scoring.qa_metrics``),
  with letter-preserving Hebrew normalisation, and beside them the Hebrew-aware
  prefix-tolerant precision/recall/F1 and TLNLS (``workbench.scoring.hebrew_metrics``);
- **coverage of the reference claims**: a gold claim counts as covered when some claim of
  the answer reaches a prefix-tolerant word F1 of at least ``COVERAGE_F1`` (0.5) with it
  (``hebrew_metrics.prefix_tolerant_f1_sets``); ``reference_coverage`` = covered / gold claims.
  Token F1 rather than containment, so neither a long answer nor a one-word claim
  matches everything; 0.5 means at least half of the words agree on both sides;
- **factual knowledge** when a fact is known;
- the default **judge** label (``workbench.scoring.judge.rule_judge``).

``FLAT_SCHEMA`` is the column layout of one scored answer in every output format.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import polars as pl

from workbench.errors import WorkbenchError
from workbench.grounding.results import DOUBTFUL_BELOW, Confidence
from workbench.scoring import hebrew_metrics as hm
from workbench.scoring import qa_metrics as qm
from workbench.scoring.judge import Judge, rule_judge

COVERAGE_F1 = 0.5

Grounder = Callable[[str, str], Any]

FLAT_SCHEMA: dict[str, pl.DataType] = {
    "id": pl.String(),
    "model": pl.String(),
    "genre": pl.String(),
    "difficulty": pl.Int64(),
    "answer_chars": pl.Int64(),
    "n_claims": pl.Int64(),
    "n_supported": pl.Int64(),
    "n_unsupported": pl.Int64(),
    "n_partial": pl.Int64(),
    "supported_fraction": pl.Float64(),
    "n_issues": pl.Int64(),
    "n_number_issues": pl.Int64(),
    "probability": pl.Float64(),
    "mean_probability": pl.Float64(),
    "any_claim_below_half": pl.Int64(),
    "confidence": pl.String(),
    qm.EXACT_MATCH_SCORE: pl.Float64(),
    qm.QUASI_EXACT_MATCH_SCORE: pl.Float64(),
    qm.PRECISION_OVER_WORDS: pl.Float64(),
    qm.RECALL_OVER_WORDS: pl.Float64(),
    qm.F1_SCORE: pl.Float64(),
    hm.PREFIX_TOLERANT_PRECISION: pl.Float64(),
    hm.PREFIX_TOLERANT_RECALL: pl.Float64(),
    hm.PREFIX_TOLERANT_F1: pl.Float64(),
    hm.TLNLS: pl.Float64(),
    "n_gold_claims": pl.Int64(),
    "n_gold_covered": pl.Int64(),
    "reference_coverage": pl.Float64(),
    "fact": pl.String(),
    qm.FACTUAL_KNOWLEDGE: pl.Float64(),
    qm.FACTUAL_KNOWLEDGE_QUASI_EXACT: pl.Float64(),
    "judge": pl.String(),
}


def default_grounder() -> Grounder:
    """``workbench.grounding.engine.ground``, or a one-line error if the engine is not installed."""
    try:
        from workbench.grounding.engine import ground
    except ImportError as exc:
        raise WorkbenchError(f"the grounding engine is not available ({exc})") from None
    return ground


def grounding_dict(result: Any) -> dict[str, Any]:
    """The grounding result as a plain dict (``to_dict()`` if it has one)."""
    if hasattr(result, "to_dict"):
        return result.to_dict()
    if isinstance(result, Mapping):
        return dict(result)
    raise WorkbenchError(f"grounding returned {type(result).__name__}, expected a dict")


def _is_number_issue(issue: Any) -> bool:
    """Whether a typed issue (``issue_details`` item of a claim) is about a figure."""
    from workbench.grounding.results import NUMBER_KINDS

    return isinstance(issue, Mapping) and issue.get("kind") in NUMBER_KINDS


@lru_cache(maxsize=512)
def word_set(text: str) -> frozenset[str]:
    """Normalised word set (as ``f1_score`` builds it, letters kept); cached, since the
    answers to one record repeat claims."""
    return frozenset(qm.normalize(text.strip(), hebrew=True).split())


def claim_coverage(
    answer_claims: Sequence[str] | Sequence[frozenset[str]],
    gold_claims: Sequence[str] | Sequence[frozenset[str]],
    threshold: float = COVERAGE_F1,
) -> tuple[int, int]:
    """(covered, total) gold claims: covered when some answer claim has word F1 >= threshold."""
    ans = [c if isinstance(c, frozenset) else word_set(c) for c in answer_claims]
    gold = [c if isinstance(c, frozenset) else word_set(c) for c in gold_claims]
    covered = sum(1 for g in gold if any(_pair_f1(a, g) >= threshold for a in ans))
    return covered, len(gold)


@lru_cache(maxsize=1024)
def _pair_f1(a: frozenset[str], g: frozenset[str]) -> float:
    """``prefix_tolerant_f1_sets`` of an answer claim and a gold claim, cached: the answers
    to one record repeat claims, always against the same gold claims."""
    return hm.prefix_tolerant_f1_sets(a, g)


_TAKES_QUESTION: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()


def _takes_question(grounder: Grounder) -> bool:
    """Whether ``grounder`` accepts ``question=`` (the engine's ``ground`` does); known
    after the first answer (reading a signature costs more than scoring some answers),
    without keeping the grounder alive."""
    try:
        return _TAKES_QUESTION[grounder]
    except (KeyError, TypeError):  # not seen yet, or not weakly referenceable
        pass
    import inspect

    try:
        got = "question" in inspect.signature(grounder).parameters
    except (TypeError, ValueError):
        got = False
    try:
        _TAKES_QUESTION[grounder] = got
    except TypeError:
        pass
    return got


def grounding_figures(
    answer: str, source: str, grounder: Grounder, question: str | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Grounding figures of one answer (claims, supported share, issues) and its claims.

    ``question`` (the record's) is passed to a grounder that accepts it, so the answer is
    judged as an answer to that question."""
    if question and _takes_question(grounder):
        g = grounding_dict(grounder(answer, source, question=question))  # type: ignore[call-arg]
    else:
        g = grounding_dict(grounder(answer, source))
    claims = list(g.get("claims") or [])
    n_supported = sum(1 for c in claims if c.get("supported"))
    issues = [i for c in claims for i in (c.get("issues") or [])]
    frac = g.get("supported_fraction")
    if frac is None and claims:
        frac = n_supported / len(claims)
    prob = _float_or_none(g.get("probability"))
    figures = {
        "answer_chars": len(answer),
        "n_claims": len(claims),
        "n_supported": n_supported,
        "n_unsupported": sum(1 for c in claims if c.get("verdict") == "unsupported"),
        "n_partial": sum(1 for c in claims if c.get("verdict") == "partial"),
        "supported_fraction": None if frac is None else float(frac),
        "n_issues": len(issues),
        "n_number_issues": sum(
            1 for c in claims for i in (c.get("issue_details") or []) if _is_number_issue(i)
        ),
        "probability": prob,
        "mean_probability": _float_or_none(g.get("mean_probability")),
        "any_claim_below_half": None if prob is None else int(prob < DOUBTFUL_BELOW),
        "confidence": _tier_name(g.get("confidence")),
    }
    return figures, claims


def _tier_name(value: Any) -> str | None:
    """A grounder's answer tier as its JSON name (``Confidence.read``), ``None`` without."""
    tier = Confidence.read(value)
    return None if tier is None else tier.value


def _float_or_none(value: Any) -> float | None:
    """A grounder's figure as a float, ``None`` when it gives none (or not a number)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def score_answer(
    answer: str,
    record: Mapping[str, Any],
    *,
    grounder: Grounder,
    fact: str | None = None,
    judge: Judge = rule_judge,
    gold_sets: Sequence[frozenset[str]] | None = None,
) -> dict[str, Any]:
    """Every figure for one answer to one record, plus its claims (under ``"claims"``)."""
    figures, claims = answer_figures(
        answer, record, grounder=grounder, fact=fact, gold_sets=gold_sets
    )
    return judged(figures, claims, answer, record, judge)


def judged(
    figures: Mapping[str, Any],
    claims: list[dict[str, Any]],
    answer: str,
    record: Mapping[str, Any],
    judge: Judge,
) -> dict[str, Any]:
    """A copy of ``figures`` with the judge's label and the claims (under ``"claims"``)."""
    out = dict(figures)
    out["judge"] = judge(
        {
            "question": record.get("question"),
            "answer": answer,
            "source": record["source_text"],
            "reference": record.get("reference_answer"),
            "figures": out,
        }
    )
    out["claims"] = claims
    return out


def answer_figures(
    answer: str,
    record: Mapping[str, Any],
    *,
    grounder: Grounder,
    fact: str | None = None,
    gold_sets: Sequence[frozenset[str]] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Every figure but the judge's label for one answer to one record, and its claims.

    A pure function of (answer, record, fact): ``workbench.scoring.parallel`` memoises it
    so a repeated answer to the same record is grounded once.
    """
    figures, claims = grounding_figures(
        answer, record["source_text"], grounder, record.get("question")
    )
    qa = qm.qa_accuracy_scores(answer, record["reference_answer"])
    qa.update(hm.hebrew_scores(answer, record["reference_answer"]))
    if gold_sets is None:
        gold_sets = [word_set(c["text"]) for c in record.get("claims") or []]
    covered, n_gold = claim_coverage([c.get("text") or "" for c in claims], gold_sets)
    fk: dict[str, float | None] = dict.fromkeys(qm.FACTUAL_KNOWLEDGE_SCORE_NAMES)
    if fact:
        fk.update(qm.factual_knowledge_scores(answer, fact))
    figures.update(
        {
            **qa,
            "n_gold_claims": n_gold,
            "n_gold_covered": covered,
            "reference_coverage": covered / n_gold if n_gold else None,
            "fact": fact or None,
            **fk,
        }
    )
    return figures, claims
