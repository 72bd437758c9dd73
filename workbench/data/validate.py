"""Check records against everything the card's field reference promises.

All problems are collected, not just the first. Each names the file, the record id and
the JSON path of the offending field, e.g.
``data.json: record 'a1b2' at records[17].claims[2].attribution[0].end_char: 5000 is past
the end of source_text (4821 characters)``.

Decisions (the card is silent on them):
- the stored ``verified`` flag is never trusted: ``source_text[start_char:end_char]`` is
  recomputed and compared with ``source_excerpt``;
- extra, unknown fields are allowed (forward compatible) and ignored, except ``fact`` (added
  by ``workbench review-apply``), which must be a string when present;
- a record may have any number of annotators (missing ratings are handled as missing by
  the agreement code), but each annotator appears at most once per record;
- every claim needs at least one attribution span (the card: "one or more");
- what later stages cannot handle is refused wherever it sits, extra fields included:
  text holding a lone surrogate (a ``\\ud800`` escape in the JSON: UTF-8 cannot write it
  out), an integer outside the 64-bit range (``INT_MIN``..``INT_MAX``: the frames are
  Int64), a non-finite number (``NaN``/``Infinity``, not JSON); a ``sentence_id`` is an
  index into the source, so from 0 to the source's length.

Cost is bounded: at most ``MAX_PROBLEMS`` problems are kept (the rest are only counted,
``Validation.total``), so a file of 300,000 empty records costs the records, not
three million formatted messages.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeGuard, TypeVar

from workbench.data.schema import (
    CLAIM_FIELDS,
    DIFFICULTIES,
    DIMENSIONS,
    GENRES,
    RATING_FIELDS,
    RECORD_FIELDS,
    SCORE_VALUES,
    SPAN_FIELDS,
)

#: problems kept (and printed by `workbench validate`); the rest are counted
MAX_PROBLEMS = 1000
#: every integer must fit the frames' Int64 columns
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one field of one record."""

    file: str
    index: int
    record_id: str | None
    path: str
    message: str

    def message_line(self) -> str:
        rid = repr(self.record_id) if self.record_id is not None else "(no id)"
        return f"{self.file}: record {rid} at {self.path}: {self.message}"


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "array",
        dict: "object",
    }.get(type(value), type(value).__name__)


_EXPECTED_NAME = {str: "string", int: "integer", bool: "boolean", list: "array", dict: "object"}


T = TypeVar("T")


def _is_type(value: Any, expected: type[T]) -> TypeGuard[T]:
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, expected)


@dataclass
class _Sink:
    """Every problem counted; only the first ``limit`` kept."""

    limit: int
    kept: list[Problem] = field(default_factory=list)
    total: int = 0

    def add(self, problem: Problem) -> None:
        self.total += 1
        if len(self.kept) < self.limit:
            self.kept.append(problem)


class _Checker:
    """Checks one record, passing problems to the sink; ``count`` says whether it is usable."""

    def __init__(self, file: str, index: int, record_id: str | None, sink: _Sink) -> None:
        self.file, self.index, self.record_id, self.sink = file, index, record_id, sink
        self.count = 0

    def add(self, path: str, message: str) -> None:
        self.count += 1
        if len(self.sink.kept) < self.sink.limit:
            self.sink.add(Problem(self.file, self.index, self.record_id, path, message))
        else:
            self.sink.total += 1  # past the limit: only counted

    def fields(self, obj: dict[str, Any], spec: dict[str, type], path: str) -> bool:
        """Check required fields and their types; True when all are present and typed."""
        good = True
        for name, expected in spec.items():
            if name not in obj:
                self.add(f"{path}.{name}", "required field is missing")
                good = False
            elif not _is_type(obj[name], expected):
                self.add(
                    f"{path}.{name}",
                    f"expected {_EXPECTED_NAME[expected]}, got {_type_name(obj[name])}",
                )
                good = False
        return good


def _short_int(v: int) -> str:
    digits = str(abs(v))
    return str(v) if len(digits) <= 24 else f"{'-' if v < 0 else ''}{digits[:6]}… ({len(digits)} digits)"


def _key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if _NAME.match(key) else f"{path}[{key!r}]"


def _scalar_problem(value: Any) -> str | None:
    """What later stages cannot handle in one JSON value, or None."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        if m:
            return (
                f"holds a lone surrogate \\u{ord(m.group()):04x} at character {m.start()} "
                "(a \\u escape that is not text; UTF-8 cannot hold it)"
            )
    elif isinstance(value, bool):
        return None
    elif isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            return f"{_short_int(value)} is outside the 64-bit integer range"
    elif isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a JSON number"
    return None


def _check_values(rec: dict[str, Any], c: _Checker, path: str) -> None:
    """Every string (keys too) and number of the record, at any depth, without recursion."""
    stack: list[tuple[Any, str]] = [(rec, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                sub = _key_path(where, k)
                if _SURROGATE.search(k):
                    c.add(sub, "field name holds a lone surrogate (UTF-8 cannot hold it)")
                stack.append((v, sub))
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(value))
        else:
            problem = _scalar_problem(value)
            if problem:
                c.add(where, problem)


def _check_record(rec: dict[str, Any], c: _Checker, path: str) -> None:
    if not c.fields(rec, RECORD_FIELDS, path):
        typed_ok = {k for k, t in RECORD_FIELDS.items() if k in rec and _is_type(rec[k], t)}
    else:
        typed_ok = set(RECORD_FIELDS)
    if "genre" in typed_ok and rec["genre"] not in GENRES:
        c.add(f"{path}.genre", f"{rec['genre']!r} is not one of {', '.join(GENRES)}")
    if "difficulty" in typed_ok and rec["difficulty"] not in DIFFICULTIES:
        c.add(f"{path}.difficulty", f"{rec['difficulty']} is not one of 0, 1, 2")
    if "id" in typed_ok and not rec["id"].strip():
        c.add(f"{path}.id", "empty id")
    if rec.get("fact") is not None and not isinstance(rec["fact"], str):
        # optional, written by `workbench review-apply`; scoring and export read it as text
        c.add(f"{path}.fact", f"expected string, got {_type_name(rec['fact'])}")
    source = rec["source_text"] if "source_text" in typed_ok else None
    _check_values(rec, c, path)
    if "claims" in typed_ok:
        for ci, claim in enumerate(rec["claims"]):
            _check_claim(claim, ci, source, c, f"{path}.claims[{ci}]")
    if "human_ratings" in typed_ok:
        seen: set[str] = set()
        for ri, rating in enumerate(rec["human_ratings"]):
            _check_rating(rating, seen, c, f"{path}.human_ratings[{ri}]")


def _check_claim(claim: Any, ci: int, source: str | None, c: _Checker, path: str) -> None:
    if not isinstance(claim, dict):
        c.add(path, f"expected object, got {_type_name(claim)}")
        return
    c.fields(claim, CLAIM_FIELDS, path)
    cid = claim.get("claim_id")
    if _is_type(cid, int) and cid != ci:
        c.add(f"{path}.claim_id", f"is {cid} but the claim is at position {ci}")
    spans = claim.get("attribution")
    if not isinstance(spans, list):
        return
    if not spans:
        c.add(f"{path}.attribution", "empty: every claim needs at least one support span")
    for si, span in enumerate(spans):
        _check_span(span, source, c, f"{path}.attribution[{si}]")


def _as_int(value: Any) -> int | None:
    """An int64 value, or None (a wrong type, or out of range: reported by ``_check_values``)."""
    if isinstance(value, int) and not isinstance(value, bool) and INT_MIN <= value <= INT_MAX:
        return value
    return None


def _check_span(span: Any, source: str | None, c: _Checker, path: str) -> None:
    if not isinstance(span, dict):
        c.add(path, f"expected object, got {_type_name(span)}")
        return
    c.fields(span, SPAN_FIELDS, path)
    if source is None:
        return
    n = len(source)
    sid = _as_int(span.get("sentence_id"))
    if sid is not None and not 0 <= sid <= n:
        c.add(f"{path}.sentence_id", f"{_short_int(sid)} is not a sentence index (0 to {n})")
    start, end = _as_int(span.get("start_char")), _as_int(span.get("end_char"))
    if start is not None and end is not None and _offsets_ok(start, end, n, c, path):
        _check_excerpt(span, source, start, end, c, path)


def _offsets_ok(start: int, end: int, n: int, c: _Checker, path: str) -> bool:
    """``0 <= start < end <= n``, each breach one problem."""
    ok = True
    if start < 0:
        c.add(f"{path}.start_char", f"{_short_int(start)} is negative")
        ok = False
    if end > n:
        c.add(
            f"{path}.end_char",
            f"{_short_int(end)} is past the end of source_text ({n} characters)",
        )
        ok = False
    if start >= end:
        c.add(f"{path}.end_char", f"{_short_int(end)} is not after start_char {_short_int(start)}")
        ok = False
    return ok


def _check_excerpt(
    span: dict[str, Any], source: str, start: int, end: int, c: _Checker, path: str
) -> None:
    """The stored excerpt must equal the source slice (the ``verified`` flag is not trusted)."""
    excerpt = span.get("source_excerpt")
    if isinstance(excerpt, str) and source[start:end] != excerpt:
        stored = span.get("verified")
        note = " although the stored verified flag is true" if stored is True else ""
        shown = source[start:end][:40].replace("\n", " ")
        c.add(
            f"{path}.source_excerpt",
            f"does not equal source_text[{start}:{end}] ({shown!r}…){note}",
        )


def _check_rating(rating: Any, seen: set[str], c: _Checker, path: str) -> None:
    if not isinstance(rating, dict):
        c.add(path, f"expected object, got {_type_name(rating)}")
        return
    c.fields(rating, RATING_FIELDS, path)
    ann = rating.get("annotator_id")
    if isinstance(ann, str):
        if not ann.strip():
            c.add(f"{path}.annotator_id", "empty annotator id")
        elif ann in seen:
            c.add(f"{path}.annotator_id", f"annotator {ann!r} rates this record twice")
        seen.add(ann)
    scores = rating.get("scores")
    if not isinstance(scores, dict):
        return
    keys = set(scores)
    for missing in [d for d in DIMENSIONS if d not in keys]:
        c.add(f"{path}.scores.{missing}", "required score is missing")
    for extra in sorted(keys - set(DIMENSIONS)):
        c.add(f"{path}.scores.{extra}", f"unknown score key (expected {', '.join(DIMENSIONS)})")
    for dim in DIMENSIONS:
        if dim in scores:
            v = scores[dim]
            if not _is_type(v, int):
                c.add(f"{path}.scores.{dim}", f"expected integer 0-2, got {_type_name(v)}")
            elif v not in SCORE_VALUES:
                c.add(f"{path}.scores.{dim}", f"{v} is outside the 0-2 scale")


class Validation(NamedTuple):
    """The valid records, the first problems found, and how many there were in all."""

    valid: list[dict[str, Any]]
    problems: list[Problem]
    total: int  # every problem, kept or only counted
    bad_records: int  # records with at least one problem

    @property
    def not_shown(self) -> int:
        """Problems counted but not kept (past the limit)."""
        return self.total - len(self.problems)


def validate_records(
    data: list[Any], *, file: str, max_problems: int = MAX_PROBLEMS
) -> Validation:
    """The valid records and the problems of the others (the first ``max_problems``).

    ``data`` is the parsed top-level JSON array. A record with any problem is not valid;
    a repeated id makes every later record with that id invalid.
    """
    valid: list[dict[str, Any]] = []
    sink = _Sink(max_problems)
    bad = 0
    seen_ids: dict[str, int] = {}
    for i, rec in enumerate(data):
        path = f"records[{i}]"
        if not isinstance(rec, dict):
            bad += 1
            sink.add(Problem(file, i, None, path, f"expected object, got {_type_name(rec)}"))
            continue
        rid = rec.get("id") if isinstance(rec.get("id"), str) else None
        c = _Checker(file, i, rid, sink)
        _check_record(rec, c, path)
        if rid is not None:
            if rid in seen_ids:
                c.add(f"{path}.id", f"duplicate id (first used by records[{seen_ids[rid]}])")
            else:
                seen_ids[rid] = i
        if c.count:
            bad += 1
        else:
            valid.append(rec)
    return Validation(valid, sink.kept, sink.total, bad)
