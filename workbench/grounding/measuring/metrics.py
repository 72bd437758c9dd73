"""The figures of one system's outcomes on the items `workbench eval-grounding` measures,
overall and by group (``GROUPS``), each defined here beside the code that computes it;
``evaluation`` runs the systems and shows the figures.

Figures (JSON keys): ``recall_at_1`` / ``recall_at_3``: share of supported items with
gold spans for which a top-k predicted span hits a gold span (overlap at least half the
shorter of the two); ``mean_iou``: mean character IoU between the predicted support
spans and the gold spans; ``auc``: ROC AUC of the support score, supported against the
rest (rank-based, ties count half); ``prob_auc`` (ours only, overall and per group): the
same AUC of the calibrated support probability (``ClaimResult.probability``),
the score and verdict left as they are; ``brier`` / ``ece`` (ours only, overall and per
group, every group even one holding a single label): the probability's Brier score and
expected calibration error (10 equal-width bins, weighted by bin size; defined in
``calibration_metrics``), with ``brier_base_rate`` (overall only) the Brier score of
forecasting the share supported for every item, their reference (per item: ``probability``);
``precision`` / ``recall`` / ``f1`` of the verdict ``supported``. ``by_kind`` breaks them down by claim kind (``by_genre`` and
``by_difficulty`` too on the dataset); for a negative kind its ``auc`` is all supported
items against that kind alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from operator import attrgetter
from typing import Any

import numpy as np

from workbench.grounding.measuring.baselines import Item, Outcome
from workbench.grounding.probability.calibration_metrics import (
    base_rate_brier,
    brier_score,
    calibration_error,
)


def auc_score(pos: Sequence[float], neg: Sequence[float]) -> float | None:
    """ROC AUC from ranks (Mann-Whitney U); tied scores get the average rank."""
    p = np.asarray(pos, dtype=np.float64)
    q = np.asarray(neg, dtype=np.float64)
    if p.size == 0 or q.size == 0:
        return None
    s = np.concatenate([p, q])
    _, inv, counts = np.unique(s, return_inverse=True, return_counts=True)
    upper = np.cumsum(counts)
    avg_rank = upper - (counts - 1) / 2.0  # 1-based average rank of each distinct value
    ranks = avg_rank[inv]
    u = ranks[: p.size].sum() - p.size * (p.size + 1) / 2.0
    return float(u / (p.size * q.size))


def hit(pred: tuple[int, int], gold: Iterable[tuple[int, int]]) -> bool:
    """A hit: overlap of at least half the shorter of the two spans."""
    ps, pe = pred
    for gs, ge in gold:
        overlap = min(pe, ge) - max(ps, gs)
        shorter = min(pe - ps, ge - gs)
        if shorter > 0 and overlap >= 0.5 * shorter:
            return True
    return False


def char_iou(pred: Iterable[tuple[int, int]], gold: Iterable[tuple[int, int]]) -> float:
    """Character IoU of two unions of spans."""
    a = _merge(pred)
    b = _merge(gold)
    inter = 0
    for s1, e1 in a:
        for s2, e2 in b:
            inter += max(0, min(e1, e2) - max(s1, s2))
    union = sum(e - s for s, e in a) + sum(e - s for s, e in b) - inter
    return inter / union if union else 0.0


def _merge(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for s, e in sorted((int(s), int(e)) for s, e in spans if e > s):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [(s, e) for s, e in out]


def _round(x: float | np.floating | None) -> float | None:
    return None if x is None else round(float(x), 4)


def figures(
    items: list[Item],
    outs: list[Outcome],
    *,
    all_pos: list[float] | None = None,
    all_neg: list[float] | None = None,
) -> dict[str, Any]:
    """recall@1/3, IoU, AUC, precision/recall/F1 for ``items`` (one system's outcomes).

    ``all_pos`` / ``all_neg``: when given (a breakdown), the AUC of a group holding only
    positives is taken against ``all_neg`` and of a group of only negatives against
    ``all_pos``.
    """
    with_spans = [
        (it, o) for it, o in zip(items, outs, strict=True) if it.label == "supported" and it.spans
    ]
    r1 = [hit(o.ranked[0], it.spans) if o.ranked else False for it, o in with_spans]
    r3 = [any(hit(p, it.spans) for p in o.ranked[:3]) for it, o in with_spans]
    ious = [char_iou(o.support or o.ranked[:1], it.spans) for it, o in with_spans]
    pos = [o.score for it, o in zip(items, outs, strict=True) if it.label == "supported"]
    neg = [o.score for it, o in zip(items, outs, strict=True) if it.label != "supported"]
    if not neg and all_neg is not None:
        auc = auc_score(pos, all_neg)
    elif not pos and all_pos is not None:
        auc = auc_score(all_pos, neg)
    else:
        auc = auc_score(pos, neg)
    out: dict[str, Any] = {
        "items": len(items),
        "recall_at_1": _round(np.mean(r1)) if r1 else None,
        "recall_at_3": _round(np.mean(r3)) if r3 else None,
        "mean_iou": _round(np.mean(ious)) if ious else None,
        "auc": _round(auc),
    }
    if outs and outs[0].verdict is not None:
        gold = np.array([it.label == "supported" for it in items])
        pred = np.array([o.verdict == "supported" for o in outs])
        tp = int((gold & pred).sum())
        precision = tp / pred.sum() if pred.sum() else None
        recall = tp / gold.sum() if gold.sum() else None
        f1 = (
            2 * precision * recall / (precision + recall)
            if precision and recall
            else (0.0 if precision is not None and recall is not None else None)
        )
        out.update(precision=_round(precision), recall=_round(recall), f1=_round(f1))
        out["supported_rate"] = _round(pred.mean())
        counts = {
            v: int(sum(o.verdict == v for o in outs))
            for v in ("supported", "partial", "unsupported")
        }
        out["verdicts"] = counts
    out["mean_score"] = _round(np.mean([o.score for o in outs])) if outs else None
    return out


def _groups(items: list[Item], key: Callable[[Item], Any]) -> dict[str, list[int]]:
    """The items' indices by group (sorted by group name); items without a group are left out."""
    groups: dict[str, list[int]] = {}
    for i, it in enumerate(items):
        k = key(it)
        if k is None or k == "":
            continue
        groups.setdefault(str(k), []).append(i)
    return dict(sorted(groups.items()))


def breakdown(items: list[Item], outs: list[Outcome], key: Callable[[Item], Any]) -> dict:
    """``figures`` of each group of ``key`` (a ``GROUPS`` entry); a group of one label
    takes its AUC against every item of the other."""
    pos = [o.score for it, o in zip(items, outs, strict=True) if it.label == "supported"]
    neg = [o.score for it, o in zip(items, outs, strict=True) if it.label != "supported"]
    return {
        k: figures([items[i] for i in ids], [outs[i] for i in ids], all_pos=pos, all_neg=neg)
        for k, ids in _groups(items, key).items()
    }


GROUPS: dict[str, Callable[[Item], Any]] = {
    k: attrgetter(k[3:]) for k in ("by_kind", "by_genre", "by_difficulty")
}


def add_prob_auc(items: list[Item], outs: list[Outcome], result: dict[str, Any]) -> None:
    """``prob_auc`` beside each ``auc`` of ours: the same figure with the calibrated
    probability in place of the score (one more column; every other figure unchanged)."""
    prob = [replace(o, score=o.extra["probability"]) for o in outs]
    result["prob_auc"] = figures(items, prob)["auc"]
    for key in (k for k in GROUPS if k in result):
        for k, f in breakdown(items, prob, GROUPS[key]).items():
            result[key][k]["prob_auc"] = f["auc"]


def add_calibration(items: list[Item], outs: list[Outcome], result: dict[str, Any]) -> None:
    """``brier`` and ``ece`` of the probability beside each ``prob_auc`` (every group, even
    one holding a single label: there they measure the distance from that label), and
    ``brier_base_rate`` overall as their reference."""
    p = np.array([o.extra["probability"] for o in outs], dtype=np.float64)
    y = np.array([it.label == "supported" for it in items])
    result.update(
        brier=_round(brier_score(p, y)),
        brier_base_rate=_round(base_rate_brier(y)),
        ece=_round(calibration_error(p, y)),
    )
    for key in (k for k in GROUPS if k in result):
        for k, ids in _groups(items, GROUPS[key]).items():
            result[key][k].update(
                brier=_round(brier_score(p[ids], y[ids])),
                ece=_round(calibration_error(p[ids], y[ids])),
            )
