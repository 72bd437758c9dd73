"""Where annotators disagree: per record, how far apart their scores are, and the records
they disagree on most as bars linked to each annotator's scores and the question.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.data.frames import Frames
from workbench.plots import theme
from workbench.plots.labels import (
    QUESTION_WIDTH,
    TABLE_ROW,
    genre_color,
    labelled,
    short_question,
)
from workbench.plots.theme import DIMENSION_LABELS, DIMENSION_ORDER


def disagreement(ratings: pl.DataFrame, records: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per record: how far apart its annotators' scores are, most disagreed first.

    ``mean_gap`` is the mean absolute difference between two annotators' scores on the
    same dimension, over all annotator pairs and dimensions (0 = everyone agrees on
    everything; 2 = every pair is 0 against 2). ``split_dimensions`` counts the
    dimensions whose scores are not unanimous. With ``records`` the genre, difficulty
    and question are joined in.
    """
    pairs = (
        ratings.select("record_id", "dimension", "annotator", "score")
        .join(
            ratings.select("record_id", "dimension", "annotator", "score"),
            on=["record_id", "dimension"],
            suffix="_b",
        )
        .filter(pl.col("annotator") < pl.col("annotator_b"))
        .group_by("record_id", "dimension")
        .agg(gap=(pl.col("score") - pl.col("score_b")).abs().mean())
    )
    split = ratings.group_by("record_id", "dimension").agg(
        split=pl.col("score").n_unique() > 1, annotators=pl.col("annotator").n_unique()
    )
    per_record = (
        split.join(pairs, on=["record_id", "dimension"], how="left")
        .group_by("record_id")
        .agg(
            mean_gap=pl.col("gap").mean().fill_null(0.0),
            split_dimensions=pl.col("split").sum().cast(pl.Int64),
            annotators=pl.col("annotators").max(),
        )
        .sort(["mean_gap", "split_dimensions", "record_id"], descending=[True, True, False])
    )
    if records is not None:
        per_record = per_record.join(
            records.select(pl.col("id").alias("record_id"), "genre", "difficulty", "question"),
            on="record_id",
            how="left",
            maintain_order="left",
        )
    return per_record


def most_disagreed_chart(frames: Frames, n: int = 10) -> alt.VConcatChart:
    """The ``n`` records whose annotators disagree most; click a bar to see its scores.

    Top: one bar per record (mean gap between two annotators). Below, linked to the
    clicked bar (the first record until you click): each annotator's score on each
    dimension, and the record's question, right-to-left.
    """
    theme.register()
    top = labelled(
        disagreement(frames.ratings, frames.records).head(n).with_columns(short_question())
    )
    ids = top["record_id"].to_list()
    pick = alt.selection_point(
        fields=["record_id"], value=ids[:1] and [{"record_id": ids[0]}] or alt.Undefined
    )
    bars = (
        alt.Chart(
            top,
            title=theme.title(
                f"The {len(ids)} records whose annotators disagree most",
                "bar: mean gap between two annotators' scores (0-2); click a bar to read it",
            ),
        )
        .mark_bar()
        .encode(
            y=alt.Y("record_id:N", sort=ids, title="record"),
            x=alt.X(
                "mean_gap:Q", title="mean gap between annotators", scale=alt.Scale(domain=[0, 2])
            ),
            color=genre_color(),
            opacity=alt.condition(pick, alt.value(1.0), alt.value(0.35)),
            tooltip=[
                "record_id:N",
                "genre:N",
                "difficulty:O",
                alt.Tooltip("mean_gap:Q", format=".2f"),
                "split_dimensions:Q",
            ],
        )
        .add_params(pick)
        .properties(width=theme.WIDTH, height=TABLE_ROW * max(len(ids), 1))
    )
    scores = labelled(
        frames.ratings.filter(pl.col("record_id").is_in(ids)).with_columns(
            dimension_label=pl.col("dimension").replace_strict(
                DIMENSION_LABELS, default=pl.col("dimension"), return_dtype=pl.String
            )
        )
    )
    base = alt.Chart(scores).transform_filter(pick)
    enc = {
        "x": alt.X(
            "dimension_label:N",
            sort=DIMENSION_ORDER,
            title="dimension",
            axis=alt.Axis(labelAngle=0),
        ),
        "y": alt.Y("annotator:N", title="annotator"),
    }
    grid = (
        base.mark_rect(stroke="white").encode(
            **enc,
            color=alt.Color(
                "score:Q",
                scale=alt.Scale(domain=list(theme.SCORE_DOMAIN), scheme=theme.SCORE_SCHEME),
                title="score",
            ),
        )
        + base.mark_text(fontSize=13).encode(**enc, text="score:Q")
    ).properties(width=650, height=110, title="Scores of the selected record")
    question = (
        alt.Chart(top)
        .transform_filter(pick)
        .mark_text(align="right", dir="rtl", fontSize=14)
        .encode(x=alt.value(QUESTION_WIDTH), y=alt.value(10), text="question:N")
        .properties(width=QUESTION_WIDTH, height=24, title="Question of the selected record")
    )
    return alt.vconcat(bars, grid, question).resolve_scale(color="independent")
