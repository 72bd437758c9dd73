"""Breakdown charts of the dataset: what is in it, by genre and difficulty.

Each function takes the tidy frames of :mod:`workbench.data.frames` (or one of them) and
returns an Altair chart whose title says what it shows. The frames are aggregated here
with polars, so a chart carries only the few rows it draws. Genres, difficulties and
rating dimensions carry bilingual labels from :mod:`workbench.plots.theme`; Hebrew
text (questions) is drawn right-to-left.

Interactive charts (``records_explorer``, ``most_disagreed_chart``) link a chart to a
table drawn below it: click a cell or a bar and the table shows its records.

Slightly over 500 lines because the two linked chart-and-table builders are long
declarative Altair specs; they share this module's label and axis helpers.
"""

from __future__ import annotations

from typing import Literal

import altair as alt
import polars as pl

from workbench.data.frames import Frames
from workbench.data.schema import DIFFICULTIES, GENRES
from workbench.plots import theme
from workbench.plots.theme import (
    DIFFICULTY_LABELS,
    DIFFICULTY_ORDER,
    DIMENSION_LABELS,
    DIMENSION_ORDER,
    GENRE_LABELS,
    GENRE_ORDER,
)

AnyChart = alt.Chart | alt.LayerChart | alt.VConcatChart | alt.HConcatChart
QUESTION_WIDTH = 620
QUESTION_CHARS = 95
TABLE_ROW = 20


def _short_question() -> pl.Expr:
    """The question cut to ``QUESTION_CHARS`` characters (with …), so it fits one line."""
    q = pl.col("question")
    return (
        pl.when(q.str.len_chars() > QUESTION_CHARS)
        .then(q.str.slice(0, QUESTION_CHARS - 1) + "…")
        .otherwise(q)
        .alias("question")
    )


def _labelled(df: pl.DataFrame) -> pl.DataFrame:
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


def _genre_color(title: str = "genre") -> alt.Color:
    return alt.Color("genre_label:N", scale=theme.genre_color(), title=title)


def _number(value: object) -> float:
    """A polars aggregate (``max``, ``median``) as a float; 0 for an empty column."""
    return float(value) if isinstance(value, int | float) else 0.0


def _int_ticks(values: pl.Series, most: int = 6) -> list[int]:
    """Whole-number axis ticks from 0 to the largest value, at most about ``most`` of them."""
    top = int(_number(values.max()))
    step = max(1, -(-top // most))
    return list(range(0, top + step, step))


def _means_subtitle(df: pl.DataFrame, field: str, what: str) -> str:
    means = df.group_by("genre").agg(pl.col(field).mean()).sort("genre")
    fmt = ".0f" if _number(means[field].max()) >= 100 else ".1f"
    parts = [f"{g} {m:{fmt}}" for g, m in means.iter_rows()]
    return f"mean {what}: " + " · ".join(parts)


# --- what the dataset holds ------------------------------------------------------------


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
    return _labelled(out)


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
            alt.datum.records > _number(data["records"].max()) / 2,
            alt.value("white"),
            alt.value("black"),
        ),
    )
    return (rect + text).properties(
        width=480, height=180, title=theme.title("Records per genre and difficulty", f"{n} records")
    )


def _count_distribution(df: pl.DataFrame, field: str, what: str, title: str) -> alt.Chart:
    """Grouped bars: how many rows have each value of ``field``, one bar per genre."""
    theme.register()
    df = df.select("genre", field)
    counts = _labelled(df.group_by("genre", field).agg(n=pl.len()).sort("genre", field))
    return (
        alt.Chart(counts, title=theme.title(title, _means_subtitle(df, field, what)))
        .mark_bar()
        .encode(
            x=alt.X(f"{field}:O", title=what, axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("genre_label:N", sort=GENRE_ORDER),
            y=alt.Y(
                "n:Q", title="count", axis=alt.Axis(format="d", values=_int_ticks(counts["n"]))
            ),
            color=_genre_color(),
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
    data = _labelled(records.select("id", "genre", "difficulty", "source_len"))
    base = alt.Chart(data)
    y = alt.Y("genre_label:N", sort=GENRE_ORDER, title="genre")
    x = alt.X(
        "source_len:Q",
        title="source length (characters)",
        scale=alt.Scale(zero=False, nice=True),
        axis=alt.Axis(tickCount=6, labelFlush=False, labelOverlap=True),
    )
    box = base.mark_boxplot(extent="min-max", size=24, opacity=0.5).encode(
        x=x, y=y, color=_genre_color()
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
    data = _labelled(
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
            color=_genre_color(),
            tooltip=["genre:N", alt.Tooltip("count():Q", title="spans")],
        )
        .properties(width=theme.WIDTH, height=theme.HEIGHT)
    )


def span_length(spans: pl.DataFrame, *, maxbins: int = 20) -> alt.Chart:
    """Gold span length in characters, stacked by genre."""
    theme.register()
    data = _labelled(spans.select("record_id", "genre", "span_len"))
    median = _number(data["span_len"].median())
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
            color=_genre_color(),
            tooltip=["genre:N", alt.Tooltip("count():Q", title="spans")],
        )
        .properties(width=theme.WIDTH, height=theme.HEIGHT)
    )


# --- human ratings ---------------------------------------------------------------------


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
    return _labelled(out)


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


# --- disagreement ----------------------------------------------------------------------


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
    top = _labelled(
        disagreement(frames.ratings, frames.records).head(n).with_columns(_short_question())
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
            color=_genre_color(),
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
    scores = _labelled(
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


def records_explorer(records: pl.DataFrame, *, max_rows: int = 12) -> alt.VConcatChart:
    """Click a genre x difficulty cell to list its records (id and question) below it."""
    theme.register()
    counts = genre_difficulty_counts(records)
    rows = _labelled(records.select("id", "genre", "difficulty", _short_question(), "n_claims"))
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


def all_charts(frames: Frames) -> dict[str, AnyChart]:
    """Every breakdown chart of a dataset, by name (the order of notebook 03)."""
    return {
        "genre_difficulty": genre_difficulty_heatmap(frames.records),
        "records_explorer": records_explorer(frames.records),
        "claims_per_record": claims_per_record(frames.records),
        "spans_per_claim": spans_per_claim(frames.claims),
        "source_length": source_length(frames.records),
        "span_position": span_position(frames.spans),
        "span_length": span_length(frames.spans),
        "ratings_by_genre": ratings_by_genre(frames.ratings),
        "ratings_by_difficulty": ratings_by_difficulty(frames.ratings),
        "most_disagreed": most_disagreed_chart(frames),
    }
