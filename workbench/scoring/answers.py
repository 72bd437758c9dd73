"""Score a file of model answers against the dataset, in batches, into one output file.

Per answer (one row of the answers file: ``id``, ``answer``, optional ``model`` and ``fact``):

- **grounding** of the answer in the record's ``source_text`` by the grounding engine
  (``workbench.grounding.engine.ground``): its claims, how many are supported, the supported
  fraction, and its issues (number mismatches counted apart);
- **QA accuracy** against ``reference_answer``: FMEval's five scores (``workbench.scoring.qa_metrics``),
  Hebrew-aware;
- **coverage of the reference claims**: a gold claim counts as covered when some claim of
  the answer reaches a word F1 of at least ``COVERAGE_F1`` (0.5) with it (the same
  Hebrew-aware word sets as ``f1_score``); ``reference_coverage`` = covered / gold claims.
  Token F1 rather than containment, so neither a long answer nor a one-word claim
  matches everything; 0.5 means at least half of the words agree on both sides;
- **factual knowledge** when a fact is known (the answers file's ``fact`` column, else a
  facts file keyed by id, else a ``fact`` field in the record, e.g. a reviewed copy);
- the default **judge** label (``workbench.scoring.judge.rule_judge``).

Rows that cannot be scored (an id not in the dataset, an empty answer, a second row for the
same (id, model)) are reported one line each and skipped; the rest is scored. The model
name comes from the ``model`` column; rows without one get ``--model`` (default: the
answers file's stem).

Memory stays flat: the answers are read in batches (``workbench.scoring.answers_file``) and scored a
batch at a time; each batch is written out straight away; only per-(model, genre, difficulty) sums and the few worst
answers (for the HTML report) are kept. Output is chosen by extension (``.parquet``,
``.csv``, ``.jsonl``, ``.html``), written to a temporary file and renamed into place, and
never onto an input file.
"""

from __future__ import annotations

import heapq
import itertools
import json
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import polars as pl

from workbench.errors import InputFileError, WorkbenchError
from workbench.io import AtomicOutput
from workbench.scoring import qa_metrics as qm
from workbench.scoring.answers_file import TABLE_FORMATS, TableReader
from workbench.scoring.judge import JUDGE_LABELS, Judge, rule_judge

COVERAGE_F1 = 0.5
DEFAULT_BATCH = 5000
WORST_KEPT = 25
ANSWER_FORMATS = TABLE_FORMATS
OUTPUT_FORMATS = (".parquet", ".csv", ".jsonl", ".html")

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
    qm.EXACT_MATCH_SCORE: pl.Float64(),
    qm.QUASI_EXACT_MATCH_SCORE: pl.Float64(),
    qm.PRECISION_OVER_WORDS: pl.Float64(),
    qm.RECALL_OVER_WORDS: pl.Float64(),
    qm.F1_SCORE: pl.Float64(),
    "n_gold_claims": pl.Int64(),
    "n_gold_covered": pl.Int64(),
    "reference_coverage": pl.Float64(),
    "fact": pl.String(),
    qm.FACTUAL_KNOWLEDGE: pl.Float64(),
    qm.FACTUAL_KNOWLEDGE_QUASI_EXACT: pl.Float64(),
    "judge": pl.String(),
}
# The figures averaged per model / genre / difficulty.
MEAN_METRICS: tuple[str, ...] = (
    "supported_fraction",
    qm.F1_SCORE,
    qm.PRECISION_OVER_WORDS,
    qm.RECALL_OVER_WORDS,
    qm.EXACT_MATCH_SCORE,
    qm.QUASI_EXACT_MATCH_SCORE,
    "reference_coverage",
    qm.FACTUAL_KNOWLEDGE,
    qm.FACTUAL_KNOWLEDGE_QUASI_EXACT,
    "n_claims",
    "n_unsupported",
    "n_number_issues",
)


# --- per answer --------------------------------------------------------------------------


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


def word_set(text: str) -> frozenset[str]:
    """Hebrew-aware normalised word set (as ``f1_score`` builds it)."""
    return frozenset(qm.normalize(text.strip(), hebrew=True).split())


def _f1_sets(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    shared = len(a & b)
    if shared == 0:
        return 0.0
    p, r = shared / len(a), shared / len(b)
    return 1.0 / (0.5 / p + 0.5 / r)


def claim_coverage(
    answer_claims: Sequence[str] | Sequence[frozenset[str]],
    gold_claims: Sequence[str] | Sequence[frozenset[str]],
    threshold: float = COVERAGE_F1,
) -> tuple[int, int]:
    """(covered, total) gold claims: covered when some answer claim has word F1 >= threshold."""
    ans = [c if isinstance(c, frozenset) else word_set(c) for c in answer_claims]
    gold = [c if isinstance(c, frozenset) else word_set(c) for c in gold_claims]
    covered = sum(1 for g in gold if any(_f1_sets(a, g) >= threshold for a in ans))
    return covered, len(gold)


def _takes_question(grounder: Grounder) -> bool:
    """Whether ``grounder`` accepts ``question=`` (the engine's ``ground`` does)."""
    import inspect

    try:
        return "question" in inspect.signature(grounder).parameters
    except (TypeError, ValueError):
        return False


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
    }
    return figures, claims


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
    figures, claims = grounding_figures(
        answer, record["source_text"], grounder, record.get("question")
    )
    qa = qm.qa_accuracy_scores(answer, record["reference_answer"])
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
    figures["judge"] = judge(
        {
            "question": record.get("question"),
            "answer": answer,
            "source": record["source_text"],
            "reference": record.get("reference_answer"),
            "figures": figures,
        }
    )
    figures["claims"] = claims
    return figures


# --- reading the answers -----------------------------------------------------------------


class NothingToScoreError(WorkbenchError):
    """Every row of the answers file was skipped (exit code 1, like a partly skipped run)."""

    exit_code = 1


ANSWER_COLUMNS: tuple[str, ...] = ("id", "answer", "model", "fact")


def open_table(path: Path, required: Sequence[str], what: str) -> TableReader:
    """A table reader, after checking that the file has the ``required`` columns."""
    reader = TableReader(path, what=what)
    missing = [c for c in required if c not in reader.names]
    if missing:
        raise InputFileError(
            f"{path}: {what} file lacks column(s) {', '.join(missing)} "
            f"(found: {', '.join(reader.names) or 'none'})"
        )
    return reader


@dataclass
class CheckedAnswers:
    """What the checking pass found: rows to skip (with reasons) and what remains."""

    total: int
    problems: pl.DataFrame  # row, id, model, problem, message
    to_score: int
    models: list[str]

    def summary_line(self) -> str:
        counts = self.problems.group_by("problem").len().sort("problem").rows()
        parts = [f"{n} {p}" for p, n in counts] or ["no problems"]
        return f"{self.to_score} of {self.total} answers to score; skipped: " + ", ".join(parts)


def _prepare_batch(batch: pl.DataFrame, default_model: str) -> pl.DataFrame:
    """Trimmed id and model (rows without a model get ``default_model``)."""
    m = pl.col("model").str.strip_chars()
    return batch.with_columns(
        pl.col("id").str.strip_chars(),
        pl.when(m.is_null() | (m == "")).then(pl.lit(default_model)).otherwise(m).alias("model"),
    )


def check_answers(
    reader: TableReader,
    known_ids: Iterable[str],
    default_model: str,
    batch_size: int = DEFAULT_BATCH,
) -> CheckedAnswers:
    """Find unknown ids, empty answers and repeated (id, model) rows (the first one is kept).

    One pass over the file keeping only row, id, model and an "empty" flag per row.
    """
    parts = []
    for b in reader.batches(("id", "answer", "model"), batch_size):
        b = _prepare_batch(b, default_model)
        empty = b.select(
            pl.col("answer").is_null() | (pl.col("answer").str.strip_chars() == "")
        ).to_series()
        # Rebuilt from Python values: a slice of the batch would keep the whole batch's
        # string buffers (answers included) alive, and memory would grow with the file.
        parts.append(
            pl.DataFrame(
                {
                    "row": b.get_column("row").to_list(),
                    "id": b.get_column("id").to_list(),
                    "model": b.get_column("model").to_list(),
                    "empty": empty.to_list(),
                },
                schema={"row": pl.Int64, "id": pl.String, "model": pl.String, "empty": pl.Boolean},
            )
        )
    meta = (
        pl.concat(parts)
        if parts
        else pl.DataFrame(
            schema={"row": pl.Int64, "id": pl.String, "model": pl.String, "empty": pl.Boolean}
        )
    )
    path = reader.path
    known = pl.Series(list(known_ids), dtype=pl.String)
    meta = meta.with_columns(
        unknown=pl.col("id").is_null() | ~pl.col("id").is_in(known.implode()),
    )
    candidates = meta.filter(~pl.col("unknown") & ~pl.col("empty")).with_columns(
        first_row=pl.col("row").min().over("id", "model")
    )
    dups = candidates.filter(pl.col("row") != pl.col("first_row"))
    unknown = meta.filter(pl.col("unknown")).with_columns(
        problem=pl.lit("unknown id"),
        message=pl.format(
            "{}: row {}: id '{}' is not in the dataset; skipped",
            pl.lit(str(path)),
            "row",
            pl.col("id").fill_null("(missing)"),
        ),
    )
    empty = meta.filter(~pl.col("unknown") & pl.col("empty")).with_columns(
        problem=pl.lit("empty answer"),
        message=pl.format(
            "{}: row {}: id '{}' model '{}': empty answer; skipped",
            pl.lit(str(path)),
            "row",
            "id",
            "model",
        ),
    )
    dup = dups.with_columns(
        problem=pl.lit("duplicate (id, model)"),
        message=pl.format(
            "{}: row {}: id '{}' model '{}': duplicate of row {}; skipped",
            pl.lit(str(path)),
            "row",
            "id",
            "model",
            "first_row",
        ),
    )
    cols = ["row", "id", "model", "problem", "message"]
    problems = pl.concat([unknown.select(cols), empty.select(cols), dup.select(cols)]).sort("row")
    to_score = candidates.height - dups.height
    models = candidates.get_column("model").unique(maintain_order=True).to_list()
    return CheckedAnswers(meta.height, problems, to_score, models)


def read_facts(path: Path) -> dict[str, str]:
    """A facts file (JSONL/CSV/Parquet with ``id`` and ``fact``) as {id: fact}."""
    reader = open_table(path, ("id", "fact"), "facts")
    parts = list(reader.batches(("id", "fact")))
    if not parts:
        return {}
    df = pl.concat(parts).select(pl.col("id").str.strip_chars(), pl.col("fact").str.strip_chars())
    df = df.filter(
        pl.col("id").is_not_null() & pl.col("fact").is_not_null() & (pl.col("fact") != "")
    )
    dup = df.filter(pl.col("id").is_duplicated())
    if dup.height:
        raise InputFileError(f"{path}: id '{dup.item(0, 'id')}' has more than one fact")
    return dict(df.iter_rows())


# --- progress ----------------------------------------------------------------------------


class Progress:
    """A one-line progress bar on stderr: done/total, percent and answers per second."""

    def __init__(
        self,
        total: int,
        label: str = "scoring",
        *,
        enabled: bool = True,
        stream: TextIO | None = None,
    ) -> None:
        self.total, self.label, self.enabled = total, label, enabled
        self.stream = stream or sys.stderr
        self.done = 0
        self.start = time.perf_counter()
        self._last = 0.0
        self._drawn = -1

    def update(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if self.enabled and now - self._last >= 0.25:
            self._last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        frac = self.done / self.total if self.total else 1.0
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        rate = self.done / max(now - self.start, 1e-9)
        self.stream.write(
            f"\r{self.label} [{bar}] {self.done:,}/{self.total:,} ({frac:.0%}) {rate:,.0f}/s"
        )
        self.stream.flush()
        self._drawn = self.done

    def close(self) -> None:
        if self.enabled:
            if self._drawn != self.done:
                self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()


# --- writing -----------------------------------------------------------------------------


def check_output_path(out: Path, inputs: Iterable[Path | None]) -> str:
    """The output format, after refusing unknown extensions and paths that are inputs."""
    target = out.expanduser().resolve()
    for p in inputs:
        if p is not None and Path(p).expanduser().resolve() == target:
            raise WorkbenchError(f"{out}: refusing to overwrite an input file")
    suffix = out.suffix.lower()
    if suffix not in OUTPUT_FORMATS:
        raise WorkbenchError(
            f"{out}: unknown output format {suffix or '(no extension)'} "
            f"(use {', '.join(OUTPUT_FORMATS)})"
        )
    if out.exists() and out.is_dir():
        raise WorkbenchError(f"{out}: is a folder")
    return suffix


class _Writer:
    """Writes batches to a temporary file beside ``out``; ``commit`` renames it into place."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.atomic = AtomicOutput(out)
        self.tmp = self.atomic.tmp

    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        raise NotImplementedError

    def finish(self, result: ScoreResult) -> None:  # noqa: B027 - optional hook
        pass

    def commit(self, result: ScoreResult) -> None:
        self.finish(result)
        self.atomic.commit()

    def abort(self) -> None:
        self.atomic.abort()


class _JsonlWriter(_Writer):
    def __init__(self, out: Path) -> None:
        super().__init__(out)
        self.fh = open(self.tmp, "w", encoding="utf-8")  # noqa: SIM115 - closed in finish/abort

    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        lines = [
            json.dumps({**row, "claims": c}, ensure_ascii=False)
            for row, c in zip(flat.iter_rows(named=True), claims, strict=True)
        ]
        self.fh.write("\n".join(lines) + "\n")

    def finish(self, result: ScoreResult) -> None:
        self.fh.close()

    def abort(self) -> None:
        self.fh.close()
        super().abort()


class _CsvWriter(_Writer):
    def __init__(self, out: Path) -> None:
        super().__init__(out)
        self.fh = open(self.tmp, "w", encoding="utf-8", newline="")  # noqa: SIM115
        self.header = True

    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        flat.write_csv(self.fh, include_header=self.header)
        self.header = False

    def finish(self, result: ScoreResult) -> None:
        if self.header:  # nothing written: still give the header
            pl.DataFrame(schema=FLAT_SCHEMA).write_csv(self.fh)
        self.fh.close()

    def abort(self) -> None:
        self.fh.close()
        super().abort()


class _ParquetWriter(_Writer):
    """One part file per batch in a temporary folder, streamed into one file at the end."""

    def __init__(self, out: Path) -> None:
        super().__init__(out)
        self.parts_dir = Path(tempfile.mkdtemp(prefix=f".{out.name}.parts.", dir=out.parent))
        self.parts: list[Path] = []

    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        part = self.parts_dir / f"{len(self.parts):06d}.parquet"
        flat.write_parquet(part)
        self.parts.append(part)

    def finish(self, result: ScoreResult) -> None:
        if self.parts:
            pl.scan_parquet(self.parts).sink_parquet(self.tmp)
        else:
            pl.DataFrame(schema=FLAT_SCHEMA).write_parquet(self.tmp)
        self._cleanup()

    def _cleanup(self) -> None:
        for p in self.parts:
            p.unlink(missing_ok=True)
        self.parts_dir.rmdir()

    def abort(self) -> None:
        self._cleanup()
        super().abort()


class _HtmlWriter(_Writer):
    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        pass  # the report is built from the running aggregates at the end

    def finish(self, result: ScoreResult) -> None:
        from workbench.scoring.html_report import render_report

        self.tmp.write_text(render_report(result), encoding="utf-8")


_WRITERS: dict[str, type[_Writer]] = {
    ".jsonl": _JsonlWriter,
    ".csv": _CsvWriter,
    ".parquet": _ParquetWriter,
    ".html": _HtmlWriter,
}


# --- aggregates --------------------------------------------------------------------------


def _partial_sums(flat: pl.DataFrame) -> pl.DataFrame:
    """Per (model, genre, difficulty): row count, and sum and non-null count of each metric."""
    aggs: list[pl.Expr] = [pl.len().alias("n")]
    for m in MEAN_METRICS:
        aggs += [pl.col(m).sum().alias(f"{m}__sum"), pl.col(m).count().alias(f"{m}__n")]
    aggs += [(pl.col("judge") == lab).sum().alias(f"judge_{lab}") for lab in JUDGE_LABELS]
    return flat.group_by("model", "genre", "difficulty").agg(aggs)


def means_by(parts: pl.DataFrame, keys: Sequence[str]) -> pl.DataFrame:
    """Mean of every metric over the groups ``keys`` (from the partial sums)."""
    if parts.is_empty():
        return pl.DataFrame()
    summed = parts.group_by(keys).agg(pl.all().exclude(*keys, "model", "genre", "difficulty").sum())
    cols = [pl.col("n")]
    for m in MEAN_METRICS:
        n = pl.col(f"{m}__n")
        cols.append(pl.when(n > 0).then(pl.col(f"{m}__sum") / n).otherwise(None).alias(m))
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

    @property
    def by_model(self) -> pl.DataFrame:
        return means_by(self.parts, ["model"])

    @property
    def by_genre(self) -> pl.DataFrame:
        return means_by(self.parts, ["model", "genre"])

    @property
    def by_difficulty(self) -> pl.DataFrame:
        return means_by(self.parts, ["model", "difficulty"])


def _worst_key(row: Mapping[str, Any]) -> tuple[float, float]:
    frac = row.get("supported_fraction")
    return (1.0 if frac is None else float(frac), float(row.get(qm.F1_SCORE) or 0.0))


# --- the run -----------------------------------------------------------------------------


def score_file(
    answers_path: str | Path,
    records: Sequence[Mapping[str, Any]],
    out: str | Path,
    *,
    model: str | None = None,
    facts_path: str | Path | None = None,
    grounder: Grounder | None = None,
    judge: Judge = rule_judge,
    batch_size: int = DEFAULT_BATCH,
    workers: int = 1,
    progress: bool = True,
    data_path: str | Path | None = None,
    data_description: str = "",
    demo: bool = False,
    report: Callable[[str], None] | None = None,
) -> ScoreResult:
    """Score every valid row of ``answers_path`` against ``records`` and write ``out``.

    ``report`` receives one line per skipped row (default: stderr, at most 20 per kind
    plus a count of the rest). ``grounder`` defaults to ``workbench.grounding.engine.ground``.
    ``workers > 1`` scores batches in that many forked processes (POSIX only).
    ``demo`` marks results scored against the bundled demo set (the HTML shows a banner).
    """
    answers_path, out = Path(answers_path), Path(out)
    facts = Path(facts_path) if facts_path else None
    fmt = check_output_path(out, [answers_path, facts, Path(data_path) if data_path else None])
    reader = open_table(answers_path, ("id", "answer"), "answers")
    by_id = {r["id"]: r for r in records}
    default_model = model or answers_path.stem
    checked = check_answers(reader, by_id, default_model, batch_size)
    _report_problems(checked, report)
    if checked.to_score == 0:
        raise NothingToScoreError(
            f"{answers_path}: no answer left to score: all {checked.total} row(s) skipped "
            "(unknown id, empty answer or duplicate; listed above); nothing written"
        )
    fact_map = read_facts(facts) if facts else {}

    result = ScoreResult(out, answers_path, data_description, checked, demo=demo)
    skip = checked.problems.get_column("row").implode()
    batches = (
        _prepare_batch(b, default_model).filter(~pl.col("row").is_in(skip))
        for b in reader.batches(ANSWER_COLUMNS, batch_size)
    )
    ctx = _Context(by_id, fact_map, grounder or default_grounder(), judge)
    writer = _WRITERS[fmt](out)
    bar = Progress(checked.to_score, enabled=progress)
    parts: list[pl.DataFrame] = []
    worst: list[tuple[tuple[float, float], int, dict[str, Any]]] = []
    counter = itertools.count()
    start = time.perf_counter()
    try:
        for batch, (flat_rows, claims) in _run_batches(
            (b for b in batches if b.height), ctx, workers
        ):
            flat = pl.DataFrame(flat_rows, schema=FLAT_SCHEMA)
            writer.write(flat, claims)
            parts.append(_partial_sums(flat))
            if len(parts) >= 64:
                parts = [_combine(parts)]
            if fmt == ".html":
                answers = batch.get_column("answer").to_list()
                for row, row_claims, answer in zip(flat_rows, claims, answers, strict=True):
                    key = _worst_key(row)
                    item = ((-key[0], -key[1]), next(counter), row)
                    if len(worst) < WORST_KEPT or item[0] > worst[0][0]:
                        item[2].update(answer=answer, claims=row_claims)
                        if len(worst) < WORST_KEPT:
                            heapq.heappush(worst, item)
                        else:
                            heapq.heapreplace(worst, item)
            result.n_scored += flat.height
            bar.update(flat.height)
        bar.close()
        result.parts = _combine(parts) if parts else pl.DataFrame()
        result.worst = [w[2] for w in sorted(worst, key=lambda w: w[0], reverse=True)]
        result.elapsed = time.perf_counter() - start
        writer.commit(result)
    except BaseException:
        writer.abort()
        raise
    return result


@dataclass
class _Context:
    """What scoring a batch needs; copied into each worker process once."""

    by_id: dict[str, Mapping[str, Any]]
    facts: dict[str, str]
    grounder: Grounder
    judge: Judge
    gold: dict[str, list[frozenset[str]]] = field(default_factory=dict)


def _score_batch(
    ctx: _Context, batch: pl.DataFrame
) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """Flat rows and claims for one batch, in the batch's order.

    Rows are scored grouped by record id, so each source is indexed once per batch even
    when the grounding engine's cache is smaller than the number of records.
    """
    ids = batch.get_column("id").to_list()
    models = batch.get_column("model").to_list()
    answers = batch.get_column("answer").to_list()
    facts = batch.get_column("fact").to_list()
    flat: list[dict[str, Any]] = [{} for _ in ids]
    claims: list[list[dict[str, Any]]] = [[] for _ in ids]
    for i in sorted(range(len(ids)), key=ids.__getitem__):
        rid = ids[i]
        rec = ctx.by_id[rid]
        if rid not in ctx.gold:
            ctx.gold[rid] = [word_set(c["text"]) for c in rec.get("claims") or []]
        fact = (facts[i] or "").strip() or ctx.facts.get(rid) or rec.get("fact")
        figures = score_answer(
            answers[i],
            rec,
            grounder=ctx.grounder,
            fact=fact,
            judge=ctx.judge,
            gold_sets=ctx.gold[rid],
        )
        claims[i] = figures.pop("claims")
        flat[i] = {
            "id": rid,
            "model": models[i],
            "genre": rec.get("genre"),
            "difficulty": rec.get("difficulty"),
            **figures,
        }
    return flat, claims


_WORKER_CTX: _Context | None = None


def _init_worker(ctx: _Context) -> None:
    global _WORKER_CTX
    _WORKER_CTX = ctx


def _worker_batch(batch: pl.DataFrame) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    assert _WORKER_CTX is not None
    return _score_batch(_WORKER_CTX, batch)


def _run_batches(
    batches: Iterable[pl.DataFrame], ctx: _Context, workers: int
) -> Iterator[tuple[pl.DataFrame, tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]]]:
    """Score batches in order; with ``workers > 1`` in forked processes, at most 2 per worker
    in flight so memory stays bounded."""
    if workers <= 1:
        for batch in batches:
            yield batch, _score_batch(ctx, batch)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(
        workers, mp_context=mp.get_context("fork"), initializer=_init_worker, initargs=(ctx,)
    ) as pool:
        pending: deque = deque()
        for batch in batches:
            pending.append((batch, pool.submit(_worker_batch, batch)))
            if len(pending) >= 2 * workers:
                b, fut = pending.popleft()
                yield b, fut.result()
        while pending:
            b, fut = pending.popleft()
            yield b, fut.result()


def _combine(parts: list[pl.DataFrame]) -> pl.DataFrame:
    return pl.concat(parts).group_by("model", "genre", "difficulty").agg(pl.all().sum())


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
