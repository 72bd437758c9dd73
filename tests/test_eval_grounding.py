"""eval-grounding: metric functions on hand-computed values, the pairs and dataset modes."""

from __future__ import annotations

import copy
import json

import pytest

from workbench.cli import main
from workbench.errors import InputFileError
from workbench.grounding.measuring.evaluation import evaluate
from workbench.grounding.measuring.metrics import auc_score, char_iou, hit
from workbench.grounding.measuring.pair_inputs import (
    KIND_GOLD,
    KIND_MOVED,
    KIND_NUMBER,
    dataset_items,
    load_pairs,
)

TOP_KEYS = {
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
}

# --- metrics -----------------------------------------------------------------------------


def test_auc_by_hand() -> None:
    assert auc_score([0.9, 0.8], [0.1, 0.2]) == 1.0
    assert auc_score([0.1], [0.9]) == 0.0
    # pairs: (.8,.5) win, (.8,.1) win, (.4,.5) loss, (.4,.1) win -> 3/4
    assert auc_score([0.8, 0.4], [0.5, 0.1]) == pytest.approx(0.75)
    # a tie counts half: (.5,.5) half, (.5,.1) win -> 1.5/2
    assert auc_score([0.5], [0.5, 0.1]) == pytest.approx(0.75)
    assert auc_score([0.3, 0.3], [0.3]) == pytest.approx(0.5)
    assert auc_score([], [0.1]) is None


def test_hit_is_half_the_shorter_span() -> None:
    assert hit((0, 10), [(5, 100)])  # overlap 5 >= half of 10
    assert not hit((0, 10), [(6, 100)])  # overlap 4 < 5
    assert hit((0, 100), [(40, 50)])  # the gold span lies inside the prediction
    assert not hit((0, 10), [(10, 20)])


def test_char_iou_by_hand() -> None:
    assert char_iou([(0, 10)], [(0, 10)]) == 1.0
    assert char_iou([(0, 10)], [(5, 15)]) == pytest.approx(5 / 15)
    assert char_iou([(0, 5), (3, 10)], [(0, 10)]) == 1.0  # overlapping predictions merge
    assert char_iou([(0, 10)], [(20, 30)]) == 0.0


# --- pairs mode ----------------------------------------------------------------------------

SRC = (
    "העירייה פתחה השנה שלושה גני ילדים חדשים בשכונת הדר. "
    'עלות הפרויקט הגיעה ל-12 מיליון ש"ח. '
    "ראש העירייה אמר כי בשנה הבאה ייפתחו גנים נוספים."
)
OTHER = "נבחרת הכדורסל ניצחה אמש בהפרש של עשר נקודות במשחק החוץ."


def sent(i: int) -> list[int]:
    parts = SRC.split(". ")
    start = SRC.index(parts[i])
    end = start + len(parts[i]) + (1 if i < len(parts) - 1 else 0)
    return [start, end]


def pairs() -> list[dict]:
    return [
        {
            "id": "a",
            "source": SRC,
            "claim": 'עלות הפרויקט הגיעה ל-12 מיליון ש"ח.',
            "label": "supported",
            "support_spans": [sent(1)],
            "claim_kind": "verbatim",
        },
        {
            "id": "b",
            "source": SRC,
            "claim": "כמה גנים נפתחו בהדר? שלושה",
            "label": "supported",
            "support_spans": [sent(0)],
            "claim_kind": "question",
        },
        {
            "id": "c",
            "source": SRC,
            "claim": 'עלות הפרויקט הגיעה ל-15 מיליון ש"ח.',
            "label": "contradicted",
            "support_spans": [],
            "claim_kind": "number",
        },
        {
            "id": "d",
            "source": SRC,
            "claim": OTHER,
            "label": "unsupported",
            "support_spans": [],
            "claim_kind": "other",
        },
    ]


def test_pairs_evaluation_figures(write_json) -> None:
    items = load_pairs(write_json(pairs(), "pairs.json"))
    res = evaluate(items)
    assert TOP_KEYS <= set(res)
    assert res["items"] == 4
    # both supported claims point at their sentence first; both negatives are not supported
    assert res["recall_at_1"] == 1.0 and res["recall_at_3"] == 1.0
    assert res["auc"] == 1.0
    assert res["precision"] == 1.0 and res["recall"] == 1.0 and res["f1"] == 1.0
    assert set(res["by_kind"]) == {"verbatim", "question", "number", "other"}
    assert res["by_kind"]["number"]["supported_rate"] == 0.0
    # the calibrated probability: the verdicts separate the four items, so it does too;
    # every group has its column, the baselines have none (it is ours alone)
    assert res["prob_auc"] == 1.0
    assert all(0.0 <= f["prob_auc"] <= 1.0 for f in res["by_kind"].values())
    assert all("prob_auc" not in b for b in res["baselines"].values())
    assert set(res["baselines"]) == {"bm25", "rapidfuzz"}
    for b in res["baselines"].values():
        assert {"recall_at_1", "auc", "ratio_recall_at_1", "ratio_auc", "by_kind"} <= set(b)
    per = {p["id"]: p for p in res["per_item"]}
    assert set(per) == {"a", "b", "c", "d"}
    for p in per.values():
        assert {"id", "label", "claim_kind", "score", "verdict", "spans"} <= set(p)
    assert per["a"]["spans"][0] == sent(1)
    assert per["c"]["verdict"] != "supported"


def test_pairs_evaluation_calibration(write_json) -> None:
    """Brier and ECE of the probability, overall and per kind, from the per-item probabilities
    (recomputed here in plain Python); the base-rate Brier of 2 supported in 4 is 0.25."""
    res = evaluate(load_pairs(write_json(pairs(), "pairs.json")))
    per = {p["id"]: p for p in res["per_item"]}
    prob = {k: p["probability"] for k, p in per.items()}
    truth = {k: float(p["label"] == "supported") for k, p in per.items()}
    assert all(0.0 <= v <= 1.0 for v in prob.values())
    assert res["brier_base_rate"] == 0.25
    assert res["brier"] == pytest.approx(sum((prob[k] - truth[k]) ** 2 for k in per) / 4, abs=5e-5)
    assert res["brier"] < res["brier_base_rate"]  # the verdicts separate these four
    # every kind holds one item, so its ECE is that item's distance from its label
    kind_of = {p["claim_kind"]: k for k, p in per.items()}
    for kind, f in res["by_kind"].items():
        k = kind_of[kind]
        assert f["ece"] == pytest.approx(abs(prob[k] - truth[k]), abs=5e-5)
        assert f["brier"] == pytest.approx((prob[k] - truth[k]) ** 2, abs=5e-5)
    # bins of the overall ECE, by hand: the four items' bins and their gaps
    bins: dict[int, list[str]] = {}
    for k, v in prob.items():
        bins.setdefault(min(int(v * 10), 9), []).append(k)
    ece = sum(abs(sum(prob[k] - truth[k] for k in ks)) for ks in bins.values()) / 4
    assert res["ece"] == pytest.approx(ece, abs=5e-5)
    assert all("brier" not in b and "ece" not in b for b in res["baselines"].values())


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda p: p[1].pop("claim"), "item 1: missing field 'claim'"),
        (lambda p: p[0].update(label="maybe"), "field 'label' is 'maybe'"),
        (lambda p: p[0].update(support_spans=[[5, 2]]), "field 'support_spans'"),
        (lambda p: p[2].update(source=7), "field 'source' has the wrong type"),
    ],
)
def test_bad_pairs_file_is_one_line(write_json, mutate, needle) -> None:
    data = pairs()
    mutate(data)
    path = write_json(data, "bad.json")
    with pytest.raises(InputFileError) as err:
        load_pairs(path)
    msg = str(err.value)
    assert needle in msg and str(path) in msg and "\n" not in msg


def test_cli_pairs_json(write_json, capsys) -> None:
    path = write_json(pairs(), "pairs.json")
    assert main(["eval-grounding", "--pairs", str(path), "--format", "json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert set(res) == TOP_KEYS


def test_cli_pairs_text(write_json, capsys) -> None:
    path = write_json(pairs(), "pairs.json")
    assert main(["eval-grounding", "--pairs", str(path)]) == 0
    out = capsys.readouterr().out
    assert "recall@1" in out and "bm25" in out and "rapidfuzz" in out
    assert "P AUC 1.000" in out  # the probability's AUC beside the score's
    assert "(base rate 0.250)" in out  # the Brier score's reference: 2 supported in 4
    header = next(line for line in out.splitlines() if "P AUC" in line and " n " in line)
    words = header.split()
    at = words.index("Brier")  # the calibration columns follow the probability's AUC
    assert words[at - 2 : at + 3] == ["P", "AUC", "Brier", "ECE", "supp%"]


def test_cli_missing_pairs_file(tmp_path, capsys) -> None:
    assert main(["eval-grounding", "--pairs", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert "nope.json" in err and len(err.splitlines()) == 1


# --- dataset mode -----------------------------------------------------------------------


def test_dataset_items_build_negatives(records) -> None:
    items = dataset_items(records)
    gold = [it for it in items if it.kind == KIND_GOLD]
    assert len(gold) == 4  # the fixture has 4 claims
    assert all(it.label == "supported" and it.spans for it in gold)
    # r1 and r3 share their source and r2 is the only dialogue: no peer to move a claim to
    assert [it for it in items if it.kind == KIND_MOVED] == []
    numbers = [it for it in items if it.kind == KIND_NUMBER]
    # r1's claim "התקציב גדל ב-12%." is the only one with a digit
    assert len(numbers) == 1
    assert numbers[0].claim != "התקציב גדל ב-12%." and "%" in numbers[0].claim
    assert dataset_items(records) == items  # deterministic


def test_claims_move_to_another_record_of_the_same_genre(records) -> None:
    other = copy.deepcopy(records[1])
    other["id"] = "r4"
    other["source_text"] = "רונית: הישיבה נפתחה.\nאבי: התקציב אושר."
    other["claims"] = []
    items = dataset_items([*records, other])
    moved = [it for it in items if it.kind == KIND_MOVED]
    # r2's two claims move to r4 (the only other dialogue)
    assert len(moved) == 2
    assert all(it.source == other["source_text"] and it.label == "unsupported" for it in moved)
    assert {it.claim for it in moved} == {c["text"] for c in records[1]["claims"]}


def test_dataset_evaluation_has_genre_and_difficulty(records) -> None:
    res = evaluate(dataset_items(records), dataset=True)
    assert TOP_KEYS <= set(res)
    assert set(res["by_genre"]) <= {"dialogue", "encyclopedic", "journalistic"}
    assert set(res["by_difficulty"]) <= {"0", "1", "2"}
    assert res["by_kind"][KIND_GOLD]["items"] == 4


def test_cli_dataset(dataset_file, capsys) -> None:
    assert main(["eval-grounding", "--data", str(dataset_file), "--format", "json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["by_kind"][KIND_GOLD]["items"] == 4
    assert set(res) == TOP_KEYS | {"by_genre", "by_difficulty"}
