"""The calibrated support probability: the stored model, the fit, and its direction."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from workbench.grounding.calibration import (
    feature_names,
    fit,
    load_model,
    nonpositive_mask,
    predict,
    support_probability,
)
from workbench.grounding.engine import ground_claim
from workbench.grounding.results import Issue, IssueKind

SRC = "העירייה פתחה את הספרייה החדשה בשנת 1998. בספרייה יש שלושת אלפים ספרים."
RIGHT = "העירייה פתחה את הספרייה החדשה בשנת 1998."
WRONG_YEAR = "העירייה פתחה את הספרייה החדשה בשנת 2005."


def test_stored_model_loads_and_matches_the_features() -> None:
    model = load_model()
    n = len(feature_names())
    assert model["features"] == feature_names()
    assert len(model["weights"]) == len(model["mean"]) == len(model["scale"]) == n
    assert all(s > 0 for s in model["scale"])
    # the fit's constraint: no failed check ever raises the probability
    issue_weights = np.asarray(model["weights"])[nonpositive_mask()]
    assert (issue_weights <= 0).all()


def test_a_failed_check_lowers_the_probability() -> None:
    right, wrong = ground_claim(RIGHT, SRC), ground_claim(WRONG_YEAR, SRC)
    assert right.supported and not wrong.supported  # the year check fails on the second
    assert 0.0 < support_probability(wrong) < support_probability(right) < 1.0
    # the same result with one more issue (verdict and score unchanged) never gains
    p = support_probability(right)
    for kind in IssueKind:
        with_issue = replace(right, issues=[*right.issues, Issue(kind, "added")])
        assert support_probability(with_issue) <= p


def test_fit_by_hand_symmetric_data() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 0.0, 1.0, 1.0])
    model = fit(x, y, 1.0, np.array([False]))
    p = predict(model, np.array([[0.0], [1.5], [3.0]]))
    # symmetric about x = 1.5 with balanced labels: 0.5 there, mirrored either side
    assert p[1] == pytest.approx(0.5)
    assert p[0] == pytest.approx(1 - p[2])
    assert p[0] < p[1] < p[2]


def test_fit_with_a_huge_penalty_gives_the_base_rate() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 0.0, 0.0, 1.0])  # one in four supported
    model = fit(x, y, 1e9, np.array([False]))
    assert predict(model, x) == pytest.approx([0.25] * 4, abs=1e-6)


def test_fit_is_deterministic() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(60, 3))
    y = (x[:, 0] + rng.normal(size=60) > 0).astype(float)
    mask = np.array([False, True, False])
    assert fit(x, y, 1.0, mask) == fit(x, y, 1.0, mask)


def test_nonpositive_column_is_held_at_zero() -> None:
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.0, 1.0, 0.0, 1.0])  # rises with x: a free weight comes out positive
    assert fit(x, y, 1.0, np.array([False]))["weights"][0] > 0
    held = fit(x, y, 1.0, np.array([True]))
    assert held["weights"] == [0.0]
    assert predict(held, x) == pytest.approx([0.5] * 4)


def test_model_with_other_features_is_refused(tmp_path) -> None:
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps({"features": ["score"], "weights": [1.0]}), "utf-8")
    with pytest.raises(ValueError, match="refit"):
        load_model(path)
