"""Score charts: each takes a frame of mean figures (``ScoreResult.by_model`` / ``by_genre`` /
``by_difficulty``) or the judge counts, and returns an
Altair chart whose title says what it shows. Models always keep the same colours.

They live in ``scoring`` rather than ``plots`` because a scoring run's own HTML report
(``workbench.scoring.html_report``, written by ``score_file``) embeds them, and the
scoring package must not reach up into ``plots``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import altair as alt
import polars as pl

from workbench.data.schema import DIFFICULTY_MEANING
from workbench.scoring.compare import DIFFERENCE_METRICS
from workbench.scoring.judge import JUDGE_LABELS

WIDTH = 420
HEIGHT = 240
MODEL_SCHEME: Final = "tableau10"
JUDGE_COLORS = {
    "grounded": "#1b9e77",
    "incomplete": "#e6ab02",
    "hallucinated": "#b2182b",
    "irrelevant": "#7f7f7f",
}
METRIC_TITLES = {
    "supported_fraction": "Supported claims (share)",
    "f1_score": "F1 over words vs reference",
    "prefix_tolerant_f1": "Prefix-tolerant F1 (Hebrew)",
    "tlnls": "TLNLS (HeQ)",
    "precision_over_words": "Precision over words",
    "recall_over_words": "Recall over words",
    "exact_match_score": "Exact match",
    "quasi_exact_match_score": "Quasi-exact match",
    "reference_coverage": "Reference claims covered (share)",
    "factual_knowledge": "Fact included (exact)",
    "factual_knowledge_quasi_exact": "Fact included (quasi-exact)",
}
DEFAULT_METRICS: tuple[str, ...] = (
    "supported_fraction",
    "f1_score",
    "recall_over_words",
    "reference_coverage",
)


def _title(text: str, subtitle: str | None = None) -> alt.TitleParams:
    return alt.TitleParams(
        text=text, subtitle=subtitle or alt.Undefined, anchor="start", fontSize=14
    )


def _long(means: pl.DataFrame, keys: Sequence[str], metrics: Sequence[str]) -> pl.DataFrame:
    present = [m for m in metrics if m in means.columns]
    return (
        means.select(*keys, *present)
        .unpivot(index=list(keys), on=present, variable_name="metric", value_name="mean")
        .with_columns(
            pl.col("metric").replace_strict(METRIC_TITLES, default=pl.col("metric")).alias("title")
        )
    )


def model_comparison_chart(
    by_model: pl.DataFrame, metrics: Sequence[str] = DEFAULT_METRICS
) -> alt.Chart:
    """One small bar chart per metric, a bar per model (means over all its answers)."""
    data = _long(by_model, ["model"], metrics)
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("model:N", title=None, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("mean:Q", title="mean", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("model:N", scale=alt.Scale(scheme=MODEL_SCHEME)),
            column=alt.Column("title:N", title=None, sort=[METRIC_TITLES[m] for m in metrics]),
            tooltip=["model:N", "title:N", alt.Tooltip("mean:Q", format=".3f")],
        )
        .properties(width=110, height=HEIGHT, title=_title("Models compared", "mean per answer"))
    )


def metric_by_group_chart(
    means: pl.DataFrame, group: str, metric: str = "supported_fraction"
) -> alt.Chart:
    """Mean ``metric`` per ``group`` (``genre`` or ``difficulty``), one bar per model."""
    data = means.select("model", group, metric, "n")
    x_title = group
    if group == "difficulty":
        data = data.with_columns(
            pl.format(
                "{} ({})",
                pl.col("difficulty"),
                pl.col("difficulty").replace_strict(DIFFICULTY_MEANING, return_dtype=pl.String),
            ).alias("difficulty")
        )
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(f"{group}:N", title=x_title, axis=alt.Axis(labelAngle=0)),
            xOffset="model:N",
            y=alt.Y(f"{metric}:Q", title="mean", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("model:N", scale=alt.Scale(scheme=MODEL_SCHEME)),
            tooltip=["model:N", f"{group}:N", alt.Tooltip(f"{metric}:Q", format=".3f"), "n:Q"],
        )
        .properties(
            width=WIDTH,
            height=HEIGHT,
            title=_title(f"{METRIC_TITLES.get(metric, metric)} by {group}", "mean per answer"),
        )
    )


def judge_labels_chart(by_model: pl.DataFrame) -> alt.Chart:
    """Share of each judge label per model (stacked to 100%)."""
    cols = [f"judge_{lab}" for lab in JUDGE_LABELS if f"judge_{lab}" in by_model.columns]
    data = by_model.select("model", *cols).unpivot(
        index="model", on=cols, variable_name="label", value_name="count"
    )
    data = data.with_columns(pl.col("label").str.replace("^judge_", ""))
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=alt.Y("model:N", title=None),
            x=alt.X(
                "count:Q", stack="normalize", title="share of answers", axis=alt.Axis(format="%")
            ),
            color=alt.Color(
                "label:N",
                scale=alt.Scale(domain=list(JUDGE_COLORS), range=list(JUDGE_COLORS.values())),
                title="judge",
            ),
            order=alt.Order("label:N"),
            tooltip=["model:N", "label:N", "count:Q"],
        )
        .properties(width=WIDTH, height=30 * max(1, by_model.height), title=_title("Judge labels"))
    )


def difference_chart(
    comparison: pl.DataFrame, metrics: Sequence[str] = DIFFERENCE_METRICS, group: str = "all"
) -> alt.LayerChart:
    """Paired differences (model A - model B) with their bootstrap 95% intervals.

    ``comparison`` is ``workbench.scoring.compare.compare_models``'s frame; one row per
    (pair, metric) of the ``group`` scope (``"all"``: every record). An interval that
    crosses the zero line means the data cannot tell the two models apart on that score.
    """
    data = comparison.filter(
        pl.col("group") == group, pl.col("metric").is_in(list(metrics)), pl.col("n") > 0
    ).with_columns(
        pl.format("{} − {}", "model_a", "model_b").alias("pair"),
        pl.col("metric").replace_strict(METRIC_TITLES, default=pl.col("metric")).alias("title"),
    )
    base = alt.Chart(data).encode(
        y=alt.Y("title:N", title=None, sort=[METRIC_TITLES.get(m, m) for m in metrics]),
        yOffset="pair:N",
        color=alt.Color("pair:N", title="A − B", scale=alt.Scale(scheme=MODEL_SCHEME)),
    )
    rule = base.mark_rule(strokeWidth=2).encode(
        x=alt.X("lo:Q", title="difference (A − B), 95% interval"), x2="hi:Q"
    )
    point = base.mark_point(filled=True, size=60).encode(
        x="diff:Q",
        tooltip=[
            "pair:N",
            "title:N",
            "n:Q",
            alt.Tooltip("diff:Q", format="+.3f"),
            alt.Tooltip("lo:Q", format="+.3f"),
            alt.Tooltip("hi:Q", format="+.3f"),
            alt.Tooltip("p_value:Q", format=".3f"),
        ],
    )
    zero = alt.Chart(pl.DataFrame({"x": [0.0]})).mark_rule(color="#888").encode(x="x:Q")
    return alt.LayerChart(
        layer=[zero, rule, point],
        width=WIDTH,
        title=_title(
            "Paired differences between models",
            "mean over the records both answered; bar = bootstrap 95% interval",
        ),
    )
