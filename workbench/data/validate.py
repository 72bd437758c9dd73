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
- every claim needs at least one attribution span (the card: "one or more").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

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


class _Checker:
    """Collects problems for one record; `ok` says whether the record is usable."""

    def __init__(self, file: str, index: int, record_id: str | None) -> None:
        self.file, self.index, self.record_id = file, index, record_id
        self.problems: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(self.file, self.index, self.record_id, path, message))

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


def _check_span(span: Any, source: str | None, c: _Checker, path: str) -> None:
    if not isinstance(span, dict):
        c.add(path, f"expected object, got {_type_name(span)}")
        return
    c.fields(span, SPAN_FIELDS, path)
    start, end = span.get("start_char"), span.get("end_char")
    if not (_is_type(start, int) and _is_type(end, int)) or source is None:
        return
    n = len(source)
    bad = False
    if start < 0:
        c.add(f"{path}.start_char", f"{start} is negative")
        bad = True
    if end > n:
        c.add(f"{path}.end_char", f"{end} is past the end of source_text ({n} characters)")
        bad = True
    if start >= end:
        c.add(f"{path}.end_char", f"{end} is not after start_char {start}")
        bad = True
    excerpt = span.get("source_excerpt")
    if bad or not isinstance(excerpt, str):
        return
    if source[start:end] != excerpt:
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


def validate_records(data: list[Any], *, file: str) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Return the valid records and every problem found in the others.

    ``data`` is the parsed top-level JSON array. A record with any problem is not valid;
    a repeated id makes every later record with that id invalid.
    """
    valid: list[dict[str, Any]] = []
    problems: list[Problem] = []
    seen_ids: dict[str, int] = {}
    for i, rec in enumerate(data):
        path = f"records[{i}]"
        if not isinstance(rec, dict):
            problems.append(Problem(file, i, None, path, f"expected object, got {_type_name(rec)}"))
            continue
        rid = rec.get("id") if isinstance(rec.get("id"), str) else None
        c = _Checker(file, i, rid)
        _check_record(rec, c, path)
        if rid is not None:
            if rid in seen_ids:
                c.add(f"{path}.id", f"duplicate id (first used by records[{seen_ids[rid]}])")
            else:
                seen_ids[rid] = i
        if c.problems:
            problems.extend(c.problems)
        else:
            valid.append(rec)
    return valid, problems
