"""Frames and key numbers: counts known by construction, and row counts equal nested counts."""

from __future__ import annotations

from typing import Any

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.data.frames import build_frames
from workbench.data.keynumbers import difficulty_counts, genre_counts, key_numbers
from workbench.data.schema import DIMENSIONS, GENRES


def test_fixture_frames(records) -> None:
    f = build_frames(records)
    assert f.records.height == 3 and f.claims.height == 4 and f.spans.height == 5
    assert f.ratings.height == 9 * 5  # 9 rating entries x 5 dimensions
    assert f.records.filter(pl.col("id") == "r2").row(0, named=True)["n_spans"] == 3
    assert f.spans.get_column("verified").all()
    # relative position: the last span of r2 ends at the end of its source
    last = f.spans.filter((pl.col("record_id") == "r2") & (pl.col("claim_id") == 1)).sort(
        "span_idx"
    )
    assert last.get_column("span_idx").to_list() == [0, 1]
    assert last.get_column("rel_end").to_list()[-1] == 1.0
    r3 = f.ratings.filter(pl.col("record_id") == "r3", pl.col("annotator") == "annotator_1")
    assert dict(r3.select("dimension", "score").iter_rows()) == dict(
        zip(DIMENSIONS, [1, 2, 0, 2, 2], strict=True)
    )


def test_key_numbers(records) -> None:
    f = build_frames(records)
    assert key_numbers(f) == {
        "records": 3,
        "claims": 4,
        "attribution_spans": 5,
        "attribution_spans_verified": 5,
        "human_rating_entries": 9,
    }
    assert genre_counts(f) == {"dialogue": 1, "encyclopedic": 2, "journalistic": 0}
    assert difficulty_counts(f) == {"0": 1, "1": 1, "2": 1}


def test_verification_is_recomputed(records) -> None:
    """A span whose stored flag lies is counted by what the text says."""
    records[0]["claims"][0]["attribution"][0]["verified"] = False
    f = build_frames(records)
    assert key_numbers(f)["attribution_spans_verified"] == 5
    assert f.spans.get_column("verified_stored").sum() == 4


@st.composite
def datasets(draw) -> list[dict[str, Any]]:
    n = draw(st.integers(1, 6))
    out = []
    for i in range(n):
        source = draw(st.text(alphabet="אבגדהוזחטיכלמנסעפצקרשת .,\n", min_size=5, max_size=60))
        claims = []
        for ci in range(draw(st.integers(0, 3))):
            spans = []
            for _ in range(draw(st.integers(1, 3))):
                a = draw(st.integers(0, len(source) - 1))
                b = draw(st.integers(a + 1, len(source)))
                spans.append(
                    {
                        "sentence_id": 0,
                        "source_excerpt": source[a:b],
                        "start_char": a,
                        "end_char": b,
                        "verified": True,
                        "verification_method": "auto",
                    }
                )
            claims.append({"claim_id": ci, "text": "טענה", "attribution": spans})
        n_ann = draw(st.integers(0, 4))
        ratings = [
            {
                "annotator_id": f"a{k}",
                "scores": {d: draw(st.integers(0, 2)) for d in DIMENSIONS},
            }
            for k in range(n_ann)
        ]
        out.append(
            {
                "id": f"r{i}",
                "source_task_id": "t",
                "genre": draw(st.sampled_from(GENRES)),
                "difficulty": draw(st.integers(0, 2)),
                "document_id": "d",
                "question": "ש?",
                "source_text": source,
                "reference_answer": "ת",
                "claims": claims,
                "human_ratings": ratings,
            }
        )
    return out


@settings(max_examples=60, deadline=None)
@given(datasets())
def test_row_counts_equal_nested_counts(recs: list[dict[str, Any]]) -> None:
    f = build_frames(recs)
    n_claims = sum(len(r["claims"]) for r in recs)
    n_spans = sum(len(c["attribution"]) for r in recs for c in r["claims"])
    n_ratings = sum(len(r["human_ratings"]) for r in recs)
    assert f.records.height == len(recs)
    assert f.claims.height == n_claims
    assert f.spans.height == n_spans
    assert f.ratings.height == n_ratings * len(DIMENSIONS)
    assert f.records.get_column("n_spans").sum() == n_spans
    assert f.spans.get_column("verified").all()
    kn = key_numbers(f)
    assert kn["attribution_spans_verified"] == n_spans
    assert sum(genre_counts(f).values()) == len(recs)


def test_texts_encoded_in_chunks_keep_every_record_in_order(records, monkeypatch) -> None:
    from workbench.data import frames

    monkeypatch.setattr(frames, "ENCODE_CHUNK", 2)  # 3 records: chunks of 2 and 1
    recs = [{**r, "question": f"שאלה {i} 🙂?"} for i, r in enumerate(records)]
    f = build_frames(recs)
    for col in frames.TEXT_COLUMNS:
        assert f.records.get_column(col).to_list() == [r[col] for r in recs]
    assert f.records.get_column("id").to_list() == [r["id"] for r in recs]
