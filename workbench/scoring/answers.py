"""Score a file of model answers against the dataset, in batches, into one output file.

Per answer (one row of the answers file: ``id``, ``answer``, optional ``model`` and
``fact``) the figures of ``workbench.scoring.figures``. The fact comes from the answers
file's ``fact`` column, else a facts file keyed by id, else a ``fact`` field in the record
(e.g. a reviewed copy).

Rows that cannot be scored (an id not in the dataset, an empty answer, a second row for the
same (id, model)) are reported one line each and skipped; the rest is scored. The model
name comes from the ``model`` column; rows without one get ``model`` (default: the
answers file's stem).

Memory stays flat: the answers are read in batches (``workbench.scoring.answers_file``) and
scored a batch at a time (``workbench.scoring.parallel``); each batch is written out straight
away (``workbench.scoring.writers``); only per-(model, genre, difficulty) sums and the few
worst answers are kept (``workbench.scoring.results``). Output is chosen by extension
(``.parquet``, ``.csv``, ``.jsonl``, ``.html``), written to a temporary file and renamed
into place, and never onto an input file.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import polars as pl
from tqdm import tqdm

from workbench.errors import WorkbenchError
from workbench.scoring.answers_file import (
    ANSWER_COLUMNS,
    AnswerRows,
    CheckedAnswers,
    NothingToScoreError,
    open_table,
    prepare_batch,
    read_facts,
)
from workbench.scoring.compare import COMPARED_SCORES, MAX_MODELS, RESAMPLES, compare_models
from workbench.scoring.figures import (
    FLAT_SCHEMA,
    Grounder,
    claim_coverage,
    default_grounder,
    grounding_figures,
    score_answer,
)
from workbench.scoring.judge import Judge, rule_judge
from workbench.scoring.parallel import Context, run_batches
from workbench.scoring.results import (
    MEAN_METRICS,
    ScoreResult,
    WorstAnswers,
    combine_sums,
    means_by,
    partial_sums,
)
from workbench.scoring.writers import OUTPUT_FORMATS, WRITERS, Writer, check_output_path

WORST_KEPT = 25
# What is kept of each answer for the model comparison (a few numbers, not its text).
PER_ANSWER_COLUMNS: tuple[str, ...] = ("id", "model", "genre", "difficulty", *COMPARED_SCORES)


def flat_schema_frame(columns: Sequence[str]) -> pl.DataFrame:
    """An empty frame with ``columns`` typed as in ``FLAT_SCHEMA``."""
    return pl.DataFrame(schema={c: FLAT_SCHEMA[c] for c in columns})


__all__ = [
    "FLAT_SCHEMA",
    "MEAN_METRICS",
    "OUTPUT_FORMATS",
    "CheckedAnswers",
    "NothingToScoreError",
    "ScoreResult",
    "claim_coverage",
    "default_grounder",
    "grounding_figures",
    "means_by",
    "score_answer",
    "score_file",
]


# Rows per worker in one batch with --workers > 1: a batch of WORKER_BATCH x workers rows is
# split between the workers by record, so 1,000 answers already keep 2 workers busy. Each
# batch costs the main process a fixed few ms (reading, checks, sums, writing: polars
# calls), which at 200 rows per worker was a tenth of all the CPU of scoring 10,000 answers.
WORKER_BATCH = 500
# One process scores batches of this many rows too: a batch's results (its rows, its
# claims as dicts, its frames) live until the batch is written, and at 5,000 rows they
# were some 25 MiB of the peak of a 100,000-answer run (and left the heap fragmented).
SINGLE_BATCH = 2 * WORKER_BATCH


class Terminated(WorkbenchError):
    """The run was stopped by SIGTERM (from ``timeout``, a service stop...)."""

    exit_code = 143


@contextmanager
def _sigterm_as_error() -> Iterator[None]:
    """While scoring, SIGTERM raises ``Terminated`` so the temporary files are removed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise Terminated("terminated by SIGTERM; no output written, temporary files removed")

    old = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def score_file(
    answers_path: str | Path,
    records: Sequence[Mapping[str, Any]],
    out: str | Path,
    *,
    model: str | None = None,
    facts_path: str | Path | None = None,
    grounder: Grounder | None = None,
    judge: Judge = rule_judge,
    batch_size: int | None = None,
    workers: int = 1,
    progress: bool = True,
    data_path: str | Path | None = None,
    data_description: str = "",
    demo: bool = False,
    report: Callable[[str], None] | None = None,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> ScoreResult:
    """Score every valid row of ``answers_path`` against ``records`` and write ``out``.

    The answers file is read once: each batch is checked (``AnswerRows``), scored and
    written before the next is read. ``report`` receives one line per skipped row
    (default: stderr, at most 20 per kind plus a count of the rest), after the run.
    ``grounder`` defaults to ``workbench.grounding.engine.ground``. ``workers > 1`` scores
    batches of ``WORKER_BATCH`` x ``workers`` rows, split by record between that many forked
    processes (POSIX only), which die with this one. ``demo`` marks results scored against the bundled demo set (the HTML
    shows a banner). With two to ``compare.MAX_MODELS`` models, ``result.comparison`` holds
    their paired differences (``workbench.scoring.compare``; ``resamples`` draws, ``seed``).
    SIGTERM or Ctrl+C remove every temporary file and part and leave ``out`` as it was.
    """
    answers_path, out = Path(answers_path), Path(out)
    facts = Path(facts_path) if facts_path else None
    fmt = check_output_path(out, [answers_path, facts, Path(data_path) if data_path else None])
    reader = open_table(answers_path, ("id", "answer"), "answers")
    by_id = {r["id"]: r for r in records}
    rows = AnswerRows(answers_path, by_id, model or answers_path.stem)
    fact_map = read_facts(facts) if facts else {}
    size = batch_size or (WORKER_BATCH * workers if workers > 1 else SINGLE_BATCH)
    batches = (
        rows.keep(prepare_batch(b, rows.default_model))
        for b in reader.batches(ANSWER_COLUMNS, size)
    )
    ctx = Context(by_id, fact_map, grounder or default_grounder(), judge)
    result = ScoreResult(out, answers_path, data_description, rows.checked(), demo=demo)
    run = _Run(
        WRITERS[fmt](out),
        WorstAnswers(WORST_KEPT) if fmt == ".html" else None,
        lambda: len(rows.models) <= MAX_MODELS,
    )
    try:
        with _sigterm_as_error():
            run.score((b for b in batches if b.height), ctx, workers, result, progress)
            result.checked = rows.checked()
            _report_problems(result.checked, report)
            if result.checked.to_score == 0:
                raise NothingToScoreError(
                    f"{answers_path}: no answer left to score: all {result.checked.total} "
                    "row(s) skipped (unknown id, empty answer, bad fact or duplicate; listed "
                    "above); nothing written"
                )
            run.finish(result, resamples, seed)
    except BaseException:
        run.writer.abort()
        raise
    return result


class _Run:
    """The running state of one scoring run: the writer, the sums and the kept rows."""

    def __init__(
        self, writer: Writer, worst: WorstAnswers | None, keep_per_answer: Callable[[], bool]
    ) -> None:
        self.writer, self.worst, self.keep_per_answer = writer, worst, keep_per_answer
        self.parts: list[pl.DataFrame] = []
        self.kept: list[pl.DataFrame] = []

    def score(
        self,
        batches: Iterable[pl.DataFrame],
        ctx: Context,
        workers: int,
        result: ScoreResult,
        progress: bool,
    ) -> None:
        start = time.perf_counter()
        # delay: a run that fails at once (a bad file) prints its error line alone
        with tqdm(desc="scoring", unit=" answers", disable=not progress, delay=0.5) as bar:
            for batch, (flat_rows, claims) in run_batches(batches, ctx, workers):
                flat = pl.DataFrame(flat_rows, schema=FLAT_SCHEMA)
                self.writer.write(flat, claims)
                self.parts.append(partial_sums(flat))
                if len(self.parts) >= 64:
                    self.parts = [combine_sums(self.parts)]
                if self.keep_per_answer():
                    self.kept.append(flat.select(PER_ANSWER_COLUMNS))
                else:  # more models than are compared: no comparison, nothing to keep
                    self.kept.clear()
                if self.worst is not None:
                    self.worst.add(flat_rows, claims, batch.get_column("answer").to_list())
                result.n_scored += flat.height
                bar.update(flat.height)
        result.elapsed = time.perf_counter() - start

    def finish(self, result: ScoreResult, resamples: int, seed: int) -> None:
        result.parts = combine_sums(self.parts) if self.parts else pl.DataFrame()
        result.worst = self.worst.worst_first() if self.worst is not None else []
        result.per_answer = (
            pl.concat(self.kept) if self.kept else flat_schema_frame(PER_ANSWER_COLUMNS)
        )
        if 2 <= len(result.checked.models) <= MAX_MODELS:
            result.comparison = compare_models(result.per_answer, resamples=resamples, seed=seed)
        self.writer.commit(result)


def _report_problems(
    checked: CheckedAnswers, report: Callable[[str], None] | None, per_kind: int = 20
) -> None:
    emit = report or (lambda line: print(line, file=sys.stderr))
    for (kind,), group in checked.problems.group_by("problem", maintain_order=True):
        messages = group.get_column("message").to_list()
        for line in messages[:per_kind]:
            emit(line)
        if len(messages) > per_kind:
            emit(f"... and {len(messages) - per_kind} more rows with: {kind}")
    if checked.problems.height:
        emit(checked.summary_line())
