"""`workbench export-fmeval`: the ground truth as JSON Lines that FMEval reads.

One line per record: ``id``, ``question``, ``ground_truth_answer`` (the reference answer)
and ``fact`` where a curated one exists: from ``--facts FILE`` (``id``, ``fact``), else from
a ``fact`` field in the record (a reviewed copy made by ``workbench review-apply``). Facts
keep their ``<OR>`` variants. ``--only-with-fact`` keeps just the records that have one (FMEval's
Factual Knowledge needs a target on every line); ``--category`` adds the genre as
``category`` for FMEval's per-category scores.

FMEval reads the file with a data config (``DATA_CONFIG_SNIPPET``, also in the README).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from workbench.errors import WorkbenchError
from workbench.scoring.qa_metrics import fact_problem

DATA_CONFIG_SNIPPET = """\
from fmeval.constants import MIME_TYPE_JSONLINES
from fmeval.data_loaders.data_config import DataConfig
from fmeval.eval_algorithms.factual_knowledge import FactualKnowledge, FactualKnowledgeConfig
from fmeval.eval_algorithms.qa_accuracy import QAAccuracy, QAAccuracyConfig

# workbench export-fmeval --out ground_truth.jsonl --category
qa_config = DataConfig(
    dataset_name="hebrew_abstractive_qa",
    dataset_uri="ground_truth.jsonl",
    dataset_mime_type=MIME_TYPE_JSONLINES,
    model_input_location="question",
    target_output_location="ground_truth_answer",
    category_location="category",
)
# workbench export-fmeval --out facts.jsonl --only-with-fact --category
facts_config = DataConfig(
    dataset_name="hebrew_abstractive_qa_facts",
    dataset_uri="facts.jsonl",
    dataset_mime_type=MIME_TYPE_JSONLINES,
    model_input_location="question",
    target_output_location="fact",
    category_location="category",
)
# model_runner: your fmeval ModelRunner; "$model_input" is the question as is.
QAAccuracy(QAAccuracyConfig(target_output_delimiter="<OR>")).evaluate(
    model=model_runner, dataset_config=qa_config, prompt_template="$model_input", save=True
)
FactualKnowledge(FactualKnowledgeConfig(target_output_delimiter="<OR>")).evaluate(
    model=model_runner, dataset_config=facts_config, prompt_template="$model_input", save=True
)
"""


def fmeval_lines(
    records: Sequence[Mapping[str, Any]],
    facts: Mapping[str, str] | None = None,
    *,
    only_with_fact: bool = False,
    category: bool = False,
) -> list[dict[str, Any]]:
    """The JSON Lines objects, in record order (see the module docstring).

    A fact with an empty variant is refused (``qa_metrics.fact_problem``): FMEval would
    count it as found in every answer.
    """
    facts = facts or {}
    out = []
    for r in records:
        fact = facts.get(r["id"]) or r.get("fact")
        fact = fact.strip() if isinstance(fact, str) else None
        if only_with_fact and not fact:
            continue
        line: dict[str, Any] = {
            "id": r["id"],
            "question": r["question"],
            "ground_truth_answer": r["reference_answer"],
        }
        if fact:
            if bad := fact_problem(fact):
                raise WorkbenchError(f"record '{r['id']}': fact {fact!r} {bad}")
            line["fact"] = fact
        if category:
            line["category"] = r["genre"]
        out.append(line)
    return out
