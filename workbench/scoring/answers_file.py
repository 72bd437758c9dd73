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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from workbench.errors import InputFileError, WorkbenchError

TABLE_FORMATS: tuple[str, ...] = (".jsonl", ".ndjson", ".csv", ".parquet")
DEFAULT_BATCH = 5000


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
                with open(self.path, encoding="utf-8-sig", newline="") as fh:
                    header = next(csv.reader(fh, strict=True), None)
                if not header:
                    raise self._error("no header row")
                return [h.strip() for h in header]
            with open(self.path, "rb") as fh:
                for n, raw in enumerate(fh, start=1):
                    if raw.strip():
                        obj = self._json_line(raw, n)
                        return list(obj)
            raise self._error("no JSON lines")
        except InputFileError:
            raise
        except (OSError, UnicodeDecodeError, csv.Error, pl.exceptions.PolarsError) as exc:
            raise self._error(_first_line(exc)) from None

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
                for n, raw in enumerate(fh, start=1):
                    if not raw.strip():
                        continue
                    lines.append(raw if raw.endswith(b"\n") else raw + b"\n")
                    rows.append(n)
                    if len(lines) >= batch_size:
                        yield parse()
                        lines, rows = [], []
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
        reader = None
        try:
            with open(self.path, encoding="utf-8-sig", newline="") as fh:
                reader = csv.reader(fh, strict=True)  # an unclosed quote is an error
                next(reader, None)  # header
                for n, fields in enumerate(reader, start=1):
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
            line = reader.line_num + 1 if reader is not None else None
            raise self._error(_first_line(exc), line) from None
        except OSError as exc:
            raise self._error(_first_line(exc)) from None
        if rows:
            yield self._frame(rows, data)

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
    """What the checking pass found: rows to skip (with reasons) and what remains."""

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
        b = prepare_batch(b, default_model)
        blank = b.select(
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
                    "empty": blank.to_list(),
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
