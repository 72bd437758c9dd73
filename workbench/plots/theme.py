"""The one look shared by the workbench's charts: fonts, sizes, palettes and labels.

Every chart builder takes its colours and labels from here, so a genre has the same
colour and the same bilingual label in every chart, and Hebrew text uses a font that
has Hebrew glyphs. ``register()`` makes the theme Altair's active theme (the chart
builders call it, so a notebook does not have to); ``title()`` builds a chart title
with an optional subtitle in the house style.
"""

from __future__ import annotations

from typing import Final

import altair as alt

from workbench.data.schema import DIFFICULTIES, DIFFICULTY_MEANING, DIMENSIONS, GENRES

THEME_NAME = "workbench"
# Fonts with Hebrew glyphs first: the browser (and vl-convert) take the first one present.
FONT = "Arial, 'Noto Sans Hebrew', 'DejaVu Sans', sans-serif"
WIDTH = 420
HEIGHT = 240

GENRE_HE: dict[str, str] = {
    "dialogue": "דיאלוג",
    "encyclopedic": "אנציקלופדי",
    "journalistic": "עיתונאי",
}
DIFFICULTY_HE: dict[int, str] = {0: "שליפה", 1: "פשוטה", 2: "מורכבת"}
DIMENSION_HE: dict[str, str] = {
    "coherence": "קוהרנטיות",
    "relevance": "רלוונטיות",
    "completeness": "שלמות",
    "faithfulness": "נאמנות",
    "attribution": "ייחוס",
}
# Labels as shown on axes and legends: English first, Hebrew after, so a reader of
# either language finds the category (the Hebrew run renders right-to-left inside).
GENRE_LABELS: dict[str, str] = {g: f"{g} · {GENRE_HE[g]}" for g in GENRES}
DIFFICULTY_LABELS: dict[int, str] = {
    d: f"{d} {DIFFICULTY_MEANING[d]} · {DIFFICULTY_HE[d]}" for d in DIFFICULTIES
}
DIMENSION_LABELS: dict[str, str] = {d: f"{d} · {DIMENSION_HE[d]}" for d in DIMENSIONS}
GENRE_ORDER: list[str] = [GENRE_LABELS[g] for g in GENRES]
DIFFICULTY_ORDER: list[str] = [DIFFICULTY_LABELS[d] for d in DIFFICULTIES]
DIMENSION_ORDER: list[str] = [DIMENSION_LABELS[d] for d in DIMENSIONS]

# Colour-blind-safe categorical colours (Okabe-Ito), one per genre.
GENRE_COLORS: dict[str, str] = {
    "dialogue": "#0072B2",
    "encyclopedic": "#E69F00",
    "journalistic": "#009E73",
}
SEQUENTIAL_SCHEME: Final = "blues"
# One colour per annotator or per model: Vega's categorical palette.
CATEGORY_SCHEME: Final = "tableau10"
SCORE_DOMAIN = (0.0, 2.0)
SCORE_SCHEME: Final = "redyellowgreen"


def genre_color() -> alt.Scale:
    """The genre colour scale (on the bilingual genre labels)."""
    return alt.Scale(domain=GENRE_ORDER, range=[GENRE_COLORS[g] for g in GENRES])


def title(text: str, subtitle: str | list[str] | None = None) -> alt.TitleParams:
    """A left-anchored title with an optional grey subtitle (a list: one line each)."""
    return alt.TitleParams(
        text=text,
        subtitle=subtitle if subtitle else alt.Undefined,
        anchor="start",
        subtitleColor="#555555",
    )


def theme() -> alt.theme.ThemeConfig:
    """The theme's Vega-Lite config."""
    return alt.theme.ThemeConfig(
        config={
            "font": FONT,
            "view": {"continuousWidth": WIDTH, "continuousHeight": HEIGHT, "stroke": None},
            "title": {"fontSize": 15, "subtitleFontSize": 12, "font": FONT},
            "axis": {"labelFontSize": 12, "titleFontSize": 12, "labelLimit": 260},
            "legend": {"labelFontSize": 12, "titleFontSize": 12, "labelLimit": 260},
            "header": {"labelFontSize": 12, "titleFontSize": 12},
            "range": {"category": [GENRE_COLORS[g] for g in GENRES] + ["#CC79A7", "#56B4E9"]},
        }
    )


def register() -> None:
    """Register the theme and make it the active one (idempotent)."""
    if THEME_NAME not in alt.theme.names():
        alt.theme.register(THEME_NAME, enable=False)(theme)
    if alt.theme.active != THEME_NAME:
        alt.theme.enable(THEME_NAME)
