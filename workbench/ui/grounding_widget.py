"""The grounding widget: pick a record, paste an answer, see which claims the source supports.

A thin ipywidgets view: ``GroundingWidget`` wires a ``GroundingExplorer``
(``workbench.ui.grounding_explorer``, the state, tested without widgets) to genre /
difficulty dropdowns, a search box, the record dropdown, an answer text area, a Check
button and HTML outputs (``workbench.ui.grounding_html``), and does nothing else.
``make app`` serves the same widget as a web page with Voilà.
"""

from __future__ import annotations

from typing import Any

from workbench.data.dataset import Dataset
from workbench.data.schema import DIFFICULTIES, DIFFICULTY_MEANING, GENRES
from workbench.ui.grounding_explorer import CheckResult, GroundingExplorer
from workbench.ui.grounding_html import KEYS_HTML, STYLE

__all__ = ["CheckResult", "GroundingExplorer", "GroundingWidget", "grounding_widget"]

ALL = "__all__"


class GroundingWidget:
    """ipywidgets wiring for ``GroundingExplorer``: display it in a notebook or with Voilà."""

    def __init__(self, explorer: GroundingExplorer | Dataset, *, banner_html: str = "") -> None:
        import ipywidgets as w

        self.explorer = (
            explorer if isinstance(explorer, GroundingExplorer) else GroundingExplorer(explorer)
        )
        ex = self.explorer
        self._busy = False
        self.genre = w.Dropdown(
            options=[("all genres", ALL), *((g, g) for g in GENRES)],
            value=ALL,
            description="genre",
        )
        self.difficulty = w.Dropdown(
            options=[("all", ALL), *((f"{d} {DIFFICULTY_MEANING[d]}", d) for d in DIFFICULTIES)],
            value=ALL,
            description="difficulty",
        )
        self.search = w.Text(
            placeholder="id or question words · מזהה או מילים מהשאלה",
            description="search",
            continuous_update=True,
        )
        self.search.add_class("wb-rtl")
        self.record = w.Dropdown(
            options=ex.options(),
            value=ex.record_id,
            description="record",
            layout=w.Layout(width="95%"),
        )
        self.record_view = w.HTML(value=ex.record_html())
        self.answer = w.Textarea(
            placeholder="הדביקו כאן תשובה של מודל · paste a model's answer here (Ctrl+Enter checks)",
            rows=5,
            layout=w.Layout(width="95%"),
        )
        self.answer.add_class("wb-answer")
        self.check_button = w.Button(
            description="Check", button_style="primary", tooltip="Check (Ctrl+Enter)"
        )
        self.check_button.add_class("wb-check")
        self.status = w.HTML(value="")
        self.result = w.HTML(value="")
        self.keys = w.HTML(value=STYLE + KEYS_HTML)
        self.banner = w.HTML(value=banner_html)
        self.ui = w.VBox(
            [
                self.keys,
                self.banner,
                w.HBox([self.genre, self.difficulty, self.search]),
                self.record,
                self.record_view,
                self.answer,
                w.HBox([self.check_button, self.status]),
                self.result,
            ]
        )
        self.ui.add_class("wb-app")
        for control in (self.genre, self.difficulty, self.search):
            control.observe(self._on_filter, names="value")
        self.record.observe(self._on_record, names="value")
        self.check_button.on_click(self._on_check)

    def _on_filter(self, _change: dict[str, Any] | None = None) -> None:
        genre = None if self.genre.value == ALL else self.genre.value
        difficulty = None if self.difficulty.value == ALL else self.difficulty.value
        self.explorer.set_filters(genre, difficulty, self.search.value)
        self._busy = True
        try:
            self.record.options = self.explorer.options()
            self.record.value = self.explorer.record_id
        finally:
            self._busy = False
        n = len(self.explorer.matching_ids())
        self.status.value = f"{n} record{'s' if n != 1 else ''} match" if n else "no record matches"
        self._render()

    def _on_record(self, change: dict[str, Any]) -> None:
        if self._busy or change["new"] is None:
            return
        self.explorer.select(change["new"])
        self._render()

    def _on_check(self, _button: object = None) -> None:
        if self.explorer.record_id is None:
            self.status.value = "choose a record first"
            return
        r = self.explorer.check(self.answer.value)
        self.status.value = f"checked {len(r.grounding.claims)} claim(s) in {r.compute_ms:.1f} ms"
        self.result.value = self.explorer.result_html()

    def _render(self) -> None:
        self.record_view.value = self.explorer.record_html()
        self.result.value = self.explorer.result_html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)


def grounding_widget(dataset: Dataset | None = None) -> GroundingWidget:
    """The grounding widget on ``dataset`` (default: ``load_dataset()``), with its data banner."""
    from workbench.data.dataset import load_dataset
    from workbench.report import demo_banner_html

    ds = dataset if dataset is not None else load_dataset()
    return GroundingWidget(GroundingExplorer(ds), banner_html=demo_banner_html(ds))
