"""A review widget for notebooks, with its logic in a plain class that tests can drive.

:class:`ReviewSession` holds the state (which sampled record is shown, the decisions so
far) and produces HTML; every action appends one line to the review log
(``workbench.review.log.append_review``) and nothing else is written: the dataset is never
touched. A session opened on an existing log resumes from its decisions.

:class:`ReviewWidget` is a thin ipywidgets shell around a session: buttons and text
boxes call the session's methods and re-render its HTML.

    session = ReviewSession(ds.records, queue["id"].to_list(), "review_log.jsonl", "dana")
    ReviewWidget(session).show()
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from workbench.errors import WorkbenchError
from workbench.review.log import DECISIONS, append_review, make_entry, read_review_log

# One background per claim (cycled), so a span's colour says which claim it supports.
CLAIM_COLORS = ("#fde9b5", "#cfe8fc", "#d9f2d0", "#f5d0f0", "#ffd8c2", "#e0dcfb")
DECISION_COLORS = {"correct": "#1b9e77", "hallucinated": "#b2182b", "outdated": "#d95f02"}


def highlight_spans(source: str, claims: Sequence[Mapping[str, Any]]) -> str:
    """The source, escaped, with each claim's attribution spans in ``<mark>`` (overlaps too).

    A piece covered by several claims lists all of them in its tooltip and takes the first
    claim's colour; spans outside the source are ignored.
    """
    cover: list[tuple[int, int, int]] = []  # (start, end, claim index)
    for k, c in enumerate(claims):
        for s in c.get("attribution") or []:
            start = max(0, int(s.get("start_char", 0)))
            end = min(len(source), int(s.get("end_char", 0)))
            if end > start:
                cover.append((start, end, k))
    cuts = sorted({0, len(source), *(s for s, _, _ in cover), *(e for _, e, _ in cover)})
    out = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        piece = html.escape(source[a:b])
        ks = sorted({k for s, e, k in cover if s <= a and b <= e})
        if not ks:
            out.append(piece)
            continue
        ids = [str(claims[k].get("claim_id", k)) for k in ks]
        color = CLAIM_COLORS[ks[0] % len(CLAIM_COLORS)]
        out.append(
            f'<mark style="background:{color}" data-claims="{" ".join(ids)}" '
            f'title="claim {", ".join(ids)}">{piece}</mark>'
        )
    return "".join(out)


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
        st = self.state()
        rec = self.record
        claims = rec.get("claims") or []
        items = []
        for k, c in enumerate(claims):
            d = st["claims"][c["claim_id"]]
            badge = (
                f'<b style="color:{DECISION_COLORS[d]}">{html.escape(d)}</b>'
                if d
                else '<span style="color:#888">not reviewed</span>'
            )
            color = CLAIM_COLORS[k % len(CLAIM_COLORS)]
            items.append(
                f'<li><span style="background:{color};padding:0 4px">claim {c["claim_id"]}</span> '
                f'<span dir="rtl" lang="he">{html.escape(c["text"])}</span> · {badge}</li>'
            )
        edited = " <i>(edited)</i>" if st["answer_edited"] else ""
        fact = html.escape(st["fact"]) if st["fact"] else '<span style="color:#888">none</span>'
        excluded = (
            '<p style="color:#b2182b"><b>excluded from the reviewed copy</b></p>'
            if st["excluded"]
            else ""
        )
        if self.log_problems:
            first = self.log_problems[0]
            excluded += (
                f'<p style="color:#b2182b">{len(self.log_problems)} corrupt line(s) of the '
                f"review log skipped (line {first.line}: {html.escape(first.message)})</p>"
            )
        return (
            f'<div class="review">'
            f'<p style="color:#555">record {st["index"] + 1} of {st["total"]} · '
            f"<b>{html.escape(st['record_id'])}</b> · {html.escape(str(rec.get('genre')))} · "
            f"difficulty {html.escape(str(rec.get('difficulty')))} · "
            f"{st['reviewed']} of {st['total']} reviewed</p>{excluded}"
            f'<h4>Question</h4><div dir="rtl" lang="he">{html.escape(rec["question"])}</div>'
            f'<h4>Reference answer{edited}</h4><div dir="rtl" lang="he">{html.escape(st["answer"])}</div>'
            f'<h4>Fact</h4><div dir="rtl" lang="he">{fact}</div>'
            f'<h4>Claims</h4><ul dir="ltr">{"".join(items)}</ul>'
            f"<h4>Source (gold spans marked)</h4>"
            f'<div dir="rtl" lang="he" style="white-space:pre-wrap;line-height:1.7;'
            f'border:1px solid #ddd;padding:8px;max-height:420px;overflow:auto">'
            f"{highlight_spans(rec['source_text'], claims)}</div></div>"
        )


class ReviewWidget:
    """ipywidgets controls around a :class:`ReviewSession` (the session does the work)."""

    def __init__(self, session: ReviewSession) -> None:
        import ipywidgets as w

        self.session = session
        self.w = w
        self.view = w.HTML()
        self.status = w.HTML()
        self.reviewer = w.Text(value=session.reviewer, description="reviewer")
        self.prev_btn = w.Button(description="◀ previous")
        self.next_btn = w.Button(description="next ▶")
        self.claims_box = w.VBox()
        self.answer = w.Textarea(layout=w.Layout(width="100%", height="80px"))
        self.save_answer = w.Button(description="save answer edit")
        self.fact = w.Text(
            placeholder="fact; variants joined with <OR>", layout=w.Layout(width="60%")
        )
        self.save_fact = w.Button(description="add fact")
        self.prev_btn.on_click(lambda _b: self._move(-1))
        self.next_btn.on_click(lambda _b: self._move(1))
        self.save_answer.on_click(lambda _b: self._act(self.session.edit_answer, self.answer.value))
        self.save_fact.on_click(lambda _b: self._act(self.session.add_fact, self.fact.value))
        self.reviewer.observe(self._set_reviewer, names="value")
        self.box = w.VBox(
            [
                w.HBox([self.prev_btn, self.next_btn, self.reviewer]),
                self.status,
                self.view,
                w.HTML("<b>Mark each claim</b>"),
                self.claims_box,
                w.HTML("<b>Edit the reference answer</b>"),
                self.answer,
                self.save_answer,
                w.HTML("<b>Add a fact</b>"),
                w.HBox([self.fact, self.save_fact]),
            ]
        )
        self.refresh()

    def _set_reviewer(self, change: Mapping[str, Any]) -> None:
        self.session.reviewer = change["new"]

    def _move(self, delta: int) -> None:
        self.session.goto(self.session.index + delta)
        self.refresh()

    def _act(self, fn: Callable[..., Any], *args: Any) -> None:
        try:
            fn(*args)
            self.status.value = '<span style="color:#1b9e77">saved to the review log</span>'
        except WorkbenchError as exc:
            self.status.value = f'<span style="color:#b2182b">{html.escape(str(exc))}</span>'
        self.refresh(keep_status=True)

    def _claim_row(self, claim_id: int, current: str | None) -> Any:
        w = self.w
        buttons = w.ToggleButtons(options=["—", *DECISIONS], value=current or "—")

        def on_change(change: Mapping[str, Any]) -> None:
            if change["new"] in DECISIONS:
                self._act(self.session.mark_claim, claim_id, change["new"])

        buttons.observe(on_change, names="value")
        return w.HBox([w.Label(f"claim {claim_id}"), buttons])

    def refresh(self, keep_status: bool = False) -> None:
        st = self.session.state()
        self.view.value = self.session.render_html()
        self.claims_box.children = [self._claim_row(cid, d) for cid, d in st["claims"].items()]
        self.answer.value = st["answer"]
        self.fact.value = st["fact"] or ""
        if not keep_status:
            self.status.value = ""

    def show(self) -> Any:
        """The widget box (display it, or leave it as a cell's last expression)."""
        return self.box
