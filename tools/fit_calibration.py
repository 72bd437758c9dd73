"""Fit (or test) a calibrated support probability from the engine's own outputs.

Features, model and fit are ``workbench.grounding.calibration``'s (one ``ground_claim``
result per claim; L2 logistic regression on standardised features, issue weights held at
or below zero, deterministic). This tool gathers the data, prints the leave-one-set-out
table, and writes ``workbench/grounding/calibration.json``: the weights, and the confidence
tier thresholds chosen on the left-out probabilities (``confidence``: ``choose_rule``).

Data: DEV only, the dev halves of the pair sets (``tune_grounding.load_set(..., "dev")``),
the demo items, heldout1-8 (heldout7 a dev set since its one sealed measure, after round
11; heldout8 since its measure after round 12). Label: ``supported`` against everything else.

``--loso`` prints the honest expected generalisation (and writes nothing): leave one SET
out (fit on the others, score it), AUC of the probability vs the raw score vs the verdict
alone vs BM25 per left-out set. ``--gate`` prints the verdict gate study (writes
nothing): with those left-out probabilities, if ``supported`` also required P >= t, the
share of each set's wrong ``supported`` claims that would fall to partial and of its
true ``supported`` claims that would be lost. ``--tiers`` prints the confidence tier study
(writes nothing): per left-out set, HIGH's precision and coverage for "P >= t" and for
"supported AND P >= t", LOW's share truly supported, the chosen rule and the share of
claims in each tier under it. Never reads heldout9 (sealed: round 13's
measure) nor any test split.

Run: ``PYTHONPATH=. python tools/fit_calibration.py [--loso | --gate | --tiers] [--l2 2.0]``
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
    "heldout8",
)
L2 = 2.0
# the binding-like sets (wrong combinations made of the source's own words): the tiers are
# chosen on their left-out probabilities, pooled and one by one
BINDING_LIKE = ("binding", *(f"heldout{i}" for i in range(1, 9)))
HIGH_GRID = tuple(round(0.5 + 0.01 * i, 2) for i in range(50))
LOW_GRID = (0.02, 0.04, 0.05, 0.06, 0.08, 0.1)
# one set's features, labels (1 = supported), raw scores and BM25 scores
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
# one set's left-out probabilities, labels and ``supported`` verdicts
LeftOut = tuple[np.ndarray, np.ndarray, np.ndarray]


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


def left_out(data: dict[str, Rows], l2: float) -> dict[str, LeftOut]:
    """Each set's left-out probabilities, labels and ``supported`` verdicts."""
    probs = loso_probabilities(data, l2)
    return {n: (probs[n], d[1], d[0][:, 2] == 1) for n, d in data.items()}


def choose_rule(sets: dict[str, LeftOut]) -> dict[str, Any]:
    """The tier thresholds chosen on the binding-like left-out sets: HIGH by the variant
    ("P >= t" alone, or with a ``supported`` verdict) that covers more of their claims at
    its lowest qualifying t, and on a tie the one more often right over every dev set;
    when no t meets the per-set bar on every set, the lowest t that misses it on one set
    only (the study says which); LOW by ``choose_low``."""
    from workbench.grounding.calibration import choose_high, choose_low, high_mask

    bind = {n: sets[n] for n in BINDING_LIKE}
    for misses in (0, 1):
        best: tuple[float, float, float, bool] | None = None
        for needs in (False, True):
            t = choose_high(bind, needs, HIGH_GRID, misses)
            if t is None:
                continue
            cover = float(np.mean(np.concatenate([high_mask(s, t, needs) for s in bind.values()])))
            hits = np.concatenate([s[1][high_mask(s, t, needs)] for s in sets.values()])
            key = (round(cover, 3), float(hits.mean()), t, needs)
            if best is None or key[:2] > best[:2]:
                best = key
        if best is not None:
            low = choose_low(bind, LOW_GRID)
            return {"high": best[2], "low": low, "high_needs_supported": best[3], "misses": misses}
    raise SystemExit("no HIGH threshold meets the bars on the dev sets")


def tier_study(data: dict[str, Rows], l2: float) -> list[str]:
    """The confidence tier study: for each HIGH variant, per left-out set, HIGH's share
    truly supported (precision) and share of the set's claims (coverage) at its chosen t;
    then, under the chosen rule, the share truly supported in LOW and the share of claims
    in each tier."""
    from workbench.grounding.calibration import TierRule, choose_high, high_mask, precision

    sets = left_out(data, l2)
    bind = {n: sets[n] for n in BINDING_LIKE}
    lines = []
    for needs in (False, True):
        name = "supported AND P >= t" if needs else "P >= t"
        lines.append(f"HIGH = {name}: precision / coverage per left-out set")
        lines.append(f"{'t':>5} " + " ".join(f"{n[:9]:>11}" for n in sets) + "   pooled-bind")
        chosen = choose_high(bind, needs, HIGH_GRID) or choose_high(bind, needs, HIGH_GRID, 1)
        for t in sorted({0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95} | ({chosen} if chosen else set())):
            cells = []
            for s in sets.values():
                m = high_mask(s, t, needs)
                pr = precision(s, m)
                cells.append(f"{'-' if pr is None else f'{pr:.2f}':>5}/{m.mean():.2f}")
            pm = np.concatenate([high_mask(s, t, needs) for s in bind.values()])
            py = np.concatenate([s[1] for s in bind.values()])
            mark = " <- chosen" if t == chosen and cells else ""
            pooled = f"{py[pm].mean():.3f}/{pm.mean():.3f}" if pm.any() else "-"
            lines.append(f"{t:>5.2f} " + " ".join(f"{c:>11}" for c in cells) + f"   {pooled}{mark}")
    py = np.concatenate([s[1] for s in bind.values()])
    pp = np.concatenate([s[0] for s in bind.values()])
    lows = [f"P < {t}: {py[pp < t].mean():.3f} of {int((pp < t).sum())}" for t in LOW_GRID]
    lines.append("LOW, share truly supported pooled over the binding-like sets: " + "; ".join(lows))
    chosen_rule = choose_rule(sets)
    rule = TierRule(chosen_rule["high"], chosen_rule["low"], chosen_rule["high_needs_supported"])
    missed = (
        ""
        if not chosen_rule["misses"]
        else " (no t met the per-set bar on every set: one set misses it)"
    )
    lines.append(f"chosen: {rule}{missed}")
    lines.append(
        f"{'left out':12} {'n':>4} {'HIGH prec':>9} {'LOW supp':>8} {'HIGH':>5} {'MIXED':>5} {'LOW':>5}"
    )
    for n, (p, y, sup) in sets.items():
        tiers = np.array(
            [rule.tier(float(a), "supported" if b else "x") for a, b in zip(p, sup, strict=True)]
        )
        hi, lo = tiers == "high", tiers == "low"
        f = [f"{y[m].mean():.3f}" if m.any() else "-" for m in (hi, lo)]
        shares = [f"{np.mean(tiers == t):.2f}" for t in ("high", "mixed", "low")]
        lines.append(
            f"{n:12} {len(y):>4} {f[0]:>9} {f[1]:>8} " + " ".join(f"{v:>5}" for v in shares)
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loso", action="store_true", help="leave-one-set-out table only")
    ap.add_argument("--gate", action="store_true", help="the verdict gate study only")
    ap.add_argument("--tiers", action="store_true", help="the confidence tier study only")
    ap.add_argument("--l2", type=float, default=L2)
    args = ap.parse_args(argv)
    data = {name: set_rows(name) for name in SETS}
    if args.loso or args.gate or args.tiers:
        study = loso if args.loso else gate_study if args.gate else tier_study
        print("\n".join(study(data, args.l2)))
        return 0
    from workbench.grounding.calibration import WEIGHTS_FILE, feature_names, fit, nonpositive_mask
    from workbench.io import write_json_atomic

    x = np.vstack([d[0] for d in data.values()])
    y = np.concatenate([d[1] for d in data.values()])
    model = {
        "features": feature_names(),
        **{k: _rounded(v) for k, v in fit(x, y, args.l2, nonpositive_mask()).items()},
        "l2": args.l2,
        "confidence": choose_rule(left_out(data, args.l2)),
        "trained_on": {name: len(d[1]) for name, d in data.items()},
        "note": (
            "fitted on dev data only (demo, dev halves of paraphrase, binding, heq, heq-hard; "
            "heldout1-8) by tools/fit_calibration.py; label: supported; heldout9 sealed"
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
