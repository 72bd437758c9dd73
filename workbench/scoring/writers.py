"""The four output formats of a scoring run, all through ``workbench.io.AtomicOutput``.

Each writer receives the scored batches as they come (a flat frame in ``FLAT_SCHEMA`` and
the claims of each row), writes them to a temporary file beside the output, and renames it
into place on ``commit``; ``abort`` removes every temporary file and part. The format is
chosen by the output's extension.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import polars as pl

from workbench.errors import WorkbenchError
from workbench.io import AtomicOutput, refuse_inputs
from workbench.scoring.figures import FLAT_SCHEMA
from workbench.scoring.html_report import render_report
from workbench.scoring.results import ScoreResult

OUTPUT_FORMATS = (".parquet", ".csv", ".jsonl", ".html")


def check_output_path(out: Path, inputs: Iterable[Path | None]) -> str:
    """The output format, after refusing unknown extensions and paths that are inputs."""
    refuse_inputs(out, inputs)
    suffix = out.suffix.lower()
    if suffix not in OUTPUT_FORMATS:
        raise WorkbenchError(
            f"{out}: unknown output format {suffix or '(no extension)'} "
            f"(use {', '.join(OUTPUT_FORMATS)})"
        )
    if out.exists() and out.is_dir():
        raise WorkbenchError(f"{out}: is a folder")
    return suffix


class Writer:
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


class _JsonlWriter(Writer):
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


class _CsvWriter(Writer):
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


PARQUET_ROW_GROUP = 5000


class _ParquetWriter(Writer):
    """One part file per batch in a temporary folder, streamed into one file at the end."""

    def __init__(self, out: Path) -> None:
        super().__init__(out)
        self.parts_dir = Path(tempfile.mkdtemp(
            prefix=f".{out.name}.{os.getpid()}.", suffix=".parts.tmp", dir=out.parent
        ))
        self.parts: list[Path] = []

    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        part = self.parts_dir / f"{len(self.parts):06d}.parquet"
        flat.write_parquet(part)
        self.parts.append(part)

    def finish(self, result: ScoreResult) -> None:
        if self.parts:
            # small row groups: the sink holds one group, not the whole file (+59 -> +31 MB
            # on 100k rows)
            pl.scan_parquet(self.parts).sink_parquet(self.tmp, row_group_size=PARQUET_ROW_GROUP)
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


class _HtmlWriter(Writer):
    def write(self, flat: pl.DataFrame, claims: list[list[dict[str, Any]]]) -> None:
        pass  # the report is built from the running aggregates at the end

    def finish(self, result: ScoreResult) -> None:
        self.tmp.write_text(render_report(result), encoding="utf-8")


WRITERS: dict[str, type[Writer]] = {
    ".jsonl": _JsonlWriter,
    ".csv": _CsvWriter,
    ".parquet": _ParquetWriter,
    ".html": _HtmlWriter,
}
