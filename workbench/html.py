"""The one escape helper, palette and span highlighter of every HTML view.

The grounding report (``workbench check --format html``), the grounding widget, the
review widget and the scoring report all render text through :func:`esc` and mark spans
of a source (or an answer) with :func:`highlight`, so they escape, colour and handle
overlaps the same way:

* every piece of text and every attribute value goes through :func:`esc` (quotes
  included), so a source holding ``<script>`` shows it as text;
* the text is cut at every span boundary; a piece covered by one claim takes that
  claim's colour, a piece covered by several is striped in their colours (class
  ``wb-multi``, a tooltip naming all of them); nothing is lost or repeated;
* a span that does not fit the text (``0 <= start < end <= len``) is ignored: wrong
  offsets are not shown as a clipped piece;
* the result is a ``<div dir="rtl" lang="he">``: Hebrew reads right-to-left.

It also holds the one mapping from a claim's verdict and confidence tier to its
at-a-glance mark (:func:`claim_mark`, :data:`MARK_STYLES`), which every view (the widget,
both HTML reports, ``workbench check``'s text) draws: solid green only for HIGH.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

# (background, border/text) per claim, cycled; light backgrounds keep the text readable.
CLAIM_COLOURS: tuple[tuple[str, str], ...] = (
    ("#ffe08a", "#8a6d00"),
    ("#a8d8ff", "#0b5394"),
    ("#e2d3c1", "#7a4e1d"),  # no green: green is the HIGH mark's alone
    ("#f8c4e0", "#a3316f"),
    ("#d9c8ff", "#5b3fb0"),
    ("#ffd0b0", "#b35400"),
    ("#b8f0ec", "#137a73"),
    ("#e6e6a8", "#6b6b12"),
)
# A source span that contradicts a claim: red, unlike every claim colour.
CONFLICT_COLOUR: tuple[str, str] = ("#ff9c9c", "#a40e26")
# Text colour of a grounding verdict (the marks of a claim without a confidence tier), and of
# a reviewer's decision on a claim.
VERDICT_COLOURS: dict[str, str] = {
    "supported": "#1a7f37",
    "partial": "#9a6700",
    "unsupported": "#cf222e",
}
DECISION_COLOURS: dict[str, str] = {
    "correct": "#1b9e77",
    "hallucinated": "#b2182b",
    "outdated": "#d95f02",
}
# Background of a mark that is not coloured by claim (the scoring report's answers).
ROLE_BACKGROUNDS: dict[str, str] = {
    "support": CLAIM_COLOURS[0][0],
    "partial": "#fde9b5",
    "unsupported": "#f8c4c4",
    "conflict": CONFLICT_COLOUR[0],
    "operand": "#ddf4ff",
}

Role = Literal["support", "partial", "unsupported", "conflict", "operand"]


class Mark(StrEnum):
    """A claim's at-a-glance mark (:func:`claim_mark`); the value is its CSS and data name
    (``wb-mark-<value>`` on a badge, ``wb-m-<value>`` on a row or a text mark,
    ``data-mark``)."""

    HIGH = "high"  # supported and HIGH: the one green mark
    UNCONFIRMED = "unconfirmed"  # supported, the calibrated model not confident: read it
    PARTIAL = "partial"  # a check failed or the support is thin
    DOUBTFUL = "doubtful"  # LOW: the model finds it unlikely, whatever the verdict
    UNSUPPORTED = "unsupported"  # not found in the source
    SUPPORTED_NO_TIER = "supported-no-tier"  # supported, no tier: the verdict's own colour


@dataclass(frozen=True)
class MarkStyle:
    """How a :class:`Mark` is drawn. ``symbol`` goes before the verdict (badges and the
    terminal, which has no colour); ``qualifier`` after it in the label ("" = the verdict
    alone); ``colour`` / ``background`` / ``border`` (``border_style``) draw the badge and
    the row's edge; ``tint`` is the background where the claim's own text is marked (the
    score report's answers); ``meaning`` is the tooltip."""

    symbol: str
    qualifier: str
    colour: str
    background: str
    border: str
    border_style: Literal["solid", "dashed"]
    tint: str
    meaning: str


MARK_STYLES: dict[Mark, MarkStyle] = {
    Mark.HIGH: MarkStyle(
        "✓", "high confidence", "#ffffff", "#1a7f37", "#1a7f37", "solid", "#aceebb",
        "supported and high confidence: the rules and the calibrated model agree",
    ),
    Mark.UNCONFIRMED: MarkStyle(
        "?", "unconfirmed", "#24292f", "#f6f8fa", "#57606a", "dashed", "#eaeef2",
        "the rules found the claim's pieces bound together, the calibrated model is not "
        "confident: read it",
    ),
    Mark.PARTIAL: MarkStyle(
        "~", "", "#7d4e00", "#fff1b8", "#9a6700", "solid", "#fde9b5",
        "a check failed or the support is thin: check it by hand",
    ),
    Mark.DOUBTFUL: MarkStyle(
        "!", "low confidence", "#a40e26", "#ffebe9", "#cf222e", "dashed", "#ffd8d3",
        "low confidence: whatever the verdict, the calibrated model finds it unlikely",
    ),
    Mark.UNSUPPORTED: MarkStyle(
        "✗", "", "#ffffff", "#cf222e", "#cf222e", "solid", "#f8c4c4",
        "not found in the source",
    ),
    Mark.SUPPORTED_NO_TIER: MarkStyle(
        "✓", "no confidence tier", VERDICT_COLOURS["supported"], "#dafbe1",
        VERDICT_COLOURS["supported"], "solid", "#dafbe1",
        "supported by the rules; no confidence tier (another grounder or a hand-made "
        "result), so the verdict's own colour",
    ),
}  # fmt: skip


def claim_mark(verdict: str, confidence: str | None) -> Mark:
    """A claim's mark from its verdict and its confidence tier (green only for HIGH).

    ============  ===========  ===========  ===========  ==================
    verdict       HIGH         MIXED        LOW          None (no tier)
    ============  ===========  ===========  ===========  ==================
    supported     HIGH         UNCONFIRMED  DOUBTFUL     SUPPORTED_NO_TIER
    partial       PARTIAL      PARTIAL      DOUBTFUL     PARTIAL
    unsupported   UNSUPPORTED  UNSUPPORTED  UNSUPPORTED  UNSUPPORTED
    ============  ===========  ===========  ===========  ==================

    HIGH needs the ``supported`` verdict too (what was measured: supported AND the high
    threshold); a partial claim stays amber even under a tier rule that lets it be HIGH.
    LOW turns a supported or partial claim red-ish (the model finds it unlikely); an
    unsupported claim is red whatever its tier. Without a tier the mark is today's verdict
    colour, and says so. Any other verdict word (another grounder's) is read as unsupported:
    never green. The thresholds are never read here: only the tier the engine set, by its
    value (``grounding.results.Confidence`` is a ``StrEnum``: "high", "mixed", "low"; this
    module stays below the grounding package and imports nothing from it).
    """
    if verdict == "supported":
        if confidence is None:
            return Mark.SUPPORTED_NO_TIER
        return {"high": Mark.HIGH, "mixed": Mark.UNCONFIRMED, "low": Mark.DOUBTFUL}.get(
            str(confidence), Mark.UNCONFIRMED
        )
    if verdict == "partial":
        return Mark.DOUBTFUL if confidence == "low" else Mark.PARTIAL
    return Mark.UNSUPPORTED


def mark_label(verdict: str, mark: Mark) -> str:
    """The mark's words: the verdict, then the mark's qualifier ("supported · unconfirmed")."""
    qualifier = MARK_STYLES[mark].qualifier
    return f"{verdict} · {qualifier}" if qualifier else verdict


def mark_badge(verdict: str, confidence: str | None) -> str:
    """A claim's mark as an HTML badge: symbol and label, styled by ``wb-mark-<mark>``
    (``MARK_CSS``), its meaning as the tooltip."""
    mark = claim_mark(verdict, confidence)
    style = MARK_STYLES[mark]
    return (
        f'<span class="wb-mark wb-mark-{mark.value}" data-mark="{mark.value}" dir="ltr" '
        f'title="{esc(style.meaning)}">{esc(style.symbol)} {esc(mark_label(verdict, mark))}</span>'
    )


def mark_legend(guide: str, *, no_tier: bool = False) -> str:
    """The legend every view that marks claims shows: one badge per mark, then ``guide``
    (the views pass ``grounding.results.MARK_GUIDE``: what green means, with the measured
    figures). ``no_tier`` adds the mark of a supported claim without a tier (shown only
    where one is)."""
    shown = [m for m in Mark if no_tier or m is not Mark.SUPPORTED_NO_TIER]
    verdicts = {Mark.PARTIAL: "partial", Mark.UNSUPPORTED: "unsupported"}
    badges = " ".join(
        f'<span class="wb-mark wb-mark-{m.value}" title="{esc(MARK_STYLES[m].meaning)}">'
        f"{esc(MARK_STYLES[m].symbol)} "
        f"{esc(mark_label(verdicts.get(m, 'supported'), m))}</span>"
        for m in shown
    )
    return (
        f'<div class="wb-legend" dir="ltr"><div class="wb-legend-marks">{badges}</div>'
        f'<p class="wb-legend-guide">{esc(guide)}</p></div>'
    )


def _mark_css() -> str:
    """Each mark's badge, table row edge and text mark, from ``MARK_STYLES``."""
    out = [
        ".wb-mark{display:inline-block;padding:0 6px;border-radius:10px;font-weight:600;"
        "white-space:nowrap;border:1.5px solid transparent;line-height:1.5}"
        ".wb-legend{margin:6px 0;font-size:13px}.wb-legend .wb-mark{margin:2px 4px 2px 0}"
        ".wb-legend-guide{margin:4px 0;color:#444}"
    ]
    for m, s in MARK_STYLES.items():
        edge = f"{s.border_style} {s.border}"
        out.append(
            f".wb-mark-{m.value}{{color:{s.colour};background:{s.background};"
            f"border:1.5px {edge}}}"
            f"tr.wb-m-{m.value}>td:first-child{{border-inline-start:4px {edge}}}"
            f"mark.wb-hl.wb-m-{m.value}{{border-bottom:2px {edge}}}"
        )
    return "".join(out)


# The marks' own style; each view puts it in its <style>.
MARK_CSS = (
    "mark.wb-hl{padding:1px 0;border-radius:3px;color:inherit}"
    "mark.wb-partial{border-bottom:2px dashed #9a6700}"
    "mark.wb-unsupported{border-bottom:2px solid #b2182b}"
    f"mark.wb-conflict{{outline:2px solid {CONFLICT_COLOUR[1]};outline-offset:1px}}"
    "mark.wb-operand{outline:2px dashed #0969da;outline-offset:1px}" + _mark_css()
)


def esc(text: object) -> str:
    """Escape any value for HTML text and attribute values (``<>&"'`` all escaped)."""
    return html.escape(str(text), quote=True)


def claim_colour(i: int) -> tuple[str, str]:
    """(background, border) colour of claim ``i`` (0-based), cycling through the palette."""
    return CLAIM_COLOURS[i % len(CLAIM_COLOURS)]


@dataclass(frozen=True)
class Highlight:
    """A span [start, end) to mark.

    ``claim`` is the claim's 0-based index (its colour, and ``data-claim``); ``None``
    colours the mark by ``role`` instead. ``role`` says what the span is to the claim:
    support, partial support, unsupported (an answer's claim), conflict (a source span
    that contradicts the claim: always the conflict colour) or operand (a source figure a
    claim's unwritten figure may be computed from: light blue, dashed outline). ``mark``, for a span that is
    a claim's own text (the score report's answers), draws it as that claim's mark (its
    ``tint`` and edge) instead of by role. ``title`` is the tooltip; ``anchor`` an element
    id placed just before the span, for links to scroll to.
    """

    start: int
    end: int
    claim: int | None = None
    title: str = ""
    anchor: str | None = None
    role: Role = "support"
    mark: Mark | None = None


def _background(spans: Sequence[Highlight]) -> str:
    colours = list(
        dict.fromkeys(
            ROLE_BACKGROUNDS[s.role]
            if s.role in ("conflict", "operand")
            else claim_colour(s.claim)[0]
            if s.claim is not None
            else MARK_STYLES[s.mark].tint
            if s.mark is not None
            else ROLE_BACKGROUNDS[s.role]
            for s in spans
        )
    )
    if len(colours) == 1:
        return f"background:{colours[0]}"
    step = 100 / len(colours)
    stops = ",".join(f"{c} {i * step:.0f}% {(i + 1) * step:.0f}%" for i, c in enumerate(colours))
    return f"background:linear-gradient(180deg,{stops})"


def _mark(piece: str, cover: Sequence[Highlight], data_kind: str | None) -> str:
    claims = sorted({s.claim for s in cover if s.claim is not None})
    roles = {s.role for s in cover}
    marks = sorted({s.mark for s in cover if s.mark is not None})
    cls = ["wb-hl"]
    if len(cover) > 1 and len(claims) > 1:
        cls.append("wb-multi")
    if len(roles) == 1 and "support" not in roles:
        cls.append(f"wb-{roles.pop()}")
    elif "conflict" in roles:
        cls.append("wb-conflict")
    elif "operand" in roles:
        cls.append("wb-operand")
    cls += [f"wb-m-{m.value}" for m in marks]
    attrs = f'class="{" ".join(cls)}"'
    if claims:
        attrs += f' data-claim="{" ".join(map(str, claims))}"'
    if marks:
        attrs += f' data-mark="{" ".join(m.value for m in marks)}"'
    if data_kind is not None:
        attrs += f' data-kind="{esc(data_kind)}"'
    titles = ", ".join(dict.fromkeys(s.title for s in cover if s.title))
    if titles:
        attrs += f' title="{esc(titles)}"'
    return f'<mark {attrs} style="{_background(cover)}">{piece}</mark>'


def highlight(
    text: str,
    spans: Sequence[Highlight],
    *,
    data_kind: str | None = None,
    cls: str = "wb-source",
    attrs: Mapping[str, str] | None = None,
) -> str:
    """``text`` escaped in a ``<div dir="rtl" lang="he">``, each span in a ``<mark>``.

    Overlapping spans are split at every boundary (see the module docstring).
    ``data_kind`` (e.g. "gold" or "found") goes on the div and every mark, so a page
    showing several views can select one; ``attrs`` are further attributes of the div.
    """
    n = len(text)
    fit = [s for s in spans if 0 <= s.start < s.end <= n]
    cuts = sorted({0, n, *(s.start for s in fit), *(s.end for s in fit)})
    starts: dict[int, list[Highlight]] = {}
    for s in fit:
        starts.setdefault(s.start, []).append(s)
    extra = "" if data_kind is None else f' data-kind="{esc(data_kind)}"'
    extra += "".join(f' {k}="{esc(v)}"' for k, v in (attrs or {}).items())
    out = [f'<div class="{esc(cls)}" dir="rtl" lang="he"{extra}>']
    for a, b in itertools.pairwise(cuts):
        out += [
            f'<span class="wb-anchor" id="{esc(s.anchor)}"></span>'
            for s in starts.get(a, ())
            if s.anchor
        ]
        piece = esc(text[a:b])
        cover = [s for s in fit if s.start <= a and s.end >= b]
        out.append(_mark(piece, cover, data_kind) if cover else piece)
    out.append("</div>")
    return "".join(out)
