"""Breakdown charts: each spec checked via ``to_dict()`` and rendered to SVG with vl-convert.

Expected values are counted by hand from the three fixture records of ``conftest.py``:
r1 (encyclopedic, difficulty 0, 1 claim, 3 annotators), r2 (dialogue, 2, 2 claims with
1 and 2 spans, 4 annotators, all 2s) and r3 (encyclopedic, 1, 1 claim, 2 annotators).
"""

from __future__ import annotations

from typing import Any

import altair as alt
import pytest
from chart_spec import enc as _enc
from chart_spec import mark as _mark
from chart_spec import svg as _svg
from chart_spec import title as _title

from workbench.data.dataset import DEMO_PATH, load_dataset
from workbench.data.frames import Frames, build_frames
from workbench.plots import breakdowns as b
from workbench.plots import theme


@pytest.fixture
def frames(records: list[dict[str, Any]]) -> Frames:
    """Frames of the three fixture records (the ``records`` fixture of ``conftest.py``)."""
    return build_frames(records)


def _sources(records: list[dict[str, Any]]) -> tuple[str, str]:
    """SOURCE_A (r1 and r3) and SOURCE_B (r2) of the fixture."""
    return records[0]["source_text"], records[1]["source_text"]


def _values(part: dict[str, Any], spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The inline data rows of a (sub)chart of ``spec``."""
    return spec["datasets"][part["data"]["name"]]


def test_genre_difficulty_heatmap(frames: Frames) -> None:
    spec = b.genre_difficulty_heatmap(frames.records).to_dict()
    rect, text = spec["layer"]
    assert _mark(rect) == "rect" and _mark(text) == "text"
    assert _enc(rect, "x") == ("difficulty_label", "nominal")
    assert _enc(rect, "y") == ("genre_label", "nominal")
    assert _enc(rect, "color") == ("records", "quantitative")
    assert _enc(text, "text") == ("records", "quantitative")
    counts = {(r["genre"], r["difficulty"]): r["records"] for r in _values(spec, spec)}
    assert len(counts) == 9  # every cell, empty ones as 0
    assert counts[("encyclopedic", 0)] == counts[("encyclopedic", 1)] == 1
    assert counts[("dialogue", 2)] == 1
    assert sum(counts.values()) == 3
    assert _title(spec) == "Records per genre and difficulty"
    labels = {r["genre_label"] for r in _values(spec, spec)}
    assert "dialogue · דיאלוג" in labels  # bilingual


def test_claims_per_record(frames: Frames) -> None:
    spec = b.claims_per_record(frames.records).to_dict()
    assert _mark(spec) == "bar"
    assert _enc(spec, "x") == ("n_claims", "ordinal")
    assert _enc(spec, "xOffset") == ("genre_label", "nominal")
    assert _enc(spec, "y") == ("n", "quantitative")
    assert _enc(spec, "color") == ("genre_label", "nominal")
    rows = {(r["genre"], r["n_claims"]): r["n"] for r in _values(spec, spec)}
    assert rows == {("encyclopedic", 1): 2, ("dialogue", 2): 1}
    assert _title(spec) == "Claims per record, by genre"


def test_spans_per_claim(frames: Frames) -> None:
    spec = b.spans_per_claim(frames.claims).to_dict()
    assert _mark(spec) == "bar" and _enc(spec, "x") == ("n_spans", "ordinal")
    rows = {(r["genre"], r["n_spans"]): r["n"] for r in _values(spec, spec)}
    assert rows == {("encyclopedic", 1): 2, ("dialogue", 1): 1, ("dialogue", 2): 1}


def test_source_length(frames: Frames, records: list[dict[str, Any]]) -> None:
    source_a, source_b = _sources(records)
    spec = b.source_length(frames.records).to_dict()
    box, ticks = spec["layer"]
    assert _mark(box) == "boxplot" and _mark(ticks) == "tick"
    assert _enc(box, "x") == ("source_len", "quantitative")
    assert _enc(box, "y") == ("genre_label", "nominal")
    lengths = {r["id"]: r["source_len"] for r in _values(spec, spec)}
    assert lengths == {"r1": len(source_a), "r2": len(source_b), "r3": len(source_a)}


def test_span_position(frames: Frames, records: list[dict[str, Any]]) -> None:
    source_a, source_b = _sources(records)
    spec = b.span_position(frames.spans).to_dict()
    assert _mark(spec) == "bar"
    assert _enc(spec, "x") == ("rel_mid", "quantitative")
    assert spec["encoding"]["x"]["bin"] == {"extent": [0, 1], "step": 0.1}
    assert spec["encoding"]["y"]["aggregate"] == "count"
    mids = sorted(r["rel_mid"] for r in _values(spec, spec))

    def mid(source: str, excerpt: str) -> float:
        start = source.index(excerpt)
        return (start + len(excerpt) / 2) / len(source)

    expected = sorted(
        [
            mid(source_a, "משפט שני על התקציב של 12% גידול."),
            mid(source_b, 'צה"ל הודיע היום על תרגיל.'),
            mid(source_b, "שלום לכולם."),
            mid(source_b, "תודה."),
            mid(source_a, "משפט שלישי."),
        ]
    )
    assert mids == pytest.approx(expected)
    # the last span of all: "תודה." closes source_b
    assert mids[-1] == pytest.approx(1 - len("תודה.") / 2 / len(source_b))


def test_span_length(frames: Frames) -> None:
    spec = b.span_length(frames.spans).to_dict()
    assert _mark(spec) == "bar" and _enc(spec, "x") == ("span_len", "quantitative")
    assert spec["encoding"]["x"]["bin"] == {"maxbins": 20}
    excerpts = [
        "משפט שני על התקציב של 12% גידול.",
        'צה"ל הודיע היום על תרגיל.',
        "שלום לכולם.",
        "תודה.",
        "משפט שלישי.",
    ]
    assert sorted(r["span_len"] for r in _values(spec, spec)) == sorted(map(len, excerpts))


def test_ratings_by_genre(frames: Frames) -> None:
    spec = b.ratings_by_genre(frames.ratings).to_dict()
    rect, text = spec["layer"]
    assert _mark(rect) == "rect"
    assert _enc(rect, "x") == ("genre_label", "nominal")
    assert _enc(rect, "y") == ("dimension_label", "nominal")
    assert _enc(rect, "color") == ("mean_score", "quantitative")
    assert rect["encoding"]["color"]["scale"]["domain"] == [0.0, 2.0]
    means = {(r["genre"], r["dimension"]): r["mean_score"] for r in _values(spec, spec)}
    # encyclopedic = r1 (3 annotators) + r3 (2): e.g. completeness 2+2+2+0+2 = 8 over 5
    assert means[("encyclopedic", "coherence")] == pytest.approx(9 / 5)
    assert means[("encyclopedic", "relevance")] == pytest.approx(9 / 5)
    assert means[("encyclopedic", "completeness")] == pytest.approx(8 / 5)
    assert means[("encyclopedic", "faithfulness")] == pytest.approx(2.0)
    assert means[("encyclopedic", "attribution")] == pytest.approx(9 / 5)
    assert all(v == 2.0 for (g, _), v in means.items() if g == "dialogue")
    assert _title(spec) == "Mean human rating (0-2) per dimension, by genre"


def test_ratings_by_difficulty(frames: Frames) -> None:
    spec = b.ratings_by_difficulty(frames.ratings).to_dict()
    assert _enc(spec["layer"][0], "x") == ("difficulty_label", "nominal")
    rows = {(r["difficulty"], r["dimension"]): r for r in _values(spec, spec)}
    assert rows[(0, "relevance")]["mean_score"] == pytest.approx(5 / 3)  # r1: 2, 2, 1
    assert rows[(1, "completeness")]["mean_score"] == pytest.approx(1.0)  # r3: 0, 2
    assert rows[(2, "coherence")]["ratings"] == 4
    with pytest.raises(ValueError, match="genre' or 'difficulty"):
        b.rating_means(frames.ratings, "annotator")  # type: ignore[arg-type]


def test_disagreement_by_hand(frames: Frames) -> None:
    d = b.disagreement(frames.ratings, frames.records)
    assert d["record_id"].to_list() == ["r3", "r1", "r2"]
    gaps = dict(zip(d["record_id"], d["mean_gap"], strict=True))
    # r3: gaps 1, 0, 2, 0, 1 over five dimensions; r1: relevance 2,2,1 -> pairs 0,1,1
    assert gaps["r3"] == pytest.approx(4 / 5)
    assert gaps["r1"] == pytest.approx((2 / 3) / 5)
    assert gaps["r2"] == 0.0
    assert dict(zip(d["record_id"], d["split_dimensions"], strict=True)) == {
        "r3": 3,
        "r1": 1,
        "r2": 0,
    }
    assert d["question"][0] == "מה השלישי?"


def test_most_disagreed_chart_links_bars_to_scores(frames: Frames) -> None:
    chart = b.most_disagreed_chart(frames, n=2)
    assert isinstance(chart, alt.VConcatChart)
    spec = chart.to_dict()
    bars, grid, question = spec["vconcat"]
    assert _mark(bars) == "bar"
    assert _enc(bars, "y") == ("record_id", "nominal")
    assert _enc(bars, "x") == ("mean_gap", "quantitative")
    assert bars["encoding"]["y"]["sort"] == ["r3", "r1"]
    (param,) = spec["params"]  # Altair lifts a concat's selections to the top level
    assert param["views"] == [bars["name"]]
    assert param["select"] == {"type": "point", "fields": ["record_id"]}
    assert param["value"] == [{"record_id": "r3"}]  # the most disagreed record, until a click
    name = param["name"]
    assert grid["layer"][0]["transform"] == [{"filter": {"param": name}}]
    assert _enc(grid["layer"][0], "color") == ("score", "quantitative")
    assert question["transform"] == [{"filter": {"param": name}}]
    assert question["mark"]["dir"] == "rtl" and _enc(question, "text") == ("question", "nominal")


def test_records_explorer_links_heatmap_to_table(frames: Frames) -> None:
    spec = b.records_explorer(frames.records).to_dict()
    heat, table = spec["vconcat"]
    (param,) = spec["params"]
    assert param["views"] == [heat["layer"][0]["name"]]
    assert param["value"] == [
        {
            "genre_label": theme.GENRE_LABELS["encyclopedic"],
            "difficulty_label": theme.DIFFICULTY_LABELS[0],
        }
    ]
    assert param["select"]["fields"] == ["genre_label", "difficulty_label"]
    ids, questions = table["hconcat"]
    assert ids["transform"][0] == {"filter": {"param": param["name"]}}
    assert _enc(questions, "text") == ("question", "nominal")
    assert questions["mark"]["dir"] == "rtl" and questions["mark"]["align"] == "right"
    holder = ids if "data" in ids else table  # Altair may lift shared data to the hconcat
    assert {r["id"] for r in _values(holder, spec)} == {"r1", "r2", "r3"}


def test_theme_is_registered_and_used(frames: Frames) -> None:
    spec = b.claims_per_record(frames.records).to_dict()
    assert alt.theme.active == theme.THEME_NAME
    assert "Hebrew" in spec["config"]["font"] or "DejaVu" in spec["config"]["font"]
    colors = spec["encoding"]["color"]["scale"]
    assert colors["domain"] == theme.GENRE_ORDER
    assert colors["range"] == [
        theme.GENRE_COLORS[g] for g in ("dialogue", "encyclopedic", "journalistic")
    ]


def test_every_chart_renders_to_svg_on_the_fixture(frames: Frames) -> None:
    charts = b.all_charts(frames)
    assert len(charts) == 10
    for name, chart in charts.items():
        svg = _svg(chart)
        assert "<text" in svg, name
    heat = _svg(charts["genre_difficulty"])
    assert "Records per genre and difficulty" in heat and "דיאלוג" in heat


@pytest.mark.skipif(not DEMO_PATH.exists(), reason="the bundled demo set is missing")
def test_every_chart_renders_to_svg_on_the_demo_set() -> None:
    frames = load_dataset(DEMO_PATH).frames
    for chart in b.all_charts(frames).values():
        _svg(chart)
