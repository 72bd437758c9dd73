"""Review: stratified seeded sampling, the append-only log, applying it, judges, the widget."""

from __future__ import annotations

import copy
import json
import math
import multiprocessing as mp
from typing import Any

import pytest
from fake_grounding import fake_ground

from workbench.cli import main
from workbench.data.dataset import load_dataset
from workbench.errors import WorkbenchError
from workbench.html import highlight
from workbench.review import (
    append_review,
    apply_review_log,
    make_entry,
    read_review_log,
    review_queue,
    sample_for_review,
)
from workbench.review.sampling import RISK_PERCENTAGES, review_percentage
from workbench.scoring import answers as scoring
from workbench.scoring.judge import make_llm_judge, rule_judge
from workbench.ui import ReviewSession, ReviewWidget
from workbench.ui.review_html import gold_highlights

GENRES = ("dialogue", "encyclopedic", "journalistic")


def grid(records: list[dict[str, Any]], sizes: dict[tuple[str, int], int]) -> list[dict[str, Any]]:
    """Copies of a record, ``sizes[(genre, difficulty)]`` per cell, ids unique."""
    out = []
    for (genre, diff), n in sizes.items():
        for i in range(n):
            r = copy.deepcopy(records[0])
            r.update(id=f"{genre[:3]}{diff}-{i:03d}", genre=genre, difficulty=diff)
            out.append(r)
    return out


SIZES = {(g, d): 3 + 7 * gi + 2 * d for gi, g in enumerate(GENRES) for d in (0, 1, 2)}


# --- sampling ---------------------------------------------------------------------------


@pytest.mark.parametrize("pct", [5.0, 10.0, 25.0, 60.0])
def test_sample_is_stratified_with_ceil_per_cell(records, pct):
    recs = grid(records, SIZES)
    sample = sample_for_review(recs, seed=3, percentage=pct)
    counts = {(g, d): n for g, d, n in sample.group_by("genre", "difficulty").len().rows()}
    assert counts == {cell: math.ceil(n * pct / 100) for cell, n in SIZES.items()}
    assert sample.get_column("id").n_unique() == sample.height


def test_sample_is_seeded_and_order_independent(records):
    recs = grid(records, SIZES)
    a = sample_for_review(recs, seed=42, risk="high")
    b = sample_for_review(list(reversed(recs)), seed=42, risk="high")
    assert a.get_column("id").to_list() == b.get_column("id").to_list()
    others = {tuple(sample_for_review(recs, seed=s, risk="high")["id"]) for s in range(8)}
    assert len(others) > 1  # the seed matters


def test_risk_levels_and_explicit_percentage(records):
    recs = grid(records, SIZES)
    assert RISK_PERCENTAGES == {"low": 5.0, "medium": 10.0, "high": 25.0, "critical": 100.0}
    assert sample_for_review(recs, seed=0, risk="critical").height == len(recs)
    assert review_percentage("low", 50) == 50.0  # explicit wins
    with pytest.raises(WorkbenchError, match="percentage"):
        review_percentage("low", 0)
    with pytest.raises(WorkbenchError, match="unknown risk level"):
        review_percentage("extreme")


# --- judges -----------------------------------------------------------------------------


def _item(**figures: Any) -> dict[str, Any]:
    base = {"n_claims": 2, "n_supported": 2, "n_unsupported": 0, "n_number_issues": 0}
    return {"answer": "תשובה", "reference": "ref", "figures": {**base, **figures}}


def test_rule_judge_rules():
    assert rule_judge({**_item(), "answer": " "}) == "irrelevant"
    assert rule_judge(_item(n_supported=0, n_unsupported=2, f1_score=0.05)) == "irrelevant"
    assert rule_judge(_item(n_supported=0, n_unsupported=2, f1_score=0.4)) == "hallucinated"
    assert rule_judge(_item(n_number_issues=1)) == "hallucinated"
    assert rule_judge(_item(reference_coverage=0.25, recall_over_words=0.9)) == "incomplete"
    assert rule_judge(_item(reference_coverage=1.0, recall_over_words=0.2)) == "incomplete"
    assert rule_judge(_item(reference_coverage=1.0, recall_over_words=0.9)) == "grounded"
    # without a reference the completeness rules do not apply
    assert rule_judge({**_item(reference_coverage=0.0), "reference": None}) == "grounded"


def test_llm_judge_is_pluggable_and_falls_back():
    prompts = []

    def complete(prompt: str) -> str:
        prompts.append(prompt)
        return "Label: Hallucinated, because the number differs"

    judge = make_llm_judge(complete)
    assert judge({**_item(), "question": "כמה?", "source": "מקור"}) == "hallucinated"
    assert "כמה?" in prompts[0] and "מקור" in prompts[0]
    unsure = make_llm_judge(lambda p: "I cannot tell")
    assert unsure(_item()) == rule_judge(_item()) == "grounded"


def test_review_queue_puts_suspicious_first(records):
    # With the fake engine a sentence copied from the source is supported; r1's has a
    # number the source does not have.
    records[0]["reference_answer"] = "התקציב של 99% גידול."
    records[1]["reference_answer"] = 'צה"ל הודיע היום על תרגיל.'
    records[2]["reference_answer"] = "משפט שלישי."
    sample = sample_for_review(records, seed=0, risk="critical")
    queue = review_queue(records, sample, grounder=fake_ground)
    assert queue.get_column("id").to_list() == ["r1", "r2", "r3"]
    assert queue.get_column("judge").to_list() == ["hallucinated", "grounded", "grounded"]
    assert queue.get_column("priority").is_sorted()


# --- the log ----------------------------------------------------------------------------


def test_log_append_and_read(tmp_path):
    log = tmp_path / "log.jsonl"
    e1 = append_review(log, make_entry("claim", "r1", "dana", claim_id=0, decision="correct"))
    append_review(log, make_entry("fact", "r1", "dana", fact=["12%", "שנים עשר אחוז"]))
    append_review(log, {"action": "answer", "record_id": "r2", "reviewer": "avi", "answer": "x"})
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and json.loads(lines[0]) == e1
    got = read_review_log(log).entries
    assert [e["action"] for e in got] == ["claim", "fact", "answer"]
    assert got[1]["fact"] == "12%<OR>שנים עשר אחוז"
    assert got[0]["time"].endswith("Z")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"action": "claim", "claim_id": 0, "decision": "maybe"}, "decision 'maybe'"),
        ({"action": "claim", "decision": "correct"}, "claim_id must be"),
        ({"action": "answer", "answer": "  "}, "non-empty answer"),
        ({"action": "fact", "fact": "a<OR>"}, "empty variant"),
        ({"action": "rate"}, "unknown review action"),
    ],
)
def test_bad_entries_are_refused(tmp_path, entry, message):
    log = tmp_path / "log.jsonl"
    with pytest.raises(WorkbenchError, match=message):
        append_review(log, {"record_id": "r1", "reviewer": "dana", **entry})
    assert not log.exists()


def test_bad_log_line_names_file_and_line(tmp_path):
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("exclude", "r1", "dana"))
    with log.open("a", encoding="utf-8") as fh:
        fh.write("{not json\n")
    got = read_review_log(log)
    assert [e["action"] for e in got.entries] == ["exclude"]
    assert [(p.line, p.message_line(log)) for p in got.problems] == [
        (2, f"{log}: line 2: not valid JSON: Expecting property name enclosed in double quotes: "
            "line 1 column 2 (char 1)")
    ]


def _writer(args: tuple[str, int]) -> None:
    path, k = args
    for i in range(40):
        append_review(
            path, make_entry("answer", f"r{k}", f"rev{k}", answer=f"{k}-{i} " + "א" * 500)
        )


def test_concurrent_appends_never_interleave(tmp_path):
    log = tmp_path / "log.jsonl"
    with mp.get_context("fork").Pool(4) as pool:
        pool.map(_writer, [(str(log), k) for k in range(4)])
    entries, problems = read_review_log(log)  # every line parses
    assert problems == []
    assert len(entries) == 160
    for k in range(4):
        mine = [e["answer"].split(" ")[0] for e in entries if e["reviewer"] == f"rev{k}"]
        assert mine == [f"{k}-{i}" for i in range(40)]  # each writer's order kept


# --- applying the log -------------------------------------------------------------------


def test_apply_review_log(tmp_path, records):
    original = copy.deepcopy(records)
    log = tmp_path / "log.jsonl"
    for e in [
        make_entry("claim", "r1", "dana", claim_id=0, decision="hallucinated", time="t1"),
        make_entry("claim", "r1", "avi", claim_id=0, decision="correct", time="t2"),  # wins
        make_entry("claim", "r2", "dana", claim_id=1, decision="outdated", time="t3"),
        make_entry("answer", "r2", "dana", answer='צה"ל הודיע על תרגיל.', time="t4"),
        make_entry("fact", "r3", "dana", fact="משפט שלישי<OR>המשפט השלישי", time="t5"),
        make_entry("exclude", "r3", "avi", note="duplicate", time="t6"),
        make_entry("claim", "zz", "dana", claim_id=0, decision="correct", time="t7"),
        make_entry("claim", "r1", "dana", claim_id=9, decision="correct", time="t8"),
    ]:
        append_review(log, e)
    copy_, summary = apply_review_log(records, log)
    assert records == original  # input untouched
    by_id = {r["id"]: r for r in copy_}
    assert set(by_id) == {"r1", "r2"}  # r3 excluded
    assert by_id["r1"]["review"]["claims"] == [
        {"claim_id": 0, "decision": "correct", "reviewer": "avi", "time": "t2"}
    ]
    assert by_id["r1"]["review"]["flagged"] is False
    r2 = by_id["r2"]
    assert r2["reference_answer"] == 'צה"ל הודיע על תרגיל.'
    assert r2["review"]["original_answer"] == original[1]["reference_answer"]
    assert r2["review"]["claims_outdated"] is True and r2["review"]["flagged"] is True
    assert len(summary.skipped) == 2
    # per genre: dialogue r2 flagged (1 of 1 reviewed); encyclopedic r1 not flagged and r3
    # excluded (flagged): 1 of 2 reviewed, 1 of 2 records.
    rows = {r["genre"]: r for r in summary.by_genre.iter_rows(named=True)}
    assert (rows["dialogue"]["n_flagged"], rows["dialogue"]["n_reviewed"]) == (1, 1)
    assert rows["encyclopedic"]["share_flagged_of_reviewed"] == 0.5
    assert rows["encyclopedic"]["n_facts"] == 1 and rows["dialogue"]["n_answer_edits"] == 1
    # effective changes: r1 claim 0, r2 claim 1 + answer, r3 fact + exclude
    assert summary.changes.height == 5
    assert summary.lines()[0] == "5 change(s) applied"


def test_review_cli_sample_and_apply(tmp_path, dataset_file, monkeypatch, capsys):
    monkeypatch.setattr(scoring, "default_grounder", lambda: fake_ground)
    before = dataset_file.read_bytes()
    out = tmp_path / "queue.jsonl"
    args = ["review-sample", "--data", str(dataset_file), "--risk", "low", "--seed", "1"]
    assert main([*args, "--out", str(out)]) == 0
    first = out.read_text(encoding="utf-8")
    assert main([*args, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == first  # same seed, same queue
    queue = [json.loads(line) for line in first.splitlines()]
    assert len(queue) == 3  # 3 cells of 1 record each, ceil(5%) = 1 per cell
    assert main([*args, "--out", str(dataset_file)]) != 0
    assert "refusing to overwrite" in capsys.readouterr().err

    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("fact", "r1", "dana", fact="12%"))
    reviewed = tmp_path / "reviewed.json"
    code = main(
        ["review-apply", "--data", str(dataset_file), "--log", str(log), "--out", str(reviewed)]
    )
    assert code == 0 and dataset_file.read_bytes() == before
    ds = load_dataset(reviewed)  # the reviewed copy is a valid dataset
    assert ds.record("r1")["fact"] == "12%"


# --- the widget's logic -----------------------------------------------------------------


def test_session_marks_edits_and_resumes(tmp_path, records):
    log = tmp_path / "log.jsonl"
    s = ReviewSession(records, ["r2", "r1"], log, "dana", clock=lambda: "2024-01-01T00:00:00Z")
    assert s.record_id == "r2"
    s.mark_claim(1, "hallucinated")
    s.edit_answer("תשובה חדשה")
    s.add_fact("תרגיל<OR>אימון")
    with pytest.raises(WorkbenchError, match="no claim 5"):
        s.mark_claim(5, "correct")
    s.next()
    s.mark_claim(0, "correct")
    s.next()  # clamped at the end
    assert s.state()["record_id"] == "r1" and s.state()["reviewed"] == 2
    assert [e["action"] for e in read_review_log(log).entries] == ["claim", "answer", "fact", "claim"]
    resumed = ReviewSession(records, ["r2", "r1"], log, "avi")
    st = resumed.state()
    assert st["claims"] == {0: None, 1: "hallucinated"}
    assert st["answer"] == "תשובה חדשה" and st["answer_edited"] and st["fact"] == "תרגיל<OR>אימון"


def test_session_needs_reviewer_and_known_ids(tmp_path, records):
    with pytest.raises(WorkbenchError, match="not in the dataset"):
        ReviewSession(records, ["nope"], tmp_path / "l.jsonl", "dana")
    s = ReviewSession(records, ["r1"], tmp_path / "l.jsonl", " ")
    with pytest.raises(WorkbenchError, match="reviewer"):
        s.mark_claim(0, "correct")
    assert not (tmp_path / "l.jsonl").exists()


def test_render_html_escapes_and_marks_gold_spans(tmp_path, records):
    records[1]["question"] = "<b>מה</b>?"
    s = ReviewSession(records, ["r2"], tmp_path / "l.jsonl", "dana")
    page = s.render_html()
    assert "&lt;b&gt;מה&lt;/b&gt;?" in page and "<b>מה</b>" not in page
    assert 'dir="rtl"' in page
    # r2's two claims: claim 0 spans one sentence, claim 1 spans two pieces.
    assert page.count('data-claim="0"') == 1 and page.count('data-claim="1"') == 2


def test_gold_highlights_overlap():
    claims = [
        {"claim_id": 0, "attribution": [{"start_char": 0, "end_char": 4}]},
        {"claim_id": 7, "attribution": [{"start_char": 2, "end_char": 6}]},
    ]
    out = highlight("abcdefg<", gold_highlights(claims))
    # coloured by position, titled by claim id
    assert 'data-claim="0" title="claim 0" style="background:#ffe08a">ab<' in out
    assert 'data-claim="0 1" title="claim 0, claim 7"' in out and ">cd</mark>" in out
    assert 'data-claim="1" title="claim 7"' in out and ">ef</mark>" in out
    assert out.endswith("g&lt;</div>")


def test_widget_buttons_write_the_log(tmp_path, records):
    log = tmp_path / "log.jsonl"
    widget = ReviewWidget(ReviewSession(records, ["r1", "r2"], log, "dana"))
    widget.claims_box.children[0].children[1].value = "outdated"
    widget.fact.value = "12%"
    widget.save_fact.click()
    assert "saved to the review log" in widget.status.value
    widget.next_btn.click()
    assert widget.status.value == ""  # moving on clears the status
    assert widget.session.record_id == "r2"
    entries = read_review_log(log).entries
    assert [(e["action"], e.get("decision"), e.get("fact")) for e in entries] == [
        ("claim", "outdated", None),
        ("fact", None, "12%"),
    ]
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2
    # an error is shown (escaped) in the status, and nothing is written
    widget.reviewer.value = ""
    widget.fact.value = "<b>x</b>"
    widget.save_fact.click()
    assert "set a reviewer name" in widget.status.value
    assert len(read_review_log(log)) == 2


@pytest.mark.parametrize(
    ("fact", "words"),
    [(5, "got 5"), ({"a": "b"}, "got {'a': 'b'}"), ([None], "got [None]"), (["x", 3], "got")],
)
def test_fact_of_the_wrong_type_is_refused(fact, words) -> None:
    """A number or an object was a TypeError traceback, and a dict kept its keys as variants."""
    with pytest.raises(WorkbenchError, match="fact must be a string or a list of strings") as e:
        make_entry("fact", "r1", "rev", fact=fact)
    assert words in str(e.value)


def test_time_must_be_text() -> None:
    with pytest.raises(WorkbenchError, match="time must be an ISO 8601 string"):
        make_entry("exclude", "r1", "rev", time=5)


@pytest.mark.parametrize("seed", [-1, 1.5, True])
def test_sample_seed_must_be_a_natural_number(records, seed) -> None:
    """numpy refuses a negative seed with a ValueError traceback; now one line."""
    with pytest.raises(WorkbenchError, match="seed must be an integer >= 0"):
        sample_for_review(records, seed=seed)
