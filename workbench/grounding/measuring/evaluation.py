"""`workbench eval-grounding`: measure the grounding engine, beside two baselines.

Two inputs:

* a **pairs file** (``--pairs FILE``): a JSON list of ``{id, source, claim, label,
  support_spans, claim_kind?}`` with ``label`` in supported / unsupported / contradicted
  and ``support_spans`` a list of ``[start, end]`` offsets into ``source``. Each claim is
  grounded whole (``ground_claim``), not split.
* the **dataset** (``--data PATH``, default: see ``workbench.data.dataset``): every gold claim
  is grounded against its own source; negatives are built from the gold claims:
  (a) the claim moved to another record of the same genre (a different source), and
  (b) the claim with a number changed, or when it has no number, with its rarest content
  word replaced by a word of another record's source.

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
items against that kind alone. ``baselines`` holds the same figures for BM25 over the
source sentences with whitespace tokens (rank-bm25) and rapidfuzz ``partial_ratio``,
and our / their ratios.

Over 500 lines on purpose: one command's metrics, inputs, systems and rendering, each
figure defined beside the column that shows it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from operator import attrgetter
from pathlib import Path
from typing import Any

import numpy as np

from workbench.errors import InputFileError
from workbench.formatting import fmt_float
from workbench.grounding.engine import ground_claim
from workbench.grounding.measuring.baselines import Item, Outcome, make_bm25, rapidfuzz_baseline
from workbench.grounding.probability.calibration_metrics import (
    base_rate_brier,
    brier_score,
    calibration_error,
)
from workbench.grounding.reading.index import index_source
from workbench.grounding.results import ClaimResult
from workbench.hebrew import extract_numbers, is_stopword, tokenize

LABELS: tuple[str, ...] = ("supported", "unsupported", "contradicted")
KIND_GOLD = "gold claim"
KIND_MOVED = "claim moved to another record of the same genre"
KIND_NUMBER = "claim with a number altered"
KIND_WORD = "claim with a key word altered"
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


# --- metrics ---------------------------------------------------------------------------


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


def _breakdown(items: list[Item], outs: list[Outcome], key: Callable[[Item], Any]) -> dict:
    pos = [o.score for it, o in zip(items, outs, strict=True) if it.label == "supported"]
    neg = [o.score for it, o in zip(items, outs, strict=True) if it.label != "supported"]
    return {
        k: figures([items[i] for i in ids], [outs[i] for i in ids], all_pos=pos, all_neg=neg)
        for k, ids in _groups(items, key).items()
    }


# --- systems ---------------------------------------------------------------------------


def ours(item: Item) -> Outcome:
    r: ClaimResult = ground_claim(item.claim, item.source)
    ranked = [(c.start, c.end) for c in r.candidates]
    support = [(s.start, s.end) for s in r.spans] or ranked[:1]
    extra = {"issues": r.messages, "probability": r.probability}  # the engine's stage 7
    return Outcome(r.score, ranked, support, r.verdict, extra)


# --- inputs ----------------------------------------------------------------------------


def _spans(raw: dict[str, Any], where: str) -> list[tuple[int, int]]:
    """The item's ``support_spans``, checked against its source's length."""
    spans = raw.get("support_spans", []) or []
    if not isinstance(spans, list):
        raise InputFileError(f"{where}: field 'support_spans' must be a list")
    clean = []
    for sp in spans:
        ok = (
            isinstance(sp, list | tuple)
            and len(sp) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in sp)
            and 0 <= sp[0] < sp[1] <= len(raw["source"])
        )
        if not ok:
            raise InputFileError(
                f"{where}: field 'support_spans' has {sp!r}, expected [start, end] "
                f"with 0 <= start < end <= {len(raw['source'])}"
            )
        clean.append((sp[0], sp[1]))
    return clean


def load_pairs(path: str | Path, *, split: str | None = None) -> list[Item]:
    """Read and check a pairs file; every problem is one line naming file, item, field.

    ``split``: keep only the items whose optional ``split`` field equals it (for example
    ``dev`` or ``test``); an error when none does.
    """
    from workbench.data.dataset import read_json_array

    p = Path(path)
    data, _ = read_json_array(p)
    items = []
    for i, raw in enumerate(data):
        where = f"{p}: item {i}"
        if not isinstance(raw, dict):
            raise InputFileError(f"{where}: expected an object")
        for fld, typ in (("id", (str, int)), ("source", str), ("claim", str), ("label", str)):
            if fld not in raw:
                raise InputFileError(f"{where}: missing field {fld!r}")
            if not isinstance(raw[fld], typ):
                raise InputFileError(f"{where}: field {fld!r} has the wrong type")
        where = f"{p}: item {i} (id {raw['id']!r})"
        if raw["label"] not in LABELS:
            raise InputFileError(
                f"{where}: field 'label' is {raw['label']!r}, expected one of {', '.join(LABELS)}"
            )
        clean = _spans(raw, where)
        kind = raw.get("claim_kind") or ""
        if not isinstance(kind, str):
            raise InputFileError(f"{where}: field 'claim_kind' must be a string")
        if split is not None and raw.get("split") != split:
            continue
        items.append(Item(str(raw["id"]), raw["source"], raw["claim"], raw["label"], clean, kind))
    if not items:
        which = f" with split {split!r}" if split is not None else ""
        raise InputFileError(f"{p}: no items{which}")
    return items


def alter_number(claim: str, source: str, rng: random.Random) -> str | None:
    """The claim with its first digit number changed to a value absent from the source (an
    invented figure: the dataset's altered copies, and the calibration's extra negatives)."""
    mentions = [m for m in extract_numbers(claim) if m.text[:1].isdigit() or "%" in m.text]
    digits = [m for m in mentions if any(ch.isdigit() for ch in m.text)]
    if not digits:
        return None
    m = digits[0]
    src_values = index_source(source).all_values
    surface = claim[m.start : m.end]
    pos = max(i for i, ch in enumerate(surface) if ch.isdigit())
    old = int(surface[pos])
    for step in rng.sample(range(1, 10), 9):
        new = (old + step) % 10
        altered = surface[:pos] + str(new) + surface[pos + 1 :]
        got = extract_numbers(altered)
        if got and got[0].value not in src_values:
            return claim[: m.start] + altered + claim[m.end :]
    return None


@lru_cache(maxsize=4096)
def _content_words(source: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(surface, key, stems) of the source's distinct content words of 4+ letters (cached:
    each source is a donor for many claims)."""
    return tuple(
        (source[t.start : t.end], key, t.stems)
        for key, t in index_source(source).words.items()
        if not is_stopword(t) and t.number is None and len(key) >= 4
    )


def _alter_word(claim: str, source: str, donors: list[str], rng: random.Random) -> str | None:
    """The claim with its rarest content word (one found in the source) replaced by a
    content word of another source (``donors``) that this source does not hold."""
    idx = index_source(source)
    toks = [
        t
        for t in tokenize(claim)
        if not is_stopword(t) and t.number is None and len(t.key) >= 3 and t.key in idx.exact
    ]
    if not toks:
        return None
    # rarest in the source: fewest sentences holding it; ties: the longest word
    toks.sort(key=lambda t: (len(idx.exact[t.key]), -len(t.key), t.start))
    target = toks[0]
    src_keys = idx.loose
    pool = []
    for d in donors[:5]:
        for surface, key, stems in _content_words(d):
            if key not in src_keys and not any(st in src_keys for st in stems):
                pool.append(surface)
        if len(pool) >= 50:
            break
    if not pool:
        return None
    word = pool[rng.randrange(len(pool))]
    return claim[: target.start] + word + claim[target.end :]


def dataset_items(records: list[dict[str, Any]], *, seed: int = 0) -> list[Item]:
    """Gold claims (supported) and the negatives built from them (see module docstring).

    Deterministic for a given ``seed``: the moved claim goes to a peer of the same genre
    chosen by position, the altered number / word is drawn from a seeded generator.
    """
    rng = random.Random(seed)
    items: list[Item] = []
    by_genre: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_genre.setdefault(r["genre"], []).append(r)
    for r in records:
        src = r["source_text"]
        peers = [p for p in by_genre[r["genre"]] if p["source_text"] != src]
        for c in r["claims"]:
            cid = f"{r['id']}#{c['claim_id']}"
            spans = [(a["start_char"], a["end_char"]) for a in c["attribution"]]
            common = {"genre": r["genre"], "difficulty": r["difficulty"]}
            items.append(Item(cid, src, c["text"], "supported", spans, KIND_GOLD, **common))
            if peers:
                other = peers[(c["claim_id"] + len(items)) % len(peers)]
                items.append(
                    Item(
                        f"{cid}>moved>{other['id']}",
                        other["source_text"],
                        c["text"],
                        "unsupported",
                        [],
                        KIND_MOVED,
                        other["genre"],
                        other["difficulty"],
                    )
                )
            altered = alter_number(c["text"], src, rng)
            if altered is not None:
                items.append(
                    Item(f"{cid}>number", src, altered, "contradicted", [], KIND_NUMBER, **common)
                )
                continue
            start = (c["claim_id"] + len(items)) % len(peers) if peers else 0
            donors = [p["source_text"] for p in peers[start:] + peers[:start]]
            altered = _alter_word(c["text"], src, donors, rng)
            if altered is not None:
                items.append(
                    Item(f"{cid}>word", src, altered, "contradicted", [], KIND_WORD, **common)
                )
    return items


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


GROUPS: dict[str, Callable[[Item], Any]] = {
    k: attrgetter(k[3:]) for k in ("by_kind", "by_genre", "by_difficulty")
}


def _add_prob_auc(items: list[Item], outs: list[Outcome], result: dict[str, Any]) -> None:
    """``prob_auc`` beside each ``auc`` of ours: the same figure with the calibrated
    probability in place of the score (one more column; every other figure unchanged)."""
    prob = [replace(o, score=o.extra["probability"]) for o in outs]
    result["prob_auc"] = figures(items, prob)["auc"]
    for key in (k for k in GROUPS if k in result):
        for k, f in _breakdown(items, prob, GROUPS[key]).items():
            result[key][k]["prob_auc"] = f["auc"]


def _add_calibration(items: list[Item], outs: list[Outcome], result: dict[str, Any]) -> None:
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


def evaluate(items: list[Item], *, dataset: bool = False) -> dict[str, Any]:
    """Every figure for ``items``, ours and the baselines', as one JSON-able dict."""
    our_outs, our_time = _run(ours, items)
    result = figures(items, our_outs)
    for key in ("by_kind", "by_genre", "by_difficulty") if dataset else ("by_kind",):
        result[key] = _breakdown(items, our_outs, GROUPS[key])
    _add_prob_auc(items, our_outs, result)
    _add_calibration(items, our_outs, result)
    baselines: dict[str, Any] = {}
    for name, system in (("bm25", make_bm25()), ("rapidfuzz", rapidfuzz_baseline)):
        outs, secs = _run(system, items)
        fig = figures(items, outs)
        for k in ("precision", "recall", "f1"):
            fig.pop(k, None)
        fig["by_kind"] = _breakdown(items, outs, GROUPS["by_kind"])
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
