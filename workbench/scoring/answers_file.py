"""Read a JSONL, CSV or Parquet table in bounded batches of text columns.

Why not ``pl.scan_*().collect_batches()``: measured on 100,000 answers (polars 2.1), its
peak RSS grew with the file (about +65 MiB from 10k to 100k rows, whatever the format),
so JSONL and CSV are read here line by line and parsed a batch at a time (polars for JSONL,
the ``csv`` module for CSV); Parquet is read a slice at a time (memory is then bounded by
the file's row-group size).

Every batch has ``row`` (1-based: the line number in a JSONL file, the data row in a CSV
or Parquet file) and the requested columns as strings, null where a row lacks them. Every
way a file can be unreadable becomes one ``InputFileError`` naming the file (and the line
when there is one).
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import polars as pl

from workbench.errors import InputFileError, WorkbenchError
from workbench.scoring.qa_metrics import fact_problem

TABLE_FORMATS: tuple[str, ...] = (".jsonl", ".ndjson", ".csv", ".parquet")
DEFAULT_BATCH = 5000
# One answer (a JSON line, a CSV field) is refused above these sizes, with its line number:
# a huge line must not take several times its size in memory. 8 MiB is some 4 million
# Hebrew characters; CSV's own default limit (131,072 characters) is far below real answers.
MAX_LINE_BYTES = 8 * 1024 * 1024
MAX_FIELD_CHARS = 4 * 1024 * 1024
# A JSONL batch is parsed early once its lines reach this many bytes.
MAX_BATCH_BYTES = 64 * 1024 * 1024


@contextmanager
def _field_limit() -> Iterator[None]:
    """CSV fields up to ``MAX_FIELD_CHARS`` while reading (the module's limit is global)."""
    old = csv.field_size_limit(MAX_FIELD_CHARS)
    try:
        yield
    finally:
        csv.field_size_limit(old)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


class TableReader:
    """A table file: its column names, and its rows in batches (see the module docstring)."""

    def __init__(self, path: str | Path, *, what: str = "input") -> None:
        self.path = Path(path)
        self.what = what
        self.suffix = self.path.suffix.lower()
        if not self.path.exists():
            raise InputFileError(f"{self.path}: {what} file not found")
        if not self.path.is_file():
            raise InputFileError(f"{self.path}: {what} file is not a regular file")
        if self.suffix not in TABLE_FORMATS:
            raise InputFileError(
                f"{self.path}: cannot read a {self.suffix or 'extension-less'} {what} file "
                f"(use {', '.join(TABLE_FORMATS)})"
            )
        if self.path.stat().st_size == 0:
            raise InputFileError(f"{self.path}: {what} file is empty")
        self.names = self._names()

    def _error(self, message: str, line: int | None = None) -> InputFileError:
        where = f" line {line}:" if line is not None else ""
        return InputFileError(f"{self.path}:{where} cannot read {self.what} file: {message}")

    def _names(self) -> list[str]:
        try:
            if self.suffix == ".parquet":
                self.dtypes = dict(pl.read_parquet_schema(self.path))
                return list(self.dtypes)
            if self.suffix == ".csv":
                with open(self.path, encoding="utf-8-sig", newline="") as fh, _field_limit():
                    header = next(csv.reader(fh, strict=True), None)
                if not header:
                    raise self._error("no header row")
                return [h.strip() for h in header]
            with open(self.path, "rb") as fh:
                for n, raw in self._lines(fh):
                    if raw.strip():
                        obj = self._json_line(raw, n)
                        return list(obj)
            raise self._error("no JSON lines")
        except InputFileError:
            raise
        except (OSError, UnicodeDecodeError, csv.Error, pl.exceptions.PolarsError) as exc:
            raise self._error(_first_line(exc)) from None

    def _lines(self, fh: BinaryIO) -> Iterator[tuple[int, bytes]]:
        """(line number, line) of a binary file, refusing a line over ``MAX_LINE_BYTES``."""
        n = 0
        while raw := fh.readline(MAX_LINE_BYTES + 1):
            n += 1
            if len(raw) > MAX_LINE_BYTES:
                raise self._error(
                    f"line longer than {MAX_LINE_BYTES:,} bytes (the limit for one row)", n
                )
            if n == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark, as for CSV
                raw = raw[3:]
            yield n, raw

    def _json_line(self, raw: bytes, n: int) -> dict:
        try:
            obj = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise self._error("not UTF-8 text", n) from None
        except json.JSONDecodeError as exc:
            raise self._error(f"not valid JSON ({exc.msg})", n) from None
        if not isinstance(obj, dict):
            raise self._error("expected a JSON object", n)
        return obj

    def batches(self, columns: Sequence[str], batch_size: int = 5000) -> Iterator[pl.DataFrame]:
        """``row`` plus ``columns`` (as strings), ``batch_size`` rows at a time."""
        if self.suffix == ".parquet":
            yield from self._parquet(columns, batch_size)
        elif self.suffix == ".csv":
            yield from self._csv(columns, batch_size)
        else:
            yield from self._jsonl(columns, batch_size)

    def _frame(self, rows: list[int], data: dict[str, list[str | None]]) -> pl.DataFrame:
        return pl.DataFrame(
            {"row": rows, **data}, schema={"row": pl.Int64, **{c: pl.String for c in data}}
        )

    def _jsonl(self, columns: Sequence[str], batch_size: int) -> Iterator[pl.DataFrame]:
        schema = {c: pl.String for c in columns}
        lines: list[bytes] = []
        rows: list[int] = []

        def parse() -> pl.DataFrame:
            try:
                df = pl.read_ndjson(io.BytesIO(b"".join(lines)), schema=schema)
            except pl.exceptions.PolarsError as exc:
                for raw, n in zip(lines, rows, strict=True):  # find the bad line
                    self._json_line(raw, n)
                raise self._error(_first_line(exc), rows[0]) from None
            self._refuse_nested(df, lines, rows, columns)
            return df.with_columns(pl.Series("row", rows, dtype=pl.Int64)).select("row", *columns)

        try:
            with open(self.path, "rb") as fh:
                size = 0
                for n, raw in self._lines(fh):
                    if not raw.strip():
                        continue
                    lines.append(raw if raw.endswith(b"\n") else raw + b"\n")
                    rows.append(n)
                    size += len(raw)
                    if len(lines) >= batch_size or size >= MAX_BATCH_BYTES:
                        yield parse()
                        lines, rows, size = [], [], 0
        except OSError as exc:
            raise self._error(_first_line(exc)) from None
        if lines:
            yield parse()

    def _refuse_nested(
        self, df: pl.DataFrame, lines: list[bytes], rows: list[int], columns: Sequence[str]
    ) -> None:
        """An object or array where text belongs is an error, not its JSON text.

        polars turns such values into their JSON text under a String schema; only the rows
        whose text starts with ``[`` or ``{`` are re-parsed to tell them from real text.
        """
        for c in columns:
            suspect = df.select(
                pl.col(c).str.strip_chars_start().str.contains(r"^[\[{]").fill_null(False)
            ).to_series()
            for i in suspect.arg_true().to_list():
                value = json.loads(lines[i].decode("utf-8")).get(c)
                if isinstance(value, dict | list):
                    kind = "an object" if isinstance(value, dict) else "an array"
                    raise self._error(f"field {c!r} is {kind}, expected text", rows[i])

    def _csv(self, columns: Sequence[str], batch_size: int) -> Iterator[pl.DataFrame]:
        idx = {c: self.names.index(c) for c in columns if c in self.names}
        data: dict[str, list[str | None]] = {c: [] for c in columns}
        rows: list[int] = []
        done = 0  # physical lines read by complete rows: a failing row starts on done + 1
        try:
            with open(self.path, encoding="utf-8-sig", newline="") as fh, _field_limit():
                reader = csv.reader(fh, strict=True)  # an unclosed quote is an error
                next(reader, None)  # header
                done = reader.line_num
                for n, fields in enumerate(reader, start=1):
                    done = reader.line_num
                    if not fields:
                        continue
                    rows.append(n)
                    for c in columns:
                        i = idx.get(c)
                        data[c].append(fields[i] if i is not None and i < len(fields) else None)
                    if len(rows) >= batch_size:
                        yield self._frame(rows, data)
                        data, rows = {c: [] for c in columns}, []
        except (UnicodeDecodeError, csv.Error) as exc:
            raise self._error(self._csv_message(exc), done + 1) from None
        except OSError as exc:
            raise self._error(_first_line(exc)) from None
        if rows:
            yield self._frame(rows, data)

    @staticmethod
    def _csv_message(exc: Exception) -> str:
        text = _first_line(exc)
        if "field larger than field limit" in text:
            return (
                f"a field is longer than {MAX_FIELD_CHARS:,} characters (the limit for one answer)"
            )
        return text

    def _parquet(self, columns: Sequence[str], batch_size: int) -> Iterator[pl.DataFrame]:
        present = [c for c in columns if c in self.names]
        for c in present:
            dtype = self.dtypes[c]
            if dtype.is_nested() or dtype == pl.Binary or dtype == pl.Object:
                raise self._error(f"column {c!r} holds {dtype}, expected text")
        try:
            lf = pl.scan_parquet(self.path)
            total = lf.select(pl.len()).collect().item()
            for offset in range(0, total, batch_size):
                df = lf.select(present).slice(offset, batch_size).collect()
                n = df.height
                yield df.select(
                    pl.int_range(offset + 1, offset + n + 1, dtype=pl.Int64).alias("row"),
                    *[
                        pl.col(c).cast(pl.String)
                        if c in present
                        else pl.lit(None, pl.String).alias(c)
                        for c in columns
                    ],
                )
        except pl.exceptions.PolarsError as exc:
            raise self._error(_first_line(exc)) from None


# --- the answers and facts tables -----------------------------------------------------


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
    """What the check found: rows skipped (with reasons), rows scored and their models."""

    total: int
    problems: pl.DataFrame  # row, id, model, problem, message
    to_score: int
    models: list[str]

    def summary_line(self) -> str:
        counts = self.problems.group_by("problem").len().sort("problem").rows()
        parts = [f"{n} {p}" for p, n in counts] or ["no problems"]
        return f"{self.to_score} of {self.total} answers to score; skipped: " + ", ".join(parts)


def prepare_batch(batch: pl.DataFrame, default_model: str) -> pl.DataFrame:
    """Trimmed id and model (rows without a model get ``default_model``)."""
    m = pl.col("model").str.strip_chars()
    return batch.with_columns(
        pl.col("id").str.strip_chars(),
        pl.when(m.is_null() | (m == "")).then(pl.lit(default_model)).otherwise(m).alias("model"),
    )


class AnswerRows:
    """Checks the rows of an answers file as they are read, in the same single pass that
    scores them (so a file that grows while it is scored cannot surprise a second pass).

    ``keep(batch)`` returns the rows to score and records the others: an id not in the
    dataset, an empty answer, a fact with an empty variant, a second row for an (id, model)
    already seen (the first is kept). ``checked()`` gives the summary at the end.
    """

    def __init__(self, path: Path, known_ids: Iterable[str], default_model: str) -> None:
        self.path, self.default_model = path, default_model
        self.known = frozenset(known_ids)
        self.first_row: dict[tuple[str, str], int] = {}
        self.models: dict[str, None] = {}
        self.problems: list[tuple[int, str | None, str | None, str, str]] = []
        self.total = 0

    def _problem(self, row: int, rid: str | None, model: str | None, kind: str, why: str) -> None:
        self.problems.append((row, rid, model, kind, f"{self.path}: row {row}: {why}; skipped"))

    def _row_problem(
        self, row: int, rid: str | None, model: str, answer: str | None, fact: str | None
    ) -> bool:
        """Record the row's problem, if any; True when the row is to be skipped."""
        if rid is None or rid not in self.known:
            why = f"id '{rid if rid is not None else '(missing)'}' is not in the dataset"
            self._problem(row, rid, model, "unknown id", why)
        elif answer is None or not answer.strip():
            self._problem(
                row, rid, model, "empty answer", f"id '{rid}' model '{model}': empty answer"
            )
        elif fact is not None and fact.strip() and (bad := fact_problem(fact)):
            why = f"id '{rid}' model '{model}': fact {fact!r} {bad}"
            self._problem(row, rid, model, "bad fact", why)
        elif (rid, model) in self.first_row:
            first = self.first_row[(rid, model)]
            why = f"id '{rid}' model '{model}': duplicate of row {first}"
            self._problem(row, rid, model, "duplicate (id, model)", why)
        else:
            # one str object per distinct id and model, not one per row: the key of each
            # scored row is kept to the end (duplicates), so this is most of its memory
            self.first_row[(sys.intern(rid), sys.intern(model))] = row
            self.models.setdefault(model)
            return False
        return True

    def keep(self, batch: pl.DataFrame) -> pl.DataFrame:
        """The batch (``ANSWER_COLUMNS``, prepared) without the rows that cannot be scored."""
        self.total += batch.height
        cols = [batch.get_column(c).to_list() for c in ("row", "id", "model", "answer", "fact")]
        skip = [self._row_problem(*values) for values in zip(*cols, strict=True)]
        if not any(skip):
            return batch
        return batch.filter(~pl.Series(skip, dtype=pl.Boolean))

    def checked(self) -> CheckedAnswers:
        problems = pl.DataFrame(
            self.problems,
            schema={
                "row": pl.Int64,
                "id": pl.String,
                "model": pl.String,
                "problem": pl.String,
                "message": pl.String,
            },
            orient="row",
        )
        return CheckedAnswers(self.total, problems, len(self.first_row), list(self.models))


def read_facts(path: Path) -> dict[str, str]:
    """A facts file (JSONL/CSV/Parquet with ``id`` and ``fact``) as {id: fact}."""
    reader = open_table(path, ("id", "fact"), "facts")
    parts = list(reader.batches(("id", "fact")))
    if not parts:
        return {}
    df = pl.concat(parts).select(
        "row", pl.col("id").str.strip_chars(), pl.col("fact").str.strip_chars()
    )
    df = df.filter(
        pl.col("id").is_not_null() & pl.col("fact").is_not_null() & (pl.col("fact") != "")
    )
    unit = "line" if reader.suffix in (".jsonl", ".ndjson") else "row"
    for row, rid, fact in df.select("row", "id", "fact").iter_rows():
        if bad := fact_problem(fact):
            raise InputFileError(f"{path}: {unit} {row}: id '{rid}': fact {fact!r} {bad}")
    dup = df.filter(pl.col("id").is_duplicated())
    if dup.height:
        raise InputFileError(f"{path}: id '{dup.item(0, 'id')}' has more than one fact")
    return dict(df.select("id", "fact").iter_rows())
