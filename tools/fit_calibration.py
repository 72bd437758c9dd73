"""Fit (or test) a calibrated support probability from the engine's own outputs.

Features, model and fit are ``workbench.grounding.probability.calibration``'s (one ``ground_claim``
result per claim; L2 logistic regression on standardised features, issue weights held at
or below zero, deterministic). This tool gathers the data, prints the leave-one-set-out
table, and writes ``workbench/grounding/probability/calibration.json``: the weights, and the confidence
tier thresholds chosen on the left-out probabilities (``confidence``: ``choose_rule``).

Data: DEV only, the dev halves of the pair sets (``tune_grounding.load_set(..., "dev")``),
the demo items, heldout1-43 and the extra sets (extra1-7, dev sets written for this fit, never
sealed; heldout7-43 each a dev set since its one sealed measure, after rounds 11-46: the
shipped calibration.json is round 46's, fitted on round 46's rules over heldout1-42 and
extra1-7, 8,271 claims, with round 21's feature ``answer_nearest_figure``, round 22's
``universal_added`` and ``date_in_claim_sentence``, and HIGH's pooled bar raised to 0.935 in
round 21: HIGH at supported and P >= 0.91, pooled precision 0.969, coverage 0.187; LOW at
P < 0.1, 4.0% right; measured once on heldout43: HIGH 22 of 22 right, LOW 4 of 56. Round
45's (P >= 0.88, 0.960, 0.203; LOW 3.7%), measured once on heldout42: HIGH 30 of 30 right,
LOW 1 of 37, and on heldout43 (run after): HIGH 22 of 23 right, LOW 4 of 56. Round
44's (P >= 0.88, 0.963, 0.203; LOW 3.9%), measured once on heldout41: HIGH 24 of 26 right,
LOW 1 of 41, and on heldout42 (run after): HIGH 29 of 30 right, LOW 1 of 35, and on heldout43:
HIGH 22 of 22 right, LOW 4 of 56. Round
43's (P >= 0.83, 0.941, 0.256; LOW 3.9%), measured once on heldout40: HIGH 25 of 32 right,
LOW 3 of 47, and on heldout41 (run after): HIGH 30 of 33 right, LOW 1 of 41, and on heldout42:
HIGH 34 of 40 right, LOW 1 of 35. Round
42's (P >= 0.83, 0.942, 0.245; LOW 3.9%), measured once on heldout39: HIGH 28 of 30 right,
LOW 2 of 41, and on heldout40 (run after): HIGH 24 of 31 right, LOW 1 of 44, and on heldout41:
HIGH 29 of 32 right, LOW 1 of 41. Round
41's (P >= 0.83, 0.939, 0.251; LOW 4.1%), measured once on heldout38: HIGH 25 of 27 right,
LOW 2 of 48, and on heldout39 (run after): HIGH 27 of 29 right, LOW 2 of 41, and on heldout40:
HIGH 23 of 30 right, LOW 3 of 47. Round
40's (P >= 0.86, 0.954, 0.219; LOW 3.9%), measured once on heldout37: HIGH 26 of 27 right,
LOW 3 of 49, and on heldout38 (run after): HIGH 25 of 27 right, LOW 2 of 48, and on
heldout39: HIGH 27 of 28 right, LOW 2 of 41. Round
39's (P >= 0.84, 0.942, 0.245; LOW 4.1%), measured once on heldout36: HIGH 34 of 40 right,
LOW 2 of 39, and on heldout37 (run after): HIGH 29 of 31 right, LOW 3 of 48, and on heldout38:
HIGH 26 of 29 right, LOW 2 of 47. Round 38's (P >= 0.83,
0.938, 0.259; LOW 3.9%), measured once on heldout35: HIGH 27 of 29 right, LOW 3 of 53, and on
heldout36 (run after): HIGH 34 of 40 right, LOW 2 of 38, and on heldout37: HIGH 29 of 32
right, LOW 3 of 49. Round 37's (P >= 0.83,
0.938, 0.262; LOW 4.0%), measured once on heldout34: HIGH 34 of 39 right, LOW 3 of 50, and on
heldout35 (run after): HIGH 27 of 29 right, LOW 2 of 51. Round 36's (P >= 0.84,
0.940, 0.255; LOW 3.8%), measured once on heldout33: HIGH 30 of 32 right, LOW 3 of 52, and on
heldout34 (run after): HIGH 32 of 36 right, LOW 5 of 55. Round 35's (P >= 0.83,
0.935, 0.265; LOW 3.7%), measured once on heldout32: HIGH 34 of 36 right, LOW 1 of 56, and on
heldout33 (run after): HIGH 31 of 34 right, LOW 3 of 50. Round 34's (P >= 0.82,
0.940, 0.263; LOW 3.6%), measured once on heldout31: HIGH 37 of 40 right, LOW 4 of 53, and on
heldout32 (run after): HIGH 35 of 37 right, LOW 1 of 56. Round 33's (P >= 0.82,
0.938, 0.265; LOW 3.3%), measured once on heldout30: HIGH 34 of 38 right, LOW 2 of 47, and on
heldout31 (run after): HIGH 33 of 36 right, LOW 4 of 51. Round 32's (P >= 0.82,
0.936, 0.269; LOW 3.9%), measured once on heldout29: HIGH 33 of 36 right, LOW 2 of 50, and on
heldout30 (run after): HIGH 33 of 37 right, LOW 1 of 47. Round 31's (P >= 0.83,
0.939, 0.260; LOW 4.1%), measured once on heldout28: HIGH 35 of 37 right, LOW 1 of 49, and on
heldout29 (run after): HIGH 33 of 36 right, LOW 1 of 48. Round 30's (P >= 0.82,
0.937, 0.263; LOW 4.1%), measured once on heldout27: HIGH 35 of 37 right, LOW 2 of 52, and on
heldout28 (run after): HIGH 35 of 37 right, LOW 1 of 49. Round 29's (P >= 0.83,
0.937, 0.25; LOW 4.1%), measured once on heldout26: HIGH 35 of 36 right, LOW 3 of 50, and on
heldout27 (run after): HIGH 33 of 35 right, LOW 2 of 52. Round 28's (P >= 0.83,
0.936, 0.25; LOW 3.5%), measured once on heldout24: HIGH 37 of 39 right, LOW 9 of 51, and on
heldout25: HIGH 42 of 43 right, LOW 1 of 49. Round 27's, measured once on heldout23: P >= 0.82, 0.936,
0.26 (HIGH 36 of 40 right there, LOW 2 of 49); round 26's, measured on heldout22: P >= 0.81, 0.937, 0.27;
round 25's, measured on heldout21: P >= 0.82, 0.939, 0.27;
round 24's, measured on heldout20: P >= 0.83, 0.939, 0.26; round 23's, on heldout19: P >= 0.83, 0.936, 0.25;
round 22's, on heldout18: P >= 0.85, 0.935, 0.24;
round 21's, on heldout17: P >= 0.84, 0.937, 0.24; round 20's, bar 0.90: P >= 0.74, 0.914,
0.30); LOW at P < 0.1, 3.6% right in round 25).
Label: ``supported`` against everything else.

The monotone map (round 18; ``calibration.fit_monotone_map``): the logistic output is
mapped to the share truly supported by pooled isotonic knots (blocks of
``calibration.MAP_MIN_BLOCK`` claims), fitted on every set's own left-out logistic probabilities
(each set scored by a model fitted without it), items only, all sets pooled, and stored
as ``recalibration``. Every study here reports NESTED leave-one-set-out probabilities: for
each left-out set both the logistic fit and the map are fitted without it (the map on the
other sets' left-out probabilities under models fitted without that set too).
``--reliability`` prints the calibration without and with the map (writes nothing).
Round 18's figures, nested, pooled: binding-like sets ECE 0.042 -> 0.021, Brier 0.1270 ->
0.1233; all sets ECE 0.027 -> 0.011, Brier 0.1241 -> 0.1223; Brier lower on 16 of 24 sets
(15 of the 19 binding-like; higher on demo, paraphrase, binding, heq, heq-hard,
heldout1, heldout11, extra5, whose logistic P was not under-confident); every AUC the
same (the map rises strictly). Tried and not adopted, same measure (binding-like / all
ECE): Platt on the logit 0.035 / 0.028, beta calibration 0.038 / 0.029, the isotonic map
pooled over the binding-like sets only 0.013 / 0.020 (worse on the others), L2 1 / 4 / 8
with the map 0.021 / 0.026 / 0.032; verdict x score and verdict x best-candidate
interactions 0.036 alone, 0.022 with the map: Brier 0.1197, but left-out AUC falls on
paraphrase (-0.012) and four binding-like sets. Without the invented-figure copies
(weight 0) the logistic P alone is at ECE 0.017 / 0.013 and AUC rises (binding-like mean
0.904 -> 0.914), but the copies are what tell a true claim from the same claim with a
changed figure (round 13): kept, and the map undoes their pull on the middle. Refitted
after round 18's rules were merged (the shipped model), nested: binding-like ECE 0.044 ->
0.027, Brier 0.124 -> 0.120; all sets ECE 0.027 -> 0.019, Brier 0.122 -> 0.120.

``--loso`` prints the honest expected generalisation (and writes nothing): leave one SET
out (fit on the others, score it), AUC of the probability vs the raw score vs the verdict
alone vs BM25 per left-out set. ``--gate`` prints the verdict gate study (writes
nothing): with those left-out probabilities, if ``supported`` also required P >= t, the
share of each set's wrong ``supported`` claims that would fall to partial and of its
true ``supported`` claims that would be lost. ``--tiers`` prints the confidence tier study
(writes nothing): per left-out set, HIGH's precision and coverage for "P >= t" and for
"supported AND P >= t", LOW's share truly supported, the chosen rule and the share of
claims in each tier under it. Never reads a sealed set (heldout44 and later: the measures
of rounds 47 on) nor any test split.

Run: ``PYTHONPATH=. python tools/fit_calibration.py [--loso | --gate | --tiers | --reliability]
[--l2 2.0]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tune_grounding import DEV_FROM_LATER_ROUNDS, ROOT, load_set  # noqa: E402

# every dev set: the pair sets' dev halves, then every binding set that is all dev (the
# held-out sets after their one measure, and the extra sets written for this fit), in
# tune_grounding's one list, so a new set is declared in one place
SETS = ("demo", "paraphrase", "binding", "heq", "heq-hard", *DEV_FROM_LATER_ROUNDS)
L2 = 2.0
# the binding-like sets (wrong combinations made of the source's own words): the tiers are
# chosen on their left-out probabilities, pooled and one by one
BINDING_LIKE = ("binding", *DEV_FROM_LATER_ROUNDS)
# the last held-out set fitted on, for the model's note ("heldout1-27")
_LAST_HELDOUT = max(int(n[7:] or 1) for n in DEV_FROM_LATER_ROUNDS if n.startswith("heldout"))
HIGH_GRID = tuple(round(0.5 + 0.01 * i, 2) for i in range(50))
LOW_GRID = (0.02, 0.04, 0.05, 0.06, 0.08, 0.1)
# one set's features, labels (1 = supported), raw scores and BM25 scores, and the features
# of its invented-figure copies (``altered_rows``)
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
# The weight of an invented-figure copy in the fit (round 13). The binding-like dev sets hold
# no claim with an invented figure (their wrong claims are made of the source's own words),
# and their true paraphrases often derive figures the source does not write, so without
# these copies the fit learned that a figure absent from the source is no evidence against
# a claim: a true claim and the same claim with one number changed were told apart at
# left-out AUC 0.745 (heldout8: 0.56). Copies at weight 0.3: 0.846, at a cost of 0.012 of
# the binding-like sets' left-out AUC (0.871 -> 0.859) and a gain of 0.028 on the others
# (0.910 -> 0.938); weight 0.15 / 0.5 / 1: 0.819 / 0.866 / 0.889 against -0.007 / -0.021 /
# -0.036. Chosen on the left-out dev table only.
ALTERED_WEIGHT = 0.3
# one set's left-out probabilities, labels and ``supported`` verdicts
LeftOut = tuple[np.ndarray, np.ndarray, np.ndarray]


def set_rows(name: str) -> Rows:
    """Features, labels, raw scores and BM25 scores of one dev set."""
    from workbench.grounding.engine import ground_claim
    from workbench.grounding.measuring.baselines import make_bm25
    from workbench.grounding.probability.calibration import features

    bm25 = make_bm25()
    items = load_set(name, "dev")
    rows, labels, raw, base = [], [], [], []
    for it in items:
        r = ground_claim(it.claim, it.source)
        rows.append(features(r))
        labels.append(it.label == "supported")
        raw.append(r.score)
        base.append(bm25(it).score)
    x = np.asarray(rows, float)
    return (
        x,
        np.asarray(labels, float),
        np.asarray(raw, float),
        np.asarray(base, float),
        altered_rows(items, x.shape[1]),
    )


def altered_rows(items: list[Any], width: int) -> np.ndarray:
    """Features of each supported item's copy with its first digit figure changed to a
    value the source never states (``pair_inputs.alter_number``, seeded): an invented
    figure, never supported."""
    import random

    from workbench.grounding.engine import ground_claim
    from workbench.grounding.measuring.pair_inputs import alter_number
    from workbench.grounding.probability.calibration import features

    rng = random.Random(0)
    rows = []
    for it in items:
        if it.label != "supported":
            continue
        alt = alter_number(it.claim, it.source, rng)
        if alt and alt != it.claim:
            rows.append(features(ground_claim(alt, it.source)))
    return np.asarray(rows, float).reshape(-1, width)


def training(data: dict[str, Rows], skip: str | None = None) -> tuple[np.ndarray, ...]:
    """Features, labels and row weights of every set but ``skip``: its items (weight 1)
    and its invented-figure copies (label 0, weight ALTERED_WEIGHT)."""
    sets = [d for n, d in data.items() if n != skip]
    x = np.vstack([d[0] for d in sets] + [d[4] for d in sets])
    y = np.concatenate([d[1] for d in sets] + [np.zeros(len(d[4])) for d in sets])
    n = sum(len(d[1]) for d in sets)
    return x, y, np.concatenate([np.ones(n), np.full(len(y) - n, ALTERED_WEIGHT)])


def _auc(scores: np.ndarray, y: np.ndarray) -> float | None:
    from workbench.grounding.measuring.metrics import auc_score

    return auc_score(list(scores[y == 1]), list(scores[y == 0]))


def logistic_loso(data: dict[str, Rows], l2: float) -> dict[str, np.ndarray]:
    """Each set's logistic probabilities (before the monotone map) under a model fitted on
    the other sets: its items first, then its invented-figure copies."""
    from workbench.grounding.probability.calibration import fit, nonpositive_mask, predict

    out = {}
    for name, d in data.items():
        xs, ys, sw = training(data, skip=name)
        out[name] = predict(fit(xs, ys, l2, nonpositive_mask(), sw), np.vstack([d[0], d[4]]))
    return out


def map_of(data: dict[str, Rows], probs: dict[str, np.ndarray]) -> list[list[float]]:
    """The monotone map fitted on the sets' own left-out logistic probabilities
    (``probs``, as ``logistic_loso`` gives), their items only, all sets pooled: the
    invented-figure copies are training devices, not claims a user writes."""
    from workbench.grounding.probability.calibration import fit_monotone_map

    p = np.concatenate([probs[n][: len(d[1])] for n, d in data.items()])
    return fit_monotone_map(p, np.concatenate([d[1] for d in data.values()]))


def loso_probabilities(
    data: dict[str, Rows], l2: float, mapped: bool = True
) -> dict[str, np.ndarray]:
    """Each set's probabilities with NOTHING fitted on it (nested leave-one-set-out): the
    logistic model fitted on the other sets, then (``mapped``) the monotone map fitted on
    the other sets' own left-out probabilities (each under a model without it and without
    the set scored). Items first, then invented-figure copies."""
    from workbench.grounding.probability.calibration import recalibrate

    outer = logistic_loso(data, l2)
    if not mapped:
        return outer
    out = {}
    for name in data:
        rest = {n: d for n, d in data.items() if n != name}
        out[name] = recalibrate(map_of(rest, logistic_loso(rest, l2)), outer[name])
    return out


def reliability_study(data: dict[str, Rows], l2: float) -> list[str]:
    """The probability's calibration, nested leave-one-set-out, without and with the
    monotone map: pooled ECE and Brier and the reliability table over the binding-like
    sets and over all sets, then each set's AUC and Brier."""
    from workbench.grounding.probability.calibration_metrics import (
        brier_score,
        calibration_error,
        reliability_table,
    )

    runs = {m: loso_probabilities(data, l2, mapped=m) for m in (False, True)}
    items = {m: {n: runs[m][n][: len(d[1])] for n, d in data.items()} for m in runs}
    lines = []
    for group, names in (("binding-like", BINDING_LIKE), ("all sets", tuple(data))):
        y = np.concatenate([data[n][1] for n in names])
        for m in (False, True):
            p = np.concatenate([items[m][n] for n in names])
            lines.append(
                f"{group}, {'with the map' if m else 'logistic alone'}: n {len(y)} "
                f"ECE {calibration_error(p, y):.4f} Brier {brier_score(p, y):.4f}"
            )
            for r in reliability_table(p, y).iter_rows(named=True):
                lines.append(
                    f"  [{r['lower']:.1f},{r['upper']:.1f}) n {r['n']:4d} "
                    f"mean P {r['mean_probability']:.2f} supported {r['share_supported']:.2f}"
                )
    lines.append(f"{'left out':12} {'AUC':>6} {'Brier before':>12} {'Brier after':>11}")
    for n, d in data.items():
        b = [brier_score(items[m][n], d[1]) for m in (False, True)]
        lines.append(f"{n:12} {_auc(items[True][n], d[1]) or 0:>6.3f} {b[0]:>12.4f} {b[1]:>11.4f}")
    return lines


def loso(data: dict[str, Rows], l2: float) -> list[str]:
    """The leave-one-set-out table: each set scored by a model fitted on the others."""
    probs = loso_probabilities(data, l2)
    lines = [
        f"{'left out':12} {'n':>5} {'pos':>5} {'prob AUC':>9} {'score AUC':>9} "
        f"{'verdict AUC':>11} {'BM25 AUC':>9} {'figure AUC':>10}"
    ]
    wins = 0
    for name, (x, y, raw, base, alt) in data.items():
        prob, prob_alt = probs[name][: len(y)], probs[name][len(y) :]
        # figure AUC: the set's true items against its invented-figure copies
        true_vs_alt = np.concatenate([prob[y == 1], prob_alt])
        fig = _auc(true_vs_alt, np.concatenate([np.ones(int(y.sum())), np.zeros(len(alt))]))
        a = [_auc(prob, y), _auc(raw, y), _auc(x[:, 2] + 0.5 * x[:, 3], y), _auc(base, y), fig]
        wins += a[0] is not None and a[1] is not None and a[0] > a[1]
        f = ["   n/a" if v is None else f"{v:.3f}" for v in a]
        lines.append(
            f"{name:12} {len(y):>5} {int(y.sum()):>5} {f[0]:>9} {f[1]:>9} {f[2]:>11} {f[3]:>9}"
            f" {f[4]:>10}"
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
        p = probs[name][: len(y)]
        wrong, true = p[sup & (y == 0)], p[sup & (y == 1)]
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
    return {n: (probs[n][: len(d[1])], d[1], d[0][:, 2] == 1) for n, d in data.items()}


def choose_rule(sets: dict[str, LeftOut]) -> dict[str, Any]:
    """The tier thresholds chosen on the binding-like left-out sets: HIGH = a ``supported``
    verdict and P >= t at the lowest qualifying t. (Round 12 also let "P >= t" alone win on
    coverage; in round 13 it won by 0.2 points of coverage while a partial claim would have
    been HIGH, and paraphrase's HIGH precision fell from 1.00 to 0.88: a HIGH claim must
    never contradict its verdict, so only the ``supported`` variant is chosen; the study
    prints both.) The per-set bar may be missed by ``HIGH_MISSES_ALLOWED`` sets (the study
    says which); LOW by ``choose_low``."""
    from workbench.grounding.probability.calibration import (
        HIGH_MISSES_ALLOWED,
        choose_high,
        choose_low,
        high_mask,
    )

    bind = {n: sets[n] for n in BINDING_LIKE}
    t = choose_high(bind, True, HIGH_GRID, HIGH_MISSES_ALLOWED)
    if t is None:
        raise SystemExit("no HIGH threshold meets the bars on the dev sets")
    cover = float(np.mean(np.concatenate([high_mask(s, t, True) for s in bind.values()])))
    return {
        "high": t,
        "low": choose_low(bind, LOW_GRID),
        "high_needs_supported": True,
        "misses": HIGH_MISSES_ALLOWED,
        "coverage": round(cover, 4),
    }


def tier_study(data: dict[str, Rows], l2: float) -> list[str]:
    """The confidence tier study: for each HIGH variant, per left-out set, HIGH's share
    truly supported (precision) and share of the set's claims (coverage) at its chosen t;
    then, under the chosen rule, the share truly supported in LOW and the share of claims
    in each tier."""
    from workbench.grounding.probability.calibration import (
        HIGH_MISSES_ALLOWED,
        TierRule,
        choose_high,
        high_mask,
        precision,
    )

    sets = left_out(data, l2)
    bind = {n: sets[n] for n in BINDING_LIKE}
    lines = []
    for needs in (False, True):
        name = "supported AND P >= t" if needs else "P >= t"
        lines.append(f"HIGH = {name}: precision / coverage per left-out set")
        lines.append(f"{'t':>5} " + " ".join(f"{n[:9]:>11}" for n in sets) + "   pooled-bind")
        chosen = choose_high(bind, needs, HIGH_GRID, HIGH_MISSES_ALLOWED)
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
        else f" (at most {chosen_rule['misses']} set(s) may miss the per-set bar)"
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
    ap.add_argument(
        "--reliability", action="store_true", help="nested leave-one-set-out calibration study"
    )
    ap.add_argument("--l2", type=float, default=L2)
    args = ap.parse_args(argv)
    data = {name: set_rows(name) for name in SETS}
    studies = {
        "loso": loso,
        "gate": gate_study,
        "tiers": tier_study,
        "reliability": reliability_study,
    }
    chosen = [f for k, f in studies.items() if getattr(args, k)]
    if chosen:
        study = chosen[0]
        print("\n".join(study(data, args.l2)))
        return 0
    from workbench.grounding.probability.calibration import (
        WEIGHTS_FILE,
        feature_names,
        fit,
        nonpositive_mask,
    )
    from workbench.io import write_json_atomic

    x, y, sw = training(data)
    model = {
        "features": feature_names(),
        **{k: _rounded(v) for k, v in fit(x, y, args.l2, nonpositive_mask(), sw).items()},
        "recalibration": map_of(data, logistic_loso(data, args.l2)),
        "l2": args.l2,
        "altered_weight": ALTERED_WEIGHT,
        "confidence": choose_rule(left_out(data, args.l2)),
        "trained_on": {name: len(d[1]) for name, d in data.items()},
        "altered_copies": {name: len(d[4]) for name, d in data.items()},
        "note": (
            "fitted on dev data only (demo, dev halves of paraphrase, binding, heq, heq-hard; "
            f"heldout1-{_LAST_HELDOUT}, extra sets) by tools/fit_calibration.py; label: "
            "supported; later sets sealed"
        ),
    }
    write_json_atomic(model, WEIGHTS_FILE)
    n = sum(len(d[1]) for d in data.values())
    print(
        f"wrote {WEIGHTS_FILE.relative_to(ROOT)}: {n} claims, {int(y.sum())} supported, "
        f"{len(y) - n} invented-figure copies at weight {ALTERED_WEIGHT}"
    )
    return 0


def _rounded(v: Any) -> Any:
    """Weights to 6 decimals, so the stored JSON stays small and diffs stay readable."""
    return [round(float(a), 6) for a in v] if isinstance(v, list) else round(float(v), 6)


if __name__ == "__main__":
    raise SystemExit(main())
