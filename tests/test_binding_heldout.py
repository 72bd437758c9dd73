"""The sealed held-out binding set (data/binding_heldout): built by the one builder,
data/binding_pairs/build_pairs.py, and kept out of every measuring tool.

These tests read the data and run the builder's checks; they never run the grounding
engine on the set (it is sealed until the next tuning round's rules are frozen).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILDER = ROOT / "data" / "binding_pairs" / "build_pairs.py"
HELDOUT = ROOT / "data" / "binding_heldout" / "binding_heldout.json"
PAIRS = ROOT / "data" / "binding_pairs" / "binding_pairs.json"

# the counts the README claims, as floors
MIN_PER_KIND = {
    "wrong answer to the question": 36,
    "right answer to the question": 36,
    "half-true generalisation": 16,
    "neighbouring-clause subject": 11,
    "number from another sentence": 7,
    "date moved to another event": 6,
    "role swap": 5,
    "true paraphrase": 34,
}


def _builder(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the builder in its own process: it and data/grounding_pairs' builder both import
    modules named ``sources_a``/``sources_b``, so loading it here would shadow the other's."""
    return subprocess.run(
        [sys.executable, str(BUILDER), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_both_committed_files_pass_the_builders_check() -> None:
    held = _builder("--set", "heldout", "--check")
    assert held.returncode == 0, held.stderr
    assert "(151 items)" in held.stdout
    pairs = _builder("--check")
    assert pairs.returncode == 0, pairs.stderr
    assert "(247 items)" in pairs.stdout


def test_check_fails_on_a_stale_heldout_file(tmp_path: Path) -> None:
    stale = tmp_path / "stale.json"
    items = json.loads(HELDOUT.read_text("utf-8"))
    stale.write_text(json.dumps(items[:-1], ensure_ascii=False, indent=1) + "\n", "utf-8")
    got = _builder("--set", "heldout", "--check", "--out", str(stale))
    assert got.returncode == 1
    assert "stale" in got.stderr and "--set heldout" in got.stderr
    assert json.loads(stale.read_text("utf-8")) == items[:-1]  # --check writes nothing


def test_heldout_items_are_all_heldout_and_counts_hold() -> None:
    items = json.loads(HELDOUT.read_text("utf-8"))
    assert {it["split"] for it in items} == {"heldout"}
    assert len(items) >= 120
    counts: dict[str, int] = {}
    for it in items:
        counts[it["claim_kind"]] = counts.get(it["claim_kind"], 0) + 1
    for kind, floor in MIN_PER_KIND.items():
        assert counts.get(kind, 0) >= floor, kind
    supported = sum(it["label"] == "supported" for it in items)
    assert 0.4 <= supported / len(items) <= 0.6
    genres: dict[str, set[str]] = {}
    for it in items:
        genres.setdefault(it["genre"], set()).add(it["source_id"])
    assert {g: len(s) for g, s in genres.items()} == {
        "journalistic": 4,
        "encyclopedic": 3,
        "dialogue": 3,
    }


def test_every_wrong_answer_has_its_right_answer_on_the_same_question() -> None:
    items = json.loads(HELDOUT.read_text("utf-8"))
    right = {
        (it["source_id"], it["question"])
        for it in items
        if it["claim_kind"] == "right answer to the question"
    }
    wrong = [it for it in items if it["claim_kind"] == "wrong answer to the question"]
    assert wrong and all((it["source_id"], it["question"]) in right for it in wrong)
    assert all(it["conflict_spans"] for it in items if it["label"] == "contradicted")


def test_heldout_shares_no_source_with_the_binding_pairs() -> None:
    held = {it["source"] for it in json.loads(HELDOUT.read_text("utf-8"))}
    old = json.loads(PAIRS.read_text("utf-8"))
    assert not held & {it["source"] for it in old}
    assert not {it["source_id"] for it in old} & {
        it["source_id"] for it in json.loads(HELDOUT.read_text("utf-8"))
    }


def test_no_tool_measures_the_sealed_set_by_default() -> None:
    spec = importlib.util.spec_from_file_location("tune", ROOT / "tools" / "tune_grounding.py")
    assert spec is not None and spec.loader is not None
    tune = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tune)
    assert all("binding_heldout" not in str(p) for p in tune.PAIR_SETS.values())
    for path in [*(ROOT / "tools").glob("*.py"), *(ROOT / "bench").glob("*.py")]:
        assert "binding_heldout" not in path.read_text("utf-8"), path
