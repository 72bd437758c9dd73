"""Grounding-quality charts: the engine beside the baselines, and broken down by group."""

from __future__ import annotations

from typing import Any

from chart_spec import enc as _enc
from chart_spec import mark as _mark
from chart_spec import svg as _svg
from chart_spec import title as _title

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
