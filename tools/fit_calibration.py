"""Fit (or test) a calibrated support probability from the engine's own outputs.

Features, model and fit are ``workbench.grounding.calibration``'s (one ``ground_claim``
result per claim; L2 logistic regression on standardised features, issue weights held at
or below zero, deterministic). This tool gathers the data, prints the leave-one-set-out
table, and writes ``workbench/grounding/calibration.json``.

Data: DEV only, the dev halves of the pair sets (``tune_grounding.load_set(..., "dev")``),
the demo items, heldout1-7 (heldout7 a dev set since its one sealed measure, after round
11). Label: ``supported`` against everything else.

``--loso`` prints the honest expected generalisation (and writes nothing): leave one SET
out (fit on the others, score it), AUC of the probability vs the raw score vs the verdict
alone vs BM25 per left-out set. ``--gate`` prints the verdict gate study (writes
nothing): with those left-out probabilities, if ``supported`` also required P >= t, the
share of each set's wrong ``supported`` claims that would fall to partial and of its
true ``supported`` claims that would be lost. Never reads heldout8 (sealed: round 12's
measure) nor heldout9 (being written), nor any test split.

Run: ``PYTHONPATH=. python tools/fit_calibration.py [--loso | --gate] [--l2 2.0]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tune_grounding import ROOT, load_set  # noqa: E402

SETS = (
    "demo",
    "paraphrase",
    "binding",
    "heq",
    "heq-hard",
    "heldout1",
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
)
L2 = 2.0
# one set's features, labels (1 = supported), raw scores and BM25 scores
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def set_rows(name: str) -> Rows:
    """Features, labels, raw scores and BM25 scores of one dev set."""
    from workbench.grounding.baselines import make_bm25
    from workbench.grounding.calibration import features
    from workbench.grounding.engine import ground_claim

    bm25 = make_bm25()
    items = load_set(name, "dev")
    rows, labels, raw, base = [], [], [], []
    for it in items:
        r = ground_claim(it.claim, it.source)
        rows.append(features(r))
        labels.append(it.label == "supported")
        raw.append(r.score)
        base.append(bm25(it).score)
    return (
        np.asarray(rows, float),
        np.asarray(labels, float),
        np.asarray(raw, float),
        np.asarray(base, float),
    )


def _auc(scores: np.ndarray, y: np.ndarray) -> float | None:
    from workbench.grounding.evaluation import auc_score

    return auc_score(list(scores[y == 1]), list(scores[y == 0]))


def loso_probabilities(data: dict[str, Rows], l2: float) -> dict[str, np.ndarray]:
    """Each set's probabilities under a model fitted on the other sets."""
    from workbench.grounding.calibration import fit, nonpositive_mask, predict

    out = {}
    for name, (x, *_rest) in data.items():
        xs = np.vstack([d[0] for n, d in data.items() if n != name])
        ys = np.concatenate([d[1] for n, d in data.items() if n != name])
        out[name] = predict(fit(xs, ys, l2, nonpositive_mask()), x)
    return out


def loso(data: dict[str, Rows], l2: float) -> list[str]:
    """The leave-one-set-out table: each set scored by a model fitted on the others."""
    probs = loso_probabilities(data, l2)
    lines = [
        f"{'left out':12} {'n':>5} {'pos':>5} {'prob AUC':>9} {'score AUC':>9} "
        f"{'verdict AUC':>11} {'BM25 AUC':>9}"
    ]
    wins = 0
    for name, (x, y, raw, base) in data.items():
        prob = probs[name]
        a = [_auc(prob, y), _auc(raw, y), _auc(x[:, 2] + 0.5 * x[:, 3], y), _auc(base, y)]
        wins += a[0] is not None and a[1] is not None and a[0] > a[1]
        f = ["   n/a" if v is None else f"{v:.3f}" for v in a]
        lines.append(
            f"{name:12} {len(y):>5} {int(y.sum()):>5} {f[0]:>9} {f[1]:>9} {f[2]:>11} {f[3]:>9}"
        )
    lines.append(f"probability beats the raw score on {wins} of {len(data)} left-out sets")
    return lines


GATES = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7)


def gate_study(data: dict[str, Rows], l2: float) -> list[str]:
    """If ``supported`` also required P >= t (P from the leave-one-set-out fit): per
    left-out set, the share of its wrong claims now ``supported`` that would fall to
    partial, and the share of its true claims now ``supported`` that would be lost."""
    probs = loso_probabilities(data, l2)
    lines = [
        "cells: wrong supported removed / true supported lost (counts: wrong, true supported)",
        f"{'left out':12} {'wrong':>5} {'true':>5} " + " ".join(f"{t:>11}" for t in GATES),
    ]
    worst = dict.fromkeys(GATES, (1.0, 0.0))
    for name, (x, y, *_rest) in data.items():
        sup = x[:, 2] == 1  # verdict supported (``feature_names``' third column)
        wrong, true = probs[name][sup & (y == 0)], probs[name][sup & (y == 1)]
        cells = []
        for t in GATES:
            cut = float(np.mean(wrong < t)) if len(wrong) else float("nan")
            lost = float(np.mean(true < t)) if len(true) else 0.0
            cells.append(f"{cut:>5.2f}/{lost:.3f}")
            w = worst[t]
            worst[t] = (min(w[0], cut) if len(wrong) else w[0], max(w[1], lost))
        lines.append(f"{name:12} {len(wrong):>5} {len(true):>5} " + " ".join(cells))
    lines.append(
        f"{'worst set':24} " + " ".join(f"{worst[t][0]:>5.2f}/{worst[t][1]:.3f}" for t in GATES)
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loso", action="store_true", help="leave-one-set-out table only")
    ap.add_argument("--gate", action="store_true", help="the verdict gate study only")
    ap.add_argument("--l2", type=float, default=L2)
    args = ap.parse_args(argv)
    data = {name: set_rows(name) for name in SETS}
    if args.loso or args.gate:
        print("\n".join(loso(data, args.l2) if args.loso else gate_study(data, args.l2)))
        return 0
    from workbench.grounding.calibration import WEIGHTS_FILE, feature_names, fit, nonpositive_mask
    from workbench.io import write_json_atomic

    x = np.vstack([d[0] for d in data.values()])
    y = np.concatenate([d[1] for d in data.values()])
    model = {
        "features": feature_names(),
        **{k: _rounded(v) for k, v in fit(x, y, args.l2, nonpositive_mask()).items()},
        "l2": args.l2,
        "trained_on": {name: len(d[1]) for name, d in data.items()},
        "note": (
            "fitted on dev data only (demo, dev halves of paraphrase, binding, heq, heq-hard; "
            "heldout1-7) by tools/fit_calibration.py; label: supported; heldout8 sealed"
        ),
    }
    write_json_atomic(model, WEIGHTS_FILE)
    print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}: {len(y)} claims, {int(y.sum())} supported")
    return 0


def _rounded(v: Any) -> Any:
    """Weights to 6 decimals, so the stored JSON stays small and diffs stay readable."""
    return [round(float(a), 6) for a in v] if isinstance(v, list) else round(float(v), 6)


if __name__ == "__main__":
    raise SystemExit(main())
