"""Distributions of what the dataset holds, by genre: claims per record, gold spans per
claim, source length, where the gold spans fall in the source and how long they are.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.plots import theme
from workbench.plots.labels import genre_color, labelled, number
from workbench.plots.theme import GENRE_ORDER


def _int_ticks(values: pl.Series, most: int = 6) -> list[int]:
    """Whole-number axis ticks from 0 to the largest value, at most about ``most`` of them."""
    top = int(number(values.max()))
    step = max(1, -(-top // most))
    return list(range(0, top + step, step))


def _means_subtitle(df: pl.DataFrame, field: str, what: str) -> str:
    means = df.group_by("genre").agg(pl.col(field).mean()).sort("genre")
    fmt = ".0f" if number(means[field].max()) >= 100 else ".1f"
    parts = [f"{g} {m:{fmt}}" for g, m in means.iter_rows()]
    return f"mean {what}: " + " · ".join(parts)


def _count_distribution(df: pl.DataFrame, field: str, what: str, title: str) -> alt.Chart:
    """Grouped bars: how many rows have each value of ``field``, one bar per genre."""
    theme.register()
    df = df.select("genre", field)
    counts = labelled(df.group_by("genre", field).agg(n=pl.len()).sort("genre", field))
    return (
        alt.Chart(counts, title=theme.title(title, _means_subtitle(df, field, what)))
        .mark_bar()
        .encode(
            x=alt.X(f"{field}:O", title=what, axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("genre_label:N", sort=GENRE_ORDER),
            y=alt.Y(
                "n:Q", title="count", axis=alt.Axis(format="d", values=_int_ticks(counts["n"]))
            ),
            color=genre_color(),
            tooltip=["genre:N", alt.Tooltip(f"{field}:O", title=what), "n:Q"],
        )
        .properties(width=theme.WIDTH, height=theme.HEIGHT)
    )


def claims_per_record(records: pl.DataFrame) -> alt.Chart:
    """How many claims each record's reference answer has, by genre."""
    title = "Claims per record, by genre"
    return _count_distribution(records, "n_claims", "claims per record", title)


def spans_per_claim(claims: pl.DataFrame) -> alt.Chart:
    """How many gold spans support each claim, by genre."""
    return _count_distribution(
        claims, "n_spans", "spans per claim", "Gold spans per claim, by genre"
    )


def source_length(records: pl.DataFrame) -> alt.LayerChart:
    """Source length in characters by genre: a box plot with every record as a tick."""
    theme.register()
    data = labelled(records.select("id", "genre", "difficulty", "source_len"))
    base = alt.Chart(data)
    y = alt.Y("genre_label:N", sort=GENRE_ORDER, title="genre")
    x = alt.X(
        "source_len:Q",
        title="source length (characters)",
        scale=alt.Scale(zero=False, nice=True),
        axis=alt.Axis(tickCount=6, labelFlush=False, labelOverlap=True),
    )
    box = base.mark_boxplot(extent="min-max", size=24, opacity=0.5).encode(
        x=x, y=y, color=genre_color()
    )
    ticks = base.mark_tick(color="black", thickness=1.5, size=22).encode(
        x=x, y=y, tooltip=["id:N", "difficulty:O", "source_len:Q"]
    )
    return (box + ticks).properties(
        width=theme.WIDTH,
        height=150,
        title=theme.title(
            "Source length (characters), by genre", _means_subtitle(data, "source_len", "length")
        ),
    )


def span_position(spans: pl.DataFrame, *, step: float = 0.1) -> alt.Chart:
    """Where in the source the gold spans fall: their midpoint as a share of the source."""
    theme.register()
    data = labelled(
        spans.select(
            "record_id",
            "genre",
            "claim_id",
            rel_mid=((pl.col("rel_start") + pl.col("rel_end")) / 2).clip(0.0, 1.0),
        )
    )
    return (
        alt.Chart(
            data,
            title=theme.title(
                "Where the gold spans fall in the source",
                f"{data.height} spans; position of each span's middle: 0 = start, 1 = end",
            ),
        )
        .mark_bar()
        .encode(
            x=alt.X(
                "rel_mid:Q",
                bin=alt.Bin(extent=[0, 1], step=step),
                title="relative position in the source",
                axis=alt.Axis(format=".0%"),
            ),
            y=alt.Y("count():Q", title="spans", stack="zero"),
            color=genre_color(),
            tooltip=["genre:N", alt.Tooltip("count():Q", title="spans")],
        )
        .properties(width=theme.WIDTH, height=theme.HEIGHT)
    )


def span_length(spans: pl.DataFrame, *, maxbins: int = 20) -> alt.Chart:
    """Gold span length in characters, stacked by genre."""
    theme.register()
    data = labelled(spans.select("record_id", "genre", "span_len"))
    median = number(data["span_len"].median())
    return (
        alt.Chart(
            data,
            title=theme.title(
                "Gold span length (characters)",
                f"{data.height} spans; median {median:.0f} characters",
            ),
        )
        .mark_bar()
        .encode(
            x=alt.X("span_len:Q", bin=alt.Bin(maxbins=maxbins), title="span length (characters)"),
            y=alt.Y("count():Q", title="spans", stack="zero"),
            color=genre_color(),
            tooltip=["genre:N", alt.Tooltip("count():Q", title="spans")],
        )
        .properties(width=theme.WIDTH, height=theme.HEIGHT)
    )
