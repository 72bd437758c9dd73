"""The calibrated probability as part of the result and in every view that shows a verdict:
the engine computes it once (the pipeline's last stage), the JSON carries it, the answer's
figure is its weakest claim's, and the widget, the HTML pages, `check` and `score` show it
with what it means."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from workbench.cli import main
from workbench.data.dataset import Dataset, DataSource
from workbench.grounding.engine import forget_claims, ground, ground_claim
from workbench.grounding.html_report import render_html
from workbench.grounding.probability import calibration
from workbench.grounding.probability.calibration import calibrated, support_probability
from workbench.grounding.results import (
    PROBABILITY_GUIDE,
    ClaimResult,
    Grounding,
    Issue,
    IssueKind,
    SpanResult,
)
from workbench.html import esc
from workbench.scoring.answers import score_file
from workbench.scoring.html_report import claim_highlights
from workbench.scoring.results import probability_lines
from workbench.ui import GroundingExplorer

SRC = "העירייה פתחה את הספרייה החדשה בשנת 1998. בספרייה יש שלושת אלפים ספרים."
RIGHT = "העירייה פתחה את הספרייה החדשה בשנת 1998."
WRONG = "בספרייה יש חמשת אלפים ספרים ב-2005."


def _hand_made(text: str, verdict: str, score: float, issues: list[Issue]) -> ClaimResult:
    span = SpanResult(0, len(text), text, score)
    return calibrated(ClaimResult(text, 0, len(text), verdict, score, [span], issues, [span]))


# --- the result ------------------------------------------------------------------------


def test_every_engine_claim_carries_its_calibrated_probability() -> None:
    g = ground(f"{RIGHT} {WRONG}", SRC)
    right, wrong = g.claims
    for c in g.claims:
        assert 0.0 <= c.probability <= 1.0
        assert c.probability == support_probability(c)  # the one model, read once
    assert wrong.probability < right.probability
    assert g.probability == wrong.probability  # the weakest claim's
    assert g.mean_probability == pytest.approx((right.probability + wrong.probability) / 2)


def test_a_memoised_claim_keeps_its_probability_without_the_model(monkeypatch) -> None:
    forget_claims()
    first = ground(RIGHT, SRC).claims[0].probability

    def broken(_: ClaimResult) -> float:
        raise AssertionError("the probability was computed again")

    monkeypatch.setattr(calibration, "support_probability", broken)
    again = ground(f"  {RIGHT}", SRC).claims[0]  # the same claim, other offsets: a memo hit
    assert again.start == 2 and again.probability == first
    forget_claims()


def test_a_hand_made_result_has_a_probability_once_calibrated() -> None:
    span = SpanResult(0, len(RIGHT), RIGHT, 0.9)
    raw = ClaimResult(RIGHT, 0, len(RIGHT), "supported", 0.9, [span], [], [span])
    assert raw.probability is None and raw.confidence is None
    assert raw.to_dict()["probability"] is None and raw.to_dict()["confidence"] is None
    assert Grounding([raw]).probability is None  # no weakest claim without every claim's
    r = calibrated(raw)
    assert r.probability == support_probability(raw)
    assert r.probability is not None and 0.0 <= r.probability <= 1.0
    assert r.confidence is not None and r == raw  # the same claim, its figures added


def test_a_failed_check_never_raises_the_probability_and_a_copy_is_never_stale() -> None:
    right = ground_claim(RIGHT, SRC)
    p = right.probability
    lowered = []
    for kind in IssueKind:
        # a result changed with dataclasses.replace is calibrated again
        with_issue = calibrated(replace(right, issues=[*right.issues, Issue(kind, "added")]))
        assert with_issue.probability == support_probability(with_issue)
        assert with_issue.probability <= p
        lowered.append(with_issue.probability < p)
    assert any(lowered)  # some check's failure does lower it


def test_the_calibration_never_reads_the_probability() -> None:
    """The probability is computed from the result; were the features to read it back, it
    would depend on itself (and a second calibration would drift)."""
    r = ground_claim(RIGHT, SRC)
    expected = support_probability(r)
    for planted in (0.0, 1.0):
        assert support_probability(replace(r, probability=planted)) == expected


def test_the_answer_figure_is_the_weakest_claims() -> None:
    clean = _hand_made(RIGHT, "supported", 0.9, [])
    failed = _hand_made(WRONG, "partial", 0.9, [Issue(IssueKind.NUMBER_NOT_IN_SOURCE, "2005")])
    g = Grounding([clean, failed, clean.moved(50, 90)], record="r")
    probs = [c.probability for c in g.claims]
    assert failed.probability < clean.probability
    assert g.probability == failed.probability == min(probs)
    assert g.mean_probability == pytest.approx(sum(probs) / 3)
    d = g.to_dict()
    assert d["probability"] == round(failed.probability, 4)
    assert [c["probability"] for c in d["claims"]] == [round(p, 4) for p in probs]
    empty = Grounding([], message="no claims")
    assert empty.probability is None and empty.mean_probability is None
    assert empty.to_dict()["probability"] is None


# --- the views --------------------------------------------------------------------------


def _dataset(records: list[dict[str, Any]]) -> Dataset:
    return Dataset(records=records, source=DataSource(Path("fixture.json"), "custom", "0" * 64))


def test_the_widget_state_exposes_the_probability_column(records) -> None:
    ex = GroundingExplorer(_dataset(records))
    ex.select("r1")
    r = ex.check("משפט שני על התקציב של 12% גידול. התקציב גדל ב-15%.")
    frame = r.claims_frame()
    assert frame.columns == [
        "claim", "verdict", "score", "probability", "confidence", "mark", "issues"
    ]  # fmt: skip
    assert frame["probability"].to_list() == [c.probability for c in r.grounding.claims]
    assert frame["probability"].is_between(0.0, 1.0).all()
    html = ex.result_html()
    assert "<th>probability</th>" in html
    cells = [f'<td class="wb-prob">{c.probability:.2f}</td>' for c in r.grounding.claims]
    assert all(cell in html for cell in cells)
    assert f'answer probability <b class="wb-answer-prob">{r.grounding.probability:.2f}</b>' in html
    assert esc(PROBABILITY_GUIDE) in html


def test_the_widget_table_escapes_the_claims_beside_the_probability(records) -> None:
    ex = GroundingExplorer(_dataset(records))
    ex.select("r2")
    ex.check('צה"ל הודיע <script>alert(1)</script> על תרגיל.')
    html = ex.result_html()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert html.count('<td class="wb-prob">') == len(ex.result.grounding.claims)


def test_the_html_page_has_a_probability_cell_per_claim_and_escapes_text() -> None:
    g = ground(f"{RIGHT} <b>{WRONG}</b>", SRC, record="r<1>")
    page = render_html(g, SRC)
    assert "<th>probability</th>" in page
    for c in g.claims:
        assert f'<td class="wb-prob">{c.probability:.2f}</td>' in page
        assert f'<td dir="rtl">{esc(c.text)}</td>' in page
    assert "&lt;b&gt;" in page and "r&lt;1&gt;" in page
    assert f"answer probability {g.probability:.2f} (its weakest claim" in page
    assert esc(PROBABILITY_GUIDE) in page


def test_check_json_has_a_probability_for_every_claim(dataset_file, capsys) -> None:
    code = main(
        ["check", "--data", str(dataset_file), "--record", "r2", "--format", "json",
         "--answer", 'צה"ל הודיע על תרגיל. דנה פתחה וסגרה בשנת 1999.']
    )  # fmt: skip
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and len(d["claims"]) == 2
    assert all(0.0 <= c["probability"] <= 1.0 for c in d["claims"])
    assert d["probability"] == min(c["probability"] for c in d["claims"])


def test_score_rows_carry_the_answer_probability(tmp_path, records) -> None:
    answers = tmp_path / "a.jsonl"
    rows = [
        {"id": "r1", "model": "m", "answer": "משפט שני על התקציב של 12% גידול."},
        {"id": "r2", "model": "m", "answer": 'צה"ל הודיע על תרגיל. דנה סגרה ב-1999.'},
    ]
    answers.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    out = tmp_path / "o.jsonl"
    result = score_file(answers, records, out, progress=False)
    scored = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert len(scored) == 2
    for row in scored:
        probs = [c["probability"] for c in row["claims"]]
        assert probs and all(0.0 <= p <= 1.0 for p in probs)
        assert row["probability"] == min(probs)
        assert row["any_claim_below_half"] == int(min(probs) < 0.5)
    by_model = result.by_model.row(0, named=True)
    assert by_model["probability"] == pytest.approx(sum(r["probability"] for r in scored) / 2)
    assert by_model["n_below_half"] == sum(r["any_claim_below_half"] for r in scored)


def test_a_grounder_without_probability_leaves_the_columns_empty(tmp_path, records) -> None:
    from fake_grounding import fake_ground

    answers = tmp_path / "a.jsonl"
    answers.write_text(json.dumps({"id": "r1", "model": "m", "answer": "משפט."}) + "\n", "utf-8")
    out = tmp_path / "o.csv"
    result = score_file(answers, records, out, grounder=fake_ground, progress=False)
    flat = pl.read_csv(out)
    assert flat["probability"].null_count() == 1 and flat["any_claim_below_half"].null_count() == 1
    assert result.by_model["n_below_half"].to_list() == [None]
    assert probability_lines(result.by_model) == []  # nothing shown that was not measured


def test_probability_lines_per_model() -> None:
    by_model = pl.DataFrame(
        {"model": ["a", "b"], "n": [10, 4], "probability": [0.625, None], "n_below_half": [3, None]}
    )
    assert probability_lines(by_model) == [
        "a: answer probability (its weakest claim's) mean 0.62; 3 of 10 answers have a claim "
        "under 0.5"
    ]


def test_score_report_highlights_say_the_claims_probability() -> None:
    claims = [
        {"start": 0, "end": 5, "verdict": "partial", "issues": ["x"], "probability": 0.2345},
        {"start": 6, "end": 9, "verdict": "unsupported", "issues": []},  # another grounder
    ]
    titles = [h.title for h in claim_highlights(claims)]
    assert titles == ["partial (probability 0.23): x", "unsupported"]


def test_score_html_report_shows_the_probability_column_and_guide(tmp_path, records) -> None:
    answers = tmp_path / "a.jsonl"
    answers.write_text(
        json.dumps({"id": "r1", "model": "<m>", "answer": "התקציב גדל ב-15%."}, ensure_ascii=False)
        + "\n",
        "utf-8",
    )
    out = tmp_path / "o.html"
    score_file(answers, records, out, progress=False)
    page = out.read_text("utf-8")
    assert "<th>answer probability (weakest claim)</th>" in page
    assert "<th>answers with a claim &lt; 0.5</th>" in page
    assert esc(PROBABILITY_GUIDE) in page
    assert "&lt;m&gt;" in page and "<m>" not in page
