"""The review log: an append-only JSON Lines file of reviewers' decisions.

One decision per line, each with ``time`` (UTC, ISO 8601), ``reviewer`` and
``record_id``, and one ``action``:

- ``claim``: ``claim_id`` and ``decision`` (``correct``, ``hallucinated`` or ``outdated``);
- ``answer``: ``answer``, the reviewer's rewrite of the reference answer;
- ``fact``: ``fact``, the minimal answer, variants joined with ``<OR>``;
- ``exclude``: drop the record from the reviewed copy (optional ``note``).

The format cannot be broken by its own content:

- records are separated by ``\\n`` alone; every other character that some reader treats
  as a line break (U+2028, U+2029, U+0085, ``\\r``, ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``)
  is written as a JSON escape (``workbench.io.json_line``), and the reader splits on
  ``\\n`` only;
- text that UTF-8 cannot hold (lone surrogates) is refused before it is written;
- a corrupt line (not UTF-8, not JSON, not a valid entry) is reported with its line
  number and every other line is kept (``ReviewLog.problems``);
- an append takes a lock on ``<log>.lock`` (a read takes it only if it exists) (``filelock``, so it works on Windows too),
  first ends a torn last line (left by a crash or a full disk) with ``\\n`` so the next
  decision is never glued to it, writes the entry, and on a failed or short write
  truncates the file back to its size before the append;
- a log that is not a regular file (a FIFO, a folder, a device) is refused in one line
  instead of blocking.

The dataset file is never modified (see ``workbench.review.apply``).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from filelock import FileLock, Timeout

from workbench.errors import InputFileError, WorkbenchError
from workbench.io import json_line
from workbench.scoring.qa_metrics import OR_DELIMITER, fact_problem

DECISIONS: tuple[str, ...] = ("correct", "hallucinated", "outdated")
ACTIONS: tuple[str, ...] = ("claim", "answer", "fact", "exclude")
#: Seconds to wait for another writer's lock before giving up with one line.
LOCK_TIMEOUT = 30.0
#: claim ids are positions in a record's claim list: anything past int64 is not one.
MAX_CLAIM_ID = 2**63 - 1

_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class LogProblem:
    """One line of the log that could not be used (the others are kept)."""

    line: int
    message: str

    def message_line(self, path: str | Path) -> str:
        return f"{path}: line {self.line}: {self.message}"


class ReviewLog(NamedTuple):
    """What a log holds: its valid entries, in order, and its corrupt lines."""

    entries: list[dict[str, Any]]
    problems: list[LogProblem]


def now_iso() -> str:
    """The current time, UTC, ISO 8601 to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def normalize_fact(fact: str | Sequence[str]) -> str:
    """A fact from a string or a list of ``<OR>`` variants; empty variants are refused."""
    if isinstance(fact, str):
        variants = [v.strip() for v in fact.split(OR_DELIMITER)]
        text = OR_DELIMITER.join(variants)
    else:
        if not isinstance(fact, list | tuple) or not all(isinstance(v, str) for v in fact):
            raise WorkbenchError(f"fact must be a string or a list of strings, got {fact!r:.60}")
        variants = [v.strip() for v in fact]
        text = OR_DELIMITER.join(variants)
    if not variants or fact_problem(text):
        raise WorkbenchError(f"fact {text!r} has an empty variant")
    return text


def _text(value: Any, what: str) -> str:
    """``value`` as text UTF-8 can hold, or a one-line error naming the field."""
    if not isinstance(value, str):
        raise WorkbenchError(f"{what} must be a string, got {type(value).__name__}")
    if _SURROGATE.search(value):
        raise WorkbenchError(f"{what} holds a lone surrogate (text UTF-8 cannot hold)")
    return value


def _claim_fields(rid: str, f: Mapping[str, Any]) -> dict[str, Any]:
    cid, decision = f.get("claim_id"), f.get("decision")
    if not isinstance(cid, int) or isinstance(cid, bool) or not 0 <= cid <= MAX_CLAIM_ID:
        raise WorkbenchError(f"record {rid}: claim_id must be an integer >= 0")
    if decision not in DECISIONS:
        raise WorkbenchError(
            f"record {rid}: decision {decision!r:.60} is not one of {', '.join(DECISIONS)}"
        )
    return {"claim_id": cid, "decision": decision}


def _answer_fields(rid: str, f: Mapping[str, Any]) -> dict[str, Any]:
    answer = f.get("answer")
    if not isinstance(answer, str) or not answer.strip():
        raise WorkbenchError(f"record {rid}: an answer edit needs a non-empty answer")
    return {"answer": _text(answer, f"record {rid}: answer").strip()}


def _fact_fields(rid: str, f: Mapping[str, Any]) -> dict[str, Any]:
    if f.get("fact") is None:
        raise WorkbenchError(f"record {rid}: a fact entry needs a fact")
    return {"fact": _text(normalize_fact(f["fact"]), f"record {rid}: fact")}


_ACTION_FIELDS: dict[str, Callable[[str, Mapping[str, Any]], dict[str, Any]]] = {
    "claim": _claim_fields,
    "answer": _answer_fields,
    "fact": _fact_fields,
    "exclude": lambda _rid, _f: {},
}


def make_entry(
    action: str,
    record_id: str,
    reviewer: str,
    *,
    claim_id: int | None = None,
    decision: str | None = None,
    answer: str | None = None,
    fact: str | Sequence[str] | None = None,
    note: str | None = None,
    time: str | None = None,
) -> dict[str, Any]:
    """A validated log entry (raises ``WorkbenchError`` naming the bad field)."""
    if action not in ACTIONS:
        raise WorkbenchError(f"unknown review action {action!r:.60} (use {', '.join(ACTIONS)})")
    if not isinstance(record_id, str) or not record_id:
        raise WorkbenchError("a review entry needs a record_id")
    _text(record_id, "record_id")
    if not isinstance(reviewer, str) or not reviewer.strip():
        raise WorkbenchError("a review entry needs a reviewer name")
    if time is not None and not isinstance(time, str):
        raise WorkbenchError(f"record {record_id}: time must be an ISO 8601 string")
    entry: dict[str, Any] = {
        "time": _text(time or now_iso(), f"record {record_id}: time"),
        "reviewer": _text(reviewer, "reviewer").strip(),
        "record_id": record_id,
        "action": action,
    }
    fields = {"claim_id": claim_id, "decision": decision, "answer": answer, "fact": fact}
    entry.update(_ACTION_FIELDS[action](record_id, fields))
    if note:
        entry["note"] = _text(str(note), f"record {record_id}: note")
    return entry


def entry_from_mapping(e: Mapping[str, Any]) -> dict[str, Any]:
    """``make_entry`` from a dict (a widget's entry or a log line), validating every field."""
    return make_entry(
        e.get("action", ""),
        e.get("record_id", ""),
        e.get("reviewer", ""),
        claim_id=e.get("claim_id"),
        decision=e.get("decision"),
        answer=e.get("answer"),
        fact=e.get("fact"),
        note=e.get("note"),
        time=e.get("time"),
    )


# -- the file ---------------------------------------------------------------------------


def _path_error(path: Path, exc: BaseException, doing: str) -> InputFileError:
    """One line for any way a path can fail (OSError, a NUL byte, an unencodable name)."""
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return InputFileError(f"{path}: cannot {doing} review log: {why}")


def _open_regular(path: Path, flags: int) -> int:
    """An fd on ``path`` that is a regular file; a FIFO or device is refused, never waited on.

    ``O_NONBLOCK`` makes opening a FIFO return at once (or fail) instead of blocking until a
    writer or reader appears; the file type is then checked on the open descriptor.
    """
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0), 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputFileError(f"{path}: the review log is not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextlib.contextmanager
def _locked(path: Path, *, required: bool) -> Iterator[None]:
    """Hold the log's lock (``<log>.lock``). A reader that cannot create the lock file (a
    read-only folder) reads without it; a writer cannot go on without it."""
    lock = FileLock(f"{path}.lock", timeout=LOCK_TIMEOUT)
    held = True
    try:
        lock.acquire()
    except Timeout:
        raise InputFileError(
            f"{path}: another reviewer has held the lock for {LOCK_TIMEOUT:g} s; try again"
        ) from None
    except (OSError, ValueError) as exc:
        if required:
            raise _path_error(path, exc, "lock") from None
        held = False
    try:
        yield
    finally:
        if held:
            lock.release()


def _write_all(fd: int, data: bytes) -> None:
    """``data`` written completely, or an ``OSError`` (a short write is not success)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(f"short write ({len(data) - len(view)} of {len(data)} bytes)")
        view = view[n:]


def _append_bytes(fd: int, data: bytes) -> None:
    """Append ``data`` to the open log: end a torn last line first, undo everything on failure."""
    size = os.fstat(fd).st_size
    if size:
        os.lseek(fd, size - 1, os.SEEK_SET)
        if os.read(fd, 1) != b"\n":
            data = b"\n" + data  # the torn fragment becomes its own (corrupt) line
    os.lseek(fd, size, os.SEEK_SET)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.ftruncate(fd, size)  # no half-written decision stays behind
        raise


def append_review(log_path: str | Path, entry: Mapping[str, Any]) -> dict[str, Any]:
    """Append one validated entry as one line, under the log's lock (see the module doc)."""
    checked = entry_from_mapping(entry)
    data = json_line(checked).encode("utf-8")
    path = Path(log_path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(path, required=True):
            fd = _open_regular(path, os.O_RDWR | os.O_CREAT)
            try:
                _append_bytes(fd, data)
            finally:
                os.close(fd)
    except WorkbenchError:
        raise
    except (OSError, ValueError) as exc:
        raise _path_error(path, exc, "write to") from None
    return checked


def _parse_line(raw: bytes) -> dict[str, Any]:
    """One log line as a validated entry (``ValueError`` / ``WorkbenchError`` when corrupt)."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 (invalid byte at column {exc.start + 1})") from None
    except RecursionError:
        raise ValueError("not valid JSON: nested too deeply") from None
    except ValueError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    return entry_from_mapping(obj)


def read_review_log(log_path: str | Path) -> ReviewLog:
    """Every valid entry of a log, and one ``LogProblem`` per corrupt line.

    Lines are split on ``\\n`` only and decoded one by one, so a bad byte, a torn line or a
    line of garbage costs that line alone. A missing log is empty; a log that is not a
    regular file or cannot be opened is one ``InputFileError``.
    """
    path = Path(log_path)
    try:
        if not path.exists():
            return ReviewLog([], [])
        # Take the writers' lock only where writers have made one: a pure read (say of a
        # log shipped read-only with a dataset) must not leave a file beside its input.
        if Path(f"{path}.lock").exists():
            with _locked(path, required=False):
                return _read_file(path)
        return _read_file(path)
    except WorkbenchError:
        raise
    except (OSError, ValueError) as exc:
        raise _path_error(path, exc, "read") from None


def _read_file(path: Path) -> ReviewLog:
    fd = _open_regular(path, os.O_RDONLY)
    with os.fdopen(fd, "rb") as fh:
        return _read_lines(fh)


def _read_lines(fh: Any) -> ReviewLog:
    entries: list[dict[str, Any]] = []
    problems: list[LogProblem] = []
    for n, raw in enumerate(fh, start=1):  # a binary file iterates on b"\n" only
        body = raw[:-1] if raw.endswith(b"\n") else raw
        if not body.strip():
            continue
        try:
            entries.append(_parse_line(body))
        except (ValueError, WorkbenchError) as exc:
            problems.append(LogProblem(n, str(exc)))
    return ReviewLog(entries, problems)
