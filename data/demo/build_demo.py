#!/usr/bin/env python3
"""Build the bundled demo dataset from one hand-written spec per record.

Reads every ``data/demo/records/<id>.json`` spec (format: ``data/demo/README.md``),
finds each quoted excerpt in the record's source text, computes its offsets and
sentence id, and writes ``data/demo/abstractive_qa_demo.json`` in exactly the real
dataset's schema (the dataset card's Field reference). Stdlib only, so it runs with
any Python >= 3.11 without installing the package:

    python data/demo/build_demo.py            # rebuild the JSON
    python data/demo/build_demo.py --check    # exit 1 if the committed JSON is stale

The output is deterministic: records are ordered by (genre, difficulty, id), keys keep
the card's field order, and nothing depends on time, locale or file-system order, so
the same specs always give byte-identical output.

Sentence rule (how ``sentence_id`` is computed): ``source_text`` is cut into
sentences at every boundary, where a boundary is either

* a run of ``.``, ``?`` or ``!`` (optionally followed by closing quotes or brackets)
  that is followed by whitespace, or
* a newline (paragraphs, i.e. speaker turns, never share a sentence),

together with the whitespace after it; the next sentence starts at the first
character after that whitespace. Sentences are numbered from 0, and a span's
``sentence_id`` is the number of the sentence containing its ``start_char``. A dot
not followed by whitespace (``2.5``, ``05:30``) does not end a sentence; Hebrew
abbreviations use gershayim (``צה"ל``), not dots, so they need no special case.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_RECORDS_DIR = HERE / "records"
DEFAULT_OUT = HERE / "abstractive_qa_demo.json"

GENRES: tuple[str, ...] = ("dialogue", "encyclopedic", "journalistic")
GENRE_PREFIX: dict[str, str] = {"dialogue": "dia", "encyclopedic": "enc", "journalistic": "jou"}
DIFFICULTIES: tuple[int, ...] = (0, 1, 2)
DIMENSIONS: tuple[str, ...] = (
    "coherence",
    "relevance",
    "completeness",
    "faithfulness",
    "attribution",
)
SCORE_VALUES: tuple[int, ...] = (0, 1, 2)
N_ANNOTATORS = 4
CLAIM_KINDS: tuple[str, ...] = ("verbatim", "paraphrase", "number", "two-spans")

SPEC_REQUIRED: tuple[str, ...] = (
    "id",
    "source_task_id",
    "genre",
    "difficulty",
    "document_id",
    "question",
    "source_paragraphs",
    "claims",
    "ratings",
)
SPEC_OPTIONAL: tuple[str, ...] = ("reference_answer",)
CLAIM_REQUIRED: tuple[str, ...] = ("text", "excerpts")
CLAIM_OPTIONAL: tuple[str, ...] = ("kind",)

ID_RE = re.compile(r"^(dia|enc|jou)-([0-2])-[a-z0-9]+$")
ANNOTATOR_RE = re.compile(r"^annotator_([0-9]+)$")
SENTENCE_BOUNDARY_RE = re.compile(r"[.?!]+[\"'”’)\]]*\s+|\n\s*")
EXCERPT_PREVIEW = 60


class DemoSpecError(ValueError):
    """A record spec that cannot be turned into a valid record; the message is one line."""


def _preview(text: str) -> str:
    """Short one-line repr of an excerpt for error messages."""
    short = text if len(text) <= EXCERPT_PREVIEW else text[: EXCERPT_PREVIEW - 1] + "…"
    return repr(short)


def sentence_starts(text: str) -> list[int]:
    """Start offsets of the sentences of ``text`` under the module's sentence rule."""
    return [0] + [m.end() for m in SENTENCE_BOUNDARY_RE.finditer(text)]


def sentence_id_at(starts: list[int], offset: int) -> int:
    """Index of the sentence (given its start offsets) that contains ``offset``."""
    return bisect.bisect_right(starts, offset) - 1


def find_occurrences(haystack: str, needle: str) -> list[int]:
    """Every start offset of ``needle`` in ``haystack``, overlapping ones included."""
    found: list[int] = []
    pos = haystack.find(needle)
    while pos != -1:
        found.append(pos)
        pos = haystack.find(needle, pos + 1)
    return found


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise DemoSpecError(f"duplicate key(s) {', '.join(dupes)}")
    return dict(pairs)


def load_spec(path: Path) -> dict[str, Any]:
    """Read one spec file as a JSON object, failing with the file name on any problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DemoSpecError(f"{path}: cannot read as UTF-8 text: {exc}") from None
    try:
        spec = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise DemoSpecError(f"{path}: not valid JSON: {exc}") from None
    except DemoSpecError as exc:
        raise DemoSpecError(f"{path}: {exc}") from None
    if not isinstance(spec, dict):
        raise DemoSpecError(f"{path}: top level must be a JSON object")
    return spec


def _nonempty_str(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_keys(where: str, obj: dict, required: tuple, optional: tuple) -> None:
    missing = [k for k in required if k not in obj]
    if missing:
        raise DemoSpecError(f"{where}: missing field(s) {', '.join(missing)}")
    unknown = sorted(k for k in obj if k not in required and k not in optional)
    if unknown:
        raise DemoSpecError(f"{where}: unknown field(s) {', '.join(unknown)}")


def _check_top(where: str, spec: dict[str, Any], stem: str) -> None:
    _check_keys(where, spec, SPEC_REQUIRED, SPEC_OPTIONAL)
    for key in ("id", "source_task_id", "document_id", "question"):
        if not _nonempty_str(spec[key]):
            raise DemoSpecError(f"{where}: field {key} must be a non-empty string")
    rid, genre, difficulty = spec["id"], spec["genre"], spec["difficulty"]
    if genre not in GENRES:
        raise DemoSpecError(f"{where}: field genre {genre!r} is not one of {', '.join(GENRES)}")
    if not _is_int(difficulty) or difficulty not in DIFFICULTIES:
        raise DemoSpecError(f"{where}: field difficulty {difficulty!r} is not one of 0, 1, 2")
    match = ID_RE.match(rid)
    if not match:
        raise DemoSpecError(f"{where}: field id {rid!r} is not like 'dia-0-a'")
    if match.group(1) != GENRE_PREFIX[genre] or int(match.group(2)) != difficulty:
        raise DemoSpecError(
            f"{where}: field id {rid!r} does not match genre {genre} / difficulty {difficulty}"
        )
    if rid != stem:
        raise DemoSpecError(f"{where}: field id {rid!r} differs from the file name {stem!r}")
    paragraphs = spec["source_paragraphs"]
    if not isinstance(paragraphs, list) or not paragraphs:
        raise DemoSpecError(f"{where}: field source_paragraphs must be a non-empty list")
    for i, para in enumerate(paragraphs):
        if not _nonempty_str(para):
            raise DemoSpecError(f"{where}: source_paragraphs[{i}] must be a non-empty string")
    if "reference_answer" in spec and not _nonempty_str(spec["reference_answer"]):
        raise DemoSpecError(f"{where}: field reference_answer must be a non-empty string")


def _ratings(where: str, ratings: Any) -> list[dict[str, Any]]:
    """Turn ``{"annotator_1": [5 scores], ...}`` into the card's human_ratings list."""
    if not isinstance(ratings, dict) or len(ratings) != N_ANNOTATORS:
        raise DemoSpecError(f"{where}: field ratings must map exactly {N_ANNOTATORS} annotators")
    out = []
    for annotator, scores in ratings.items():
        if not isinstance(annotator, str) or not ANNOTATOR_RE.match(annotator):
            raise DemoSpecError(f"{where}: ratings key {annotator!r} is not like 'annotator_1'")
        ok = isinstance(scores, list) and len(scores) == len(DIMENSIONS)
        if not ok or not all(_is_int(s) and s in SCORE_VALUES for s in scores):
            raise DemoSpecError(
                f"{where}: ratings[{annotator}] must be {len(DIMENSIONS)} integers 0-2 "
                f"({', '.join(DIMENSIONS)}), got {scores!r}"
            )
        out.append(
            {"annotator_id": annotator, "scores": dict(zip(DIMENSIONS, scores, strict=True))}
        )
    out.sort(key=lambda r: (int(ANNOTATOR_RE.match(r["annotator_id"]).group(1)), r["annotator_id"]))
    return out


def _span(where: str, excerpt: Any, source: str, starts: list[int]) -> dict[str, Any]:
    """Locate one excerpt spec (string or {text, occurrence}) and build its attribution."""
    occurrence = None
    if isinstance(excerpt, dict):
        _check_keys(where, excerpt, ("text", "occurrence"), ())
        occurrence = excerpt["occurrence"]
        excerpt = excerpt["text"]
        if not _is_int(occurrence) or occurrence < 0:
            raise DemoSpecError(f"{where}: occurrence must be an integer >= 0")
    if not _nonempty_str(excerpt):
        raise DemoSpecError(f"{where}: excerpt must be a non-empty string or {{text, occurrence}}")
    found = find_occurrences(source, excerpt)
    if not found:
        raise DemoSpecError(f"{where} {_preview(excerpt)}: not found in source_text")
    if occurrence is None:
        if len(found) > 1:
            raise DemoSpecError(
                f"{where} {_preview(excerpt)}: ambiguous, occurs {len(found)} times in "
                f"source_text (at {', '.join(map(str, found))}); write it as "
                '{"text": ..., "occurrence": N}'
            )
        occurrence = 0
    elif occurrence >= len(found):
        raise DemoSpecError(
            f"{where} {_preview(excerpt)}: occurrence {occurrence} requested but it occurs "
            f"only {len(found)} time(s) in source_text"
        )
    start = found[occurrence]
    end = start + len(excerpt)
    return {
        "sentence_id": sentence_id_at(starts, start),
        "source_excerpt": excerpt,
        "start_char": start,
        "end_char": end,
        "verified": source[start:end] == excerpt,
        "verification_method": "auto",
    }


def record_from_spec(spec: dict[str, Any], where: str, stem: str) -> dict[str, Any]:
    """Validate one spec and return the record in the card's schema and field order."""
    _check_top(where, spec, stem)
    where = f"{where}: record {spec['id']}"
    source = "\n".join(spec["source_paragraphs"])
    starts = sentence_starts(source)
    claims_spec = spec["claims"]
    if not isinstance(claims_spec, list) or not claims_spec:
        raise DemoSpecError(f"{where}: field claims must be a non-empty list")
    claims = []
    for ci, claim in enumerate(claims_spec):
        cwhere = f"{where}: claim {ci}"
        if not isinstance(claim, dict):
            raise DemoSpecError(f"{cwhere}: must be an object")
        _check_keys(cwhere, claim, CLAIM_REQUIRED, CLAIM_OPTIONAL)
        if not _nonempty_str(claim["text"]):
            raise DemoSpecError(f"{cwhere}: field text must be a non-empty string")
        if "kind" in claim and claim["kind"] not in CLAIM_KINDS:
            raise DemoSpecError(
                f"{cwhere}: field kind {claim['kind']!r} is not one of {', '.join(CLAIM_KINDS)}"
            )
        excerpts = claim["excerpts"]
        if not isinstance(excerpts, list) or not excerpts:
            raise DemoSpecError(f"{cwhere}: field excerpts must be a non-empty list")
        attribution = [
            _span(f"{cwhere}: excerpt {ei}", ex, source, starts) for ei, ex in enumerate(excerpts)
        ]
        claims.append({"claim_id": ci, "text": claim["text"], "attribution": attribution})
    reference = spec.get("reference_answer") or " ".join(c["text"] for c in claims)
    return {
        "id": spec["id"],
        "source_task_id": spec["source_task_id"],
        "genre": spec["genre"],
        "difficulty": spec["difficulty"],
        "document_id": spec["document_id"],
        "question": spec["question"],
        "source_text": source,
        "reference_answer": reference,
        "claims": claims,
        "human_ratings": _ratings(where, spec["ratings"]),
    }


def build_records(records_dir: str | Path) -> list[dict[str, Any]]:
    """All records from the specs in ``records_dir``, ordered by genre, difficulty, id."""
    records_dir = Path(records_dir)
    paths = sorted(records_dir.glob("*.json"), key=lambda p: p.stem)
    if not paths:
        raise DemoSpecError(f"{records_dir}: no record specs (*.json) found")
    records = [record_from_spec(load_spec(p), str(p), p.stem) for p in paths]
    records.sort(key=lambda r: (GENRES.index(r["genre"]), r["difficulty"], r["id"]))
    return records


def render(records: list[dict[str, Any]]) -> bytes:
    """The exact bytes of the output file: UTF-8 JSON, indent 1, trailing newline."""
    return (json.dumps(records, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temp file in the same folder and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def build(
    records_dir: str | Path = DEFAULT_RECORDS_DIR, out_path: str | Path = DEFAULT_OUT
) -> list[dict[str, Any]]:
    """Build the demo JSON from ``records_dir`` into ``out_path``; return the records."""
    records = build_records(records_dir)
    write_atomic(Path(out_path), render(records))
    return records


def _summary(records: list[dict[str, Any]]) -> str:
    n_claims = sum(len(r["claims"]) for r in records)
    n_spans = sum(len(c["attribution"]) for r in records for c in r["claims"])
    return f"{len(records)} records, {n_claims} claims, {n_spans} spans"


def main(argv: list[str] | None = None) -> int:
    """Command line: build (default) or ``--check`` the committed demo JSON."""
    parser = argparse.ArgumentParser(description="Build the demo dataset from its record specs.")
    parser.add_argument("--records", default=str(DEFAULT_RECORDS_DIR), help="folder of specs")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="output JSON path")
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if --out differs from a fresh build",
    )
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        records = build_records(args.records)
    except DemoSpecError as exc:
        print(f"build_demo: error: {exc}", file=sys.stderr)
        return 1
    data = render(records)
    if args.check:
        if not out.is_file():
            print(
                f"build_demo: {out} is missing; run python data/demo/build_demo.py", file=sys.stderr
            )
            return 1
        if out.read_bytes() != data:
            print(
                f"build_demo: {out} is stale (differs from a fresh build); "
                "run python data/demo/build_demo.py",
                file=sys.stderr,
            )
            return 1
        print(f"build_demo: {out} is up to date ({_summary(records)})")
        return 0
    write_atomic(out, data)
    print(f"build_demo: wrote {out} ({_summary(records)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
