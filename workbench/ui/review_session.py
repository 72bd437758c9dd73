"""The review session: which sampled record is shown and the decisions so far, no widgets.

Every action appends one line to the review log (``workbench.review.log.append_review``)
and nothing else is written: the dataset is never touched. A session opened on an
existing log resumes from its decisions. ``render_html`` shows the current state
(``workbench.ui.review_html``); ``workbench.ui.review_widget`` wires it to ipywidgets.

    session = ReviewSession(ds.records, queue["id"].to_list(), "review_log.jsonl", "dana")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from workbench.errors import WorkbenchError
from workbench.review.log import DECISIONS, append_review, make_entry, read_review_log
from workbench.ui.review_html import session_html


class ReviewSession:
    """Review state for a list of sampled record ids, backed by an append-only log."""

    def __init__(
        self,
        records: Sequence[Mapping[str, Any]],
        sample_ids: Sequence[str],
        log_path: str | Path,
        reviewer: str,
        *,
        clock: Callable[[], str] | None = None,
    ) -> None:
        by_id = {r["id"]: r for r in records}
        missing = [i for i in sample_ids if i not in by_id]
        if missing:
            raise WorkbenchError(f"sampled id {missing[0]!r} is not in the dataset")
        if not sample_ids:
            raise WorkbenchError("nothing to review: the sample is empty")
        self.records = by_id
        self.queue = list(sample_ids)
        self.log_path = Path(log_path)
        self.reviewer = reviewer
        self.clock = clock
        self.index = 0
        self.claim_decisions: dict[tuple[str, int], str] = {}
        self.answers: dict[str, str] = {}
        self.facts: dict[str, str] = {}
        self.excluded: set[str] = set()
        log = read_review_log(self.log_path)
        #: corrupt lines of the log (skipped; the others are resumed from)
        self.log_problems = log.problems
        for e in log.entries:
            self._remember(e)

    # -- navigation ---------------------------------------------------------------------
    @property
    def record_id(self) -> str:
        return self.queue[self.index]

    @property
    def record(self) -> Mapping[str, Any]:
        return self.records[self.record_id]

    def goto(self, index: int) -> None:
        """Show the ``index``-th sampled record (clamped to the queue)."""
        self.index = max(0, min(len(self.queue) - 1, index))

    def next(self) -> None:
        self.goto(self.index + 1)

    def prev(self) -> None:
        self.goto(self.index - 1)

    # -- actions (each appends one log line) -----------------------------------------
    def _log(self, action: str, **fields: Any) -> dict[str, Any]:
        if not self.reviewer or not self.reviewer.strip():
            raise WorkbenchError("set a reviewer name before recording decisions")
        time = self.clock() if self.clock else None
        entry = make_entry(action, self.record_id, self.reviewer, time=time, **fields)
        written = append_review(self.log_path, entry)
        self._remember(written)
        return written

    def _remember(self, e: Mapping[str, Any]) -> None:
        rid = e["record_id"]
        if e["action"] == "claim":
            self.claim_decisions[(rid, e["claim_id"])] = e["decision"]
        elif e["action"] == "answer":
            self.answers[rid] = e["answer"]
        elif e["action"] == "fact":
            self.facts[rid] = e["fact"]
        elif e["action"] == "exclude":
            self.excluded.add(rid)

    def mark_claim(self, claim_id: int, decision: str) -> dict[str, Any]:
        """Record a decision (correct / hallucinated / outdated) on a claim of this record."""
        known = {c["claim_id"] for c in self.record.get("claims") or []}
        if claim_id not in known:
            raise WorkbenchError(f"record {self.record_id} has no claim {claim_id}")
        if decision not in DECISIONS:
            raise WorkbenchError(f"decision must be one of {', '.join(DECISIONS)}")
        return self._log("claim", claim_id=claim_id, decision=decision)

    def edit_answer(self, text: str) -> dict[str, Any]:
        """Record a rewrite of this record's reference answer."""
        return self._log("answer", answer=text)

    def add_fact(self, fact: str | Sequence[str]) -> dict[str, Any]:
        """Record the minimal answer; variants as a list or joined with ``<OR>``."""
        return self._log("fact", fact=fact)

    def exclude(self, note: str | None = None) -> dict[str, Any]:
        """Record that this record should be left out of the reviewed copy."""
        return self._log("exclude", note=note)

    # -- views ------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """Everything the view shows, as plain data."""
        rid = self.record_id
        claims = self.record.get("claims") or []
        return {
            "index": self.index,
            "total": len(self.queue),
            "record_id": rid,
            "answer": self.answers.get(rid, self.record["reference_answer"]),
            "answer_edited": rid in self.answers,
            "fact": self.facts.get(rid),
            "excluded": rid in self.excluded,
            "claims": {
                c["claim_id"]: self.claim_decisions.get((rid, c["claim_id"])) for c in claims
            },
            "reviewed": sum(1 for i in self.queue if self._touched(i)),
            "log_problems": [(p.line, p.message) for p in self.log_problems],
        }

    def _touched(self, rid: str) -> bool:
        return (
            rid in self.answers
            or rid in self.facts
            or rid in self.excluded
            or any(k[0] == rid for k in self.claim_decisions)
        )

    def render_html(self) -> str:
        """The current record: question, answer, claims with decisions, source with spans."""
        return session_html(self.state(), self.record)
