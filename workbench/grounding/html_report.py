"""HTML for a grounding: the source right-to-left with each claim's support highlighted.

Every claim gets a colour; its support spans are highlighted in the source in that
colour (several claims on one stretch: striped in their colours, with a tooltip naming all
of them; ``workbench.html.highlight``), and a table lists each claim with its verdict, score,
calibrated probability and its confidence tier, spans and issues. Each claim's verdict is
drawn as its mark (``workbench.html.claim_mark``: solid green only for a supported claim of
high confidence), with the marks' legend (``results.MARK_GUIDE``). Every piece of text
(source, claims, issues, record id, title) goes through ``workbench.html.esc``, so a source
holding ``<script>`` shows it as text.
"""

from __future__ import annotations

from workbench.formatting import fmt_float
from workbench.grounding.results import (
    CONFIDENCE_GUIDE,
    MARK_GUIDE,
    PROBABILITY_GUIDE,
    VERDICT_GUIDE,
    ClaimResult,
    Grounding,
    Issue,
)
from workbench.html import (
    MARK_CSS,
    Highlight,
    Mark,
    claim_colour,
    claim_mark,
    esc,
    highlight,
    mark_badge,
    mark_legend,
)

_CSS = (
    """
.wb-grounding{font-family:system-ui,sans-serif;line-height:1.7}
.wb-source{white-space:pre-wrap;border:1px solid #ddd;padding:8px;border-radius:4px}
.wb-claims{border-collapse:collapse;margin-top:10px;width:100%}
.wb-claims th,.wb-claims td{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:right}
.wb-swatch{display:inline-block;width:1em;height:1em;border-radius:2px}
.wb-claims tr.wb-m-unsupported,.wb-claims tr.wb-m-doubtful{background:#ffebe9}
.wb-claims tr.wb-m-partial{background:#fff8c5}
.wb-issue{color:#cf222e}
.wb-message{color:#555;font-style:italic}
.wb-conf-high{color:#1a7f37}.wb-conf-mixed{color:#9a6700}.wb-conf-low{color:#cf222e}
"""
    + MARK_CSS
)


def highlighted_source(grounding: Grounding, source: str) -> str:
    """The source as escaped RTL HTML, each claim's support spans marked in its colour, the
    spans its issues point at (a conflicting value) in the conflict colour, and the source
    figures an unwritten figure may be computed from (``Issue.operands``) as operands."""
    spans = [
        Highlight(sp.start, sp.end, ci, title=f"claim {ci + 1}")
        for ci, claim in enumerate(grounding.claims)
        for sp in claim.spans
    ]
    return highlight(source, spans + issue_highlights(grounding, name_claim=True))


def issue_highlights(grounding: Grounding, *, name_claim: bool) -> list[Highlight]:
    """The source spans the claims' issues point at, for every view that marks them: each
    conflicting value (``ClaimResult.conflicts``, role ``conflict``), then each figure an
    unwritten figure may be computed from (``ClaimResult.operands``, role ``operand``), in
    its claim's colour and titled by its issue's message ("claim N: ..." when
    ``name_claim``)."""

    def title(ci: int, issue: Issue) -> str:
        return f"claim {ci + 1}: {issue.message}" if name_claim else issue.message

    out = [
        Highlight(*issue.span, ci, title=title(ci, issue), role="conflict")
        for ci, claim in enumerate(grounding.claims)
        for issue in claim.conflicts
        if issue.span is not None
    ]
    out += [
        Highlight(*span, ci, title=title(ci, issue), role="operand")
        for ci, claim in enumerate(grounding.claims)
        for issue, span in claim.operands
    ]
    return out


def claims_table(grounding: Grounding) -> str:
    """One row per claim: colour, text, its mark (the verdict drawn by ``claim_mark``, also
    the row's ``wb-m-`` class and ``data-mark``), score, probability, confidence tier, span
    offsets, issues."""
    if not grounding.claims:
        msg = grounding.message or "no claims"
        return f'<p class="wb-message" dir="rtl">{esc(msg)}</p>'
    rows = []
    for i, c in enumerate(grounding.claims):
        spans = "<br>".join(f"[{s.start}, {s.end}) {s.score:.2f}" for s in c.spans) or "-"
        issues = "<br>".join(
            f'<span class="wb-issue" data-kind="{esc(x.kind)}">{esc(x.message)}</span>'
            for x in c.issues
        )
        mark = claim_mark(c.verdict, c.confidence)
        rows.append(
            f'<tr class="wb-m-{mark.value}" data-mark="{mark.value}" '
            f'data-verdict="{esc(c.verdict)}">'
            f'<td><span class="wb-swatch" style="background:{claim_colour(i)[0]}"></span> {i + 1}</td>'
            f'<td dir="rtl">{esc(c.text)}</td>'
            f"{verdict_cells(c)}"
            f'<td dir="ltr">{spans}</td>'
            f'<td dir="rtl">{issues}</td>'
            "</tr>"
        )
    head = (
        "<tr><th>#</th><th>טענה</th><th>verdict</th><th>score</th><th>probability</th>"
        "<th>confidence</th><th>spans</th><th>issues</th></tr>"
    )
    return f'<table class="wb-claims" dir="rtl" lang="he">{head}{"".join(rows)}</table>'


def verdict_cells(claim: ClaimResult) -> str:
    """A claim's verdict cells, as every claim table shows them: its mark (``mark_badge``),
    score, calibrated probability and confidence tier."""
    tier = esc(claim.confidence or "-")
    return (
        f"<td>{mark_badge(claim.verdict, claim.confidence)}</td>"
        f"<td>{claim.score:.2f}</td>"
        f'<td class="wb-prob">{esc(fmt_float(claim.probability, 2))}</td>'
        f'<td class="wb-conf wb-conf-{tier}">{tier}</td>'
    )


def grounding_fragment(grounding: Grounding, source: str) -> str:
    """A self-contained ``<div>`` (style included) for a notebook or widget."""
    frac = grounding.supported_fraction
    n = len(grounding.claims)
    k = sum(c.supported for c in grounding.claims)
    n_high = sum(claim_mark(c.verdict, c.confidence) is Mark.HIGH for c in grounding.claims)
    conf = grounding.confidence or "-"
    summary = (
        f"{k} of {n} claims supported ({frac:.0%}), {n_high} of them with high confidence "
        "(green) · answer probability "
        f"{esc(fmt_float(grounding.probability, 2))} (its weakest claim; mean "
        f"{esc(fmt_float(grounding.mean_probability, 2))}) · confidence "
        f'<span class="wb-conf wb-conf-{esc(conf)}">{esc(conf)}</span>'
        if n
        else esc(grounding.message)
    )
    rec = f"record {esc(grounding.record)} · " if grounding.record else ""
    return (
        f'<div class="wb-grounding"><style>{_CSS}</style>'
        f'<p dir="ltr">{rec}{summary}</p>'
        f"{highlighted_source(grounding, source)}{claims_table(grounding)}"
        f"{mark_legend(MARK_GUIDE, no_tier=any(c.confidence is None for c in grounding.claims)) if n else ''}"
        f'<p class="wb-message wb-guide" dir="ltr">{esc(PROBABILITY_GUIDE)}</p>'
        f'<p class="wb-message wb-guide" dir="ltr">{esc(CONFIDENCE_GUIDE)}</p>'
        f'<p class="wb-message wb-guide" dir="ltr">{esc(VERDICT_GUIDE)}</p></div>'
    )


def render_html(grounding: Grounding, source: str, *, title: str | None = None) -> str:
    """A complete HTML page (RTL) for ``workbench check --format html``."""
    t = title or (f"Grounding of record {grounding.record}" if grounding.record else "Grounding")
    return (
        '<!DOCTYPE html>\n<html lang="he" dir="rtl"><head><meta charset="utf-8">'
        f"<title>{esc(t)}</title></head><body>"
        f"<h1>{esc(t)}</h1>{grounding_fragment(grounding, source)}</body></html>\n"
    )
