"""Grounding-quality charts: the engine beside the baselines, and broken down by group."""

from __future__ import annotations

from typing import Any

import pytest
from chart_spec import enc as _enc
from chart_spec import mark as _mark
from chart_spec import svg as _svg
from chart_spec import title as _title

from workbench.grounding.probability.calibration_metrics import reliability_table
from workbench.plots import grounding as g

RESULT: dict[str, Any] = {
    "items": 10,
    "recall_at_1": 0.9,
    "recall_at_3": 1.0,
    "mean_iou": 0.5,
    "auc": 0.95,
    "f1": 0.8,
    "by_kind": {
        "gold claim": {"items": 5, "recall_at_1": 0.9, "mean_iou": 0.5, "auc": 0.95},
        "claim with a number altered": {"items": 5, "recall_at_1": None, "auc": 0.99},
    },
    "by_genre": {"dialogue": {"items": 10, "recall_at_1": 0.9, "f1": 0.8}},
    "baselines": {
        "bm25": {"recall_at_1": 0.8, "recall_at_3": 1.0, "mean_iou": 0.4, "auc": 0.7},
        "rapidfuzz": {"recall_at_1": 0.7, "recall_at_3": 0.9, "mean_iou": 0.3, "auc": 0.75},
    },
}


def test_grounding_quality_frame_and_table() -> None:
    long = g.grounding_quality_frame(RESULT)
    assert long.height == 5 + 4 + 4  # the baselines have no verdict, so no F1
    got = {(s, m): v for s, m, v in long.iter_rows()}
    assert got[("workbench", "recall@1")] == 0.9 and got[("bm25", "AUC")] == 0.7
    assert ("bm25", "F1 (supported)") not in got
    table = g.grounding_quality_table(RESULT)
    assert table.columns == ["system", "recall@1", "recall@3", "mean IoU", "AUC", "F1 (supported)"]
    assert table["system"].to_list() == ["workbench", "bm25", "rapidfuzz"]
    assert table.filter(table["system"] == "rapidfuzz")["F1 (supported)"].to_list() == [None]


def test_grounding_quality_charts() -> None:
    chart = g.grounding_quality_chart(g.grounding_quality_frame(RESULT), items=10)
    spec = chart.to_dict()
    assert _mark(spec) == "bar"
    assert _enc(spec, "x") == ("metric", "nominal")
    assert _enc(spec, "xOffset") == ("system", "nominal")
    assert _enc(spec, "y") == ("value", "quantitative")
    assert spec["encoding"]["y"]["scale"]["domain"] == [0, 1]
    assert spec["title"]["subtitle"].startswith("10 items")
    kinds = g.grounding_breakdown_frame(RESULT, "kind")
    assert {(g, m) for g, m, _, _ in kinds.iter_rows()} == {
        ("gold claim", "recall@1"),
        ("gold claim", "mean IoU"),
        ("gold claim", "AUC"),
        ("claim with a number altered", "AUC"),  # recall is undefined for negatives: left out
    }
    heat = g.grounding_breakdown_chart(kinds, "claim kind").to_dict()
    assert _mark(heat["layer"][0]) == "rect"
    assert _enc(heat["layer"][0], "y") == ("group", "nominal")
    assert _title(heat) == "Grounding quality by claim kind (workbench engine)"
    _svg(chart)
    _svg(g.grounding_breakdown_chart(g.grounding_breakdown_frame(RESULT, "genre")))


def test_reliability_chart() -> None:
    table = reliability_table([0.05, 0.12, 0.18, 0.85, 0.95], [0, 0, 1, 1, 1])
    chart = g.reliability_chart(table, brier=0.1, brier_base_rate=0.24, ece=0.08)
    spec = chart.to_dict()
    diagonal, path, points = spec["layer"]
    # the reference: a dashed line from (0, 0) to (1, 1)
    assert _mark(diagonal) == "line" and diagonal["mark"]["strokeDash"]
    assert spec["datasets"][diagonal["data"]["name"]] == [
        {"mean_probability": 0.0, "share_supported": 0.0},
        {"mean_probability": 1.0, "share_supported": 1.0},
    ]
    assert _mark(path) == "line"
    assert _mark(points) == "circle"
    assert _enc(points, "x") == ("mean_probability", "quantitative")
    assert _enc(points, "y") == ("share_supported", "quantitative")
    assert _enc(points, "size") == ("n", "quantitative")
    for part in (diagonal, points):
        assert part["encoding"]["x"]["scale"]["domain"] == [0, 1]
        assert part["encoding"]["y"]["scale"]["domain"] == [0, 1]
    tips = {t["field"] for t in points["encoding"]["tooltip"]}
    assert tips == {"lower", "upper", "n", "mean_probability", "share_supported"}
    rows = spec["datasets"][points["data"]["name"]]
    assert [(r["bin"], r["n"]) for r in rows] == [(0, 1), (1, 2), (8, 1), (9, 1)]
    assert _title(spec) == "Is the support probability calibrated?"
    assert spec["title"]["subtitle"][1] == "ECE 0.080 · Brier 0.100 · base-rate Brier 0.240"
    _svg(chart)
    # no figures given: the subtitle is the diagonal's meaning alone; an empty table draws
    bare = g.reliability_chart(reliability_table([], [])).to_dict()
    assert bare["title"]["subtitle"] == [
        "on the dashed diagonal, a probability of 0.8 means 8 claims in 10 are supported"
    ]
    _svg(g.reliability_chart(reliability_table([], [])))
    with pytest.raises(ValueError, match="share_supported"):
        g.reliability_chart(table.drop("share_supported"))
