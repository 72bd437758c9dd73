"""Print the grounding engine's figures per claim kind on every pair set, dev split only
by default, so a tuning step is measured the same way each time (prints, asserts nothing).

Pair sets: the demo set's built items (no split), the paraphrase pairs and the binding
pairs (their ``split`` field), the HeQ pairs and HeQ hard pairs (``data/heq/split.py``,
by paragraph); ``answers``: the demo's example answers, grounded with their record's
question as ``workbench score`` does, sentence by sentence against the labels of
``data/demo/example_answers.README.md`` (no split), and the demo's gold claims with
their record's question; ``types``: the answer-type check alone,
each typed question of the right answers paired with the other right answers (their type
is their own question's); ``values``: the answer-value check alone, each right answer
stating one value with that value swapped for each other value of its kind in the source.
``--split test`` measures the held-out halves: run it once, at the end.

Run: ``PYTHONPATH=. python tools/tune_grounding.py [--split dev|test|all] [--baselines]
[--ablate] [--misses]``; ``--misses`` lists the misjudged items instead of the figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAIR_SETS = {
    "paraphrase": ROOT / "data/grounding_pairs/hebrew_paraphrase_pairs.json",
    "binding": ROOT / "data/binding_pairs/binding_pairs.json",
    "heq": ROOT / "data/heq/heq_dev_pairs.json",
    "heq-hard": ROOT / "data/heq/heq_dev_hard_pairs.json",
    # measured once after round 4 (figures in its README); a dev set from round 5 on
    "heldout1": ROOT / "data/binding_heldout/binding_heldout.json",
    # measured once after round 7 (figures in its README); a dev set from round 8 on
    "heldout2": ROOT / "data/binding_heldout2/binding_heldout2.json",
    # measured once after round 8 (figures in its README); a dev set from round 9 on
    "heldout3": ROOT / "data/binding_heldout3/binding_heldout3.json",
    # measured once after round 9 (figures in its README); a dev set from round 10 on
    "heldout4": ROOT / "data/binding_heldout4/binding_heldout4.json",
    # measured once after round 10 (figures in its README); a dev set from round 11 on
    "heldout5": ROOT / "data/binding_heldout5/binding_heldout5.json",
    # measured once after round 10 and the calibration (figures in its README); dev after
    "heldout6": ROOT / "data/binding_heldout6/binding_heldout6.json",
    # measured once after round 11 (the probability's features; figures in README.md)
    "heldout7": ROOT / "data/binding_heldout7/binding_heldout7.json",
    # measured once after round 12 (the refit and the confidence tier; figures in README.md)
    "heldout8": ROOT / "data/binding_heldout8/binding_heldout8.json",
    # measured once after round 13 (invented-figure copies; figures in README.md)
    "heldout9": ROOT / "data/binding_heldout9/binding_heldout9.json",
    # measured once after round 14 (the refit with the extra sets; figures in README.md)
    "heldout10": ROOT / "data/binding_heldout10/binding_heldout10.json",
    # measured once after round 15 (the refit with extra4-6; figures in README.md)
    "heldout11": ROOT / "data/binding_heldout11/binding_heldout11.json",
    # measured once after round 16 (rules written from half the later sets; README.md)
    "heldout12": ROOT / "data/binding_heldout12/binding_heldout12.json",
    # measured once after round 17 (rules written from round 16's check half; README.md)
    "heldout13": ROOT / "data/binding_heldout13/binding_heldout13.json",
    # measured once after round 18 (rules written from heldout3-11 and extra1-6; README.md)
    "heldout14": ROOT / "data/binding_heldout14/binding_heldout14.json",
    # measured once after round 19 (rules written from heldout3-12, extra1-6; README.md)
    "heldout15": ROOT / "data/binding_heldout15/binding_heldout15.json",
    # measured once after round 20 (rules written from heldout3-13, extra1-6; README.md)
    "heldout16": ROOT / "data/binding_heldout16/binding_heldout16.json",
    # measured once after round 21 (rules written from heldout3-14, extra1-6; README.md)
    "heldout17": ROOT / "data/binding_heldout17/binding_heldout17.json",
    # measured once after round 22 (rules of round 21, probability of round 22; README.md)
    "heldout18": ROOT / "data/binding_heldout18/binding_heldout18.json",
    # measured once after round 23 (rules written from heldout3-16, extra1-6; README.md)
    "heldout19": ROOT / "data/binding_heldout19/binding_heldout19.json",
    # measured once after round 24 (rules written from heldout3-17, extra1-6; README.md)
    "heldout20": ROOT / "data/binding_heldout20/binding_heldout20.json",
    # measured once after round 25 (rules written from heldout3-18, extra1-6; README.md)
    "heldout21": ROOT / "data/binding_heldout21/binding_heldout21.json",
    # measured once after round 26 (rules written from heldout3-19, extra1-6; README.md)
    "heldout22": ROOT / "data/binding_heldout22/binding_heldout22.json",
    # measured once after round 27 (rules written from heldout3-19, extra1-6; README.md)
    "heldout23": ROOT / "data/binding_heldout23/binding_heldout23.json",
    # measured once after round 28 (no rule lane; reader fixes and stress tests; README.md)
    "heldout24": ROOT / "data/binding_heldout24/binding_heldout24.json",
    # measured once at the start of round 29 (round 28's engine as it landed; README.md)
    "heldout25": ROOT / "data/binding_heldout25/binding_heldout25.json",
    # measured once after round 29 (its rules, the refit with heldout24-25; README.md)
    "heldout26": ROOT / "data/binding_heldout26/binding_heldout26.json",
    # measured once after round 30 (its rules and the refit with heldout26; README.md)
    "heldout27": ROOT / "data/binding_heldout27/binding_heldout27.json",
    # measured once after round 31 (its rules and the refit with heldout27; README.md)
    "heldout28": ROOT / "data/binding_heldout28/binding_heldout28.json",
    # measured once after round 32 (its rules and the refit with heldout28; README.md)
    "heldout29": ROOT / "data/binding_heldout29/binding_heldout29.json",
    # measured once after round 33 (its rules and the refit with heldout29; README.md)
    "heldout30": ROOT / "data/binding_heldout30/binding_heldout30.json",
    # measured once after round 34 (its rules and the refit with heldout30, extra7; README.md)
    "heldout31": ROOT / "data/binding_heldout31/binding_heldout31.json",
    # measured once after round 35 (its rules and the refit with heldout31; README.md)
    "heldout32": ROOT / "data/binding_heldout32/binding_heldout32.json",
    # measured once after round 36 (its rules and the refit with heldout32; README.md)
    "heldout33": ROOT / "data/binding_heldout33/binding_heldout33.json",
    # measured once after round 37 (its rules and the refit with heldout33; README.md)
    "heldout34": ROOT / "data/binding_heldout34/binding_heldout34.json",
    # measured once after round 38 (its rules and the refit with heldout34; README.md)
    "heldout35": ROOT / "data/binding_heldout35/binding_heldout35.json",
    # measured once after round 39 (its rules and the refit with heldout35; README.md)
    "heldout36": ROOT / "data/binding_heldout36/binding_heldout36.json",
    # measured once after round 40 (its rules and the refit with heldout36; README.md)
    "heldout37": ROOT / "data/binding_heldout37/binding_heldout37.json",
    # measured once after round 41 (its rules and the refit with heldout37; README.md)
    "heldout38": ROOT / "data/binding_heldout38/binding_heldout38.json",
    # measured once after round 42 (its rules and the refit with heldout38; README.md)
    "heldout39": ROOT / "data/binding_heldout39/binding_heldout39.json",
    # measured once after round 43 (its rules and the refit with heldout39; README.md)
    "heldout40": ROOT / "data/binding_heldout40/binding_heldout40.json",
    # measured once after round 44 (its rules and the refit with heldout40; README.md)
    "heldout41": ROOT / "data/binding_heldout41/binding_heldout41.json",
    # measured once after round 45 (its rules and the refit with heldout41; README.md)
    "heldout42": ROOT / "data/binding_heldout42/binding_heldout42.json",
    # measured once after round 46 (its rules and the refit with heldout42; README.md)
    "heldout43": ROOT / "data/binding_heldout43/binding_heldout43.json",
    # dev sets from birth, written for the calibration's training data (their README.md)
    "extra1": ROOT / "data/binding_extra1/binding_extra1.json",
    "extra2": ROOT / "data/binding_extra2/binding_extra2.json",
    "extra3": ROOT / "data/binding_extra3/binding_extra3.json",
    "extra4": ROOT / "data/binding_extra4/binding_extra4.json",
    "extra5": ROOT / "data/binding_extra5/binding_extra5.json",
    "extra6": ROOT / "data/binding_extra6/binding_extra6.json",
    "extra7": ROOT / "data/binding_extra7/binding_extra7.json",
}
DEV_FROM_LATER_ROUNDS = (
    "heldout1",
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
    "heldout8",
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
    "heldout17",
    "heldout18",
    "heldout19",
    "heldout20",
    "heldout21",
    "heldout22",
    "heldout23",
    "heldout24",
    "heldout25",
    "heldout26",
    "heldout27",
    "heldout28",
    "heldout29",
    "heldout30",
    "heldout31",
    "heldout32",
    "heldout33",
    "heldout34",
    "heldout35",
    "heldout36",
    "heldout37",
    "heldout38",
    "heldout39",
    "heldout40",
    "heldout41",
    "heldout42",
    "heldout43",
    "extra1",
    "extra2",
    "extra3",
    "extra4",
    "extra5",
    "extra6",
    "extra7",
)


def _heq_split() -> Any:
    spec = importlib.util.spec_from_file_location("heq_split", ROOT / "data/heq/split.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.split_of


def load_set(name: str, split: str) -> list[Any]:
    """The items of one pair set in ``split`` (``all``: every item)."""
    from workbench.grounding.measuring.pair_inputs import dataset_items, load_pairs

    if name == "demo":
        from workbench.data.dataset import load_dataset

        return dataset_items(load_dataset(None).records)
    items = load_pairs(PAIR_SETS[name])
    if split == "all":
        return items
    if name in DEV_FROM_LATER_ROUNDS:
        return items if split == "dev" else []
    if name.startswith("heq"):
        split_of = _heq_split()
        return [it for it in items if split_of(it.source) == split]
    raw = {str(r["id"]): r.get("split") for r in json.loads(PAIR_SETS[name].read_text("utf-8"))}
    return [it for it in items if raw[it.id] == split]


def report(name: str, res: dict[str, Any], baselines: bool) -> list[str]:
    lines = [
        f"== {name}: {res['items']} items  R@1 {res['recall_at_1']}  AUC {res['auc']}  "
        f"P {res['precision']}  R {res['recall']}  F1 {res['f1']}"
    ]
    for kind, f in res["by_kind"].items():
        v = f.get("verdicts", {})
        row = (
            f"  {kind[:58]:58} n={f['items']:>3} supp {f['supported_rate']:.3f} "
            f"(s{v.get('supported', 0)}/p{v.get('partial', 0)}/u{v.get('unsupported', 0)}) "
            f"AUC {f['auc']}  R@1 {f['recall_at_1']}"
        )
        if baselines:
            b = [res["baselines"][s]["by_kind"][kind]["auc"] for s in ("bm25", "rapidfuzz")]
            row += f"  | bm25 AUC {b[0]}  rapidfuzz AUC {b[1]}"
        lines.append(row)
    return lines


PAIRED = {
    "heq-hard": (
        ("question followed by its answer", "question followed by another question's answer"),
        ("verbatim source sentence", "source sentence with its answer swapped"),
    ),
    "binding": (("right answer to the question", "wrong answer to the question"),),
}


def paired_auc(name: str, items: list[Any], res: dict[str, Any]) -> list[str]:
    """AUC of right against wrong within each pair of kinds (the issue's "both kinds")."""
    from workbench.grounding.measuring.metrics import auc_score

    scores = {it.id: row["score"] for it, row in zip(items, res["per_item"], strict=True)}
    lines = []
    for right, wrong in PAIRED.get(name, ()):
        pos = [scores[it.id] for it in items if it.kind.startswith(right)]
        neg = [scores[it.id] for it in items if it.kind.startswith(wrong)]
        lines.append(f"  AUC {right} vs {wrong[:40]}: {auc_score(pos, neg)}")
    return lines


def supported_rates(sets: dict[str, list[Any]]) -> dict[tuple[str, str], float]:
    """Share of ``supported`` per (pair set, kind): the figure the ablation compares."""
    from workbench.grounding.engine import ground_claim

    out: dict[tuple[str, str], list[int]] = {}
    for name, items in sets.items():
        for it in items:
            got = out.setdefault((name, it.kind), [0, 0])
            got[0] += ground_claim(it.claim, it.source).verdict == "supported"
            got[1] += 1
    return {k: a / n for k, (a, n) in out.items()}


def ablate(sets: dict[str, list[Any]]) -> None:
    """Switch each binding rule off in turn; print the kinds whose share moves (with the
    rule on -> off), so each rule's gain and cost show on the data it was not written for."""
    from workbench.grounding import binding, checks
    from workbench.grounding.answers import answer_values as values
    from workbench.grounding.answers import question
    from workbench.grounding.values import derived, source_figures
    from workbench.hebrew import polarity

    full = supported_rates(sets)
    rules: list[tuple[str, dict[str, Any], str, Any]] = [
        *((name, checks.BINDING_RULES, name, lambda *a: []) for name in checks.BINDING_RULES),
        *((name, binding.EARLY_RULES, name, lambda *a: None) for name in binding.EARLY_RULES),
        *((name, binding.FRAME_RULES, name, lambda *a: None) for name in binding.FRAME_RULES),
        *((name, binding.LATE_RULES, name, lambda *a: None) for name in binding.LATE_RULES),
        *((name, binding.LAST_RULES, name, lambda *a: None) for name in binding.LAST_RULES),
        *((name, binding.SLOT_SKIPS, name, lambda *a: False) for name in binding.SLOT_SKIPS),
        *((f"derived: {n}", derived.DERIVATIONS, n, lambda *a: False) for n in derived.DERIVATIONS),
        *(
            (f"stated relative: {n}", source_figures.RELATIVE_FORMS, n, lambda *a: None)
            for n in source_figures.RELATIVE_FORMS
        ),
    ]
    for label, table, key, off in rules:
        saved = table[key]
        table[key] = off
        try:
            rates = supported_rates(sets)
        finally:
            table[key] = saved
        moved = [
            f"{n}/{k[:30]} {full[(n, k)]:.2f}<-{rates[(n, k)]:.2f}"
            for (n, k) in full
            if abs(full[(n, k)] - rates[(n, k)]) > 1e-9
        ]
        print(f"-- {label}: " + ("; ".join(moved) or "no effect"))
    saved_place = checks.answer_place
    checks.answer_place = lambda *a: (1.0, [])
    try:
        rates = supported_rates(sets)
    finally:
        checks.answer_place = saved_place
    moved = [
        f"{n}/{k[:30]} {full[(n, k)]:.2f}<-{rates[(n, k)]:.2f}"
        for (n, k) in full
        if abs(full[(n, k)] - rates[(n, k)]) > 1e-9
    ]
    print("-- answer place: " + ("; ".join(moved) or "no effect"))
    for label, name in (
        ("answer place, opening words only", "ANSWER_OPENING"),
        ("answer place, short answers only", "PLACED_ANSWER"),
    ):
        print(f"-- {label}: " + "; ".join(_moved(sets, full, question, name, 10**9)))
    print("-- answer type: " + "; ".join(_moved(sets, full, question, "TYPED_ANSWER", -1)))
    print(
        "-- answer value, within a clause: "
        + "; ".join(_moved(sets, full, values, "VALUE_REACH", 0))
    )
    print(
        "-- at most (לכל היותר) as not more: "
        + "; ".join(_moved(sets, full, polarity, "_AT_MOST", ("", "")))
    )
    print(
        "-- a negation rewording a word the span never uses: "
        + "; ".join(_moved(sets, full, checks, "_reworded_negation", lambda *a: False))
    )


def _moved(
    sets: dict[str, list[Any]], full: dict[tuple[str, str], float], mod: Any, name: str, off: Any
) -> list[str]:
    """The kinds whose share moves when ``mod.name`` is set to ``off`` (on -> off)."""
    saved = getattr(mod, name)
    setattr(mod, name, off)
    try:
        rates = supported_rates(sets)
    finally:
        setattr(mod, name, saved)
    moved = [
        f"{n}/{k[:30]} {full[(n, k)]:.2f}<-{rates[(n, k)]:.2f}"
        for (n, k) in full
        if abs(full[(n, k)] - rates[(n, k)]) > 1e-9
    ]
    return moved or ["no effect"]


ANSWERS = ROOT / "data/demo/example_answers.jsonl"


def example_answers() -> list[str]:
    """The demo's example answers grounded with their record's question, as ``workbench
    score`` grounds them: faithful sentences ``supported``, faulty ones (quoted in the
    README's table) not. Returns the report lines."""
    import re

    from workbench.data.dataset import load_dataset
    from workbench.grounding import ground

    records = {r["id"]: r for r in load_dataset(None).records}
    rows = [json.loads(line) for line in ANSWERS.read_text("utf-8").splitlines() if line]
    table = ANSWERS.with_name("example_answers.README.md").read_text("utf-8")
    faulty = {
        int(m[1]) - 1: m[2]
        for m in re.finditer(r"^\| (\d+) \| [^|]+ \| [^|]+ \| [^|]+ \| ([^|]+?) \|", table, re.M)
        if m[2] != "-"
    }
    got = {True: [0, 0], False: [0, 0]}  # faulty? -> [right verdicts, sentences]
    for i, row in enumerate(rows):
        rec = records[row["id"]]
        for c in ground(row["answer"], rec["source_text"], question=rec["question"]).claims:
            bad = i in faulty and (faulty[i] in c.text or c.text.strip() in faulty[i])
            got[bad][0] += (c.verdict == "supported") != bad
            got[bad][1] += 1
    gold = [
        (r["source_text"], r["question"], c["text"]) for r in records.values() for c in r["claims"]
    ]
    held = sum(all(c.supported for c in ground(t, s, question=q).claims) for s, q, t in gold)
    return [
        "== example answers (grounded with their question)",
        f"  faithful sentences supported {got[False][0]}/{got[False][1]}; "
        f"faulty sentences not supported {got[True][0]}/{got[True][1]}",
        f"  demo gold claims grounded with their record's question supported {held}/{len(gold)}",
    ]


def type_swaps(split: str) -> list[str]:
    """The answer-type check alone on natural answers: every typed question of the
    question kinds' right answers (HeQ, HeQ hard, binding) paired with every other such
    right answer; the answer's type is its own question's. A pair whose two types clash
    should be flagged, any other pair (and every right answer) not. Returns report lines."""
    from workbench.grounding.answers.answer_types import CLASHES, asked_type, type_clash
    from workbench.grounding.prepare import prepare_claim

    right = ("question followed by its answer", "right answer to the question")
    pairs = {
        it.claim
        for name in ("heq", "heq-hard", "binding")
        for it in load_set(name, split)
        if it.kind in right
    }

    def parts(text: str) -> tuple[Any, Any, Any]:
        c = prepare_claim(text)
        q = c.question_end
        return c, [t for t in c.tokens if t.start < q], [t for t in c.tokens if t.start > q]

    typed = []
    own = 0
    for text in sorted(pairs):
        c, asked, answer = parts(text)
        own += type_clash(asked, answer, c.text) is not None
        if (kind := asked_type(asked)) is not None:
            q, _, a = text.partition("?")
            typed.append((q, a.strip(), kind))
    got = {True: [0, 0], False: [0, 0]}  # should clash? -> [flagged, pairs]
    for q, _, want in typed:
        for q2, a, kind in typed:
            if q2 == q:
                continue
            c, asked, answer = parts(f"{q}? {a}")
            should = kind in CLASHES[want]
            got[should][0] += type_clash(asked, answer, c.text) is not None
            got[should][1] += 1
    return [
        f"== answer types ({split}): {len(typed)} typed questions of {len(pairs)} right answers",
        f"  right answers flagged {own}/{len(pairs)}; type-swapped answers flagged "
        f"{got[True][0]}/{got[True][1]}; same- or compatible-type answers flagged "
        f"{got[False][0]}/{got[False][1]}",
    ]


def value_swaps(split: str) -> list[str]:
    """The answer-value check alone on natural answers: every right answer of the question
    kinds (HeQ, HeQ hard, binding) whose answer states one value, with that value replaced
    by each other value of the same kind its source states (a wrong answer of the right
    type). Counts the swaps flagged (verdict not ``supported``) and the right answers
    flagged. Returns report lines."""
    from workbench.grounding.answers.answer_values import read_values
    from workbench.grounding.engine import ground_claim
    from workbench.grounding.prepare import prepare_claim
    from workbench.grounding.reading.index import index_source

    right = ("question followed by its answer", "right answer to the question")
    items = [
        it
        for name in ("heq", "heq-hard", "binding")
        for it in load_set(name, split)
        if it.kind in right
    ]
    flagged, swaps, own, valued = 0, 0, 0, 0
    for it in items:
        c = prepare_claim(it.claim)
        answer = [t for t in c.tokens if t.start > c.question_end]
        given = read_values(c.text, answer)
        if len(given) != 1:
            continue
        valued += 1
        own += ground_claim(it.claim, it.source).verdict != "supported"
        idx = index_source(it.source)
        others = {
            v.text
            for s in range(len(idx.sentences))
            for v in read_values(idx.source, idx.flat[slice(*idx.sent_flat[s])])
            if v.kind == given[0].kind and not v.same(given[0])
        }
        g = given[0]
        for text in sorted(others):
            swapped = c.text[: g.start] + text + c.text[g.end :]
            swaps += 1
            flagged += ground_claim(swapped, it.source).verdict != "supported"
    return [
        f"== answer values ({split}): {valued} right answers stating one value",
        f"  right answers flagged {own}/{valued}; value-swapped answers flagged {flagged}/{swaps}",
    ]


def misses(name: str, items: list[Any]) -> list[str]:
    """Each item whose verdict is on the wrong side (a wrong claim ``supported``, a
    right one not), with its kind, verdict and the engine's issues: the list a tuning
    step reads (dev items only, like every other figure here)."""
    from workbench.grounding.measuring.evaluation import ours

    lines = [f"== misses in {name}"]
    for it in items:
        out = ours(it)
        if (out.verdict == "supported") == (it.label == "supported"):
            continue
        issues = "; ".join(out.extra.get("issues", [])) or "-"
        lines += [
            f"-- {it.id} [{it.kind}] {out.verdict} {out.score:.2f}",
            f"   claim: {it.claim}",
            f"   issues: {issues}",
        ]
    return lines


def main(argv: list[str] | None = None) -> int:
    from workbench.grounding.measuring.evaluation import evaluate

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--split", default="dev", choices=("dev", "test", "all"))
    ap.add_argument(
        "--sets",
        default="demo,paraphrase,binding,heq,heq-hard,heldout1,heldout2,heldout3,heldout4,heldout5,heldout6,heldout7,heldout8,heldout9,heldout10,heldout11,heldout12,heldout13,heldout14,heldout15,heldout16,heldout17,heldout18,heldout19,heldout20,heldout21,heldout22,heldout23,heldout24,heldout25,heldout26,heldout27,heldout28,heldout29,heldout30,heldout31,heldout32,heldout33,heldout34,heldout35,heldout36,heldout37,heldout38,heldout39,heldout40,heldout41,heldout42,heldout43,extra1,extra2,extra3,extra4,extra5,extra6,extra7,answers,types,values",
    )
    ap.add_argument("--baselines", action="store_true")
    ap.add_argument(
        "--misses", action="store_true", help="list each misjudged item with its issues"
    )
    ap.add_argument(
        "--ablate", action="store_true", help="each binding rule's effect (on -> off) per kind"
    )
    args = ap.parse_args(argv)
    if args.ablate:
        names = [n for n in args.sets.split(",") if n not in ("answers", "types", "values")]
        sets = {name: load_set(name, args.split) for name in names}
        ablate({name: items for name, items in sets.items() if items})
        return 0
    for name in args.sets.split(","):
        if name == "answers":
            print("\n".join(example_answers()))
            continue
        if name == "types":
            print("\n".join(type_swaps(args.split)))
            continue
        if name == "values":
            print("\n".join(value_swaps(args.split)))
            continue
        items = load_set(name, args.split)
        if (
            not items
        ):  # the heldout sets have no test half: each is all dev from the round after its measure
            print(f"== {name} ({args.split}): no items")
            continue
        if args.misses:
            print("\n".join(misses(name, items)))
            continue
        res = evaluate(items, dataset=name == "demo")
        print("\n".join(report(f"{name} ({args.split})", res, args.baselines)))
        print("\n".join(paired_auc(name, items, res)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
