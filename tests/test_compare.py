"""Paired model comparison and Kendall's tau-b; expected values worked out by hand."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

from workbench.scoring.charts import difference_chart
from workbench.scoring.compare import (
    compare_models,
    kendall_tau_b,
    paired_stats,
    tau_b_interval,
)


def test_tau_b_without_ties() -> None:
    # pairs of (1,2,3,4) vs (1,3,2,4): only (2,3) is discordant; 5 concordant of 6.
    assert kendall_tau_b([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    assert kendall_tau_b([1, 2, 3], [3, 2, 1]) == -1.0


def test_tau_b_with_ties() -> None:
    # x = (1,1,2,3), y = (1,2,2,3): 6 pairs; (1,2) tied in x, (2,3) tied in y, the other 4
    # concordant; tau-b = 4 / sqrt((6-1)(6-1)) = 0.8 (tau-a would give 4/6).
    assert kendall_tau_b([1, 1, 2, 3], [1, 2, 2, 3]) == pytest.approx(0.8)
    assert np.isnan(kendall_tau_b([1, 1, 1], [1, 2, 3]))  # x constant: undefined


def test_tau_b_interval_contains_tau_and_is_seeded() -> None:
    x = [0.0, 0.2, 0.4, 0.5, 0.6, 0.8, 1.0, 1.0]
    y = [1.0, 2.0, 2.0, 3.0, 3.5, 3.0, 4.0, 5.0]
    tau, lo, hi = tau_b_interval(x, y, resamples=300, seed=3)
    assert lo <= tau <= hi <= 1.0
    assert tau_b_interval(x, y, resamples=300, seed=3) == (tau, lo, hi)
    # perfectly monotone data: every resample with two distinct pairs has tau-b = 1
    assert tau_b_interval([1, 2, 3, 4], [2, 4, 6, 8], resamples=200) == (1.0, 1.0, 1.0)


def test_paired_bootstrap_and_sign_flip_by_hand() -> None:
    # d = (0, 1): a resample draws 2 records; its mean is 0, 0.5 or 1 with probability
    # 1/4, 1/2, 1/4, so the 2.5% and 97.5% percentiles of 4,000 draws are 0 and 1.
    got = paired_stats(np.array([[0.0], [1.0]]), np.ones((2, 1), bool), resamples=4000)
    assert got["diff"][0] == 0.5 and got["lo"][0] == 0.0 and got["hi"][0] == 1.0
    # a constant difference has a zero-width interval
    const = paired_stats(np.full((5, 1), 0.25), np.ones((5, 1), bool), resamples=200)
    assert const["lo"][0] == const["hi"][0] == 0.25
    # five records, all d = 1: only the all-kept and all-flipped sign patterns reach
    # |mean| = 1, so the exact p = 2/32 = 0.0625; 20,000 draws land within 0.01 of it.
    five = paired_stats(np.ones((5, 1)), np.ones((5, 1), bool), resamples=20_000)
    assert five["p_value"][0] == pytest.approx(0.0625, abs=0.01)
    # masked records do not count
    masked = paired_stats(np.array([[1.0], [9.0]]), np.array([[True], [False]]))
    assert masked["n"][0] == 1 and masked["diff"][0] == 1.0


def _answers() -> pl.DataFrame:
    # model x beats y by exactly 0.5 on f1 for every record; tlnls is missing for x on r3.
    return pl.DataFrame(
        {
            "id": ["r1", "r2", "r3", "r4"] * 2,
            "model": ["x"] * 4 + ["y"] * 4,
            "genre": ["news", "news", "chat", "chat"] * 2,
            "difficulty": [0, 1, 1, 1] * 2,
            "f1_score": [1.0, 0.5, 0.75, 0.5, 0.5, 0.0, 0.25, 0.0],
            "tlnls": [1.0, 1.0, None, 1.0, 0.0, 0.0, 0.0, 0.0],
        }
    )


def test_compare_models_overall_and_per_group() -> None:
    cmp = compare_models(_answers(), resamples=200)
    f1 = cmp.filter(pl.col("metric") == "f1_score", pl.col("group") == "all").row(0, named=True)
    assert (f1["model_a"], f1["model_b"], f1["n"]) == ("x", "y", 4)
    assert f1["mean_a"] == pytest.approx(2.75 / 4) and f1["mean_b"] == pytest.approx(0.75 / 4)
    assert f1["diff"] == f1["lo"] == f1["hi"] == 0.5  # every record differs by 0.5
    tl = cmp.filter(pl.col("metric") == "tlnls", pl.col("group") == "all").row(0, named=True)
    assert tl["n"] == 3 and tl["diff"] == 1.0  # r3 left out: x has no value there
    news = cmp.filter(pl.col("group") == "genre", pl.col("value") == "news")
    assert news.filter(pl.col("metric") == "f1_score")["n"].item() == 2
    assert set(cmp["group"]) == {"all", "genre", "difficulty"}


def test_difference_chart_spec() -> None:
    spec = difference_chart(compare_models(_answers(), resamples=50)).to_dict()
    marks = [layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
             for layer in spec["layer"]]  # fmt: skip
    assert marks == ["rule", "rule", "point"]  # zero line, intervals, means
    assert spec["layer"][1]["encoding"]["x2"]["field"] == "hi"
    text = json.dumps(spec, ensure_ascii=False)
    assert "x − y" in text and "F1 over words vs reference" in text


def test_comparison_pairs_records_by_id_whatever_the_row_order() -> None:
    # the paired records are taken in A's order, whatever the order of B's rows
    genre = ["news", "chat", "law"]
    y_ids = (5, 11, 0, 7, 2, 9, 1, 3)
    answers = pl.DataFrame(
        {
            "id": [f"r{i}" for i in range(12)] + [f"r{i}" for i in y_ids],
            "model": ["x"] * 12 + ["y"] * 8,
            "genre": [genre[i % 3] for i in range(12)] + [genre[i % 3] for i in y_ids],
            "difficulty": [i % 2 for i in range(12)] + [i % 2 for i in y_ids],
            "f1_score": [i / 12 for i in range(12)] + [0.1 * k for k in range(8)],
        }
    )
    x, y = answers.filter(pl.col("model") == "x"), answers.filter(pl.col("model") == "y")
    base = compare_models(answers, resamples=300)
    for seed in range(3):
        shuffled = pl.concat([x, y.sample(fraction=1.0, shuffle=True, seed=seed)])
        assert compare_models(shuffled, resamples=300).equals(base)
    law = base.filter(pl.col("value") == "law").row(0, named=True)
    # law: r2, r5, r11 (both answered): x = 2/12, 5/12, 11/12; y = 0.4, 0.0, 0.1
    assert law["n"] == 3 and law["diff"] == pytest.approx((18 / 12 - 0.5) / 3)


def test_a_genre_only_one_model_answered_gives_no_pairs_not_an_error() -> None:
    answers = _answers().filter(~((pl.col("model") == "y") & (pl.col("genre") == "chat")))
    cmp = compare_models(answers, resamples=50)
    chat = cmp.filter(pl.col("group") == "genre", pl.col("value") == "chat")
    assert chat.height == 2 and chat["n"].to_list() == [0, 0]
    assert chat["diff"].null_count() == 2
    news = cmp.filter(pl.col("value") == "news", pl.col("metric") == "f1_score")
    assert news["n"].item() == 2 and news["diff"].item() == 0.5
