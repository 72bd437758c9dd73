"""Human-in-the-loop review of the ground truth: sample, judge, log decisions, apply them.

Sampling (``workbench review-sample``)
--------------------------------------
A seeded random sample, stratified by genre x difficulty: in each of the nine cells,
``ceil(size * percentage / 100)`` records are drawn (so every non-empty cell is seen at
least once), in a fixed order (cells sorted, ids sorted, then a ``numpy`` permutation from
the seed), so the same seed and data always give the same sample, whatever the record
order in the file. An explicit ``--percentage`` wins over the risk level's default:

========  =====  ==============================================================
risk      share  why
========  =====  ==============================================================
low         5%   wrong ground truth is cheap to notice and fix later; a spot check
                 (with ceil per cell, at least one record from every cell: 9 of
                 the 132 records, i.e. about 7%)
medium     10%   the default: about two records per cell (18 of 132); if 10% of
                 items are wrong, at least one is seen with probability 1 - 0.9^18
                 = 85%
high       25%   about four per cell (36 of 132): that probability reaches 98%,
                 and a per-genre flagged share is estimated from 12+ items
critical  100%   wrong ground truth would cause serious harm (e.g. it decides
                 whether a model is deployed where errors hurt people): review all
========  =====  ==============================================================

The sample is written as a review queue, pre-sorted by a judge (``workbench.scoring.judge``): the
reference answer of each record is grounded in its source and labelled; hallucinated
first, then irrelevant, incomplete, grounded.

The review log
--------------
An append-only JSONL file, one decision per line, each with ``time`` (UTC, ISO 8601),
``reviewer`` and ``record_id``, and one ``action``:

- ``claim``: ``claim_id`` and ``decision`` (``correct``, ``hallucinated`` or ``outdated``);
- ``answer``: ``answer``, the reviewer's rewrite of the reference answer;
- ``fact``: ``fact``, the minimal answer, variants joined with ``<OR>``;
- ``exclude``: drop the record from the reviewed copy (optional ``note``).

Each line is written with one ``write`` on a file opened with ``O_APPEND`` and under an
exclusive ``flock``, so concurrent reviewers never interleave lines. The dataset file is
never modified: :func:`apply_review_log` builds a reviewed copy (later decisions win) and a
summary of what changed and the share of items flagged per genre.
"""

from __future__ import annotations

import argparse
import copy
import fcntl
import json
import math
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import polars as pl

from workbench.errors import InputFileError, WorkbenchError
from workbench.scoring.judge import REVIEW_PRIORITY, Judge, rule_judge
from workbench.scoring.qa_metrics import AND_DELIMITER, OR_DELIMITER

RISK_PERCENTAGES: dict[str, float] = {"low": 5.0, "medium": 10.0, "high": 25.0, "critical": 100.0}
DECISIONS: tuple[str, ...] = ("correct", "hallucinated", "outdated")
FLAG_DECISIONS = frozenset({"hallucinated", "outdated"})
ACTIONS: tuple[str, ...] = ("claim", "answer", "fact", "exclude")
STRATA: tuple[str, str] = ("genre", "difficulty")


# --- sampling ----------------------------------------------------------------------------


def review_percentage(risk: str, percentage: float | None = None) -> float:
    """The share to review: an explicit percentage wins, else the risk level's default."""
    if percentage is not None:
        if not 0 < percentage <= 100:
            raise WorkbenchError(f"--percentage must be in (0, 100], got {percentage}")
        return float(percentage)
    try:
        return RISK_PERCENTAGES[risk.lower()]
    except KeyError:
        raise WorkbenchError(
            f"unknown risk level {risk!r} (use {', '.join(RISK_PERCENTAGES)})"
        ) from None


def sample_for_review(
    records: Sequence[Mapping[str, Any]],
    *,
    seed: int,
    risk: str = "medium",
    percentage: float | None = None,
) -> pl.DataFrame:
    """A seeded sample stratified by genre x difficulty (see the module docstring).

    Returns one row per sampled record: ``id``, ``genre``, ``difficulty``, ``cell_size``
    and ``cell_sampled``, sorted by cell then id.
    """
    pct = review_percentage(risk, percentage)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise WorkbenchError(f"--seed must be an integer >= 0, got {seed!r}")
    frame = pl.DataFrame(
        {
            "id": [r["id"] for r in records],
            "genre": [r["genre"] for r in records],
            "difficulty": [r["difficulty"] for r in records],
        },
        schema={"id": pl.String, "genre": pl.String, "difficulty": pl.Int64},
    )
    rng = np.random.default_rng(seed)
    picked: list[pl.DataFrame] = []
    for _key, cell in frame.sort([*STRATA, "id"]).group_by(STRATA, maintain_order=True):
        take = min(cell.height, math.ceil(cell.height * pct / 100))
        order = rng.permutation(cell.height)[:take]
        picked.append(
            cell[np.sort(order)].with_columns(
                cell_size=pl.lit(cell.height, pl.Int64), cell_sampled=pl.lit(take, pl.Int64)
            )
        )
    if not picked:
        return frame.with_columns(cell_size=pl.lit(0, pl.Int64), cell_sampled=pl.lit(0, pl.Int64))
    return pl.concat(picked).sort([*STRATA, "id"])


def judge_reference(
    record: Mapping[str, Any], *, judge: Judge = rule_judge, grounder: Any = None
) -> dict[str, Any]:
    """Judge a record's reference answer against its source (no reference to compare to)."""
    from workbench.scoring.answers import default_grounder, grounding_figures

    ground = grounder or default_grounder()
    answer = record["reference_answer"]
    figures, _claims = grounding_figures(answer, record["source_text"], ground)
    label = judge(
        {
            "question": record.get("question"),
            "answer": answer,
            "source": record["source_text"],
            "reference": None,
            "figures": figures,
        }
    )
    return {"judge": label, **figures}


def review_queue(
    records: Sequence[Mapping[str, Any]],
    sample: pl.DataFrame,
    *,
    judge: Judge | None = rule_judge,
    grounder: Any = None,
) -> pl.DataFrame:
    """The sample pre-sorted for review: most suspicious judge label first.

    With ``judge=None`` the queue keeps the sample's order and has no judge column values.
    """
    by_id = {r["id"]: r for r in records}
    rows = []
    for rid in sample.get_column("id").to_list():
        if judge is None:
            rows.append({"id": rid, "judge": None, "supported_fraction": None})
            continue
        j = judge_reference(by_id[rid], judge=judge, grounder=grounder)
        rows.append({"id": rid, "judge": j["judge"], "supported_fraction": j["supported_fraction"]})
    labels = pl.DataFrame(
        rows, schema={"id": pl.String, "judge": pl.String, "supported_fraction": pl.Float64}
    )
    queue = sample.join(labels, on="id", how="left", maintain_order="left").with_columns(
        priority=pl.col("judge").replace_strict(REVIEW_PRIORITY, default=len(REVIEW_PRIORITY))
    )
    return queue.sort(["priority", "supported_fraction", *STRATA, "id"], nulls_last=True)


# --- the log -----------------------------------------------------------------------------


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
    groups = [g.split(OR_DELIMITER) for g in text.split(AND_DELIMITER)]
    if not variants or any(not v.strip() for g in groups for v in g):
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


# --- applying the log --------------------------------------------------------------------


@dataclass
class ReviewSummary:
    """What a log changed: one row per effective change, and flagged shares per genre."""

    changes: pl.DataFrame
    by_genre: pl.DataFrame
    skipped: list[str] = field(default_factory=list)  # entries naming unknown records/claims

    def lines(self) -> list[str]:
        """A short text summary."""
        out = [f"{self.changes.height} change(s) applied"]
        for r in self.by_genre.iter_rows(named=True):
            out.append(
                f"  {r['genre']}: {r['n_flagged']} of {r['n_reviewed']} reviewed records flagged "
                f"({r['share_flagged_of_reviewed']:.0%}; {r['share_flagged_of_all']:.0%} of all "
                f"{r['n_records']}), {r['n_answer_edits']} answer edit(s), {r['n_facts']} fact(s)"
                if r["n_reviewed"]
                else f"  {r['genre']}: none of {r['n_records']} records reviewed"
            )
        out += [f"  skipped: {s}" for s in self.skipped]
        return out


class ReviewedCopy(NamedTuple):
    records: list[dict[str, Any]]
    summary: ReviewSummary


_CHANGE_SCHEMA = {
    "record_id": pl.String,
    "genre": pl.String,
    "action": pl.String,
    "claim_id": pl.Int64,
    "value": pl.String,
    "reviewer": pl.String,
    "time": pl.String,
}


def apply_review_log(
    records: Sequence[Mapping[str, Any]], log: str | Path | Iterable[Mapping[str, Any]]
) -> ReviewedCopy:
    """A reviewed copy of ``records`` and a summary; ``records`` is never modified.

    Later entries win (per claim, per record for answer and fact). In the copy, a reviewed
    record gets ``review`` (its claim decisions, reviewers, the original answer when it was
    rewritten) and, when given, ``fact``; an ``answer`` edit replaces ``reference_answer``
    and sets ``review.claims_outdated`` (the gold claims still split the old answer);
    ``exclude`` leaves the record out. Entries naming unknown records or claims are
    skipped and listed in the summary.
    """
    entries = read_review_log(log) if isinstance(log, (str, Path)) else [dict(e) for e in log]
    by_id = {r["id"]: r for r in records}
    claim_ids = {r["id"]: {c["claim_id"] for c in r.get("claims") or []} for r in records}
    final: dict[tuple[str, str, int | None], dict[str, Any]] = {}
    reviewers: dict[str, set[str]] = {}
    skipped: list[str] = []
    for e in entries:
        rid = e["record_id"]
        if rid not in by_id:
            skipped.append(
                f"{e['action']} by {e['reviewer']} at {e['time']}: unknown record {rid!r}"
            )
            continue
        cid = e.get("claim_id") if e["action"] == "claim" else None
        if cid is not None and cid not in claim_ids[rid]:
            skipped.append(f"claim decision by {e['reviewer']}: record {rid!r} has no claim {cid}")
            continue
        final[(rid, e["action"], cid)] = e
        reviewers.setdefault(rid, set()).add(e["reviewer"])

    out: list[dict[str, Any]] = []
    changes = []
    excluded: set[str] = set()
    for rec in records:
        rid = rec["id"]
        mine = {k: v for k, v in final.items() if k[0] == rid}
        if not mine:
            out.append(copy.deepcopy(dict(rec)))
            continue
        new = copy.deepcopy(dict(rec))
        review: dict[str, Any] = {"reviewers": sorted(reviewers[rid]), "claims": []}
        for (_, action, cid), e in sorted(mine.items(), key=lambda kv: (kv[0][1], kv[0][2] or 0)):
            value = None
            if action == "claim":
                review["claims"].append(
                    {
                        "claim_id": cid,
                        "decision": e["decision"],
                        "reviewer": e["reviewer"],
                        "time": e["time"],
                    }
                )
                value = e["decision"]
            elif action == "answer":
                review["original_answer"] = rec["reference_answer"]
                review["claims_outdated"] = True
                new["reference_answer"] = e["answer"]
                value = e["answer"]
            elif action == "fact":
                new["fact"] = e["fact"]
                value = e["fact"]
            elif action == "exclude":
                excluded.add(rid)
                value = e.get("note")
            changes.append(
                {
                    "record_id": rid,
                    "genre": rec["genre"],
                    "action": action,
                    "claim_id": cid,
                    "value": value,
                    "reviewer": e["reviewer"],
                    "time": e["time"],
                }
            )
        review["flagged"] = rid in excluded or any(
            c["decision"] in FLAG_DECISIONS for c in review["claims"]
        )
        new["review"] = review
        if rid not in excluded:
            out.append(new)
    change_df = pl.DataFrame(changes, schema=_CHANGE_SCHEMA)
    return ReviewedCopy(out, ReviewSummary(change_df, _by_genre(records, change_df), skipped))


def _by_genre(records: Sequence[Mapping[str, Any]], changes: pl.DataFrame) -> pl.DataFrame:
    base = pl.DataFrame(
        {"record_id": [r["id"] for r in records], "genre": [r["genre"] for r in records]},
        schema={"record_id": pl.String, "genre": pl.String},
    )
    per_record = changes.group_by("record_id").agg(
        flagged=(
            (pl.col("action") == "exclude")
            | ((pl.col("action") == "claim") & pl.col("value").is_in(list(FLAG_DECISIONS)))
        ).any(),
        answer_edit=(pl.col("action") == "answer").any(),
        fact=(pl.col("action") == "fact").any(),
    )
    joined = base.join(per_record, on="record_id", how="left")
    return (
        joined.group_by("genre")
        .agg(
            n_records=pl.len(),
            n_reviewed=pl.col("flagged").is_not_null().sum(),
            n_flagged=pl.col("flagged").fill_null(False).sum(),
            n_answer_edits=pl.col("answer_edit").fill_null(False).sum(),
            n_facts=pl.col("fact").fill_null(False).sum(),
        )
        .with_columns(
            share_flagged_of_reviewed=pl.when(pl.col("n_reviewed") > 0)
            .then(pl.col("n_flagged") / pl.col("n_reviewed"))
            .otherwise(None),
            share_flagged_of_all=pl.col("n_flagged") / pl.col("n_records"),
        )
        .sort("genre")
    )


def write_json_atomic(value: Any, out: Path, *, inputs: Iterable[Path | None] = ()) -> None:
    """Write JSON (a ``.json`` array) or JSON Lines (a list to ``.jsonl``) atomically.

    Refuses to write onto any of ``inputs``.
    """
    from workbench.io import temp_beside

    target = out.expanduser().resolve()
    for p in inputs:
        if p is not None and Path(p).expanduser().resolve() == target:
            raise WorkbenchError(f"{out}: refusing to overwrite an input file")
    fd, tmp = temp_beside(out, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            if out.suffix.lower() == ".jsonl":
                for item in value:
                    fh.write(json.dumps(item, ensure_ascii=False) + "\n")
            else:
                json.dump(value, fh, ensure_ascii=False, indent=1)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- CLI ---------------------------------------------------------------------------------


def add_command(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "review-sample",
        help="draw a seeded, stratified sample of records for human review",
        description="Sample records for review, stratified by genre x difficulty; the "
        "share comes from the risk level (low 5%%, medium 10%%, high 25%%, critical 100%%) "
        "unless --percentage is given. The queue is pre-sorted by the rule-based judge.",
    )
    p.add_argument("--data", type=Path, default=None)
    p.add_argument("--risk", choices=list(RISK_PERCENTAGES), required=True)
    p.add_argument("--percentage", type=float, default=None, help="share to review, 0-100")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--out", type=Path, required=True, help="queue file (.jsonl or .csv)")
    p.add_argument("--no-judge", action="store_true", help="do not pre-sort with the judge")
    p.set_defaults(func=run)

    a = subparsers.add_parser(
        "review-apply",
        help="apply a review log to the dataset, writing a reviewed copy",
    )
    a.add_argument("--data", type=Path, default=None)
    a.add_argument("--log", type=Path, required=True, help="the review log (.jsonl)")
    a.add_argument("--out", type=Path, required=True, help="the reviewed copy (.json)")
    a.set_defaults(func=run_apply)


def run(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset

    ds = load_dataset(args.data)
    suffix = args.out.suffix.lower()
    if args.out.expanduser().resolve() == ds.source.path.expanduser().resolve():
        raise WorkbenchError(f"{args.out}: refusing to overwrite an input file")
    if suffix not in (".jsonl", ".csv"):
        raise WorkbenchError(f"{args.out}: the queue is written as .jsonl or .csv")
    pct = review_percentage(args.risk, args.percentage)
    sample = sample_for_review(
        ds.records, seed=args.seed, risk=args.risk, percentage=args.percentage
    )
    queue = review_queue(ds.records, sample, judge=None if args.no_judge else rule_judge)
    if suffix == ".csv":
        from workbench.io import temp_beside

        fd, tmp = temp_beside(args.out)
        os.close(fd)
        try:
            queue.write_csv(tmp)
            os.chmod(tmp, 0o644)
            os.replace(tmp, args.out)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    else:
        write_json_atomic(queue.to_dicts(), args.out, inputs=[ds.source.path])
    source = f"{pct:g}% ({'--percentage' if args.percentage is not None else f'risk {args.risk}'})"
    print(
        f"sampled {queue.height} of {len(ds.records)} records, {source}, seed {args.seed}, "
        f"stratified by genre x difficulty -> {args.out}"
    )
    if not args.no_judge:
        counts = queue.group_by("judge").len().sort("judge").rows()
        print("judge: " + ", ".join(f"{lab} {n}" for lab, n in counts))
    if ds.is_demo:
        print("note: sampled from the bundled DEMO set", file=sys.stderr)
    return 0


def run_apply(args: argparse.Namespace) -> int:
    from workbench.data.dataset import load_dataset

    if args.out.suffix.lower() != ".json":
        raise WorkbenchError(f"{args.out}: the reviewed copy is a dataset; use a .json file name")
    if not args.log.exists():
        raise InputFileError(f"{args.log}: review log not found")
    ds = load_dataset(args.data)
    reviewed = apply_review_log(ds.records, args.log)
    write_json_atomic(reviewed.records, args.out, inputs=[ds.source.path, args.log])
    for line in reviewed.summary.lines():
        print(line)
    print(f"wrote {len(reviewed.records)} records to {args.out}")
    return 0
