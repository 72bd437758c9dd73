"""Judges: label an answer grounded / incomplete / hallucinated / irrelevant.

A judge is any callable ``judge(item) -> label`` where ``item`` is a mapping with the keys
``question``, ``answer``, ``source``, ``reference`` (may be ``None``) and ``figures`` (the
per-answer grounding and QA figures that ``workbench.scoring.answers.score_answer`` computes). The
labels pre-sort the review queue (hallucinated first, grounded last); they never replace a
human decision.

The default, :func:`rule_judge`, reads only the figures, in this order (first rule wins):

1. **irrelevant**: the answer is empty or has no claims; or (when a reference is known) none
   of its claims is supported by the source *and* its word F1 against the reference is
   below ``IRRELEVANT_F1`` (0.1), i.e. it is about something else entirely.
2. **hallucinated**: at least one claim is not ``supported`` by the source (a ``partial``
   verdict counts: the engine caps a claim with a wrong number or a lost negation at
   ``partial``), or a number disagrees with the source (the engine's number issues).
3. **incomplete**: everything said is supported, but it covers less than ``MIN_COVERAGE``
   (0.5) of the reference's claims or recalls less than ``MIN_RECALL`` (0.3) of its words
   (only when a reference is known).
4. **grounded** otherwise.

An LLM judge plugs in with :func:`make_llm_judge`: pass any ``complete(prompt) -> reply``
function (your own client; the workbench never calls a network service itself)::

    from workbench.scoring.judge import make_llm_judge
    judge = make_llm_judge(lambda prompt: my_client.generate(prompt))
    queue = review.review_queue(records, sample_ids, judge=judge)

The reply's first label word is used; a reply with no label falls back to the rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

JUDGE_LABELS: tuple[str, ...] = ("grounded", "incomplete", "hallucinated", "irrelevant")
# Review order: the labels most likely to need a fix come first.
REVIEW_PRIORITY: dict[str, int] = {
    "hallucinated": 0,
    "irrelevant": 1,
    "incomplete": 2,
    "grounded": 3,
}
IRRELEVANT_F1 = 0.1
MIN_COVERAGE = 0.5
MIN_RECALL = 0.3

Judge = Callable[[Mapping[str, Any]], str]


def _num(figures: Mapping[str, Any], key: str) -> float | None:
    value = figures.get(key)
    return None if value is None else float(value)


def rule_judge(item: Mapping[str, Any]) -> str:
    """The default judge: the four rules in the module docstring, applied to ``item["figures"]``."""
    figures = item.get("figures") or {}
    answer = item.get("answer") or ""
    n_claims = int(figures.get("n_claims") or 0)
    if not answer.strip() or n_claims == 0:
        return "irrelevant"
    n_supported = int(figures.get("n_supported") or 0)
    f1 = _num(figures, "f1_score")
    if n_supported == 0 and f1 is not None and f1 < IRRELEVANT_F1:
        return "irrelevant"
    if n_supported < n_claims or int(figures.get("n_number_issues") or 0) > 0:
        return "hallucinated"
    coverage = _num(figures, "reference_coverage")
    recall = _num(figures, "recall_over_words")
    if item.get("reference") is not None and (
        (coverage is not None and coverage < MIN_COVERAGE)
        or (recall is not None and recall < MIN_RECALL)
    ):
        return "incomplete"
    return "grounded"


DEFAULT_PROMPT = """You review answers to questions about a Hebrew source document.
Label the ANSWER with exactly one word:
grounded - every statement is supported by the SOURCE and it answers the QUESTION;
incomplete - supported, but leaves out part of what the QUESTION asks;
hallucinated - states something the SOURCE does not say (wrong numbers included);
irrelevant - does not answer the QUESTION.

QUESTION: {question}

SOURCE: {source}

ANSWER: {answer}

Label:"""

_LABEL_RE = re.compile(r"\b(" + "|".join(JUDGE_LABELS) + r")\b", re.IGNORECASE)


def make_llm_judge(
    complete: Callable[[str], str],
    *,
    prompt_template: str = DEFAULT_PROMPT,
    fallback: Judge = rule_judge,
) -> Judge:
    """A judge that asks a language model through ``complete(prompt) -> reply``.

    The reply's first label word (case-insensitive) is the label; a reply without one falls
    back to ``fallback`` (the rules by default), so a flaky model never blocks review.
    """

    def judge(item: Mapping[str, Any]) -> str:
        prompt = prompt_template.format(
            question=item.get("question") or "",
            source=item.get("source") or "",
            answer=item.get("answer") or "",
            reference=item.get("reference") or "",
        )
        match = _LABEL_RE.search(complete(prompt) or "")
        return match.group(1).lower() if match else fallback(item)

    return judge
