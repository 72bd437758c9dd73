"""Agreement charts: each function takes a tidy frame from :mod:`workbench.agreement.tables` (or the
long ratings frame) and returns an Altair chart whose title says what it shows.

One theme for all of them: the same fonts and sizes, annotators always in the same
categorical palette, reliability labels always in the same three colours, and Krippendorff's
0.667 / 0.800 thresholds drawn as the same dashed rules.
"""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import polars as pl

from workbench.agreement.alpha import RELIABLE, TENTATIVE
from workbench.agreement.ratings import POOLED
from workbench.data.schema import DIMENSIONS, SCORE_VALUES
from workbench.plots.theme import CATEGORY_SCHEME, WIDTH

# ---- theme ---------------------------------------------------------------------------
HEIGHT = 260  # a little taller than the theme's: the interval labels need room
FACET_WIDTH = 150
LABEL_COLORS = {
    "reliable": "#1b9e77",
    "tentative": "#d95f02",
    "unreliable": "#b2182b",
    "undefined": "#999999",
}
COEFFICIENT_COLORS = {
    "alpha_ordinal": "#4c78a8",
    "alpha_nominal": "#9ecae9",
    "alpha_interval": "#72b7b2",
    "fleiss_kappa": "#b279a2",
    "gwet_ac1": "#f58518",
    "gwet_ac2_ordinal": "#e45756",
    "percent_agreement": "#54a24b",
}
COEFFICIENT_TITLES = {
    "alpha_ordinal": "Krippendorff's alpha (ordinal)",
    "alpha_nominal": "Krippendorff's alpha (nominal)",
    "alpha_interval": "Krippendorff's alpha (interval)",
    "fleiss_kappa": "Fleiss' kappa",
    "gwet_ac1": "Gwet's AC1",
    "gwet_ac2_ordinal": "Gwet's AC2 (ordinal weights)",
    "percent_agreement": "Percent agreement",
}
SCOPE_ORDER: list[str] = [POOLED, *DIMENSIONS]


def _title(text: str, subtitle: str | None = None) -> alt.TitleParams:
    return alt.TitleParams(
        text=text,
        subtitle=subtitle or alt.Undefined,
        anchor="start",
        fontSize=14,
        subtitleColor="#555555",
    )


def _scope_axis(title: str = "") -> alt.X:
    return alt.X("scope:N", sort=SCOPE_ORDER, title=title, axis=alt.Axis(labelAngle=-30))


def _thresholds(y_field: str = "alpha") -> alt.Chart:
    """Dashed horizontal rules at Krippendorff's 0.667 and 0.800."""
    data = pl.DataFrame(
        {
            y_field: [TENTATIVE, RELIABLE],
            "threshold": [f"tentative ≥ {TENTATIVE:.3f}", f"reliable ≥ {RELIABLE:.3f}"],
        }
    )
    return (
        alt.Chart(data)
        .mark_rule(strokeDash=[5, 4], color="#444444", opacity=0.7)
        .encode(y=alt.Y(f"{y_field}:Q"), tooltip=[alt.Tooltip("threshold:N")])
    )


def _label_color() -> alt.Color:
    return alt.Color(
        "label:N",
        title="Krippendorff's guideline",
        scale=alt.Scale(domain=list(LABEL_COLORS), range=list(LABEL_COLORS.values())),
    )


# ---- charts --------------------------------------------------------------------------


def score_distribution_chart(ratings: pl.DataFrame) -> alt.Chart:
    """Bars of how often each annotator gave each score, one panel per dimension.

    Counts are computed with polars (zero-filled), so the spec carries 5 x A x 3 rows, not
    every rating.
    """
    annotators = ratings.select(pl.col("annotator").unique().sort())
    grid = (
        pl.DataFrame({"dimension": list(DIMENSIONS)})
        .join(annotators, how="cross")
        .join(pl.DataFrame({"score": list(SCORE_VALUES)}, schema={"score": pl.Int64}), how="cross")
    )
    counts = (
        grid.join(
            ratings.group_by("dimension", "annotator", "score").len("count"),
            on=["dimension", "annotator", "score"],
            how="left",
        )
        .with_columns(pl.col("count").fill_null(0).cast(pl.Int64))
        .sort("dimension", "annotator", "score")
    )
    return (
        alt.Chart(
            counts,
            title=_title(
                "How each annotator used the 0-2 scale, by dimension",
                "Number of ratings per score; most scores are the maximum (2)",
            ),
        )
        .mark_bar()
        .encode(
            x=alt.X("score:O", title="score", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("annotator:N"),
            y=alt.Y("count:Q", title="ratings"),
            color=alt.Color("annotator:N", scale=alt.Scale(scheme=CATEGORY_SCHEME)),
            column=alt.Column("dimension:N", sort=list(DIMENSIONS), title=None),
            tooltip=["dimension:N", "annotator:N", "score:O", "count:Q"],
        )
        .properties(width=FACET_WIDTH, height=HEIGHT * 0.7)
    )


def alpha_interval_chart(alpha_table: pl.DataFrame, level: str = "ordinal") -> alt.LayerChart:
    """Alpha per scope (pooled and each dimension) with its bootstrap interval, against the
    0.667 / 0.800 thresholds, coloured by Krippendorff's guideline label.

    Takes :func:`workbench.agreement.tables.alpha_table`; undefined alphas are listed in the
    subtitle rather than drawn at a made-up value.
    """
    data = alpha_table.filter(pl.col("level") == level)
    undefined = data.filter(pl.col("alpha").is_null())["scope"].to_list()
    subtitle = "Points: alpha; bars: 95% percentile bootstrap interval over records; dashed: 0.667 and 0.800"
    if undefined:
        subtitle += f"; undefined (no variation): {', '.join(undefined)}"
    base = alt.Chart(data)
    bars = base.mark_rule(strokeWidth=2, color="#666666").encode(
        x=_scope_axis(), y=alt.Y("lo:Q"), y2=alt.Y2("hi:Q")
    )
    points = base.mark_point(filled=True, size=90).encode(
        x=_scope_axis(),
        y=alt.Y("alpha:Q", title=f"Krippendorff's alpha ({level})", scale=alt.Scale(domainMax=1.0)),
        color=_label_color(),
        tooltip=[
            "scope:N",
            alt.Tooltip("alpha:Q", format=".3f"),
            alt.Tooltip("lo:Q", format=".3f"),
            alt.Tooltip("hi:Q", format=".3f"),
            "label:N",
            "n_units:Q",
            alt.Tooltip("n_undefined:Q", title="resamples with alpha 0/0"),
        ],
    )
    return alt.LayerChart(layer=[_thresholds("alpha"), bars, points]).properties(
        title=_title(f"Krippendorff's alpha ({level}) per dimension, with 95% interval", subtitle),
        width=WIDTH,
        height=HEIGHT,
    )


def coefficients_chart(
    coefficient_table: pl.DataFrame,
    coefficients: Sequence[str] = (
        "alpha_ordinal",
        "fleiss_kappa",
        "gwet_ac1",
        "gwet_ac2_ordinal",
        "percent_agreement",
    ),
) -> alt.Chart:
    """Chance-corrected coefficients side by side per scope: alpha and kappa collapse on the
    skewed scale while AC1/AC2 and raw agreement stay high (the prevalence paradox).

    Takes :func:`workbench.agreement.tables.coefficient_table`.
    """
    data = coefficient_table.filter(pl.col("coefficient").is_in(list(coefficients))).with_columns(
        name=pl.col("coefficient").replace_strict(COEFFICIENT_TITLES, default=pl.col("coefficient"))
    )
    names = [COEFFICIENT_TITLES.get(c, c) for c in coefficients]
    colors = [COEFFICIENT_COLORS.get(c, "#888888") for c in coefficients]
    return (
        alt.Chart(
            data,
            title=_title(
                "Alpha and kappa beside Gwet's AC1/AC2 and raw agreement, per dimension",
                "Same ratings, different chance models: AC1/AC2 stay high when most scores are 2",
            ),
        )
        .mark_bar()
        .encode(
            x=_scope_axis(),
            xOffset=alt.XOffset("name:N", sort=names),
            y=alt.Y("value:Q", title="coefficient", scale=alt.Scale(domainMax=1.0)),
            color=alt.Color(
                "name:N",
                title="coefficient",
                sort=names,
                scale=alt.Scale(domain=names, range=colors),
            ),
            tooltip=["scope:N", "name:N", alt.Tooltip("value:Q", format=".3f"), "reason:N"],
        )
        .properties(width=WIDTH + 120, height=HEIGHT)
    )


def pairwise_heatmap(
    pairwise_table: pl.DataFrame, scopes: Sequence[str] | None = None
) -> alt.Chart:
    """Annotator x annotator share of co-rated units with identical scores, one panel per scope.

    Takes :func:`workbench.agreement.tables.pairwise_table`; the diagonal (an annotator with
    themself) is left out so the colour scale shows only the informative cells.
    """
    data = pairwise_table.filter(pl.col("annotator_a") != pl.col("annotator_b"))
    if scopes is not None:
        data = data.filter(pl.col("scope").is_in(list(scopes)))
    order = [s for s in SCOPE_ORDER if scopes is None or s in scopes]
    return (
        alt.Chart(
            data,
            title=_title(
                "How often each pair of annotators gave the same score",
                "Share of units both rated with identical scores (raw, not chance-corrected)",
            ),
        )
        .mark_rect()
        .encode(
            x=alt.X("annotator_b:N", title=None),
            y=alt.Y("annotator_a:N", title=None),
            color=alt.Color(
                "agreement:Q",
                title="agreement",
                scale=alt.Scale(scheme="blues", domain=[0, 1]),
            ),
            facet=alt.Facet("scope:N", sort=order, columns=3, title=None),
            tooltip=[
                "scope:N",
                "annotator_a:N",
                "annotator_b:N",
                alt.Tooltip("agreement:Q", format=".3f"),
                "n_shared:Q",
            ],
        )
        .properties(width=FACET_WIDTH, height=FACET_WIDTH)
    )


def agreement_by_chart(by_table: pl.DataFrame, by: str) -> alt.Chart:
    """Ordinal alpha beside AC1 within each group of ``by`` (genre, difficulty), per scope.

    Takes :func:`workbench.agreement.tables.agreement_by`; the two rows of panels show whether a
    group's low alpha comes with high raw agreement (skew) or with real disagreement.
    """
    return (
        alt.Chart(
            by_table,
            title=_title(
                f"Agreement by {by}: Krippendorff's alpha (ordinal) and Gwet's AC1",
                f"One bar per {by} value; a missing alpha bar means alpha is undefined there "
                "(no variation); groups are small, so read differences with care",
            ),
        )
        .transform_fold(["alpha_ordinal", "gwet_ac1"], as_=["measure", "value"])
        .mark_bar()
        .encode(
            x=_scope_axis(),
            xOffset=alt.XOffset("group:N"),
            y=alt.Y("value:Q", title="coefficient", scale=alt.Scale(domainMax=1.0)),
            color=alt.Color("group:N", title=by, scale=alt.Scale(scheme="set2")),
            row=alt.Row("measure:N", title=None, sort=["alpha_ordinal", "gwet_ac1"]),
            tooltip=[
                "group:N",
                "scope:N",
                "measure:N",
                alt.Tooltip("value:Q", format=".3f"),
                "n_records:Q",
            ],
        )
        .properties(width=WIDTH, height=HEIGHT * 0.6)
    )
