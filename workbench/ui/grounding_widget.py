"""The grounding widget: pick a record, paste an answer, see which claims the source supports.

Two layers:

* ``GroundingExplorer`` holds the logic and no widgets: state in (filters, the chosen
  record, an answer), state and HTML out (``record_html``, ``result_html``). Tests and
  notebooks can drive it directly.
* ``GroundingWidget`` wires it to ipywidgets (genre / difficulty dropdowns, a search box,
  the record dropdown, an answer text area, a Check button, HTML outputs) and does
  nothing else. ``make app`` serves the same widget as a web page with Voilà.

Every piece of text that reaches HTML (record fields, the answer, claim texts, issues)
goes through ``html.escape``; the only markup is the module's own. Hebrew is shown
right-to-left (``dir="rtl"``). Each claim has a colour: its row in the claim table, its
swatch and its spans in the source share it, and clicking a claim scrolls to its first
span (an ``href="#id"`` anchor plus a tiny constant ``onclick`` that scrolls smoothly,
which also works inside JupyterLab where plain fragment links do not).

Per-source work (segmentation, IDF) is cached by the grounding engine; choosing a
record warms that cache, and the gold-span HTML of each record is cached here, so a
check costs only the grounding of the answer's claims (see ``bench/bench_widget.py``).
"""

from __future__ import annotations

import html
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.data.dataset import Dataset
from workbench.data.schema import DIFFICULTIES, DIFFICULTY_MEANING, GENRES
from workbench.errors import WorkbenchError
from workbench.grounding.engine import Grounding, ground
from workbench.scoring.qa_metrics import qa_accuracy_scores

# (background, border/text) per claim, cycled; light backgrounds keep the text readable.
CLAIM_COLORS: tuple[tuple[str, str], ...] = (
    ("#ffe08a", "#8a6d00"),
    ("#a8d8ff", "#0b5394"),
    ("#c7f0c2", "#2f7d32"),
    ("#f8c4e0", "#a3316f"),
    ("#d9c8ff", "#5b3fb0"),
    ("#ffd0b0", "#b35400"),
    ("#b8f0ec", "#137a73"),
    ("#e6e6a8", "#6b6b12"),
)
VERDICT_MARK = {"supported": "✓", "partial": "~", "unsupported": "✗"}
VERDICT_HE = {"supported": "נתמכת", "partial": "נתמכת חלקית", "unsupported": "לא נמצאה במקור"}
QA_LABELS = {
    "exact_match_score": "exact match",
    "quasi_exact_match_score": "quasi-exact match",
    "precision_over_words": "precision over words",
    "recall_over_words": "recall over words",
    "f1_score": "F1 over words",
}
ALL = "__all__"

# Scroll to the anchor named by this link's href and flash the span after it. A constant:
# no user text ever reaches an event handler.
SCROLL_JS = (
    "var a=document.getElementById(this.getAttribute('href').slice(1));"
    "if(a){var m=a.nextElementSibling||a;"
    "m.scrollIntoView({behavior:'smooth',block:'center'});"
    "m.classList.add('wb-flash');"
    "setTimeout(function(){m.classList.remove('wb-flash');},1600);}"
    "return false;"
)

STYLE = """<style>
.wb-view{font-size:15px;line-height:1.6;font-family:Arial,"Noto Sans Hebrew","DejaVu Sans",sans-serif}
.wb-view .wb-he{direction:rtl;text-align:right;unicode-bidi:plaintext}
.wb-view .wb-meta{color:#555;font-size:13px;direction:ltr;text-align:left}
.wb-view .wb-q{font-size:18px;font-weight:600;margin:4px 0}
.wb-view .wb-source{white-space:pre-wrap;direction:rtl;text-align:right;border:1px solid #ddd;
 border-radius:6px;padding:8px 12px;max-height:420px;overflow:auto;background:#fcfcfc}
.wb-view mark.wb-hl{padding:1px 0;border-radius:3px;color:inherit}
.wb-view mark.wb-partial{border-bottom:2px dashed #9a6700}
.wb-view mark.wb-flash{outline:3px solid #d1242f;outline-offset:1px}
.wb-view .wb-sw{display:inline-block;min-width:1.6em;text-align:center;border-radius:4px;
 font-weight:600;border:1px solid}
.wb-view ol.wb-claims{margin:4px 0;padding-inline-start:1.6em}
.wb-view table.wb-table{border-collapse:collapse;width:100%;font-size:14px}
.wb-view table.wb-table th,.wb-view table.wb-table td{border-bottom:1px solid #e5e5e5;
 padding:4px 6px;vertical-align:top;text-align:right}
.wb-view tr.wb-v-unsupported{background:#ffebe9}
.wb-view tr.wb-v-unsupported td:first-child{border-right:4px solid #d1242f}
.wb-view tr.wb-v-partial{background:#fff8c5}
.wb-view .wb-badge{display:inline-block;padding:0 6px;border-radius:10px;font-weight:600;
 white-space:nowrap}
.wb-view .wb-b-supported{background:#dafbe1;color:#1a7f37}
.wb-view .wb-b-partial{background:#fff1b8;color:#7d4e00}
.wb-view .wb-b-unsupported{background:#d1242f;color:#fff}
.wb-view .wb-issue{color:#b42318;font-weight:600}
.wb-view .wb-flag{color:#b42318;font-weight:700}
.wb-view a.wb-jump{color:inherit;text-decoration:none;border-bottom:1px dotted #888;cursor:pointer}
.wb-view .wb-cols{display:flex;flex-wrap:wrap;gap:16px;direction:rtl}
.wb-view .wb-col{flex:1 1 420px;min-width:300px}
.wb-view .wb-side{flex:0 0 250px;direction:ltr}
.wb-view h4{margin:10px 0 4px 0}
.wb-view .wb-banner{margin-bottom:6px}
.wb-app textarea,.wb-app .wb-rtl input{direction:rtl;text-align:right;font-size:15px;
 font-family:Arial,"Noto Sans Hebrew","DejaVu Sans",sans-serif}
.wb-app select{direction:rtl}
</style>"""

# Ctrl+Enter (or Cmd+Enter) in the answer box presses Check. ipywidgets has no key events,
# so a constant handler is installed once per page by a 1x1 image's onload (HTML widgets
# set innerHTML, where <script> does not run but event attributes do).
KEYS_HTML = (
    '<img alt="" style="display:none" '
    'src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==" '
    'onload="if(!window.__wbKeys){window.__wbKeys=1;'
    "document.addEventListener('keydown',function(e){"
    "if(e.key==='Enter'&amp;&amp;(e.ctrlKey||e.metaKey)&amp;&amp;e.target&amp;&amp;e.target.closest){"
    "var box=e.target.closest('.wb-app');"
    "if(box&amp;&amp;e.target.closest('.wb-answer')){"
    "var b=box.querySelector('button.wb-check');"
    'if(b){e.preventDefault();e.stopPropagation();b.click();}}}},true);}">'
)

_UIDS = itertools.count(1)


def esc(text: object) -> str:
    """Escape any value for HTML text and attribute values (quotes included)."""
    return html.escape(str(text), quote=True)


def claim_color(i: int) -> tuple[str, str]:
    """(background, border) colour of claim ``i``."""
    return CLAIM_COLORS[i % len(CLAIM_COLORS)]


# --- highlighting ------------------------------------------------------------------------


@dataclass(frozen=True)
class Highlight:
    """A span to mark in the source: [start, end) for claim ``claim``, its ``n``-th span."""

    start: int
    end: int
    claim: int
    n: int = 0
    partial: bool = False


def anchor_id(uid: str, kind: str, claim: int, n: int = 0) -> str:
    """The element id of claim ``claim``'s ``n``-th span in the ``kind`` (gold/found) view."""
    return f"{uid}-{kind}-c{claim}-s{n}"


def highlight_html(source: str, spans: Sequence[Highlight], *, uid: str, kind: str) -> str:
    """The source as escaped HTML, each span wrapped in a ``<mark>`` of its claim's colour.

    Overlapping spans of different claims are split at every boundary; a piece covered by
    several claims is striped in their colours. Each span starts with an empty anchor
    (``anchor_id``) that the claim links scroll to.
    """
    n = len(source)
    spans = [s for s in spans if 0 <= s.start < s.end <= n]
    cuts = sorted({0, n, *(s.start for s in spans), *(s.end for s in spans)})
    starts: dict[int, list[Highlight]] = {}
    for s in spans:
        starts.setdefault(s.start, []).append(s)
    out = [f'<div class="wb-source" dir="rtl" data-kind="{esc(kind)}">']
    for a, b in itertools.pairwise(cuts):
        for s in starts.get(a, ()):
            out.append(f'<span class="wb-anchor" id="{anchor_id(uid, kind, s.claim, s.n)}"></span>')
        piece = esc(source[a:b])
        cover = [s for s in spans if s.start <= a and s.end >= b]
        if not cover:
            out.append(piece)
            continue
        claims = sorted({s.claim for s in cover})
        colors = [claim_color(c)[0] for c in claims]
        if len(colors) == 1:
            bg = f"background:{colors[0]}"
        else:
            step = 100 / len(colors)
            stops = ",".join(
                f"{c} {i * step:.0f}% {(i + 1) * step:.0f}%" for i, c in enumerate(colors)
            )
            bg = f"background:linear-gradient(180deg,{stops})"
        partial = all(s.partial for s in cover)
        cls = "wb-hl wb-partial" if partial else "wb-hl"
        out.append(
            f'<mark class="{cls}" data-claim="{" ".join(map(str, claims))}" '
            f'data-kind="{esc(kind)}" style="{bg}">{piece}</mark>'
        )
    out.append("</div>")
    return "".join(out)


def _jump(text_html: str, target: str) -> str:
    return f'<a class="wb-jump" href="#{target}" onclick="{esc(SCROLL_JS)}">{text_html}</a>'


def _swatch(i: int) -> str:
    bg, border = claim_color(i)
    return f'<span class="wb-sw" style="background:{bg};border-color:{border}">{i + 1}</span>'


def gold_highlights(record: dict[str, Any]) -> list[Highlight]:
    """The record's gold attribution spans, one highlight per span, coloured by claim."""
    return [
        Highlight(a["start_char"], a["end_char"], i, j)
        for i, claim in enumerate(record["claims"])
        for j, a in enumerate(claim["attribution"])
    ]


def found_highlights(g: Grounding) -> list[Highlight]:
    """The spans the engine found for the answer's claims (none for unsupported claims)."""
    return [
        Highlight(s.start, s.end, i, j, partial=c.verdict != "supported")
        for i, c in enumerate(g.claims)
        if c.verdict != "unsupported"
        for j, s in enumerate(c.spans)
    ]


def record_card_html(record: dict[str, Any], *, uid: str = "wb0") -> str:
    """A record as HTML: metadata, question, reference answer with its claims, and the
    source with each claim's gold spans highlighted in the claim's colour."""
    meaning = DIFFICULTY_MEANING.get(record.get("difficulty"), "?")
    claims = []
    for i, c in enumerate(record["claims"]):
        text = esc(c["text"])
        if c["attribution"]:
            text = _jump(text, anchor_id(uid, "gold", i, 0))
        n = len(c["attribution"])
        claims.append(
            f'<li data-claim="{i}">{_swatch(i)} {text} '
            f'<span class="wb-meta">({n} gold span{"s" if n != 1 else ""})</span></li>'
        )
    return (
        f'{STYLE}<div class="wb-view wb-record" data-record="{esc(record["id"])}">'
        f'<div class="wb-meta">record <b>{esc(record["id"])}</b> · genre {esc(record["genre"])}'
        f" · difficulty {esc(record['difficulty'])} ({esc(meaning)})"
        f" · document {esc(record['document_id'])}"
        f" · source {len(record['source_text']):,} characters</div>"
        f'<div class="wb-he wb-q" dir="rtl">{esc(record["question"])}</div>'
        f'<h4 class="wb-he" dir="rtl">תשובת הייחוס · reference answer</h4>'
        f'<div class="wb-he" dir="rtl">{esc(record["reference_answer"])}</div>'
        f'<ol class="wb-claims wb-he" dir="rtl">{"".join(claims)}</ol>'
        f'<h4 class="wb-he" dir="rtl">המקור, עם קטעי התמיכה של כל טענה · '
        f"source with each claim's gold spans</h4>"
        f"{highlight_html(record['source_text'], gold_highlights(record), uid=uid, kind='gold')}"
        "</div>"
    )


# --- the logic ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckResult:
    """One check: the answer grounded in the record's source, QA figures, compute time."""

    record_id: str
    answer: str
    grounding: Grounding
    qa: dict[str, float] | None
    compute_ms: float

    @property
    def flagged(self) -> list[int]:
        """Indices of claims that are unsupported or have an issue (e.g. a number not found)."""
        return [i for i, c in enumerate(self.grounding.claims) if c.verdict != "supported"]


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
        from workbench.hebrew import normalize_text

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
        if self.record_id is None:
            return f'{STYLE}<div class="wb-view"><p>No record matches the filters.</p></div>'
        if self.record_id not in self._card_cache:
            self._card_cache[self.record_id] = record_card_html(self.record, uid=self.uid)
        return self._card_cache[self.record_id]

    def result_html(self) -> str:
        """The last check: claim table, QA figures, and the source with the found spans."""
        r = self.result
        if r is None:
            return ""
        g = r.grounding
        if not g.claims:
            return (
                f'{STYLE}<div class="wb-view"><p class="wb-flag">'
                f"{esc(g.message or 'no claims to check')}</p></div>"
            )
        record = self.dataset.record(r.record_id)
        n_sup = sum(c.verdict == "supported" for c in g.claims)
        summary = (
            f'<div class="wb-meta">{n_sup} of {len(g.claims)} claims supported '
            f"({g.supported_fraction:.0%}) · checked in {r.compute_ms:.1f} ms</div>"
        )
        body = (
            f'<div class="wb-cols"><div class="wb-col">{summary}{self._claim_table(r)}</div>'
            f'<div class="wb-side">{_qa_html(r.qa)}</div></div>'
            f'<h4 class="wb-he" dir="rtl">המקור, עם הקטעים שנמצאו לתשובה · '
            f"source with the spans found for your answer</h4>"
            f"{highlight_html(record['source_text'], found_highlights(g), uid=self.uid, kind='found')}"
        )
        return (
            f'{STYLE}<div class="wb-view wb-result" data-record="{esc(r.record_id)}">{body}</div>'
        )

    def _claim_table(self, r: CheckResult) -> str:
        rows = []
        for i, c in enumerate(r.grounding.claims):
            text = esc(c.text)
            if c.verdict != "unsupported" and c.spans:
                text = _jump(text, anchor_id(self.uid, "found", i, 0))
            flag = ""
            if c.verdict == "unsupported":
                flag = '<div class="wb-flag">⚠ לא נמצאה במקור · not found in the source</div>'
            issues = "".join(f'<div class="wb-issue">⚠ {esc(x.message)}</div>' for x in c.issues)
            rows.append(
                f'<tr class="wb-row wb-v-{esc(c.verdict)}" data-claim="{i}" '
                f'data-verdict="{esc(c.verdict)}">'
                f"<td>{_swatch(i)}</td>"
                f'<td class="wb-he" dir="rtl">{text}{flag}</td>'
                f'<td><span class="wb-badge wb-b-{esc(c.verdict)}">'
                f"{VERDICT_MARK.get(c.verdict, '')} {esc(c.verdict)}</span></td>"
                f"<td>{c.score:.2f}</td>"
                f'<td class="wb-he" dir="rtl">{issues or "—"}</td></tr>'
            )
        return (
            '<table class="wb-table wb-claims-table" dir="rtl"><thead><tr>'
            "<th>#</th><th>טענה · claim</th><th>verdict</th><th>score</th>"
            "<th>בעיות · issues</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )


def _qa_html(qa: dict[str, float] | None) -> str:
    if qa is None:
        return ""
    rows = "".join(
        f"<tr><td style='text-align:left'>{esc(QA_LABELS.get(k, k))}</td><td>{v:.2f}</td></tr>"
        for k, v in qa.items()
    )
    return (
        "<h4>Against the reference answer</h4>"
        '<div class="wb-meta">QA accuracy (FMEval definitions, Hebrew-aware)</div>'
        f'<table class="wb-table wb-qa" dir="ltr">{rows}</table>'
    )


def _search_key(record_id: str, text: str) -> str:
    """Lower-cased id and the text normalised for matching (niqqud, finals, gershayim)."""
    from workbench.hebrew import normalize_text

    return f"{record_id.lower()} {normalize_text(record_id)} {normalize_text(text)}"


def _clip(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _warm(source: str) -> None:
    """Build (and cache) the engine's index of ``source`` now, not on the first check."""
    from workbench.grounding.index import index_source

    index_source(source)


def table_html(df: pl.DataFrame, *, rtl_columns: Sequence[str] = (), max_rows: int = 50) -> str:
    """A small polars frame as an escaped HTML table; ``rtl_columns`` render right-to-left."""
    head = "".join(f"<th>{esc(c)}</th>" for c in df.columns)
    body = []
    for row in df.head(max_rows).iter_rows():
        cells = []
        for c, v in zip(df.columns, row, strict=True):
            text = f"{v:.3f}" if isinstance(v, float) else ("—" if v is None else str(v))
            attrs = ' dir="rtl" style="text-align:right"' if c in rtl_columns else ""
            cells.append(f"<td{attrs}>{esc(text)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    more = (
        f'<div class="wb-meta">{df.height - max_rows} more rows not shown</div>'
        if df.height > max_rows
        else ""
    )
    return (
        f'{STYLE}<div class="wb-view"><table class="wb-table">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}</div>"
    )


# --- the ipywidgets layer -------------------------------------------------------------------


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
