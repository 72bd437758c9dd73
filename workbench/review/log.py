"""The review log: an append-only JSON Lines file of reviewers' decisions.

An append-only JSONL file, one decision per line, each with ``time`` (UTC, ISO 8601),
``reviewer`` and ``record_id``, and one ``action``:

- ``claim``: ``claim_id`` and ``decision`` (``correct``, ``hallucinated`` or ``outdated``);
- ``answer``: ``answer``, the reviewer's rewrite of the reference answer;
- ``fact``: ``fact``, the minimal answer, variants joined with ``<OR>``;
- ``exclude``: drop the record from the reviewed copy (optional ``note``).

Each line is written with one ``write`` on a file opened with ``O_APPEND`` and under an
exclusive ``flock``, so concurrent reviewers never interleave lines.
The dataset file is never modified (see ``workbench.review.apply``).
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from workbench.errors import InputFileError, WorkbenchError
from workbench.scoring.qa_metrics import OR_DELIMITER, fact_problem

DECISIONS: tuple[str, ...] = ("correct", "hallucinated", "outdated")
ACTIONS: tuple[str, ...] = ("claim", "answer", "fact", "exclude")


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
        raise WorkbenchError(f"unknown review action {action!r} (use {', '.join(ACTIONS)})")
    if not isinstance(record_id, str) or not record_id:
        raise WorkbenchError("a review entry needs a record_id")
    if not isinstance(reviewer, str) or not reviewer.strip():
        raise WorkbenchError("a review entry needs a reviewer name")
    if time is not None and not isinstance(time, str):
        raise WorkbenchError(f"record {record_id}: time must be an ISO 8601 string")
    entry: dict[str, Any] = {
        "time": time or now_iso(),
        "reviewer": reviewer.strip(),
        "record_id": record_id,
        "action": action,
    }
    if action == "claim":
        if not isinstance(claim_id, int) or isinstance(claim_id, bool) or claim_id < 0:
            raise WorkbenchError(f"record {record_id}: claim_id must be an integer >= 0")
        if decision not in DECISIONS:
            raise WorkbenchError(
                f"record {record_id}: decision {decision!r} is not one of {', '.join(DECISIONS)}"
            )
        entry.update(claim_id=claim_id, decision=decision)
    elif action == "answer":
        if not isinstance(answer, str) or not answer.strip():
            raise WorkbenchError(f"record {record_id}: an answer edit needs a non-empty answer")
        entry["answer"] = answer.strip()
    elif action == "fact":
        if fact is None:
            raise WorkbenchError(f"record {record_id}: a fact entry needs a fact")
        entry["fact"] = normalize_fact(fact)
    if note:
        entry["note"] = str(note)
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


def append_review(log_path: str | Path, entry: Mapping[str, Any]) -> dict[str, Any]:
    """Append one validated entry as one line: a single ``write`` under ``O_APPEND`` + lock."""
    checked = entry_from_mapping(entry)
    data = (json.dumps(checked, ensure_ascii=False) + "\n").encode("utf-8")
    path = Path(log_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            written = os.write(fd, data)
            if written != len(data):  # pragma: no cover - regular files write fully
                raise OSError(f"short write to {path}")
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
    return checked


def read_review_log(log_path: str | Path) -> list[dict[str, Any]]:
    """Every entry of a log, validated; a bad line is one error naming the file and line."""
    path = Path(log_path)
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{path}: cannot read review log: {exc}") from None
    entries = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            if not isinstance(raw, dict):
                raise ValueError("not a JSON object")
            entries.append(entry_from_mapping(raw))
        except (ValueError, WorkbenchError) as exc:
            raise InputFileError(f"{path}: line {n}: {exc}") from None
    return entries
