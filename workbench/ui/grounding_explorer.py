"""The grounding widget's state, with no widgets: tests and notebooks drive it directly.

``GroundingExplorer`` takes state in (filters, the chosen record, an answer) and gives
state and HTML out (``record_html``, ``result_html``, rendered by
``workbench.ui.grounding_html``). ``workbench.ui.grounding_widget`` wires it to ipywidgets.

Per-source work (segmentation, IDF) is cached by the grounding engine; choosing a
record warms that cache, and the gold-span HTML of each record is cached here, so a
check costs only the grounding of the answer's claims (see ``bench/bench_widget.py``).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.data.dataset import Dataset
from workbench.data.schema import DIFFICULTIES, GENRES
from workbench.errors import WorkbenchError
from workbench.grounding.engine import ground
from workbench.hebrew import normalize_text
from workbench.scoring.qa_metrics import qa_accuracy_scores
from workbench.ui.check_result import CheckResult
from workbench.ui.grounding_html import NO_RECORD_HTML, record_card_html, result_html

_UIDS = itertools.count(1)


@dataclass
class GroundingExplorer:
    """The grounding widget's state and HTML, with no widgets.

    Filters (``genre``, ``difficulty``, ``query``) narrow the records offered; ``select``
    picks one; ``check(answer)`` grounds an answer in its source. ``record_html`` and
    ``result_html`` render the current state.
    """

    dataset: Dataset
    uid: str = ""
    genre: str | None = None
    difficulty: int | None = None
    query: str = ""
    record_id: str | None = None
    result: CheckResult | None = None
    _table: pl.DataFrame = field(init=False, repr=False)
    _card_cache: dict[str, str] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.uid:
            self.uid = f"wb{next(_UIDS)}"
        recs = self.dataset.frames.records.select("id", "genre", "difficulty", "question")
        self._table = recs.with_columns(
            _search=pl.Series([_search_key(i, q) for i, q in recs.select("id", "question").rows()])
        )
        if self.record_id is None and self._table.height:
            self.select(self._table["id"][0])

    # records -----------------------------------------------------------------------------
    def matching_ids(self) -> list[str]:
        """Ids of the records that pass the filters and the search, in file order."""
        t = self._table
        if self.genre is not None:
            t = t.filter(pl.col("genre") == self.genre)
        if self.difficulty is not None:
            t = t.filter(pl.col("difficulty") == self.difficulty)
        for word in normalize_text(self.query).split():
            t = t.filter(pl.col("_search").str.contains(word, literal=True))
        return t["id"].to_list()

    def options(self) -> list[tuple[str, str]]:
        """(label, id) of the matching records; the label is plain text: id · question."""
        ids = set(self.matching_ids())
        rows = self._table.filter(pl.col("id").is_in(ids)).select("id", "question").rows()
        return [(f"{i} · {_clip(q, 70)}", i) for i, q in rows]

    def set_filters(
        self, genre: str | None = None, difficulty: int | None = None, query: str = ""
    ) -> list[str]:
        """Set the filters; keep the chosen record if it still matches, else choose the first."""
        if genre is not None and genre not in GENRES:
            raise WorkbenchError(f"unknown genre {genre!r}; expected one of {', '.join(GENRES)}")
        if difficulty is not None and difficulty not in DIFFICULTIES:
            raise WorkbenchError(f"unknown difficulty {difficulty!r}; expected 0, 1 or 2")
        self.genre, self.difficulty, self.query = genre, difficulty, query or ""
        ids = self.matching_ids()
        if self.record_id not in ids:
            if ids:
                self.select(ids[0])
            else:
                self.record_id, self.result = None, None
        return ids

    def select(self, record_id: str) -> dict[str, Any]:
        """Choose a record (a one-line error for an unknown id); warms the source's cache."""
        record = self.dataset.record(record_id)
        if record_id != self.record_id:
            self.result = None
        self.record_id = record_id
        _warm(record["source_text"])
        return record

    @property
    def record(self) -> dict[str, Any] | None:
        return self.dataset.record(self.record_id) if self.record_id is not None else None

    # checking ------------------------------------------------------------------------------
    def check(self, answer: str) -> CheckResult:
        """Ground ``answer`` in the chosen record's source and compare it with the reference."""
        record = self.record
        if record is None:
            raise WorkbenchError("no record chosen: no record matches the filters")
        t0 = time.perf_counter()
        g = ground(
            answer, record["source_text"], record=record["id"], question=record.get("question")
        )
        qa = None
        if answer.strip():
            qa = qa_accuracy_scores(answer, record["reference_answer"])
        ms = (time.perf_counter() - t0) * 1000
        self.result = CheckResult(record["id"], answer, g, qa, ms)
        return self.result

    # HTML ----------------------------------------------------------------------------------
    def record_html(self) -> str:
        """The chosen record: question, reference answer with claims, gold-highlighted source."""
        record = self.record
        if record is None:
            return NO_RECORD_HTML
        if record["id"] not in self._card_cache:
            self._card_cache[record["id"]] = record_card_html(record, uid=self.uid)
        return self._card_cache[record["id"]]

    def result_html(self) -> str:
        """The last check: claim table, QA figures, and the source with the found spans."""
        r = self.result
        if r is None:
            return ""
        source = self.dataset.record(r.record_id)["source_text"]
        return result_html(r, source, uid=self.uid)


def _search_key(record_id: str, text: str) -> str:
    """Lower-cased id and the text normalised for matching (niqqud, finals, gershayim)."""
    return f"{record_id.lower()} {normalize_text(record_id)} {normalize_text(text)}"


def _clip(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _warm(source: str) -> None:
    """Build (and cache) the engine's index of ``source`` now, not on the first check."""
    from workbench.grounding.reading.index import index_source

    index_source(source)
