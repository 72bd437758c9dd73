"""The self-contained HTML report of a scoring run (``workbench score --out FILE.html``).

Per-model table, charts per genre and difficulty (rendered to SVG by vl-convert and
embedded as ``data:`` images, so the file needs no network and no JavaScript), and the
worst answers with every claim marked by its verdict and tier (``workbench.html.claim_mark``:
green only for a supported claim of high confidence; the legend says what was measured);
beside the verdict figures, each
model's mean answer probability (calibrated; an answer's is its weakest claim's) and how many
answers have a claim under 0.5 and are in each confidence tier, and each worst answer's
probability and tier. Every piece of text from the
data is escaped and answers are marked by ``workbench.html``; Hebrew is right-to-left.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import polars as pl

from workbench.data.dataset import DEMO_BANNER
from workbench.data.schema import DIFFICULTY_MEANING
from workbench.formatting import fmt_float
from workbench.grounding.results import (
    CONFIDENCE_GUIDE,
    MARK_GUIDE,
    PROBABILITY_GUIDE,
    VERDICT_GUIDE,
    Confidence,
)
from workbench.html import (
    MARK_CSS,
    Highlight,
    Role,
    claim_mark,
    esc,
    highlight,
    mark_label,
    mark_legend,
)
from workbench.scoring.hebrew_metrics import WHICH_METRIC
from workbench.scoring.judge import JUDGE_LABELS

if TYPE_CHECKING:
    import altair as alt

    from workbench.scoring.results import ScoreResult

TABLE_METRICS: tuple[tuple[str, str], ...] = (
    ("supported_fraction", "supported"),
    ("probability", "answer probability (weakest claim)"),
    ("n_below_half", "answers with a claim < 0.5"),
    ("n_high", "answers of high confidence"),
    ("n_mixed", "mixed confidence"),
    ("n_low", "low confidence"),
    ("f1_score", "F1"),
    ("prefix_tolerant_f1", "prefix-tol. F1"),
    ("tlnls", "TLNLS"),
    ("precision_over_words", "precision"),
    ("recall_over_words", "recall"),
    ("exact_match_score", "exact"),
    ("quasi_exact_match_score", "quasi-exact"),
    ("reference_coverage", "ref. claims covered"),
    ("factual_knowledge", "fact (exact)"),
    ("factual_knowledge_quasi_exact", "fact (quasi)"),
)

_CSS = (
    """
body{font-family:system-ui,sans-serif;margin:24px;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:8px 0 16px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}
th{background:#f3f3f3}
.he{direction:rtl;text-align:right;unicode-bidi:isolate;line-height:1.7}
.answer{border:1px solid #ddd;padding:8px 12px;margin:6px 0 18px;background:#fcfcfc}
.meta{color:#555;font-size:0.9em}
.note{color:#666;font-size:0.9em}
img.chart{display:block;margin:8px 0 20px;max-width:100%}
"""
    + MARK_CSS
)


def _fmt(value: Any) -> str:
    return esc(fmt_float(value, none="–"))


def svg_data_uri(chart: alt.Chart | alt.LayerChart | alt.FacetChart) -> str:
    """An ``<img>`` holding the chart as SVG (vl-convert, offline), or a note if it fails."""
    try:
        import vl_convert

        svg = vl_convert.vegalite_to_svg(chart.to_dict())
    except Exception as exc:  # noqa: BLE001 - a chart failure must not lose the report
        return f'<p class="note">chart not rendered: {esc(str(exc).splitlines()[0])}</p>'
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img class="chart" alt="chart" src="data:image/svg+xml;base64,{data}">'


def model_table(by_model: pl.DataFrame) -> str:
    """The per-model table: answers, mean figures, judge label counts."""
    if by_model.is_empty():
        return '<p class="note">no answers scored</p>'
    metrics = [
        (m, t)
        for m, t in TABLE_METRICS
        if m in by_model.columns and by_model[m].null_count() < by_model.height
    ]
    head = "".join(f"<th>{esc(t)}</th>" for _, t in metrics)
    head += "".join(f"<th>{lab}</th>" for lab in JUDGE_LABELS)
    rows = []
    for r in by_model.iter_rows(named=True):
        cells = "".join(f"<td>{_fmt(r[m])}</td>" for m, _ in metrics)
        cells += "".join(f"<td>{_fmt(r.get(f'judge_{lab}'))}</td>" for lab in JUDGE_LABELS)
        rows.append(f"<tr><th>{esc(str(r['model']))}</th><td>{r['n']}</td>{cells}</tr>")
    return f"<table><tr><th>model</th><th>answers</th>{head}</tr>{''.join(rows)}</table>"


def claim_highlights(claims: Sequence[Mapping[str, Any]]) -> list[Highlight]:
    """Every claim of an answer as a highlight drawn as its mark (``claim_mark`` of its
    verdict and tier: green only for high confidence), its mark's words, probability and
    issues as the title.

    Claims whose offsets are not ints are skipped; ``highlight`` ignores those that do not
    fit the answer.
    """
    out = []
    for c in claims:
        s, e = c.get("start"), c.get("end")
        if not isinstance(s, int) or not isinstance(e, int):
            continue
        verdict = str(c.get("verdict") or ("supported" if c.get("supported") else "unsupported"))
        mark = claim_mark(verdict, Confidence.read(c.get("confidence")))
        issues = "; ".join(str(i) for i in c.get("issues") or [])
        prob = c.get("probability")
        label = mark_label(verdict, mark) + (
            f" (probability {fmt_float(prob, 2)})" if isinstance(prob, float) else ""
        )
        role: Role = (
            "support"
            if verdict == "supported"
            else "partial"
            if verdict == "partial"
            else "unsupported"
        )
        title = label + (f": {issues}" if issues else "")
        out.append(Highlight(s, e, title=title, role=role, mark=mark))
    return out


def worst_answers(worst: Sequence[Mapping[str, Any]]) -> str:
    """The worst answers (lowest supported share, then lowest F1), claims highlighted."""
    if not worst:
        return '<p class="note">none</p>'
    out = []
    for w in worst:
        answer = str(w.get("answer") or "")
        diff = w.get("difficulty")
        meta = (
            f"<b>{esc(str(w['id']))}</b> · model {esc(str(w['model']))} · "
            f"{esc(str(w.get('genre')))} · difficulty {_fmt(diff)} "
            f"({esc(DIFFICULTY_MEANING.get(diff, '?') if isinstance(diff, int) else '?')}) · "
            f"judge <b>{esc(str(w.get('judge')))}</b> · supported "
            f"{_fmt(w.get('supported_fraction'))} · answer probability "
            f"{_fmt(w.get('probability'))} (confidence {esc(str(w.get('confidence') or '–'))}) · F1 {_fmt(w.get('f1_score'))}"
        )
        issues = [
            f"<li>{esc(str(i))}</li>" for c in w.get("claims") or [] for i in c.get("issues") or []
        ]
        issue_list = f'<ul class="he" dir="rtl">{"".join(issues)}</ul>' if issues else ""
        out.append(
            f'<div class="meta">{meta}</div>'
            f"{highlight(answer, claim_highlights(w.get('claims') or []), cls='answer he')}"
            f"{issue_list}"
        )
    return "".join(out)


def comparison_table(comparison: pl.DataFrame) -> str:
    """The overall paired differences as a table (every score, every pair of models)."""
    rows = comparison.filter(pl.col("group") == "all", pl.col("n") > 0)
    if rows.is_empty():
        return '<p class="note">no pair of models answered the same records</p>'
    body = "".join(
        f"<tr><th>{esc(r['model_a'])} − {esc(r['model_b'])}</th>"
        f"<td>{esc(r['metric'])}</td><td>{r['n']}</td><td>{_fmt(r['mean_a'])}</td>"
        f"<td>{_fmt(r['mean_b'])}</td><td>{_fmt(r['diff'])}</td>"
        f"<td>[{_fmt(r['lo'])}, {_fmt(r['hi'])}]</td><td>{_fmt(r['p_value'])}</td></tr>"
        for r in rows.iter_rows(named=True)
    )
    head = (
        "<tr><th>A − B</th><th>score</th><th>records</th><th>mean A</th><th>mean B</th>"
        "<th>difference</th><th>95% interval</th><th>p</th></tr>"
    )
    return f"<table>{head}{body}</table>"


def comparison_section(result: ScoreResult) -> list[str]:
    """Paired model differences: chart, per-genre chart and table (empty with one model)."""
    from workbench.scoring import charts  # altair loads only when a report is drawn

    comparison = result.comparison
    if comparison is None or comparison.is_empty():
        return []
    return [
        "<h2>Models compared, paired by record</h2>",
        '<p class="note">Difference A − B over the records both models answered, with a '
        "paired bootstrap 95% interval over records and a sign-flip permutation p-value. "
        "An interval that crosses 0 means these records cannot tell the models apart.</p>",
        svg_data_uri(charts.difference_chart(comparison)),
        comparison_table(comparison),
    ]


def render_report(result: ScoreResult) -> str:
    """The whole report as one HTML string."""
    from workbench.scoring import charts  # altair loads only when a report is drawn

    by_model = result.by_model
    sections = [
        "<h2>Per model</h2>",
        model_table(by_model),
        f'<p class="note">{esc(WHICH_METRIC)}</p>',
        f'<p class="note">{esc(VERDICT_GUIDE)}</p>',
        f'<p class="note">{esc(PROBABILITY_GUIDE)}</p>',
        f'<p class="note">{esc(CONFIDENCE_GUIDE)}</p>',
    ]
    if not by_model.is_empty():
        by_genre, by_diff = result.by_genre, result.by_difficulty
        sections += [
            "<h2>Charts</h2>",
            svg_data_uri(charts.model_comparison_chart(by_model)),
            svg_data_uri(charts.judge_labels_chart(by_model)),
        ]
        for metric in ("supported_fraction", "f1_score"):
            sections += [
                svg_data_uri(charts.metric_by_group_chart(by_genre, "genre", metric)),
                svg_data_uri(charts.metric_by_group_chart(by_diff, "difficulty", metric)),
            ]
    sections += comparison_section(result)
    sections += [
        f"<h2>Worst answers ({len(result.worst)})</h2>",
        '<p class="note">Lowest calibrated probability first (an answer\'s is its weakest '
        "claim's), then lowest share of supported claims, then lowest F1. Each claim "
        "is marked as below; hover for its probability and issues.</p>",
        mark_legend(
            MARK_GUIDE,
            no_tier=any(
                Confidence.read(c.get("confidence")) is None
                for w in result.worst
                for c in w.get("claims") or []
            ),
        ),
        worst_answers(result.worst),
    ]
    checked = result.checked
    banner = (
        '<p style="padding:10px;border:2px solid #c60;background:#fff3e0;font-weight:bold">'
        f"⚠ {esc(DEMO_BANNER)}</p>"
        if result.demo
        else ""
    )
    header = (
        f"<h1>Answer scores</h1>{banner}"
        f'<p class="meta">answers: {esc(str(result.answers_path))}<br>'
        f"data: {esc(result.data_description or '–')}<br>"
        f"{esc(checked.summary_line())}; scored {result.n_scored} in "
        f"{result.elapsed:.1f} s</p>"
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Answer scores</title><style>{_CSS}</style></head><body>"
        f"{header}{''.join(sections)}</body></html>"
    )
