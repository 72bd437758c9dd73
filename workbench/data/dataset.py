"""Find, read and validate the dataset file, and say which file was used.

Where the data comes from, in this order (first match wins):

1. an explicit path (``--data PATH`` on the CLI, ``load_dataset(path)`` in Python);
2. the ``WORKBENCH_DATA`` environment variable;
3. ``data/abstractive_qa_for_llm_eval.json``, the real file (git-ignored; ``workbench fetch``
   puts it there);
4. ``data/demo/abstractive_qa_demo.json``, the demo set bundled with the project.

Every load records the path, its sha256 and its kind (``real``, ``demo`` or ``custom``), so
a number can always be traced to the file it came from. Reading never modifies the file.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from workbench.data.validate import Problem, validate_records
from workbench.errors import InputFileError, ValidationError, WorkbenchError
from workbench.io import user_path

if TYPE_CHECKING:
    from workbench.data.frames import Frames

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = PROJECT_ROOT / "data"
REAL_FILE_NAME = "abstractive_qa_for_llm_eval.json"
REAL_PATH = DATA_DIR / REAL_FILE_NAME
DEMO_PATH = DATA_DIR / "demo" / "abstractive_qa_demo.json"
# the warning every report built from the demo set opens with (report, score)
DEMO_BANNER = (
    "DEMO DATA: these numbers come from the bundled demo set written for this project, "
    "not from the real dataset, so they are NOT the card's. Run `workbench fetch` (or put "
    "abstractive_qa_for_llm_eval.json in data/) to reproduce the card."
)
ENV_VAR = "WORKBENCH_DATA"
# Files larger than this are refused before reading: the real file is about 2 MB, and a
# multi-GB file is almost certainly the wrong file. Override with WORKBENCH_MAX_BYTES.
DEFAULT_MAX_BYTES = 1024**3

Kind = Literal["real", "demo", "custom"]


@dataclass(frozen=True)
class DataSource:
    """Which file a dataset was read from."""

    path: Path
    kind: Kind
    sha256: str

    def to_dict(self) -> dict[str, str]:
        return {"path": str(self.path), "kind": self.kind, "sha256": self.sha256}

    def describe(self) -> str:
        return f"{self.kind} data from {self.path} (sha256 {self.sha256[:12]}…)"


@dataclass
class Dataset:
    """Validated records plus where they came from.

    ``problems`` lists what was wrong with skipped records (only non-empty when loaded
    with ``lenient=True``; the first ``validate.MAX_PROBLEMS`` of them).
    """

    records: list[dict[str, Any]]
    source: DataSource
    problems: list[Problem] = field(default_factory=list)
    skipped: int = 0

    @property
    def is_demo(self) -> bool:
        return self.source.kind == "demo"

    @cached_property
    def frames(self) -> Frames:
        from workbench.data.frames import build_frames

        return build_frames(self.records)

    @cached_property
    def _by_id(self) -> dict[str, dict[str, Any]]:
        return {r["id"]: r for r in self.records}

    def record(self, record_id: str) -> dict[str, Any]:
        """The record with this id, or a one-line error naming the file."""
        try:
            return self._by_id[record_id]
        except KeyError:
            raise WorkbenchError(
                f"{self.source.path}: no record with id {record_id!r} "
                f"({len(self.records)} records; e.g. {', '.join(list(self._by_id)[:3])})"
            ) from None


def resolve_path(path: str | os.PathLike[str] | None = None) -> tuple[Path, Kind]:
    """Decide which file to read and what kind it is (see the module docstring)."""
    if path is None and os.environ.get(ENV_VAR):
        path = os.environ[ENV_VAR]
    if path is not None:
        chosen = user_path(path)
        return chosen, _kind_of(chosen)
    if REAL_PATH.exists():
        return REAL_PATH, "real"
    return DEMO_PATH, "demo"


def _kind_of(path: Path) -> Kind:
    try:
        resolved = path.resolve()
    except OSError:
        return "custom"
    if resolved == DEMO_PATH.resolve():
        return "demo"
    if resolved == REAL_PATH.resolve():
        return "real"
    return "custom"


def max_bytes() -> int:
    """The size limit for a dataset file: ``WORKBENCH_MAX_BYTES`` or ``DEFAULT_MAX_BYTES``."""
    raw = os.environ.get("WORKBENCH_MAX_BYTES", "").strip()
    if not raw:
        return DEFAULT_MAX_BYTES
    try:
        value = int(raw.replace("_", ""))
    except ValueError:
        value = -1
    if value < 1:
        raise WorkbenchError(f"WORKBENCH_MAX_BYTES must be a whole number of bytes, got {raw!r}")
    return value


def _file_bytes(path: Path) -> bytes:
    """The bytes of a regular file within the size limit, or one error line."""
    if not path.exists():
        raise InputFileError(f"{path}: file not found")
    if not path.is_file():
        raise InputFileError(f"{path}: not a regular file")
    size = path.stat().st_size
    limit = max_bytes()
    if size > limit:
        raise InputFileError(
            f"{path}: file is {size:,} bytes, over the {limit:,}-byte limit "
            "(set WORKBENCH_MAX_BYTES to raise it)"
        )
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from None


def read_json_array(path: Path) -> tuple[list[Any], str]:
    """Read a JSON array from ``path`` and return it with the file's sha256.

    Every way a file can be unreadable (missing, a folder, empty, huge, not UTF-8, not
    JSON, truncated, not an array) becomes one ``InputFileError`` line naming the file.
    """
    raw = _file_bytes(path)
    digest = hashlib.sha256(raw).hexdigest()
    if not raw or raw.isspace():  # (not raw.strip(): that copies the whole file)
        raise InputFileError(f"{path}: file is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise InputFileError(
                f"{path}: truncated JSON (file ends inside a UTF-8 character)"
            ) from None
        raise InputFileError(
            f"{path}: not UTF-8 text (invalid byte 0x{raw[exc.start]:02x} at byte {exc.start})"
        ) from None
    if not text or text.isspace():  # a byte-order mark and nothing else
        raise InputFileError(f"{path}: file is empty")
    del raw  # the bytes are not held while the objects are built: peak = text + objects
    try:
        with _no_gc():
            data = json.loads(text)
    except json.JSONDecodeError as exc:
        # an unterminated string always runs to the end of the file
        truncated = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        what = "truncated JSON (file ends early)" if truncated else "not valid JSON"
        raise InputFileError(
            f"{path}: {what}: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise InputFileError(f"{path}: not valid JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise InputFileError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(data, list):
        raise InputFileError(
            f"{path}: expected a JSON array of records at the top level, got {_json_type(data)}"
        )
    return data, digest


@contextmanager
def _no_gc() -> Iterator[None]:
    """No garbage collection while a big JSON file is parsed: the parser only allocates
    (no cycles to find), and each collection would walk every object made so far."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _json_type(value: Any) -> str:
    return {dict: "an object", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number"
    )


def load_dataset(path: str | os.PathLike[str] | None = None, *, lenient: bool = False) -> Dataset:
    """Load and validate the dataset.

    Strict by default: any problem raises one ``ValidationError`` that counts them all and
    keeps the first ``validate.MAX_PROBLEMS``.
    With ``lenient=True`` the valid records load and the rest are reported in
    ``Dataset.problems`` (and counted in ``Dataset.skipped``).
    """
    chosen, kind = resolve_path(path)
    if kind == "demo" and not chosen.exists():
        raise InputFileError(
            f"{chosen}: the bundled demo set is missing; rebuild it with "
            "`python data/demo/build_demo.py`, or give another dataset file"
        )
    data, digest = read_json_array(chosen)
    checked = validate_records(data, file=str(chosen))
    if checked.total and not lenient:
        lines = [p.message_line() for p in checked.problems]
        raise ValidationError(str(chosen), lines, total=checked.total)
    if not checked.valid:
        raise InputFileError(f"{chosen}: no valid records to load")
    return Dataset(
        records=checked.valid,
        source=DataSource(path=chosen, kind=kind, sha256=digest),
        problems=checked.problems,
        skipped=len(data) - len(checked.valid),
    )
