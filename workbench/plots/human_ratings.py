"""The human ratings by genre or difficulty: mean score per dimension, as a table and as a
heatmap with the mean written in each cell.
"""

from __future__ import annotations

from typing import Literal

import altair as alt
import polars as pl

from workbench.plots import theme
from workbench.plots.labels import labelled
from workbench.plots.theme import DIFFICULTY_ORDER, DIMENSION_LABELS, DIMENSION_ORDER, GENRE_ORDER


def rating_means(ratings: pl.DataFrame, by: Literal["genre", "difficulty"]) -> pl.DataFrame:
    """Mean score (0-2) and number of ratings per dimension x ``by``."""
    if by not in ("genre", "difficulty"):
        raise ValueError(f"by must be 'genre' or 'difficulty', got {by!r}")
    out = (
        ratings.group_by("dimension", by)
        .agg(mean_score=pl.col("score").mean(), ratings=pl.len())
        .sort(by, "dimension")
        .with_columns(
            dimension_label=pl.col("dimension").replace_strict(
                DIMENSION_LABELS, default=pl.col("dimension"), return_dtype=pl.String
            )
        )
    )
    return labelled(out)


def ratings_by(ratings: pl.DataFrame, by: Literal["genre", "difficulty"]) -> alt.LayerChart:
    """Mean human rating per dimension x genre (or difficulty), written in each cell."""
    theme.register()
    data = rating_means(ratings, by)
    col, order = (
        ("genre_label", GENRE_ORDER) if by == "genre" else ("difficulty_label", DIFFICULTY_ORDER)
    )
    base = alt.Chart(data)
    enc = {
        "x": alt.X(f"{col}:N", sort=order, title=by, axis=alt.Axis(labelAngle=0)),
        "y": alt.Y("dimension_label:N", sort=DIMENSION_ORDER, title="dimension"),
    }
    rect = base.mark_rect(stroke="white").encode(
        **enc,
        color=alt.Color(
            "mean_score:Q",
            scale=alt.Scale(domain=list(theme.SCORE_DOMAIN), scheme=theme.SCORE_SCHEME),
            title="mean score",
        ),
        tooltip=[
            "dimension:N",
            alt.Tooltip(f"{by}:N"),
            alt.Tooltip("mean_score:Q", format=".2f"),
            "ratings:Q",
        ],
    )
    text = base.mark_text(fontSize=13).encode(**enc, text=alt.Text("mean_score:Q", format=".2f"))
    return (rect + text).properties(
        width=170 * len(order),
        height=200,
        title=theme.title(
            f"Mean human rating (0-2) per dimension, by {by}",
            f"{int(data['ratings'].sum())} ratings; green = high, red = low",
        ),
    )


def ratings_by_genre(ratings: pl.DataFrame) -> alt.LayerChart:
    """Mean human rating per dimension, by genre."""
    return ratings_by(ratings, "genre")


def ratings_by_difficulty(ratings: pl.DataFrame) -> alt.LayerChart:
    """Mean human rating per dimension, by difficulty."""
    return ratings_by(ratings, "difficulty")
