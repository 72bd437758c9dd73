"""What the breakdown charts share: bilingual label columns, the genre colour, one-line
questions and the size of a table row.

The charts aggregate tidy frames with polars, then add ``genre_label`` /
``difficulty_label`` (English · Hebrew, from :mod:`workbench.plots.theme`) so every chart
names a category the same way and in the same order.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.plots import theme
from workbench.plots.theme import DIFFICULTY_LABELS, GENRE_LABELS

QUESTION_WIDTH = 620
QUESTION_CHARS = 95
TABLE_ROW = 20


def short_question() -> pl.Expr:
    """The question cut to ``QUESTION_CHARS`` characters (with …), so it fits one line."""
    q = pl.col("question")
    return (
        pl.when(q.str.len_chars() > QUESTION_CHARS)
        .then(q.str.slice(0, QUESTION_CHARS - 1) + "…")
        .otherwise(q)
        .alias("question")
    )


def labelled(df: pl.DataFrame) -> pl.DataFrame:
    """Add ``genre_label`` / ``difficulty_label`` (bilingual) where ``genre`` / ``difficulty`` exist."""
    if "genre" in df.columns:
        df = df.with_columns(
            genre_label=pl.col("genre").replace_strict(
                GENRE_LABELS, default=pl.col("genre"), return_dtype=pl.String
            )
        )
    if "difficulty" in df.columns:
        df = df.with_columns(
            difficulty_label=pl.col("difficulty").replace_strict(
                DIFFICULTY_LABELS,
                default=pl.col("difficulty").cast(pl.String),
                return_dtype=pl.String,
            )
        )
    return df


def genre_color(title: str = "genre") -> alt.Color:
    """Colour by genre (bilingual legend), the same colours in every chart."""
    return alt.Color("genre_label:N", scale=theme.genre_color(), title=title)


def number(value: object) -> float:
    """A polars aggregate (``max``, ``median``) as a float; 0 for an empty column."""
    return float(value) if isinstance(value, int | float) else 0.0
