"""The sealed held-out binding sets (data/binding_heldout, _heldout2 ... _heldout44): built by
the one builder, data/binding_pairs/build_pairs.py, and kept out of every measuring tool.

These tests read the data and run the builder's checks; they never run the grounding
engine on the sets (each is sealed until the rules of the round it was written for are
frozen).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILDER = ROOT / "data" / "binding_pairs" / "build_pairs.py"
PAIRS = ROOT / "data" / "binding_pairs" / "binding_pairs.json"

# the sealed sets in the order they were written; each must be new against all before it
SEALED = (
    "heldout",
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
    "extra5",  # a dev set from birth (calibration training data), never sealed
    "extra3",  # a dev set from birth (written for the calibration's training data)
    "extra2",  # a dev set from birth (calibration training data), never sealed
    "extra1",  # a DEV set from birth (calibration training data), never sealed
    "extra4",  # a DEV set from birth (calibration training data), never sealed
    "extra6",  # a DEV set from birth (calibration training data): infrastructure, utilities
    "heldout13",  # round 17's measure, written while heldout12 was sealed (README only)
    "heldout14",  # round 18's measure, written while heldout13 was sealed (README only)
    "heldout15",  # round 19's measure, written while heldout14 was sealed (README only)
    "heldout16",  # round 20's measure, written while heldout14-15 were sealed (READMEs only)
    "heldout17",  # round 21's measure, written while heldout14/15 were sealed (READMEs only)
    "heldout18",  # round 22's measure, written while heldout16/17 were sealed (READMEs only)
    "heldout19",  # round 23's measure, written while heldout17/18 were sealed (READMEs only)
    "heldout20",  # round 24's measure, written while heldout18/19 were sealed (READMEs only)
    "heldout21",  # round 25's measure, written while heldout20 was sealed (README only)
    "heldout22",  # round 26's measure, written while heldout21 was sealed (README only)
    "heldout23",  # round 27's measure, written while heldout22 was sealed (README only)
    "heldout24",  # round 28's measure, written while heldout23 was sealed (README only)
    "heldout25",  # round 28's second measure, written while heldout24 was sealed (README only)
    "heldout26",  # round 29's measure, written during round 29 by a writer who ran no engine
    "heldout27",  # round 30's measure, written during round 29 (heldout26 not opened)
    "heldout28",  # round 31's measure, written during round 30 (heldout27 not opened)
    "heldout29",  # round 32's measure, written during round 31 (heldout28 not opened)
    "heldout30",  # round 33's measure, written during round 32 (heldout28 and heldout29 not opened)
    "heldout31",  # round 34's measure, written during round 32 (heldout29 and heldout30 not opened)
    "heldout32",  # round 35's measure, written during round 33 (heldout30 not opened; heldout31 its model, JSON not opened)
    "extra7",  # a DEV set from birth (calibration training data): bakeries, hair salons, pharmacies
    "heldout33",  # round 36's measure, written during round 35 (heldout32 not opened)
    "heldout34",  # round 37's measure, written during round 35 (heldout32 and heldout33 not opened)
    "heldout35",  # round 38's measure, written during round 36 (heldout33 and heldout34 not opened)
    "heldout36",  # round 39's measure, written during round 37 (heldout35 not opened)
    "heldout37",  # round 40's measure, written during round 38 (heldout36 not opened)
    "heldout38",  # round 41's measure, written during round 39 (heldout37 not opened)
    "heldout39",  # round 42's measure, written during round 40 (heldout37 and heldout38 not opened)
    "heldout40",  # round 43's measure, written during round 41 (heldout38 and heldout39 not opened)
    "heldout41",  # round 44's measure, written during round 42 (heldout39 and heldout40 not opened)
    "heldout42",  # round 45's measure, written during round 43 (heldout40 and heldout41 not opened)
    "heldout43",  # round 46's measure, written during round 44 (heldout41 and heldout42 not opened)
    "heldout44",  # round 47's measure, written during round 46 (heldout43 not opened)
)
# the ones nobody has measured yet: "heldout" was measured once after round 4 (its README
# gives the figures) and is tuned on from round 5 on (tools/tune_grounding.py --sets heldout1);
# "heldout2" was measured once after round 7 (its README gives the figures) and is tuned on
# from round 8 on (--sets heldout2); "heldout3" was measured once after round 8 and is
# tuned on from round 9 on; "heldout4" was measured once after round 9 and is tuned on from
# round 10 on; "heldout5" was measured once after round 10 and "heldout6" once after the
# calibration that closed the session of rounds 8-10 (each README gives the figures);
# "heldout7" was measured once after round 11 (the calibrated probability's features) and
# is tuned on from round 12 on; "heldout8" was measured once after round 12 (the refit and
# the confidence tier) and is tuned on from round 13 on; "heldout9" was measured once after
# round 13 (invented-figure copies) and is tuned on from round 14 on; "heldout10" was
# measured once after round 14 (the refit with three extra dev sets) and is tuned on from
# round 15 on; "heldout11" was measured once after round 15 (three more extra dev sets) and
# is tuned on from round 16 on; "heldout12" was measured once after round 16 (rules written
# from half the later dev sets, the refit) and is tuned on from round 17 on; "heldout13" was
# measured once after round 17 (written while heldout12 was still sealed: its README was
# read; part of its sources.py was once printed to the writer's terminal by a formatter
# check, noted in heldout13's README) and is tuned on from round 18 on; "heldout14" was
# measured once after round 18 (written during round 17 while heldout13 was sealed: only its
# README was read) and is tuned on from round 19 on;
# "heldout15" was measured once after round 19 (written during round 17's session while
# heldout14 was sealed: only its README was read) and is tuned on from round 20 on; "heldout16"
# was measured once after round 20 (written during round 18 while heldout14 and heldout15 were
# sealed: only their READMEs were read) and is tuned on from round 21 on; "heldout17" was
# measured once after round 21 (written at the same time as heldout16, in the same way: neither
# writer saw the other's set) and is tuned on from round 22 on; "heldout18" was measured once
# after round 22 (written during round 20 while heldout16 and heldout17 were sealed: only their
# READMEs were read) and is tuned on from round 23 on; "heldout19" was measured once after round
# 23 (written during round 21 while heldout17 and heldout18 were sealed: only their READMEs
# were read) and is tuned on from round 24 on;
# "heldout20" was measured once after round 24 (written during round 22 while heldout18 and
# heldout19 were sealed: only their READMEs were read) and is tuned on from round 25 on;
# "heldout21" was measured once after round 25 (written during round 24 while heldout20 was
# sealed: only its README was read) and is tuned on from round 26 on; "heldout22" was measured
# once after round 26 (written during round 25 while heldout21 was sealed: only its README was
# read) and is tuned on from round 27 on; "heldout23" was measured once after round 27
# (written during round 26 while heldout22 was sealed: only its README was read) and is tuned
# on from round 28 on; "heldout24" was measured once after round 28 (written during round
# 27 while heldout23 was sealed: only its README was read) and is tuned on from round 29 on;
# "heldout25" was measured once at the start of round 29 with round 28's engine (written
# during round 28 while heldout24 was sealed: only its README was read) and is tuned on from
# round 29 on; "heldout26" was measured once after round 29 (written during round 29 by a
# writer who ran no engine on it; the rule writer read none of it) and is tuned on from
# round 30 on; "heldout27" was measured once after round 30 (written during round 29 by
# another writer, heldout26 not opened; the rule writer read none of it) and is tuned on
# from round 31 on; "heldout28" was measured once after round 31 (written during round 30
# by a writer who ran no engine on it, heldout27 not opened; the rule writer read none of
# it) and is tuned on from round 32 on; "heldout29" was measured once after round 32
# (written during round 31 by a writer who ran no engine on it, heldout28 not opened; the
# rule writer read none of it) and is tuned on from round 33 on; "heldout30" was measured
# once after round 33 (written during round 32: heldout27, already measured, was read, and
# heldout26's README; heldout28 and heldout29, then still sealed, were not opened: only a
# script that reports which of the writer's candidate names match read their JSON; the rule
# writer read none of it) and is tuned on from round 34 on; "heldout31" was measured once
# after round 34 (written during round 32 by a writer who ran no engine on it: heldout28, already
# measured, was read, and heldout27's README; heldout29 and heldout30, still sealed, were not
# opened: only a script that reports which of the writer's candidate names match read their JSON;
# the rule writer read none of it) and is tuned on from round 35 on;
# "heldout32" was measured once after round 35 (written during round 33 by a writer who ran no
# engine on it: heldout31, then sealed, was the model, its README and sources.py read, its JSON
# not opened; heldout30, then sealed, was not opened; the rule writer read none of it) and is
# tuned on from round 36 on;
# "heldout33" was measured once after round 36 (written during round 35 by a writer who ran no
# engine on it: heldout31, measured, was the model, its README and sources.py read and its JSON
# counted; heldout32, then sealed, was not opened: only a script that reports which of the
# writer's candidate names match, and this test, read its JSON; the rule writer read none of it)
# and is tuned on from round 37 on;
# "heldout34" was measured once after round 37 (written during round 35 by a writer who ran no
# engine on it: heldout31, measured, was the model, its README and sources.py read and its JSON
# counted; heldout32 and heldout33, then sealed, were not opened: only a script that reports
# which of the writer's candidate names match, and this test, read their JSON; the rule writer
# read none of it) and is tuned on from round 38 on;
# "heldout35" was measured once after round 38 (written during round 36 by a writer who ran no
# engine on it: heldout32, measured, was the model, its README and sources.py read and its JSON
# counted; heldout33 and heldout34, then sealed, were not opened: only a script that reports
# which of the writer's candidate names match, and this test, read their JSON; the rule writer
# read none of it) and is tuned on from round 39 on;
# "heldout36" was measured once after round 39 (written during round 37 by a writer who ran no
# engine on it: heldout33, measured, was the model, its README and sources.py read and its JSON
# counted; heldout35, then sealed, was not opened: only a script that reports which of the
# writer's candidate names match, and this test, read its JSON; the rule writer read none of
# it) and is tuned on from round 40 on;
# "heldout37" was measured once after round 40 (written during round 38 by a writer who ran no
# engine on it: heldout34, measured, was the model, its README and sources.py read and its JSON
# counted; heldout36, then sealed, was not opened: only a script that reports which of the
# writer's candidate names match, and this test, read its JSON; the rule writer read none of
# it) and is tuned on from round 41 on;
# "heldout38" was measured once after round 41 (written during round 39 by a writer who ran no
# engine on it: heldout35, measured, was the model, its README and sources.py read and its JSON
# counted; heldout37, then sealed, was not opened: only a script that reports which of the
# writer's candidate names match, and this test, read its JSON; the rule writer read none of
# it) and is tuned on from round 42 on;
# "heldout39" was measured once after round 42 (written during round 40 by a writer who ran no
# engine on it: heldout36, measured, was the model, its README and sources.py read and its JSON
# counted; heldout37 and heldout38, then sealed, were not opened: only a script that reports
# which of the writer's candidate names match, and this test, read their JSON; the rule writer
# read none of it) and is tuned on from round 43 on;
# "heldout40" was measured once after round 43 (written during round 41 by a writer who ran no
# engine on it: heldout37, measured, was the model, its README and sources.py read and its JSON
# counted; heldout38 and heldout39, then sealed, were not opened: only a script that reports
# which of the writer's candidate names match and counts shared sentences, and this test, read
# their JSON; the rule writer read none of its claims or sources) and is tuned on from round 44
# on;
# "heldout41" was measured once after round 44 (written during round 42 by a writer who ran no
# engine on it: heldout38, measured, was the model, its README and sources.py read and its JSON
# counted; heldout39 and heldout40, then sealed, were not opened: only a script that reports
# which of the writer's candidate names match and counts shared sentences, and this test, read
# their JSON; the rule writer read none of its claims or sources) and is tuned on from round 45
# on;
# "heldout42" was measured once after round 45 (written during round 43 by a writer who ran no
# engine on it: heldout39, measured, was the model, its README and sources.py read and its JSON
# counted; heldout40, sealed when the writing began and measured while it went on, and heldout41,
# then sealed, were not opened: only a script that reports which of the writer's candidate names
# match and counts shared sentences, and this test, read their JSON; the rule writer read none of
# its claims or sources) and is tuned on from round 46 on;
# "heldout43" was measured once after round 46 (written during round 44 by a writer who ran no
# engine on it: heldout40, measured, was the model, its README and sources.py read and its JSON
# counted; heldout41 and heldout42, then sealed, were not opened: only a script that reports
# which of the writer's candidate names match and counts shared sentences, and this test, read
# their JSON; the rule writer read none of its claims or sources) and is tuned on from round 47
# on;
# "heldout44" is round 47's measure, written during round 46 by a writer who ran no engine on it
# (heldout41, measured and a dev set, was the model: its README and sources.py were read and its
# JSON counted; heldout43, still sealed, was not opened: only a script that reports which of the
# writer's candidate names match and counts shared sentences, and this test, read its JSON)
STILL_SEALED: tuple[str, ...] = ("heldout44",)

# the counts each README claims, as floors (the sets were written to the same plan)
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
N_ITEMS = {
    "heldout": 151,
    "heldout2": 151,
    "heldout3": 151,
    "heldout4": 151,
    "heldout5": 151,
    "heldout6": 151,
    "heldout7": 151,
    "heldout8": 151,
    "heldout9": 151,
    "heldout10": 151,
    "heldout11": 151,
    "heldout12": 151,
    "extra5": 151,
    "extra3": 151,
    "extra2": 151,
    "extra1": 151,
    "extra4": 151,
    "extra6": 151,
    "heldout13": 151,
    "heldout14": 151,
    "heldout15": 151,
    "heldout16": 151,
    "heldout17": 151,
    "heldout18": 151,
    "heldout19": 151,
    "heldout20": 151,
    "heldout21": 151,
    "heldout22": 151,
    "heldout23": 151,
    "heldout24": 151,
    "heldout25": 151,
    "heldout26": 151,
    "heldout27": 151,
    "heldout28": 151,
    "heldout29": 151,
    "heldout30": 151,
    "heldout31": 151,
    "heldout32": 151,
    "extra7": 151,
    "heldout33": 151,
    "heldout34": 151,
    "heldout35": 151,
    "heldout36": 151,
    "heldout37": 151,
    "heldout38": 151,
    "heldout39": 151,
    "heldout40": 151,
    "heldout41": 151,
    "heldout42": 151,
    "heldout43": 151,
    "heldout44": 151,
}


def _path(set_name: str) -> Path:
    return ROOT / "data" / f"binding_{set_name}" / f"binding_{set_name}.json"


def _items(set_name: str) -> list[dict]:
    return json.loads(_path(set_name).read_text("utf-8"))


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


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


def test_every_committed_file_passes_the_builders_check() -> None:
    for set_name in SEALED:
        got = _builder("--set", set_name, "--check")
        assert got.returncode == 0, got.stderr
        assert f"binding_{set_name}.json is up to date ({N_ITEMS[set_name]} items)" in got.stdout
    pairs = _builder("--check")
    assert pairs.returncode == 0, pairs.stderr
    assert "(247 items)" in pairs.stdout


def test_check_of_all_sets_names_each_and_refuses_one_out_file(tmp_path: Path) -> None:
    got = _builder("--set", "all", "--check")
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert len(lines) == 1 + len(SEALED)  # the pairs and every set, one line each
    assert all("is up to date" in line for line in lines)
    refused = _builder("--set", "all", "--check", "--out", str(tmp_path / "x.json"))
    assert refused.returncode == 2 and "give one --set" in refused.stderr
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize("set_name", SEALED)
def test_check_fails_on_a_stale_file(tmp_path: Path, set_name: str) -> None:
    stale = tmp_path / "stale.json"
    items = _items(set_name)
    stale.write_text(json.dumps(items[:-1], ensure_ascii=False, indent=1) + "\n", "utf-8")
    got = _builder("--set", set_name, "--check", "--out", str(stale))
    assert got.returncode == 1
    assert "stale" in got.stderr and f"--set {set_name}" in got.stderr
    assert json.loads(stale.read_text("utf-8")) == items[:-1]  # --check writes nothing


@pytest.mark.parametrize("set_name", SEALED)
def test_items_are_all_in_the_sets_split_and_counts_hold(set_name: str) -> None:
    items = _items(set_name)
    assert {it["split"] for it in items} == {set_name}
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


@pytest.mark.parametrize("set_name", SEALED)
def test_readme_counts_table_matches_the_data(set_name: str) -> None:
    """Each row ``| `kind` | label | journalistic | encyclopedic | dialogue | all |`` of the
    set's README equals the counts in its JSON."""
    readme = (_path(set_name).parent / "README.md").read_text("utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0].startswith("`") and cells[2].isdigit():
            rows[cells[0].strip("`")] = (cells[1], [int(c) for c in cells[2:]])
    genres = ("journalistic", "encyclopedic", "dialogue")
    items = _items(set_name)
    assert set(rows) == {it["claim_kind"] for it in items}
    for kind, (label, counts) in rows.items():
        of_kind = [it for it in items if it["claim_kind"] == kind]
        assert {it["label"] for it in of_kind} == {label}, kind
        want = [sum(it["genre"] == g for it in of_kind) for g in genres] + [len(of_kind)]
        assert counts == want, kind


@pytest.mark.parametrize("set_name", SEALED)
def test_every_wrong_answer_has_its_right_answer_on_the_same_question(set_name: str) -> None:
    items = _items(set_name)
    right = {
        (it["source_id"], it["question"])
        for it in items
        if it["claim_kind"] == "right answer to the question"
    }
    wrong = [it for it in items if it["claim_kind"] == "wrong answer to the question"]
    assert wrong and all((it["source_id"], it["question"]) in right for it in wrong)
    assert all(it["conflict_spans"] for it in items if it["label"] == "contradicted")


@pytest.mark.parametrize("set_name", SEALED[1:])  # heldout2 onwards
def test_later_sets_have_same_sentence_wrong_answers(set_name: str) -> None:
    """Some wrong answers sit in the very sentence the question asks about ("built in 1987
    and renovated in 2011", asked when it was renovated): the evidence and the conflict
    span are the same sentence."""
    same = [
        it
        for it in _items(set_name)
        if it["claim_kind"] == "wrong answer to the question"
        and it["conflict_spans"] == it["evidence_spans"]
    ]
    assert len(same) >= 12


# first-person words of the turns each set's dialogue questions ask about, and how many
# right answers at least sit in such a turn of the speaker the question names
FIRST_PERSON = {
    "heldout3": (("איבדתי", "שלי"), 2),
    "heldout4": (("אני", "נתקעתי", "שלי", "לי", "והתקשרתי"), 4),
    "heldout5": (("אני", "ואני", "שלי", "לנו", "דיווחתי"), 6),
    "heldout6": (("אני", "ואני", "לי", "לנו", "נתתי", "שילמתי"), 7),
    "heldout7": (
        ("אני", "ואני", "וקניתי", "ביקרתי", "סגרתי", "קיבלתי", "בדקתי", "ביטלתי", "ריססנו"),
        10,
    ),
    "heldout8": (("אני", "ואני", "בדקתי", "הייתי"), 10),
    "heldout9": (("אני", "ואני", "הייתי", "החלפתי", "תפסתי"), 10),
    "heldout10": (
        ("אני", "ואני", "ואנחנו", "ושילמתי", "תפרתי", "שלחתי", "בדקתי", "לי", "דיווחתי"),
        10,
    ),
    "heldout11": (("אני", "ואני", "ושילמתי", "קטפתי", "בדקתי"), 10),
    "heldout12": (("אני", "ואני"), 10),
    "extra5": (("אני", "ואני", "לי", "קיבלנו"), 10),
    "extra3": (("אני", "ואני", "לי"), 10),
    "extra2": (("אני", "ואני", "שלי", "לי"), 10),
    "extra1": (("אני", "ואני"), 10),
    "extra4": (("אני", "ואני", "לי"), 10),
    "extra6": (("אני", "ואני", "לי", "שלנו"), 10),
    "heldout13": (("אני", "ואני"), 10),
    "heldout14": (("אני", "ואני"), 10),
    "heldout15": (("אני", "ואני"), 10),
    "heldout16": (("אני", "ואני"), 10),
    "heldout17": (("אני", "ואני"), 10),
    "heldout18": (("אני", "ואני"), 10),
    "heldout19": (("אני", "ואני"), 10),
    "heldout20": (("אני", "ואני"), 10),
    "heldout21": (("אני", "ואני"), 10),
    "heldout22": (("אני", "ואני"), 10),
    "heldout23": (("אני", "ואני"), 10),
    "heldout24": (("אני", "ואני"), 10),
    "heldout25": (("אני", "ואני"), 10),
    "heldout26": (("אני", "ואני"), 10),
    "heldout27": (("אני", "ואני"), 10),
    "heldout28": (("אני", "ואני"), 10),
    "heldout29": (("אני", "ואני"), 10),
    "heldout30": (("אני", "ואני"), 10),
    "heldout31": (("אני", "ואני"), 10),
    "heldout32": (("אני", "ואני"), 10),
    "extra7": (("אני", "ואני"), 12),
    "heldout33": (("אני", "ואני"), 12),
    "heldout34": (("אני", "ואני"), 12),
    "heldout35": (("אני", "ואני"), 12),
    "heldout36": (("אני", "ואני"), 12),
    "heldout37": (("אני", "ואני"), 12),
    "heldout38": (("אני", "ואני"), 12),
    "heldout39": (("אני", "ואני"), 12),
    "heldout40": (("אני", "ואני"), 12),
    "heldout41": (("אני", "ואני"), 12),
    "heldout42": (("אני", "ואני"), 12),
    "heldout43": (("אני", "ואני"), 12),
    "heldout44": (("אני", "ואני"), 12),
}


@pytest.mark.parametrize("set_name", sorted(FIRST_PERSON))
def test_dialogue_questions_name_the_speaker_of_a_first_person_turn(set_name: str) -> None:
    """heldout3, heldout4 and heldout5 ask about a speaker in the third person what the speaker
    said in the first ("I lost 40 fishing days", asked how many days Jamil Houri lost; "twice
    I got stuck in it myself", asked how many times Mordechai Leibovitz got stuck; "I called
    the police", asked when Malka Biton called; "I reported it the next day", asked when Avner
    Steinmetz reported the damage): the answer's sentence is in the named speaker's own
    first-person turn."""
    words, floor = FIRST_PERSON[set_name]
    hits = []
    for it in _items(set_name):
        if it["genre"] != "dialogue" or it["claim_kind"] != "right answer to the question":
            continue
        text = it["source"]
        for s, e in it["support_spans"]:
            line_start = text.rfind("\n", 0, s) + 1
            speaker = text[line_start : text.index(" (", line_start)]
            line_end = text.find("\n", e)
            turn = text[line_start : line_end if line_end >= 0 else len(text)]
            first_person = any(w in turn.split() for w in words)
            if speaker in it["question"] and first_person:
                hits.append(it["id"])
    assert len(hits) >= floor, hits


@pytest.mark.parametrize("k", range(len(SEALED)))
def test_a_sealed_set_shares_no_source_id_or_sentence_with_an_earlier_set(k: int) -> None:
    split = _module("gold_sentences_for_test", ROOT / "data" / "gold_sentences.py").sentences

    def sentences_of(items: list[dict]) -> set[str]:
        texts = {it["source"] for it in items}
        return {t[s:e] for t in texts for s, e in split(t) if len(t[s:e]) > 30}

    new = _items(SEALED[k])
    earlier = [it for name in SEALED[:k] for it in _items(name)]
    earlier += json.loads(PAIRS.read_text("utf-8"))
    assert not {it["source"] for it in new} & {it["source"] for it in earlier}
    assert not {it["source_id"] for it in new} & {it["source_id"] for it in earlier}
    assert not sentences_of(new) & sentences_of(earlier)


def test_no_tool_measures_a_sealed_set_by_default() -> None:
    tune = _module("tune", ROOT / "tools" / "tune_grounding.py")
    for set_name in STILL_SEALED:
        name = f"binding_{set_name}"
        assert all(name not in str(p) for p in tune.PAIR_SETS.values())
        for path in [*(ROOT / "tools").glob("*.py"), *(ROOT / "bench").glob("*.py")]:
            assert name not in path.read_text("utf-8"), path
