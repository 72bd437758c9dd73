"""A calibrated support probability of one claim, learned from the engine's own outputs.

The raw ``ClaimResult.score`` ranks right against wrong claims on new text little better
than BM25; the verdict and the typed issues separate them far better. This module turns
one result into ``P(supported)`` by a small logistic regression (L2, standardised
features) over what the result exposes: the score, the best candidate's score, the
verdict (one-hot), the count of each issue kind, whether the claim opens with a
question, and its number of content words. The weights are fitted on dev data only by
``tools/fit_calibration.py`` and stored in ``calibration.json`` beside this module,
loaded once on first use. The verdict and the score are left exactly as they are; the
probability is computed only where asked (``support_probability``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from workbench.grounding.prepare import prepare_claim
from workbench.grounding.results import ClaimResult, IssueKind

WEIGHTS_FILE = Path(__file__).with_name("calibration.json")


def feature_names() -> list[str]:
    """The names of ``features``' columns, in order (stored with the weights)."""
    return [
        "score",
        "top_candidate",
        "verdict_supported",
        "verdict_partial",
        "has_question",
        "content_words",
        *(f"issue_{k.value}" for k in IssueKind),
    ]


def features(result: ClaimResult) -> np.ndarray:
    """The feature row of one claim's result (``feature_names`` order)."""
    claim = prepare_claim(result.text)
    kinds = [i.kind for i in result.issues]
    top = result.candidates[0].score if result.candidates else 0.0
    return np.array(
        [
            result.score,
            top,
            result.verdict == "supported",
            result.verdict == "partial",
            claim.question_end >= 0,
            len(claim.terms),
            *(kinds.count(k) for k in IssueKind),
        ],
        dtype=float,
    )


def fit(x: np.ndarray, y: np.ndarray, l2: float, nonpositive: np.ndarray) -> dict[str, Any]:
    """L2-regularised logistic regression of ``y`` (0/1) on standardised ``x``: Newton
    steps from zero (deterministic), the intercept not penalised. The columns marked in
    ``nonpositive`` (the issue counts: a failed check is never evidence FOR support) are
    held at weight <= 0: one that comes out positive is fixed at 0 and the rest refitted
    (an active set). A JSON-able model: ``mean``, ``scale``, ``weights``, ``bias``."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    free = np.ones(z.shape[1], dtype=bool)
    limited = np.append(nonpositive, False)
    while True:
        w = np.zeros(z.shape[1])
        w[free] = _newton(z[:, free], y, l2)
        over = free & limited & (w > 0)
        if not over.any():
            break
        free &= ~over
    return {
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "weights": w[:-1].tolist(),
        "bias": float(w[-1]),
    }


def _newton(z: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """The penalised logistic fit of ``y`` on ``z`` (last column: the intercept)."""
    w = np.zeros(z.shape[1])
    pen = np.full(z.shape[1], l2)
    pen[-1] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        grad = z.T @ (p - y) + pen * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(pen + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def nonpositive_mask() -> np.ndarray:
    """Which features may only lower the probability: the issue counts."""
    return np.array([n.startswith("issue_") for n in feature_names()])


def predict(model: dict[str, Any], x: np.ndarray) -> np.ndarray:
    """``P(supported)`` of each row of ``x`` under ``model`` (``fit``'s output)."""
    z = (x - np.asarray(model["mean"])) / np.asarray(model["scale"])
    return np.asarray(1.0 / (1.0 + np.exp(-(z @ np.asarray(model["weights"]) + model["bias"]))))


@cache
def load_model(path: Path = WEIGHTS_FILE) -> dict[str, Any]:
    """The stored model; its feature names must be this module's (a new issue kind needs
    a refit: ``python tools/fit_calibration.py``)."""
    model: dict[str, Any] = json.loads(path.read_text("utf-8"))
    if model.get("features") != feature_names():
        raise ValueError(f"{path}: features differ from this engine's; refit the calibration")
    return model


def support_probability(result: ClaimResult) -> float:
    """The calibrated probability that the claim of ``result`` is supported."""
    return float(predict(load_model(), features(result)[None, :])[0])
