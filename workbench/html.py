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
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

# (background, border/text) per claim, cycled; light backgrounds keep the text readable.
CLAIM_COLOURS: tuple[tuple[str, str], ...] = (
    ("#ffe08a", "#8a6d00"),
    ("#a8d8ff", "#0b5394"),
    ("#c7f0c2", "#2f7d32"),
    ("#f8c4e0", "#a3316f"),
    ("#d9c8ff", "#5b3fb0"),
    ("#ffd0b0", "#b35400"),
    ("#b8f0ec", "#137a73"),
    ("#e6e6a8", "#6b6b12"),
)
# A source span that contradicts a claim: red, unlike every claim colour.
CONFLICT_COLOUR: tuple[str, str] = ("#ff9c9c", "#a40e26")
# Text colour of a grounding verdict, and of a reviewer's decision on a claim.
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
}

Role = Literal["support", "partial", "unsupported", "conflict"]

# The marks' own style; each view puts it in its <style>.
MARK_CSS = (
    "mark.wb-hl{padding:1px 0;border-radius:3px;color:inherit}"
    "mark.wb-partial{border-bottom:2px dashed #9a6700}"
    "mark.wb-unsupported{border-bottom:2px solid #b2182b}"
    f"mark.wb-conflict{{outline:2px solid {CONFLICT_COLOUR[1]};outline-offset:1px}}"
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
    support, partial support, unsupported (an answer's claim), or conflict (a source span
    that contradicts the claim: always the conflict colour). ``title`` is the tooltip;
    ``anchor`` an element id placed just before the span, for links to scroll to.
    """

    start: int
    end: int
    claim: int | None = None
    title: str = ""
    anchor: str | None = None
    role: Role = "support"


def _background(spans: Sequence[Highlight]) -> str:
    colours = list(
        dict.fromkeys(
            CONFLICT_COLOUR[0]
            if s.role == "conflict"
            else claim_colour(s.claim)[0]
            if s.claim is not None
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
    cls = ["wb-hl"]
    if len(cover) > 1 and len(claims) > 1:
        cls.append("wb-multi")
    if len(roles) == 1 and "support" not in roles:
        cls.append(f"wb-{roles.pop()}")
    elif "conflict" in roles:
        cls.append("wb-conflict")
    attrs = f'class="{" ".join(cls)}"'
    if claims:
        attrs += f' data-claim="{" ".join(map(str, claims))}"'
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
