"""HTML for a grounding: the source right-to-left with each claim's support highlighted.

Every claim gets a colour; its support spans are highlighted in the source in that
colour (several claims on one stretch: the first claim's colour with a dark outline, and
a tooltip naming all of them), and a table lists each claim with its verdict, score,
spans and issues. Every piece of text (source, claims, issues, record id, title) goes
through ``html.escape``, so a source holding ``<script>`` shows it as text.
"""

from __future__ import annotations

import html

from workbench.grounding.results import Grounding

PALETTE: tuple[str, ...] = (
    "#ffe08a",
    "#a8e6a1",
    "#9fd3ff",
    "#ffb3c7",
    "#d3b8ff",
    "#ffc89a",
    "#9ff0e6",
    "#e3e38f",
    "#c9c9c9",
    "#f7a6a6",
)
VERDICT_COLOURS = {"supported": "#1a7f37", "partial": "#9a6700", "unsupported": "#cf222e"}

_CSS = """
.wb-grounding{font-family:system-ui,sans-serif;line-height:1.7}
.wb-source{white-space:pre-wrap;border:1px solid #ddd;padding:8px;border-radius:4px}
.wb-source mark{padding:0 1px;border-radius:2px;color:inherit}
.wb-source mark.wb-multi{outline:2px solid #333}
.wb-claims{border-collapse:collapse;margin-top:10px;width:100%}
.wb-claims th,.wb-claims td{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:right}
.wb-swatch{display:inline-block;width:1em;height:1em;border-radius:2px}
.wb-issue{color:#cf222e}
.wb-message{color:#555;font-style:italic}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def colour(i: int) -> str:
    """The colour of claim ``i`` (0-based)."""
    return PALETTE[i % len(PALETTE)]


def highlighted_source(grounding: Grounding, source: str) -> str:
    """The source as escaped RTL HTML, support spans wrapped in coloured ``<mark>``s."""
    n = len(source)
    events: dict[int, list[tuple[int, int]]] = {}  # position -> [(+1/-1, claim index)]
    for ci, claim in enumerate(grounding.claims):
        for sp in claim.spans:
            s, e = max(0, sp.start), min(n, sp.end)
            if e <= s:
                continue
            events.setdefault(s, []).append((1, ci))
            events.setdefault(e, []).append((-1, ci))
    bounds = sorted({0, n, *events})
    active: dict[int, int] = {}
    parts = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        for delta, ci in events.get(a, []):
            active[ci] = active.get(ci, 0) + delta
            if active[ci] <= 0:
                del active[ci]
        text = _e(source[a:b])
        if not active:
            parts.append(text)
            continue
        ids = sorted(active)
        names = ", ".join(f"claim {i + 1}" for i in ids)
        cls = ' class="wb-multi"' if len(ids) > 1 else ""
        parts.append(
            f'<mark{cls} style="background:{colour(ids[0])}" title="{_e(names)}" '
            f'data-claims="{_e(" ".join(str(i + 1) for i in ids))}">{text}</mark>'
        )
    return f'<div class="wb-source" dir="rtl" lang="he">{"".join(parts)}</div>'


def claims_table(grounding: Grounding) -> str:
    """One row per claim: colour, text, verdict, score, span offsets, issues."""
    if not grounding.claims:
        msg = grounding.message or "no claims"
        return f'<p class="wb-message" dir="rtl">{_e(msg)}</p>'
    rows = []
    for i, c in enumerate(grounding.claims):
        spans = "<br>".join(f"[{s.start}, {s.end}) {s.score:.2f}" for s in c.spans) or "-"
        issues = "<br>".join(
            f'<span class="wb-issue" data-kind="{_e(x.kind)}">{_e(x.message)}</span>'
            for x in c.issues
        )
        rows.append(
            "<tr>"
            f'<td><span class="wb-swatch" style="background:{colour(i)}"></span> {i + 1}</td>'
            f'<td dir="rtl">{_e(c.text)}</td>'
            f'<td style="color:{VERDICT_COLOURS.get(c.verdict, "#000")}">{_e(c.verdict)}</td>'
            f"<td>{c.score:.2f}</td>"
            f'<td dir="ltr">{spans}</td>'
            f'<td dir="rtl">{issues}</td>'
            "</tr>"
        )
    head = "<tr><th>#</th><th>טענה</th><th>verdict</th><th>score</th><th>spans</th><th>issues</th></tr>"
    return f'<table class="wb-claims" dir="rtl" lang="he">{head}{"".join(rows)}</table>'


def grounding_fragment(grounding: Grounding, source: str) -> str:
    """A self-contained ``<div>`` (style included) for a notebook or widget."""
    frac = grounding.supported_fraction
    n = len(grounding.claims)
    k = sum(c.supported for c in grounding.claims)
    summary = f"{k} of {n} claims supported ({frac:.0%})" if n else _e(grounding.message)
    rec = f"record {_e(grounding.record)} · " if grounding.record else ""
    return (
        f'<div class="wb-grounding"><style>{_CSS}</style>'
        f'<p dir="ltr">{rec}{summary}</p>'
        f"{highlighted_source(grounding, source)}{claims_table(grounding)}</div>"
    )


def render_html(grounding: Grounding, source: str, *, title: str | None = None) -> str:
    """A complete HTML page (RTL) for ``workbench check --format html``."""
    t = title or (f"Grounding of record {grounding.record}" if grounding.record else "Grounding")
    return (
        '<!DOCTYPE html>\n<html lang="he" dir="rtl"><head><meta charset="utf-8">'
        f"<title>{_e(t)}</title></head><body>"
        f"<h1>{_e(t)}</h1>{grounding_fragment(grounding, source)}</body></html>\n"
    )
