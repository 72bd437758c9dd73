"""Brier score, expected calibration error and the reliability table, on hand-worked values."""

from __future__ import annotations

import numpy as np
import pytest

from workbench.grounding.probability.calibration_metrics import (
    base_rate_brier,
    brier_score,
    calibration_error,
    reliability_table,
)


def test_brier_by_hand() -> None:
    # (0.9 - 1)² and (0.1 - 0)², mean 0.01
    assert brier_score([0.9, 0.1], [1, 0]) == pytest.approx(0.01)
    assert brier_score([1.0, 0.0], [True, False]) == 0.0
    assert brier_score([0.0, 1.0], [1, 0]) == 1.0  # confidently wrong on both
    # (0.2)², (0.6)², (0.3)²: (0.04 + 0.36 + 0.09) / 3
    assert brier_score([0.8, 0.6, 0.3], [1, 0, 0]) == pytest.approx(0.49 / 3)
    assert brier_score([], []) is None


def test_base_rate_brier_is_the_constant_share_forecast() -> None:
    # one supported in four: 0.25 · 0.75
    assert base_rate_brier([1, 0, 0, 0]) == pytest.approx(0.1875)
    assert base_rate_brier([1, 0, 0, 0]) == pytest.approx(brier_score([0.25] * 4, [1, 0, 0, 0]))
    assert base_rate_brier([1, 0]) == pytest.approx(0.25)  # the worst a constant can be
    assert base_rate_brier([1, 1, 1]) == 0.0
    assert base_rate_brier([]) is None


def test_ece_by_hand() -> None:
    # two bins of one item each: 1/2 · |0.9 - 1| + 1/2 · |0.1 - 0|
    assert calibration_error([0.9, 0.1], [1, 0]) == pytest.approx(0.1)
    # one bin (0.6-0.7) holding both: |mean 0.65 - share 0.5| = 0.15, not the mean
    # per-item gap (0.38 + 0.68) / 2 that binning exists to avoid
    assert calibration_error([0.62, 0.68], [1, 0]) == pytest.approx(0.15)
    # three bins, weights 2/5, 1/5, 2/5: 2/5·|0.15 - 0| + 1/5·|0.5 - 1| + 2/5·|0.85 - 0.5|
    p = [0.12, 0.18, 0.5, 0.82, 0.88]
    y = [0, 0, 1, 1, 0]
    assert calibration_error(p, y) == pytest.approx(0.4 * 0.15 + 0.2 * 0.5 + 0.4 * 0.35)
    assert calibration_error([], []) is None


def test_perfectly_calibrated_set_has_zero_ece() -> None:
    # a quarter of the 0.25 claims and three quarters of the 0.75 claims are supported
    p = [0.25] * 4 + [0.75] * 4
    y = [1, 0, 0, 0] + [1, 1, 1, 0]
    assert calibration_error(p, y) == pytest.approx(0.0)
    # Brier is not 0 for all that: calibrated is not the same as sharp
    assert brier_score(p, y) == pytest.approx(0.1875)


def test_empty_bins_are_skipped() -> None:
    # only bins 0 and 9 hold items; the eight empty ones add nothing (and no NaN)
    ece = calibration_error([0.05, 0.95], [0, 1])
    assert ece == pytest.approx(0.05)
    table = reliability_table([0.05, 0.95], [0, 1])
    assert table["bin"].to_list() == [0, 9]
    assert table["n"].to_list() == [1, 1]


def test_bin_edges() -> None:
    # a bin holds its lower edge; p = 1 joins the last bin; 0.3 is not lost to rounding
    table = reliability_table([0.0, 0.1, 0.3, 0.7, 0.99, 1.0], [0, 0, 0, 1, 1, 1])
    assert table["bin"].to_list() == [0, 1, 3, 7, 9]
    assert table["n"].to_list() == [1, 1, 1, 1, 2]
    assert table.filter(table["bin"] == 9)["mean_probability"].item() == pytest.approx(0.995)
    # with one bin the ECE is the gap between mean probability and share supported
    assert calibration_error([0.9, 0.1, 0.2], [1, 0, 0], bins=1) == pytest.approx(0.4 - 1 / 3)


def test_reliability_table_by_hand() -> None:
    table = reliability_table([0.12, 0.18, 0.15, 0.85], [0, 1, 0, 1])
    assert table.columns == ["bin", "lower", "upper", "n", "mean_probability", "share_supported"]
    rows = table.rows(named=True)
    assert rows[0]["bin"] == 1 and rows[0]["n"] == 3
    assert rows[0]["lower"] == pytest.approx(0.1) and rows[0]["upper"] == pytest.approx(0.2)
    assert rows[0]["mean_probability"] == pytest.approx(0.15)
    assert rows[0]["share_supported"] == pytest.approx(1 / 3)
    assert rows[1]["bin"] == 8 and rows[1]["share_supported"] == 1.0
    # the ECE is the table's size-weighted gap: 3/4 · |0.15 - 1/3| + 1/4 · |0.85 - 1|
    assert calibration_error([0.12, 0.18, 0.15, 0.85], [0, 1, 0, 1]) == pytest.approx(
        0.75 * (1 / 3 - 0.15) + 0.25 * 0.15
    )
    empty = reliability_table([], [])
    assert empty.height == 0 and empty.columns == table.columns


def test_numpy_input_and_bad_input() -> None:
    p = np.array([0.9, 0.1])
    y = np.array([True, False])
    assert brier_score(p, y) == pytest.approx(0.01)
    with pytest.raises(ValueError, match="2 probabilities but 3 labels"):
        brier_score([0.1, 0.2], [0, 1, 1])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        calibration_error([1.2], [1])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        brier_score([float("nan")], [1])
    with pytest.raises(ValueError, match="0 or 1"):
        reliability_table([0.5], [2])
    with pytest.raises(ValueError, match="bins"):
        calibration_error([0.5], [1], bins=0)
