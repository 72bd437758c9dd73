"""Apply a review log to the dataset: a reviewed copy (later decisions win) and a summary
of what changed and the share of items flagged per genre. The dataset file is never
modified.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import polars as pl

from workbench.review.log import LogProblem, ReviewLog, read_review_log

FLAG_DECISIONS = frozenset({"hallucinated", "outdated"})



@dataclass
class ReviewSummary:
    """What a log changed: one row per effective change, and flagged shares per genre."""

    changes: pl.DataFrame
    by_genre: pl.DataFrame
    skipped: list[str] = field(default_factory=list)  # entries naming unknown records/claims
    corrupt_lines: list[LogProblem] = field(default_factory=list)  # log lines not read

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
        if self.corrupt_lines:
            lines = ", ".join(str(p.line) for p in self.corrupt_lines[:10])
            more = ", ..." if len(self.corrupt_lines) > 10 else ""
            out.append(
                f"  {len(self.corrupt_lines)} corrupt line(s) of the log skipped "
                f"(line {lines}{more})"
            )
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
    records: Sequence[Mapping[str, Any]],
    log: str | Path | ReviewLog | Iterable[Mapping[str, Any]],
) -> ReviewedCopy:
    """A reviewed copy of ``records`` and a summary; ``records`` is never modified.

    Later entries win (per claim, per record for answer and fact). In the copy, a reviewed
    record gets ``review`` (its claim decisions, reviewers, the original answer when it was
    rewritten) and, when given, ``fact``; an ``answer`` edit replaces ``reference_answer``
    and sets ``review.claims_outdated`` (the gold claims still split the old answer);
    ``exclude`` leaves the record out. Entries naming unknown records or claims are
    skipped and listed in the summary, and so are the log's corrupt lines
    (``ReviewSummary.corrupt_lines``: the other lines still apply).
    """
    entries, corrupt = _entries_of(log)
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
    summary = ReviewSummary(change_df, _by_genre(records, change_df), skipped, corrupt)
    return ReviewedCopy(out, summary)


def _entries_of(
    log: str | Path | ReviewLog | Iterable[Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[LogProblem]]:
    """The entries to apply and the log's corrupt lines (none for a list of entries)."""
    if isinstance(log, str | Path):
        log = read_review_log(log)
    if isinstance(log, ReviewLog):
        return log.entries, log.problems
    return [dict(e) for e in log], []


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
