"""The review widget: a thin ipywidgets shell around a ``ReviewSession``.

Buttons and text boxes call the session's methods (``workbench.ui.review_session``, the
state, tested without widgets) and re-render its HTML.

    ReviewWidget(ReviewSession(ds.records, ids, "review_log.jsonl", "dana")).show()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from workbench.errors import WorkbenchError
from workbench.html import DECISION_COLOURS, esc
from workbench.review.log import DECISIONS
from workbench.ui.review_session import ReviewSession

__all__ = ["ReviewSession", "ReviewWidget"]


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
            self.status.value = (
                f'<span style="color:{DECISION_COLOURS["correct"]}">saved to the review log</span>'
            )
        except WorkbenchError as exc:
            colour = DECISION_COLOURS["hallucinated"]
            self.status.value = f'<span style="color:{colour}">{esc(exc)}</span>'
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
