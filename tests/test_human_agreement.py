"""Engine vs annotators: tau-b between support scores and mean ratings, by hand."""

from __future__ import annotations

import polars as pl
import pytest

from workbench.scoring.human_agreement import engine_vs_annotators, engine_vs_annotators_lines

# The fake engine's support of each record's reference answer, read from the answer text.
SUPPORT = {"a": 0.0, "b": 0.5, "c": 1.0, "d": 1.0}


def fake_ground(answer: str, source: str) -> dict:
    return {"claims": [{"text": answer, "supported": True}], "supported_fraction": SUPPORT[answer]}


RECORDS = [
    {"id": k, "genre": "news" if k in "ab" else "chat", "reference_answer": k, "source_text": "s"}
    for k in SUPPORT
]


def _ratings(means: dict[str, tuple[int, int]], dimension: str) -> pl.DataFrame:
    rows = [
        (rid, "news" if rid in "ab" else "chat", f"ann{i}", dimension, score)
        for rid, scores in means.items()
        for i, score in enumerate(scores)
    ]
    return pl.DataFrame(
        rows, schema=["record_id", "genre", "annotator", "dimension", "score"], orient="row"
    )


def test_tau_b_overall_and_per_genre_by_hand() -> None:
    # faithfulness means: a 1, b 2, c 2.5, d 2.5 -> support (0, .5, 1, 1) vs (1, 2, 2.5, 2.5):
    # 5 concordant pairs, (c, d) tied on both sides: tau-b = 5 / sqrt(5 * 5) = 1.
    # attribution means: a 3, b 2, c 1, d 2 -> pairs (a,b) D, (a,c) D, (a,d) D, (b,c) D,
    # (b,d) tied in y, (c,d) tied in x: P = 0, Q = 4, n0 = 6, n1 = 1, n2 = 1: -4/5.
    ratings = pl.concat(
        [
            _ratings({"a": (1, 1), "b": (2, 2), "c": (2, 3), "d": (3, 2)}, "faithfulness"),
            _ratings({"a": (3, 3), "b": (2, 2), "c": (1, 1), "d": (2, 2)}, "attribution"),
        ]
    )
    got = engine_vs_annotators(RECORDS, ratings, grounder=fake_ground, resamples=200)
    faith = {r["scope"]: r for r in got["dimensions"]["faithfulness"]}
    attr = {r["scope"]: r for r in got["dimensions"]["attribution"]}
    assert faith["all"]["tau_b"] == 1.0 and faith["all"]["n"] == 4
    assert attr["all"]["tau_b"] == pytest.approx(-0.8)
    # news: a (0, 1) and b (0.5, 2) concordant -> 1; chat: c and d tied in support -> n/a
    assert faith["news"]["tau_b"] == 1.0 and faith["chat"]["tau_b"] is None
    assert got["records"] == 4 and not got["sampled"]
    text = "\n".join(engine_vs_annotators_lines({"demo": True, **got}))
    assert text.startswith("DEMO SET") and "tau-b +1.000" in text


def test_large_datasets_are_sampled() -> None:
    ratings = _ratings({"a": (1, 1), "b": (2, 2), "c": (2, 3), "d": (3, 2)}, "faithfulness")
    got = engine_vs_annotators(RECORDS, ratings, grounder=fake_ground, max_records=3)
    assert got["sampled"] and got["records"] == 3


def test_the_interval_does_not_depend_on_row_order() -> None:
    """The seeded bootstrap draws rows by position: the same ratings in another row order
    (a join or group-by is free to reorder) must give the same interval."""
    scores = {k: (i % 3, (i * 7) % 3) for i, k in enumerate("abcdefghijkl")}
    support = {k: (i * 5 % 4) / 3 for i, k in enumerate(scores)}
    records = [
        {"id": k, "genre": "news" if i % 2 else "chat", "reference_answer": k, "source_text": "s"}
        for i, k in enumerate(scores)
    ]

    def ground(answer: str, source: str) -> dict:
        return {"claims": [{"text": answer, "supported": True}], "supported_fraction": support[answer]}

    ratings = _ratings(scores, "faithfulness")
    first = engine_vs_annotators(records, ratings, grounder=ground, resamples=300)
    for seed in range(4):
        shuffled = ratings.sample(fraction=1.0, shuffle=True, seed=seed)
        again = engine_vs_annotators(list(reversed(records)), shuffled, grounder=ground, resamples=300)
        assert again["dimensions"] == first["dimensions"]
