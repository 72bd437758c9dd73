"""The genre x difficulty grid of the dataset: records per cell as a heatmap, and the same
heatmap linked to a table (click a cell to list its records, questions right-to-left).
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.data.schema import DIFFICULTIES, GENRES
from workbench.plots import theme
from workbench.plots.labels import QUESTION_WIDTH, TABLE_ROW, labelled, number, short_question
from workbench.plots.theme import DIFFICULTY_ORDER, GENRE_ORDER


def genre_difficulty_counts(records: pl.DataFrame) -> pl.DataFrame:
    """Records per genre x difficulty, every cell present (0 where a cell is empty)."""
    grid = pl.DataFrame({"genre": list(GENRES)}).join(
        pl.DataFrame({"difficulty": list(DIFFICULTIES)}, schema={"difficulty": pl.Int64}),
        how="cross",
    )
    counts = records.group_by("genre", "difficulty").agg(records=pl.len())
    out = (
        grid.join(counts, on=["genre", "difficulty"], how="full", coalesce=True)
        .with_columns(pl.col("records").fill_null(0).cast(pl.Int64))
        .sort("genre", "difficulty")
    )
    return labelled(out)


def _cell_axes() -> dict[str, alt.X | alt.Y]:
    """x = difficulty, y = genre (bilingual labels, in order): a genre x difficulty grid."""
    return {
        "x": alt.X(
            "difficulty_label:N",
            sort=DIFFICULTY_ORDER,
            title="difficulty",
            axis=alt.Axis(labelAngle=0),
        ),
        "y": alt.Y("genre_label:N", sort=GENRE_ORDER, title="genre"),
    }


def _records_colour() -> alt.Color:
    return alt.Color("records:Q", scale=alt.Scale(scheme=theme.SEQUENTIAL_SCHEME), title="records")


def genre_difficulty_heatmap(records: pl.DataFrame) -> alt.LayerChart:
    """Records per genre x difficulty: a heatmap with the count written in each cell."""
    theme.register()
    data = genre_difficulty_counts(records)
    n = int(data["records"].sum())
    base = alt.Chart(data)
    enc = _cell_axes()
    rect = base.mark_rect(stroke="white").encode(
        **enc,
        color=_records_colour(),
        tooltip=["genre:N", "difficulty:O", "records:Q"],
    )
    text = base.mark_text(fontSize=14).encode(
        **enc,
        text=alt.Text("records:Q"),
        color=alt.condition(
            alt.datum.records > number(data["records"].max()) / 2,
            alt.value("white"),
            alt.value("black"),
        ),
    )
    return (rect + text).properties(
        width=480, height=180, title=theme.title("Records per genre and difficulty", f"{n} records")
    )


def records_explorer(records: pl.DataFrame, *, max_rows: int = 12) -> alt.VConcatChart:
    """Click a genre x difficulty cell to list its records (id and question) below it."""
    theme.register()
    counts = genre_difficulty_counts(records)
    rows = labelled(records.select("id", "genre", "difficulty", short_question(), "n_claims"))
    first = rows.row(0, named=True) if rows.height else None
    pick = alt.selection_point(
        fields=["genre_label", "difficulty_label"],
        value=[{"genre_label": first["genre_label"], "difficulty_label": first["difficulty_label"]}]
        if first
        else alt.Undefined,
    )
    enc = _cell_axes()
    base = alt.Chart(counts)
    rect = (
        base.mark_rect()
        .encode(
            **enc,
            color=_records_colour(),
            stroke=alt.condition(pick, alt.value("black"), alt.value("white")),
            strokeWidth=alt.condition(pick, alt.value(3), alt.value(1)),
            tooltip=["genre:N", "difficulty:O", "records:Q"],
        )
        .add_params(pick)
    )
    heat = (rect + base.mark_text(fontSize=14).encode(**enc, text="records:Q")).properties(
        width=480,
        height=180,
        title=theme.title("Records per genre and difficulty", "click a cell to list its records"),
    )
    table = (
        alt.Chart(rows)
        .transform_filter(pick)
        .transform_window(row="row_number()", sort=[alt.SortField("id")])
        .transform_filter(alt.datum.row <= max_rows)
    )
    row_y = alt.Y("row:O", axis=None)
    ids = (
        table.mark_text(align="left", fontSize=12)
        .encode(y=row_y, x=alt.value(0), text="id:N")
        .properties(width=90, height=alt.Step(TABLE_ROW), title="id")
    )
    questions = (
        table.mark_text(align="right", dir="rtl", fontSize=13)
        .encode(y=row_y, x=alt.value(QUESTION_WIDTH), text="question:N")
        .properties(width=QUESTION_WIDTH, height=alt.Step(TABLE_ROW), title="question")
    )
    return alt.vconcat(heat, alt.hconcat(ids, questions)).resolve_scale(color="independent")
