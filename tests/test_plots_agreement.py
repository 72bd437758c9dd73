"""Agreement charts, tested on their Vega-Lite spec (marks, encodings, field types, data)."""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl
import pytest

from workbench.agreement.alpha import RELIABLE, TENTATIVE
from workbench.agreement.tables import agreement_by, alpha_table, coefficient_table, pairwise_table
from workbench.data.schema import DIMENSIONS
from workbench.plots import agreement as P


@pytest.fixture
def ratings() -> pl.DataFrame:
    """3 annotators x 4 records; annotator c skips r4. Genre x for r1-r2, y for r3-r4."""
    scores = {
        "r1": {"a": [2, 2, 2, 2, 2], "b": [2, 2, 2, 2, 2], "c": [2, 2, 1, 2, 2]},
        "r2": {"a": [2, 1, 0, 2, 2], "b": [2, 1, 1, 2, 2], "c": [2, 1, 0, 2, 2]},
        "r3": {"a": [1, 2, 2, 0, 1], "b": [1, 2, 2, 0, 2], "c": [1, 2, 2, 0, 1]},
        "r4": {"a": [0, 2, 2, 2, 1], "b": [2, 2, 2, 1, 1]},
    }
    rows = [
        {
            "record_id": r,
            "genre": "x" if r in ("r1", "r2") else "y",
            "annotator": a,
            "dimension": d,
            "score": s,
        }
        for r, by_ann in scores.items()
        for a, vals in by_ann.items()
        for d, s in zip(DIMENSIONS, vals, strict=True)
    ]
    return pl.DataFrame(rows)


def data_of(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a spec's top-level inline dataset."""
    (rows,) = [v for k, v in spec["datasets"].items() if k == spec["data"]["name"]]
    return rows


def enc(spec: dict[str, Any], channel: str) -> tuple[str | None, str | None]:
    e = spec["encoding"][channel]
    return e.get("field"), e.get("type")


def test_score_distribution(ratings: pl.DataFrame) -> None:
    chart = P.score_distribution_chart(ratings)
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict()
    assert spec["mark"]["type"] == "bar"
    assert enc(spec, "x") == ("score", "ordinal")
    assert enc(spec, "xOffset") == ("annotator", "nominal")
    assert enc(spec, "y") == ("count", "quantitative")
    assert enc(spec, "color") == ("annotator", "nominal")
    assert enc(spec, "column") == ("dimension", "nominal")
    assert spec["encoding"]["column"]["sort"] == list(DIMENSIONS)
    assert "scale" in spec["title"]["text"] and "dimension" in spec["title"]["text"]
    rows = data_of(spec)
    assert len(rows) == 5 * 3 * 3  # dimensions x annotators x scores, zero-filled
    by_key = {(r["dimension"], r["annotator"], r["score"]): r["count"] for r in rows}
    assert by_key[("completeness", "a", 0)] == 1  # r2
    assert by_key[("completeness", "c", 1)] == 1  # r1
    assert by_key[("coherence", "c", 0)] == 0  # c skipped r4
    assert sum(by_key.values()) == ratings.height


def test_alpha_interval_chart(ratings: pl.DataFrame) -> None:
    table = alpha_table(ratings, bootstrap=100, seed=0)
    chart = P.alpha_interval_chart(table)
    assert isinstance(chart, alt.LayerChart)
    spec = chart.to_dict()
    thresholds, bars, points = spec["layer"]
    assert thresholds["mark"]["type"] == "rule"
    threshold_rows = spec["datasets"][thresholds["data"]["name"]]
    assert sorted(r["alpha"] for r in threshold_rows) == [TENTATIVE, RELIABLE]
    assert bars["mark"]["type"] == "rule"
    assert enc(bars, "y") == ("lo", "quantitative") and bars["encoding"]["y2"]["field"] == "hi"
    assert points["mark"]["type"] == "point"
    assert enc(points, "x") == ("scope", "nominal")
    assert points["encoding"]["x"]["sort"] == ["pooled", *DIMENSIONS]
    assert enc(points, "y") == ("alpha", "quantitative")
    assert enc(points, "color") == ("label", "nominal")
    assert points["encoding"]["color"]["scale"]["domain"] == list(P.LABEL_COLORS)
    assert "alpha" in spec["title"]["text"] and "interval" in spec["title"]["text"]
    assert len(spec["datasets"][spec["layer"][2]["data"]["name"]]) == 6


def test_alpha_chart_names_undefined_scopes() -> None:
    # every rating of faithfulness is 2 -> alpha undefined there
    rows = [
        {
            "record_id": f"r{i}",
            "annotator": a,
            "dimension": d,
            "score": 2 if d == "faithfulness" else (i + j) % 3,
        }
        for i in range(4)
        for j, a in enumerate("ab")
        for d in DIMENSIONS
    ]
    spec = P.alpha_interval_chart(alpha_table(pl.DataFrame(rows))).to_dict()
    assert "faithfulness" in spec["title"]["subtitle"]


def test_coefficients_chart(ratings: pl.DataFrame) -> None:
    chart = P.coefficients_chart(coefficient_table(ratings))
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict()
    assert spec["mark"]["type"] == "bar"
    assert enc(spec, "x") == ("scope", "nominal")
    assert enc(spec, "xOffset") == ("name", "nominal")
    assert enc(spec, "y") == ("value", "quantitative")
    assert enc(spec, "color") == ("name", "nominal")
    names = {r["name"] for r in data_of(spec)}
    assert names == {
        "Krippendorff's alpha (ordinal)",
        "Fleiss' kappa",
        "Gwet's AC1",
        "Gwet's AC2 (ordinal weights)",
        "Percent agreement",
    }
    assert len(data_of(spec)) == 6 * 5
    assert "AC1" in spec["title"]["text"]


def test_pairwise_heatmap(ratings: pl.DataFrame) -> None:
    chart = P.pairwise_heatmap(pairwise_table(ratings))
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict()
    assert spec["mark"]["type"] == "rect"
    assert enc(spec, "x") == ("annotator_b", "nominal")
    assert enc(spec, "y") == ("annotator_a", "nominal")
    assert enc(spec, "color") == ("agreement", "quantitative")
    assert spec["encoding"]["color"]["scale"]["domain"] == [0, 1]
    assert enc(spec, "facet") == ("scope", "nominal")
    rows = data_of(spec)
    assert len(rows) == 6 * 3 * 2  # scopes x ordered pairs without the diagonal
    coh = {
        (r["annotator_a"], r["annotator_b"]): r["agreement"]
        for r in rows
        if r["scope"] == "coherence"
    }
    assert coh[("a", "b")] == 0.75  # differ on r4 only
    assert coh[("a", "c")] == 1.0  # c did not rate r4
    only = P.pairwise_heatmap(pairwise_table(ratings), scopes=["completeness"]).to_dict()
    assert {r["scope"] for r in data_of(only)} == {"completeness"}


def test_agreement_by_chart(ratings: pl.DataFrame) -> None:
    chart = P.agreement_by_chart(agreement_by(ratings, "genre"), "genre")
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict()
    assert spec["mark"]["type"] == "bar"
    assert spec["transform"] == [
        {"fold": ["alpha_ordinal", "gwet_ac1"], "as": ["measure", "value"]}
    ]
    assert enc(spec, "x") == ("scope", "nominal")
    assert enc(spec, "xOffset") == ("group", "nominal")
    assert enc(spec, "y") == ("value", "quantitative")
    assert enc(spec, "row") == ("measure", "nominal")
    assert "genre" in spec["title"]["text"]
    assert {r["group"] for r in data_of(spec)} == {"x", "y"}
