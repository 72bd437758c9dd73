"""Charts of the grounding engine's measured quality (from ``workbench.grounding.measuring.evaluation``).

``grounding_quality_frame`` / ``grounding_quality_table`` / ``grounding_quality_chart``
set our engine beside the baselines (BM25, rapidfuzz); ``grounding_breakdown_frame`` /
``grounding_breakdown_chart`` break our figures down by genre, difficulty or claim kind.
Each takes the JSON-able result of ``evaluate`` (or a frame built from it).
``reliability_chart`` draws how well the calibrated probability is calibrated, from
``workbench.grounding.probability.calibration_metrics.reliability_table``.
"""

from __future__ import annotations

from typing import Any, Literal

import altair as alt
import polars as pl

from workbench.plots import theme

QUALITY_METRICS: tuple[str, ...] = ("recall_at_1", "recall_at_3", "mean_iou", "auc", "f1")
QUALITY_LABELS: dict[str, str] = {
    "recall_at_1": "recall@1",
    "recall_at_3": "recall@3",
    "mean_iou": "mean IoU",
    "auc": "AUC",
    "f1": "F1 (supported)",
}
OURS = "workbench"


def grounding_quality_frame(result: dict[str, Any]) -> pl.DataFrame:
    """Long frame (system, metric, value) of an ``evaluate`` result: ours and the baselines.

    Figures a system does not have (the baselines give no verdict, so no F1) are absent.
    """
    systems = {OURS: result, **result.get("baselines", {})}
    rows = [
        {"system": name, "metric": QUALITY_LABELS[m], "value": float(fig[m])}
        for name, fig in systems.items()
        for m in QUALITY_METRICS
        if fig.get(m) is not None
    ]
    return pl.DataFrame(
        rows, schema={"system": pl.String, "metric": pl.String, "value": pl.Float64}
    )


def grounding_quality_table(result: dict[str, Any]) -> pl.DataFrame:
    """One row per system, one column per figure (for reading, beside the chart)."""
    long = grounding_quality_frame(result)
    order = [QUALITY_LABELS[m] for m in QUALITY_METRICS]
    wide = long.pivot(on="metric", index="system", values="value")
    return wide.select("system", *[c for c in order if c in wide.columns])


def grounding_quality_chart(quality: pl.DataFrame, *, items: int | None = None) -> alt.Chart:
    """Grouped bars: each figure (recall@1, recall@3, IoU, AUC, F1), ours beside the baselines."""
    theme.register()
    order = [QUALITY_LABELS[m] for m in QUALITY_METRICS]
    systems = quality["system"].unique(maintain_order=True).to_list()
    sub = "higher is better; baselines: BM25 over sentences, rapidfuzz partial_ratio"
    if items is not None:
        sub = f"{items} items (gold claims and negatives built from them); " + sub
    return (
        alt.Chart(
            quality,
            title=theme.title("Grounding quality on the dataset's gold claims", sub),
        )
        .mark_bar()
        .encode(
            x=alt.X("metric:N", sort=order, title=None, axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("system:N", sort=systems),
            y=alt.Y("value:Q", scale=alt.Scale(domain=[0, 1]), title="value"),
            color=alt.Color(
                "system:N",
                sort=systems,
                scale=alt.Scale(domain=systems, range=["#0072B2", "#BBBBBB", "#777777"]),
                title="system",
            ),
            tooltip=["system:N", "metric:N", alt.Tooltip("value:Q", format=".3f")],
        )
        .properties(width=theme.WIDTH + 80, height=theme.HEIGHT)
    )


def grounding_breakdown_frame(
    result: dict[str, Any], by: Literal["genre", "difficulty", "kind"] = "genre"
) -> pl.DataFrame:
    """Long frame (group, metric, value) of our figures broken down by genre, difficulty or kind."""
    groups = result.get(f"by_{by}", {})
    rows = [
        {
            "group": str(g),
            "metric": QUALITY_LABELS[m],
            "value": float(fig[m]),
            "items": fig["items"],
        }
        for g, fig in groups.items()
        for m in QUALITY_METRICS
        if fig.get(m) is not None
    ]
    return pl.DataFrame(
        rows,
        schema={"group": pl.String, "metric": pl.String, "value": pl.Float64, "items": pl.Int64},
    )


def grounding_breakdown_chart(breakdown: pl.DataFrame, by: str = "genre") -> alt.LayerChart:
    """Our figures per genre (or difficulty, or claim kind) as a heatmap with the values written."""
    theme.register()
    order = [QUALITY_LABELS[m] for m in QUALITY_METRICS]
    base = alt.Chart(breakdown)
    enc = {
        "x": alt.X("metric:N", sort=order, title=None, axis=alt.Axis(labelAngle=0)),
        "y": alt.Y("group:N", title=by),
    }
    rect = base.mark_rect(stroke="white").encode(
        **enc,
        color=alt.Color(
            "value:Q", scale=alt.Scale(domain=[0, 1], scheme=theme.SCORE_SCHEME), title="value"
        ),
        tooltip=["group:N", "metric:N", alt.Tooltip("value:Q", format=".3f"), "items:Q"],
    )
    text = base.mark_text(fontSize=13).encode(**enc, text=alt.Text("value:Q", format=".2f"))
    return (rect + text).properties(
        width=theme.WIDTH,
        height=alt.Step(34),
        title=theme.title(f"Grounding quality by {by} (workbench engine)", "1 = perfect"),
    )


RELIABILITY_COLUMNS: tuple[str, ...] = (
    "bin",
    "lower",
    "upper",
    "n",
    "mean_probability",
    "share_supported",
)


def reliability_chart(
    table: pl.DataFrame,
    *,
    brier: float | None = None,
    brier_base_rate: float | None = None,
    ece: float | None = None,
) -> alt.LayerChart:
    """Reliability chart of the support probability: per bin of a ``reliability_table``, the
    mean probability (x) against the share of claims supported (y), point size = claims in
    the bin, the diagonal (perfect calibration) as reference; the figures, when given, in
    the subtitle."""
    theme.register()
    missing = [c for c in RELIABILITY_COLUMNS if c not in table.columns]
    if missing:
        raise ValueError(f"reliability table lacks column(s) {', '.join(missing)}")
    unit = alt.Scale(domain=[0, 1])
    ticks = alt.Axis(values=[0, 0.2, 0.4, 0.6, 0.8, 1.0], format=".1f")
    x = alt.X("mean_probability:Q", scale=unit, axis=ticks, title="mean probability in the bin")
    y = alt.Y("share_supported:Q", scale=unit, axis=ticks, title="share of claims supported")
    diagonal = (
        alt.Chart(pl.DataFrame({"mean_probability": [0.0, 1.0], "share_supported": [0.0, 1.0]}))
        .mark_line(color="#999999", strokeDash=[4, 4])
        .encode(x=x, y=y)
    )
    base = alt.Chart(table.select(RELIABILITY_COLUMNS)).encode(x=x, y=y)
    path = base.mark_line(color="#0072B2", strokeWidth=1, opacity=0.6).encode(
        order="mean_probability:Q"
    )
    points = base.mark_circle(color="#0072B2", opacity=0.85).encode(
        size=alt.Size("n:Q", scale=alt.Scale(range=[30, 600]), title="claims"),
        tooltip=[
            alt.Tooltip("lower:Q", title="bin from", format=".1f"),
            alt.Tooltip("upper:Q", title="bin to", format=".1f"),
            alt.Tooltip("n:Q", title="claims"),
            alt.Tooltip("mean_probability:Q", title="mean probability", format=".3f"),
            alt.Tooltip("share_supported:Q", title="share supported", format=".3f"),
        ],
    )
    figures = " · ".join(
        f"{name} {value:.3f}"
        for name, value in (("ECE", ece), ("Brier", brier), ("base-rate Brier", brier_base_rate))
        if value is not None
    )
    sub = [
        "on the dashed diagonal, a probability of 0.8 means 8 claims in 10 are supported",
        *([figures] if figures else []),
    ]
    return (diagonal + path + points).properties(
        width=theme.HEIGHT + 60,
        height=theme.HEIGHT + 60,
        title=theme.title("Is the support probability calibrated?", sub),
    )
