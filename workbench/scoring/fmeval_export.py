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

# (variable, command that writes the file, dataset name, file, target field)
_CONFIGS = (
    (
        "qa_config",
        "--out ground_truth.jsonl --category",
        "hebrew_abstractive_qa",
        "ground_truth.jsonl",
        "ground_truth_answer",
    ),
    (
        "facts_config",
        "--out facts.jsonl --only-with-fact --category",
        "hebrew_abstractive_qa_facts",
        "facts.jsonl",
        "fact",
    ),
)


def _data_config(var: str, command: str, name: str, uri: str, target: str) -> str:
    return (
        f"# workbench export-fmeval {command}\n"
        f"{var} = DataConfig(\n"
        f'    dataset_name="{name}",\n'
        f'    dataset_uri="{uri}",\n'
        "    dataset_mime_type=MIME_TYPE_JSONLINES,\n"
        '    model_input_location="question",\n'
        f'    target_output_location="{target}",\n'
        '    category_location="category",\n'
        ")\n"
    )


DATA_CONFIG_SNIPPET = (
    "from fmeval.constants import MIME_TYPE_JSONLINES\n"
    "from fmeval.data_loaders.data_config import DataConfig\n"
    "from fmeval.eval_algorithms.factual_knowledge import FactualKnowledge, "
    "FactualKnowledgeConfig\n"
    "from fmeval.eval_algorithms.qa_accuracy import QAAccuracy, QAAccuracyConfig\n\n"
    + "".join(_data_config(*c) for c in _CONFIGS)
    + '# model_runner: your fmeval ModelRunner; "$model_input" is the question as is.\n'
    'QAAccuracy(QAAccuracyConfig(target_output_delimiter="<OR>")).evaluate(\n'
    '    model=model_runner, dataset_config=qa_config, prompt_template="$model_input", save=True\n'
    ")\n"
    'FactualKnowledge(FactualKnowledgeConfig(target_output_delimiter="<OR>")).evaluate(\n'
    '    model=model_runner, dataset_config=facts_config, prompt_template="$model_input", '
    "save=True\n"
    ")\n"
)


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
