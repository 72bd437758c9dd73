"""The confidence tier: two thresholds stored with the calibration cut each claim's
probability (and verdict) into high / mixed / low; an answer is low if any claim is, high
only if all are; the thresholds are chosen on left-out dev probabilities by bars stated in
``calibration``; every view that shows the probability shows the tier."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pytest

from workbench.cli import main
from workbench.data.dataset import Dataset, DataSource
from workbench.grounding.engine import forget_claims, ground
from workbench.grounding.html_report import render_html
from workbench.grounding.probability import calibration
from workbench.grounding.probability.calibration import (
    WEIGHTS_FILE,
    TierRule,
    calibrated,
    choose_high,
    choose_low,
    tier_rule,
)
from workbench.grounding.results import CONFIDENCE_GUIDE, Confidence, answer_confidence
from workbench.html import esc
from workbench.scoring.answers import score_file
from workbench.scoring.results import probability_lines
from workbench.ui import GroundingExplorer

HIGH, MIXED, LOW = Confidence.HIGH, Confidence.MIXED, Confidence.LOW
SRC = "העירייה פתחה את הספרייה החדשה בשנת 1998. בספרייה יש שלושת אלפים ספרים."
RIGHT = "העירייה פתחה את הספרייה החדשה בשנת 1998."
WRONG = "בספרייה יש חמשת אלפים ספרים ב-2005."


@pytest.fixture(autouse=True)
def _fresh_memo():
    """Claims grounded under a test's rule must not reach later tests through the memo."""
    yield
    forget_claims()


def _use_rule(monkeypatch: pytest.MonkeyPatch, rule: TierRule) -> None:
    """Make every claim grounded from now on read ``rule`` instead of the stored
    thresholds (the tier is set when a claim is grounded: the memo is emptied)."""
    monkeypatch.setattr(calibration, "tier_rule", lambda path=WEIGHTS_FILE: rule)
    forget_claims()


# --- the thresholds map probabilities to tiers -----------------------------------------


def test_the_thresholds_cut_at_their_boundaries() -> None:
    rule = TierRule(high=0.87, low=0.1, high_needs_supported=True)
    assert rule.tier(0.87, "supported") == HIGH  # at the threshold: high
    assert rule.tier(0.8699, "supported") == MIXED
    assert rule.tier(0.99, "partial") == MIXED  # high needs a supported verdict
    assert rule.tier(0.1, "unsupported") == MIXED  # low is strictly under
    assert rule.tier(0.0999, "supported") == LOW  # whatever the verdict
    assert TierRule(0.87, 0.1, False).tier(0.99, "partial") == HIGH


def test_the_stored_thresholds_are_read_from_the_json(tmp_path) -> None:
    model = json.loads(WEIGHTS_FILE.read_text("utf-8"))
    model["confidence"] = {"high": 0.6, "low": 0.25, "high_needs_supported": False}
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(model), "utf-8")
    rule = tier_rule(path)
    assert rule == TierRule(0.6, 0.25, False)
    assert rule.tier(0.6, "partial") == HIGH and rule.tier(0.2499, "supported") == LOW


def test_weights_without_thresholds_are_refused(tmp_path) -> None:
    model = json.loads(WEIGHTS_FILE.read_text("utf-8"))
    del model["confidence"]
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(model), "utf-8")
    with pytest.raises(ValueError, match="no confidence thresholds; refit"):
        tier_rule(path)


def test_the_shipped_thresholds_keep_to_their_bars() -> None:
    stored = json.loads(WEIGHTS_FILE.read_text("utf-8"))["confidence"]
    rule = tier_rule()
    assert rule == TierRule(stored["high"], stored["low"], stored["high_needs_supported"])
    assert 0.0 < rule.low <= calibration.LOW_AT_MOST < 0.5 < rule.high < 1.0


def test_a_claims_tier_is_its_probability_cut_by_the_rule(monkeypatch) -> None:
    right, wrong = ground(f"{RIGHT} {WRONG}", SRC).claims
    assert right.verdict == "supported" and wrong.verdict != "supported"
    assert right.probability is not None and wrong.probability is not None
    _use_rule(monkeypatch, TierRule(right.probability, 0.0, True))
    assert calibrated(right).confidence == HIGH
    _use_rule(monkeypatch, TierRule(np.nextafter(right.probability, 1.0), 0.0, True))
    assert calibrated(right).confidence == MIXED
    _use_rule(monkeypatch, TierRule(0.0, np.nextafter(wrong.probability, 1.0), True))
    assert calibrated(wrong).confidence == LOW
    assert calibrated(right).confidence == (LOW if right.probability <= wrong.probability else HIGH)


# --- the answer's tier -----------------------------------------------------------------


def test_an_answer_is_low_if_any_claim_is_and_high_only_if_all_are() -> None:
    assert answer_confidence([HIGH, HIGH]) == HIGH
    assert answer_confidence([HIGH, LOW, HIGH]) == LOW
    assert answer_confidence([MIXED, LOW]) == LOW
    assert answer_confidence([HIGH, MIXED]) == MIXED
    assert answer_confidence([]) is None


def test_an_answer_with_one_low_claim_is_low(monkeypatch) -> None:
    g = ground(f"{RIGHT} {WRONG}", SRC)
    right, wrong = g.claims
    assert wrong.probability < right.probability
    # low between the two claims: the wrong claim is low, the right one high
    middle = (right.probability + wrong.probability) / 2
    _use_rule(monkeypatch, TierRule(0.0, middle, False))
    g = ground(f"{RIGHT} {WRONG}", SRC)
    assert [c.confidence for c in g.claims] == [HIGH, LOW]
    assert g.confidence == LOW
    assert g.to_dict()["confidence"] == "low"
    _use_rule(monkeypatch, TierRule(0.0, 0.0, False))
    assert ground(f"{RIGHT} {WRONG}", SRC).confidence == HIGH
    assert ground("", SRC).confidence is None


# --- choosing the thresholds on left-out dev data --------------------------------------


def _set(p: list[float], y: list[int], sup: list[bool] | None = None) -> calibration.LeftOut:
    s = np.ones(len(p), bool) if sup is None else np.array(sup)
    return np.array(p), np.array(y, float), s


def test_high_is_the_lowest_threshold_meeting_the_pooled_bar() -> None:
    a = _set([0.95, 0.9, 0.8, 0.7, 0.6], [1, 1, 0, 1, 0])
    b = _set([0.92, 0.85, 0.75], [1, 0, 1])
    grid = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95]
    # pooled share truly supported: 0.6 -> 5/8, 0.7 -> 5/7, 0.8 -> 3/5, 0.85 -> 3/4, 0.9 -> 3/3
    assert choose_high({"a": a, "b": b}, False, grid) == 0.9
    # with b's wrong 0.85 claim partial, "supported AND P >= t" qualifies at 0.85: 3/3
    b_partial = _set([0.92, 0.85, 0.75], [1, 0, 1], [True, False, True])
    assert choose_high({"a": a, "b": b_partial}, True, grid) == 0.85
    assert choose_high({"a": a, "b": b}, False, [0.6, 0.7]) is None


def test_high_holds_each_set_to_its_own_bar_unless_one_miss_is_allowed() -> None:
    a = _set([0.9 + 0.004 * i for i in range(20)] + [0.5], [1] * 20 + [0])
    d = _set([0.91, 0.93, 0.95, 0.97], [1, 1, 0, 1])
    # pooled at 0.9: 23 of 24 (0.96) right, over the pooled bar, but d alone 3 of 4
    # (0.75 < 0.85)
    assert choose_high({"a": a, "d": d}, False, [0.9]) is None
    assert choose_high({"a": a, "d": d}, False, [0.9], misses=1) == 0.9


def test_high_needs_more_than_ninety_three_percent_pooled() -> None:
    """Round 21's bar: 13 of 14 right (0.929) is under it, 14 of 15 (0.933) too, 15 of 16
    (0.9375) meets it (sealed sets came in about 3 points under the dev estimate)."""
    for right, total, chosen in ((13, 14, None), (14, 15, None), (15, 16, 0.9)):
        s = _set([0.95] * total, [1] * right + [0] * (total - right))
        assert choose_high({"s": s}, False, [0.9]) == chosen


def test_low_is_the_highest_threshold_under_the_cap_meeting_its_bar() -> None:
    a = _set([0.01, 0.03, 0.05, 0.08, 0.2], [0, 0, 1, 0, 1])
    # P < 0.02: 0 of 1 supported; < 0.04: 0 of 2; < 0.06: 1 of 3; < 0.1: 1 of 4
    assert choose_low({"a": a}, [0.02, 0.04, 0.06, 0.1]) == 0.04
    # a threshold over LOW_AT_MOST is never chosen, however clean
    clean = _set([0.01, 0.15], [0, 0])
    assert choose_low({"c": clean}, [0.05, 0.2]) == 0.05


# --- the views -------------------------------------------------------------------------


def _dataset(records: list[dict[str, Any]]) -> Dataset:
    return Dataset(records=records, source=DataSource(Path("fixture.json"), "custom", "0" * 64))


def test_check_text_and_json_carry_each_claims_tier(dataset_file, capsys, monkeypatch) -> None:
    _use_rule(monkeypatch, TierRule(2.0, 2.0, False))  # every claim under low: low
    args = ["check", "--data", str(dataset_file), "--record", "r1", "--answer"]
    answer = "משפט שני על התקציב של 12% גידול. התקציב גדל ב-15%."
    assert main([*args, answer, "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [c["confidence"] for c in d["claims"]] == ["low", "low"]
    assert d["confidence"] == "low"
    assert main([*args, answer]) == 0
    text = capsys.readouterr().out
    assert text.count(" low  ") == 2  # "P 0.xx low  claim text", one per claim
    assert "confidence low" in text
    assert " ".join(CONFIDENCE_GUIDE.split()) in " ".join(text.split())


def test_the_html_page_has_a_tier_cell_per_claim(monkeypatch) -> None:
    _use_rule(monkeypatch, TierRule(0.0, 0.0, False))  # every claim high
    g = ground(f"{RIGHT} <b>{WRONG}</b>", SRC, record="<r>")
    page = render_html(g, SRC)
    assert page.count('<td class="wb-conf wb-conf-high">high</td>') == len(g.claims)
    assert "<th>confidence</th>" in page
    assert esc(CONFIDENCE_GUIDE) in page
    assert "<b>" not in page and "&lt;r&gt;" in page


def test_the_widget_shows_the_tier_in_its_frame_rows_and_summary(records, monkeypatch) -> None:
    ex = GroundingExplorer(_dataset(records))
    ex.select("r1")
    r = ex.check("משפט שני על התקציב של 12% גידול. התקציב גדל ב-15%.")
    first, second = r.grounding.claims
    assert first.probability is not None and second.probability is not None
    _use_rule(monkeypatch, TierRule(0.0, max(first.probability, second.probability) + 1e-9, False))
    r = ex.check("משפט שני על התקציב של 12% גידול. התקציב גדל ב-15%.")
    frame = r.claims_frame()
    assert frame["confidence"].to_list() == ["low", "low"]
    assert frame.schema["confidence"] == pl.String
    html = ex.result_html()
    assert html.count('data-confidence="low"') == 2
    assert html.count("wb-c-low") == 2
    assert '<b class="wb-answer-conf wb-conf-low">low</b>' in html
    assert esc(CONFIDENCE_GUIDE) in html


def test_score_gives_each_answer_its_tier_and_counts_them_per_model(
    tmp_path, records, monkeypatch
) -> None:
    answers = tmp_path / "a.jsonl"
    rows = [
        {"id": "r1", "model": "m", "answer": "משפט שני על התקציב של 12% גידול."},
        {"id": "r2", "model": "m", "answer": 'צה"ל הודיע על תרגיל. דנה סגרה ב-1999.'},
        {"id": "r1", "model": "n", "answer": "התקציב גדל ב-15%."},
    ]
    answers.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    _use_rule(monkeypatch, TierRule(0.0, 0.0, False))  # every claim high
    out = tmp_path / "o.jsonl"
    result = score_file(answers, records, out, progress=False)
    scored = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [r["confidence"] for r in scored] == ["high", "high", "high"]
    counts = result.by_model.select("model", "n_high", "n_mixed", "n_low").rows()
    assert counts == [("m", 2, 0, 0), ("n", 1, 0, 0)]
    assert probability_lines(result.by_model)[0].endswith("; confidence high 2, mixed 0, low 0")


def test_score_without_a_tier_leaves_the_counts_empty(tmp_path, records) -> None:
    from fake_grounding import fake_ground

    answers = tmp_path / "a.jsonl"
    answers.write_text(json.dumps({"id": "r1", "model": "m", "answer": "משפט."}) + "\n", "utf-8")
    out = tmp_path / "o.csv"
    result = score_file(answers, records, out, grounder=fake_ground, progress=False)
    assert pl.read_csv(out)["confidence"].null_count() == 1
    assert result.by_model["n_high"].to_list() == [None]


def test_probability_lines_count_the_tiers() -> None:
    by_model = pl.DataFrame(
        {
            "model": ["a"],
            "n": [10],
            "probability": [0.625],
            "n_below_half": [3],
            "n_high": [4],
            "n_mixed": [5],
            "n_low": [1],
        }
    )
    assert probability_lines(by_model) == [
        "a: answer probability (its weakest claim's) mean 0.62; 3 of 10 answers have a claim "
        "under 0.5; confidence high 4, mixed 5, low 1"
    ]


def test_score_html_report_has_the_tier_columns(tmp_path, records) -> None:
    answers = tmp_path / "a.jsonl"
    answers.write_text(
        json.dumps({"id": "r1", "model": "m", "answer": "התקציב גדל ב-15%."}, ensure_ascii=False)
        + "\n",
        "utf-8",
    )
    out = tmp_path / "o.html"
    score_file(answers, records, out, progress=False)
    page = out.read_text("utf-8")
    assert "<th>answers of high confidence</th>" in page and "<th>low confidence</th>" in page
    assert esc(CONFIDENCE_GUIDE) in page
