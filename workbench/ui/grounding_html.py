"""HTML of the grounding widget: a record card, a check's result, small tables.

Pure functions from data to HTML strings, used by ``GroundingExplorer`` and by the
notebooks. Every piece of text goes through ``workbench.html.esc`` and every source is
marked by ``workbench.html.highlight``; the only markup is this module's own. Each claim
has a colour: its row in the claim table, its swatch and its spans in the source share
it, and clicking a claim scrolls to its first span (an ``href="#id"`` anchor plus a tiny
constant ``onclick`` that scrolls smoothly, which also works inside JupyterLab where plain
fragment links do not).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from workbench.data.schema import DIFFICULTY_MEANING
from workbench.formatting import fmt_float
from workbench.grounding.html_report import issue_highlights, verdict_cells
from workbench.grounding.results import (
    CONFIDENCE_GUIDE,
    MARK_GUIDE,
    PROBABILITY_GUIDE,
    VERDICT_GUIDE,
)
from workbench.html import (
    MARK_CSS,
    Highlight,
    Mark,
    claim_colour,
    claim_mark,
    esc,
    highlight,
    mark_legend,
)

if TYPE_CHECKING:
    import polars as pl

    from workbench.grounding.engine import Grounding
    from workbench.ui.check_result import CheckResult

QA_LABELS = {
    "exact_match_score": "exact match",
    "quasi_exact_match_score": "quasi-exact match",
    "precision_over_words": "precision over words",
    "recall_over_words": "recall over words",
    "f1_score": "F1 over words",
}

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

STYLE = (
    """<style>
.wb-view{font-size:15px;line-height:1.6;font-family:Arial,"Noto Sans Hebrew","DejaVu Sans",sans-serif}
.wb-view .wb-he{direction:rtl;text-align:right;unicode-bidi:plaintext}
.wb-view .wb-meta{color:#555;font-size:13px;direction:ltr;text-align:left}
.wb-view .wb-q{font-size:18px;font-weight:600;margin:4px 0}
.wb-view .wb-source{white-space:pre-wrap;direction:rtl;text-align:right;border:1px solid #ddd;
 border-radius:6px;padding:8px 12px;max-height:420px;overflow:auto;background:#fcfcfc}
.wb-view mark.wb-flash{outline:3px solid #d1242f;outline-offset:1px}
.wb-view .wb-sw{display:inline-block;min-width:1.6em;text-align:center;border-radius:4px;
 font-weight:600;border:1px solid}
.wb-view ol.wb-claims{margin:4px 0;padding-inline-start:1.6em}
.wb-view table.wb-table{border-collapse:collapse;width:100%;font-size:14px}
.wb-view table.wb-table th,.wb-view table.wb-table td{border-bottom:1px solid #e5e5e5;
 padding:4px 6px;vertical-align:top;text-align:right}
.wb-view tr.wb-m-unsupported,.wb-view tr.wb-m-doubtful{background:#ffebe9}
.wb-view tr.wb-m-partial{background:#fff8c5}
.wb-view .wb-conf-high{color:#1a7f37;font-weight:600}
.wb-view .wb-conf-mixed{color:#7d4e00}
.wb-view .wb-conf-low{color:#d1242f;font-weight:600}
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
.wb-app .widget-hbox{flex-wrap:wrap;max-width:100%}
.wb-app .widget-inline-hbox{max-width:100%;min-width:0}
.wb-view .wb-col{min-width:min(300px,100%)}
.wb-app .widget-html,.wb-app .widget-html-content{max-width:100%;min-width:0}
.wb-view .wb-scroll{max-width:100%;overflow-x:auto}
"""
    + MARK_CSS
    + "</style>"
)

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

NO_RECORD_HTML = f'{STYLE}<div class="wb-view"><p>No record matches the filters.</p></div>'


def anchor_id(uid: str, kind: str, claim: int, n: int = 0) -> str:
    """The element id of claim ``claim``'s ``n``-th span in the ``kind`` (gold/found) view."""
    return f"{uid}-{kind}-c{claim}-s{n}"


def _jump(text_html: str, target: str) -> str:
    return f'<a class="wb-jump" href="#{target}" onclick="{esc(SCROLL_JS)}">{text_html}</a>'


def _swatch(i: int) -> str:
    bg, border = claim_colour(i)
    return f'<span class="wb-sw" style="background:{bg};border-color:{border}">{i + 1}</span>'


def gold_highlights(record: dict[str, Any], uid: str) -> list[Highlight]:
    """The record's gold attribution spans, one highlight per span, coloured by claim."""
    return [
        Highlight(a["start_char"], a["end_char"], i, anchor=anchor_id(uid, "gold", i, j))
        for i, claim in enumerate(record["claims"])
        for j, a in enumerate(claim["attribution"])
    ]


def found_highlights(g: Grounding, uid: str) -> list[Highlight]:
    """The spans the engine found for the answer's claims (none for unsupported claims),
    the source spans the claims' issues point at (a conflicting value), marked as
    conflicts, and the source figures an unwritten figure may be computed from
    (``Issue.operands``), marked as operands."""
    return [
        Highlight(
            s.start,
            s.end,
            i,
            anchor=anchor_id(uid, "found", i, j),
            role="support" if c.verdict == "supported" else "partial",
        )
        for i, c in enumerate(g.claims)
        if c.verdict != "unsupported"
        for j, s in enumerate(c.spans)
    ] + issue_highlights(g, name_claim=False)


def record_card_html(record: dict[str, Any], *, uid: str = "wb0") -> str:
    """A record as HTML: metadata, question, reference answer with its claims, and the
    source with each claim's gold spans highlighted in the claim's colour."""
    meaning = DIFFICULTY_MEANING.get(record.get("difficulty", -1), "?")
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
    source = highlight(record["source_text"], gold_highlights(record, uid), data_kind="gold")
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
        f"source with each claim's gold spans</h4>{source}</div>"
    )


def result_html(r: CheckResult | None, source: str, *, uid: str) -> str:
    """A check's result: claim table, QA figures, and ``source`` with the found spans."""
    if r is None:
        return ""
    g = r.grounding
    if not g.claims:
        return (
            f'{STYLE}<div class="wb-view"><p class="wb-flag">'
            f"{esc(g.message or 'no claims to check')}</p></div>"
        )
    n_sup = sum(c.verdict == "supported" for c in g.claims)
    n_high = sum(claim_mark(c.verdict, c.confidence) is Mark.HIGH for c in g.claims)
    conf = g.confidence or "-"
    summary = (
        f'<div class="wb-meta">{n_sup} of {len(g.claims)} claims supported '
        f'({g.supported_fraction:.0%}), <b class="wb-n-high">{n_high}</b> of them with high '
        "confidence (green) · answer probability "
        f'<b class="wb-answer-prob">{esc(fmt_float(g.probability, 2))}</b> (its weakest '
        f"claim; mean {esc(fmt_float(g.mean_probability, 2))}) · confidence "
        f'<b class="wb-answer-conf wb-conf-{esc(conf)}">{esc(conf)}</b> · checked in '
        f"{r.compute_ms:.1f} ms</div>"
    )
    body = (
        f'<div class="wb-cols"><div class="wb-col">{summary}{claim_table(g, uid)}</div>'
        f'<div class="wb-side">{qa_html(r.qa)}</div></div>'
        f"{mark_legend(MARK_GUIDE, no_tier=any(c.confidence is None for c in g.claims))}"
        f'<h4 class="wb-he" dir="rtl">המקור, עם הקטעים שנמצאו לתשובה · '
        f"source with the spans found for your answer</h4>"
        f"{highlight(source, found_highlights(g, uid), data_kind='found')}"
        f'<p class="wb-meta wb-guide" dir="ltr">{esc(PROBABILITY_GUIDE)}</p>'
        f'<p class="wb-meta wb-guide" dir="ltr">{esc(CONFIDENCE_GUIDE)}</p>'
        f'<p class="wb-meta wb-guide" dir="ltr">{esc(VERDICT_GUIDE)}</p>'
    )
    return f'{STYLE}<div class="wb-view wb-result" data-record="{esc(r.record_id)}">{body}</div>'


def claim_table(g: Grounding, uid: str) -> str:
    """One row per claim of ``g``: swatch, text (linked to its span), its mark (the verdict
    drawn by ``claim_mark``: also the row's ``wb-m-`` class and ``data-mark``), score,
    calibrated probability, confidence tier (also the row's ``wb-c-`` class and
    ``data-confidence``), issues."""
    rows = []
    for i, c in enumerate(g.claims):
        text = esc(c.text)
        if c.verdict != "unsupported" and c.spans:
            text = _jump(text, anchor_id(uid, "found", i, 0))
        flag = ""
        if c.verdict == "unsupported":
            flag = '<div class="wb-flag">⚠ לא נמצאה במקור · not found in the source</div>'
        issues = "".join(
            f'<div class="wb-issue" data-kind="{esc(x.kind)}">⚠ {esc(x.message)}</div>'
            for x in c.issues
        )
        mark = claim_mark(c.verdict, c.confidence)
        rows.append(
            f'<tr class="wb-row wb-v-{esc(c.verdict)} wb-c-{esc(c.confidence or "-")} '
            f'wb-m-{mark.value}" data-claim="{i}" data-verdict="{esc(c.verdict)}" '
            f'data-confidence="{esc(c.confidence or "-")}" data-mark="{mark.value}">'
            f"<td>{_swatch(i)}</td>"
            f'<td class="wb-he" dir="rtl">{text}{flag}</td>'
            f"{verdict_cells(c)}"
            f'<td class="wb-he" dir="rtl">{issues or "—"}</td></tr>'
        )
    return (
        '<div class="wb-scroll"><table class="wb-table wb-claims-table" dir="rtl"><thead><tr>'
        "<th>#</th><th>טענה · claim</th><th>verdict</th><th>score</th><th>probability</th>"
        "<th>confidence</th><th>בעיות · issues</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def qa_html(qa: dict[str, float] | None) -> str:
    """The QA accuracy figures of an answer against the reference, as a small table."""
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


def table_html(df: pl.DataFrame, *, rtl_columns: Sequence[str] = (), max_rows: int = 50) -> str:
    """A small polars frame as an escaped HTML table; ``rtl_columns`` render right-to-left."""
    head = "".join(f"<th>{esc(c)}</th>" for c in df.columns)
    body = []
    for row in df.head(max_rows).iter_rows():
        cells = []
        for c, v in zip(df.columns, row, strict=True):
            attrs = ' dir="rtl" style="text-align:right"' if c in rtl_columns else ""
            cells.append(f"<td{attrs}>{esc(fmt_float(v, 3, none='—'))}</td>")
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
