"""Reading Altair specs in chart tests: a part's mark, an encoding's field, the title; SVG."""

from __future__ import annotations

from typing import Any

import altair as alt
import vl_convert as vlc


def enc(part: dict[str, Any], channel: str) -> tuple[str, str]:
    """(field or aggregate, type) of ``channel`` in a (sub)chart's encoding."""
    e = part["encoding"][channel]
    return e.get("field") or e.get("aggregate"), e["type"]


def mark(part: dict[str, Any]) -> str:
    """The mark type of a (sub)chart."""
    return part["mark"]["type"] if isinstance(part["mark"], dict) else part["mark"]


def title(spec: dict[str, Any]) -> str:
    """The title text of a chart."""
    t = spec["title"]
    return t if isinstance(t, str) else t["text"]


def svg(chart: alt.TopLevelMixin) -> str:
    """The chart rendered by vl-convert, checked to be a whole SVG document."""
    out = vlc.vegalite_to_svg(chart.to_dict())
    assert out.startswith("<svg") and out.rstrip().endswith("</svg>")
    return out
