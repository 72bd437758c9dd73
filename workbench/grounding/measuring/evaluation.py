"""`workbench eval-grounding`: measure the grounding engine, beside two baselines.

The items are a pairs file's or the dataset's gold claims with negatives built from them
(``pair_inputs``: ``load_pairs``, ``dataset_items``). ``evaluate`` runs each system over
them, source by source: ours grounds each claim whole (``ground_claim``, not split), the
baselines are BM25 over the source sentences with whitespace tokens (rank-bm25) and
rapidfuzz ``partial_ratio`` (``baselines``). It measures each with the figures of
``metrics`` (JSON keys, defined there): ours overall, ``by_kind`` (``by_genre`` and
``by_difficulty`` too on the dataset), with the calibrated probability's ``prob_auc``,
``brier`` and ``ece``; ``baselines`` holds the same figures for BM25 and rapidfuzz, and
our / their ratios; ``per_item`` each item's score, verdict, probability and spans.
``json_result`` is the JSON output, ``render_text`` the readable summary.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from workbench.formatting import fmt_float
from workbench.grounding.engine import ground_claim
from workbench.grounding.measuring.baselines import Item, Outcome, make_bm25, rapidfuzz_baseline
from workbench.grounding.measuring.metrics import (
    GROUPS,
    add_calibration,
    add_prob_auc,
    breakdown,
    figures,
)
from workbench.grounding.results import ClaimResult

JSON_KEYS: tuple[str, ...] = (
    "items",
    "recall_at_1",
    "recall_at_3",
    "mean_iou",
    "auc",
    "prob_auc",
    "brier",
    "brier_base_rate",
    "ece",
    "precision",
    "recall",
    "f1",
    "by_kind",
    "baselines",
    "per_item",
)


# --- systems ---------------------------------------------------------------------------


def ours(item: Item) -> Outcome:
    r: ClaimResult = ground_claim(item.claim, item.source)
    ranked = [(c.start, c.end) for c in r.candidates]
    support = [(s.start, s.end) for s in r.spans] or ranked[:1]
    extra = {"issues": r.messages, "probability": r.probability}  # the engine's stage 7
    return Outcome(r.score, ranked, support, r.verdict, extra)


# --- the evaluation --------------------------------------------------------------------


def _run(system: Callable[[Item], Outcome], items: list[Item]) -> tuple[list[Outcome], float]:
    """Outcomes in the items' order, computed source by source (so caches stay warm)."""
    first_seen: dict[str, int] = {}
    for i, it in enumerate(items):
        first_seen.setdefault(it.source, i)
    order = sorted(range(len(items)), key=lambda i: (first_seen[items[i].source], i))
    outs: list[Outcome | None] = [None] * len(items)
    t0 = time.perf_counter()
    for i in order:
        outs[i] = system(items[i])
    return outs, time.perf_counter() - t0  # type: ignore[return-value]


def evaluate(items: list[Item], *, dataset: bool = False) -> dict[str, Any]:
    """Every figure for ``items``, ours and the baselines', as one JSON-able dict."""
    our_outs, our_time = _run(ours, items)
    result = figures(items, our_outs)
    for key in ("by_kind", "by_genre", "by_difficulty") if dataset else ("by_kind",):
        result[key] = breakdown(items, our_outs, GROUPS[key])
    add_prob_auc(items, our_outs, result)
    add_calibration(items, our_outs, result)
    baselines: dict[str, Any] = {}
    for name, system in (("bm25", make_bm25()), ("rapidfuzz", rapidfuzz_baseline)):
        outs, secs = _run(system, items)
        fig = figures(items, outs)
        for k in ("precision", "recall", "f1"):
            fig.pop(k, None)
        fig["by_kind"] = breakdown(items, outs, GROUPS["by_kind"])
        fig["seconds"] = round(secs, 3)
        fig["ratio_recall_at_1"] = _ratio(result["recall_at_1"], fig["recall_at_1"])
        fig["ratio_auc"] = _ratio(result["auc"], fig["auc"])
        baselines[name] = fig
    result["baselines"] = baselines
    result["seconds"] = round(our_time, 3)
    result["per_item"] = [
        {
            "id": it.id,
            "label": it.label,
            "claim_kind": it.kind or None,
            "score": o.score,
            "verdict": o.verdict,
            "probability": o.extra["probability"],
            "spans": [[s, e] for s, e in o.ranked],
            **({"genre": it.genre, "difficulty": it.difficulty} if dataset else {}),
            **({"issues": o.extra.get("issues", [])} if o.extra.get("issues") else {}),
        }
        for it, o in zip(items, our_outs, strict=True)
    ]
    first = [k for k in JSON_KEYS if k in result]
    return {k: result[k] for k in first} | {k: v for k, v in result.items() if k not in first}


def json_result(res: dict[str, Any]) -> dict[str, Any]:
    """The JSON of the issue: exactly ``JSON_KEYS`` (plus by_genre / by_difficulty on the
    dataset); the run's time and data path are printed in the text format only."""
    return {k: res[k] for k in (*JSON_KEYS, "by_genre", "by_difficulty") if k in res}


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return round(a / b, 3)


# --- output ----------------------------------------------------------------------------


_f = partial(fmt_float, none="-")


def render_text(res: dict[str, Any]) -> str:
    """A readable summary: overall, per kind, baselines and ratios."""
    lines = []
    if "data" in res:
        lines.append(f"data: {res['data']}")
    lines.append(
        f"items {res['items']}  recall@1 {_f(res['recall_at_1'])}  recall@3 "
        f"{_f(res['recall_at_3'])}  mean IoU {_f(res['mean_iou'])}  AUC {_f(res['auc'])}  "
        f"P AUC {_f(res.get('prob_auc'))}  Brier {_f(res.get('brier'))} "
        f"(base rate {_f(res.get('brier_base_rate'))})  ECE {_f(res.get('ece'))}  precision {_f(res['precision'])}  "
        f"recall {_f(res['recall'])}  F1 {_f(res['f1'])}  ({_f(res.get('seconds'))} s)"
    )
    header = (
        f"{'':52} {'n':>4} {'R@1':>6} {'R@3':>6} {'IoU':>6} {'AUC':>6} {'P AUC':>6}"
        f" {'Brier':>6} {'ECE':>6} {'supp%':>6} {'BM25 AUC':>9} {'rfuzz AUC':>9}"
    )
    for title, key in (
        ("by claim kind", "by_kind"),
        ("by genre", "by_genre"),
        ("by difficulty", "by_difficulty"),
    ):
        if key not in res:
            continue
        lines += ["", title, header]
        for k, f in res[key].items():
            base = [
                res["baselines"][b]["by_kind"].get(k, {}).get("auc") if key == "by_kind" else None
                for b in ("bm25", "rapidfuzz")
            ]
            lines.append(
                f"{k[:52]:52} {f['items']:>4} {_f(f['recall_at_1']):>6} "
                f"{_f(f['recall_at_3']):>6} {_f(f['mean_iou']):>6} {_f(f['auc']):>6} "
                f"{_f(f.get('prob_auc')):>6} {_f(f.get('brier')):>6} {_f(f.get('ece')):>6} "
                f"{_f(f.get('supported_rate')):>6} "
                f"{_f(base[0]):>9} {_f(base[1]):>9}"
            )
    lines += ["", "baselines (ours / theirs)"]
    for name, b in res["baselines"].items():
        lines.append(
            f"{name:10} recall@1 {_f(b['recall_at_1'])} (x{_f(b['ratio_recall_at_1'])})  "
            f"recall@3 {_f(b['recall_at_3'])}  AUC {_f(b['auc'])} (x{_f(b['ratio_auc'])})  "
            f"({_f(b['seconds'])} s)"
        )
        for k, f in b["by_kind"].items():
            lines.append(f"    {k[:48]:48} R@1 {_f(f['recall_at_1']):>6}  AUC {_f(f['auc']):>6}")
    return "\n".join(lines)
