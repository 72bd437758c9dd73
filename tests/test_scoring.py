"""Scoring answers files: figures by hand, bad files, output formats, atomic and safe output.

A tiny fake grounding engine (``tests/fake_grounding.py``, same contract as
``workbench.grounding.engine.ground``) keeps the expected values obvious.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from fake_grounding import FakeGrounding, fake_ground

from workbench.cli import main
from workbench.errors import InputFileError, WorkbenchError
from workbench.scoring import answers as scoring
from workbench.scoring.answers import claim_coverage, score_file


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    return path


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


GOOD = [
    # r1's source holds "התקציב של 12% גידול": the answer restates the reference exactly.
    {"id": "r1", "model": "A", "answer": "התקציב גדל ב-12%."},
    {"id": "r1", "model": "B", "answer": "התקציב גדל ב-15%."},
    {"id": "r2", "model": "A", "answer": 'צה"ל הודיע על תרגיל.'},
    {"id": "r2", "model": "B", "answer": "משהו אחר לגמרי."},
]


@pytest.fixture
def quiet(monkeypatch):
    monkeypatch.setattr(scoring, "default_grounder", lambda: fake_ground)


def _score(tmp_path, records, rows, out_name="out.jsonl", **kw):
    answers = write_jsonl(tmp_path / "answers.jsonl", rows)
    lines: list[str] = []
    result = score_file(
        answers,
        records,
        tmp_path / out_name,
        report=lines.append,
        **{"progress": False, "grounder": fake_ground, **kw},
    )
    return result, lines


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_figures_by_hand(tmp_path, records):
    result, lines = _score(tmp_path, records, GOOD)
    assert lines == []
    rows = {(r["id"], r["model"]): r for r in _read_jsonl(tmp_path / "out.jsonl")}
    same = rows[("r1", "A")]
    # Identical to the reference: every QA score is 1 and the one gold claim is covered.
    assert same["exact_match_score"] == 1.0 and same["f1_score"] == 1.0
    assert same["reference_coverage"] == 1.0 and same["n_gold_claims"] == 1
    assert same["genre"] == "encyclopedic" and same["difficulty"] == 0
    wrong = rows[("r1", "B")]
    # words {תקציב, גדל, 15} vs {תקציב, גדל, 12}: 2 of 3 shared both ways.
    assert wrong["precision_over_words"] == pytest.approx(2 / 3)
    assert wrong["f1_score"] == pytest.approx(2 / 3)
    assert wrong["n_number_issues"] == 1 and wrong["supported_fraction"] == 0.0
    assert wrong["judge"] == "hallucinated"
    # gold claim "התקציב גדל ב-12%." vs answer claim: word F1 2/3 >= 0.5 -> covered.
    assert wrong["reference_coverage"] == 1.0
    other = rows[("r2", "B")]
    assert other["judge"] == "irrelevant" and other["f1_score"] == 0.0
    assert other["reference_coverage"] == 0.0
    # claims nested as the grounding engine gives them
    assert rows[("r2", "A")]["claims"][0]["text"] == 'צה"ל הודיע על תרגיל.'
    by_model = result.by_model.sort("model")
    assert by_model.get_column("n").to_list() == [2, 2]
    # r2's reference has a second sentence, so only r1/A matches exactly: A = (1 + 0) / 2.
    assert by_model.get_column("exact_match_score").to_list() == [0.5, 0.0]


def test_claim_coverage_threshold():
    gold = ["אחד שניים שלושה ארבעה", "חמש שש"]
    # 2 of 4 words: P=1, R=1/2, F1=2/3 -> covered; second gold claim untouched.
    assert claim_coverage(["אחד שניים"], gold) == (1, 2)
    # 1 of 4 words: F1 = 2/5 < 0.5 -> not covered.
    assert claim_coverage(["אחד"], gold) == (0, 2)
    assert claim_coverage([], gold) == (0, 2)


def test_skipped_rows_reported_one_line_each(tmp_path, records):
    rows = [
        *GOOD,
        {"id": "nope", "model": "A", "answer": "x"},
        {"id": "r3", "model": "A", "answer": "   "},
        {"id": "r1", "model": "A", "answer": "again"},
    ]
    result, lines = _score(tmp_path, records, rows)
    assert result.n_scored == 4
    assert lines[:3] == [
        f"{tmp_path / 'answers.jsonl'}: row 5: id 'nope' is not in the dataset; skipped",
        f"{tmp_path / 'answers.jsonl'}: row 6: id 'r3' model 'A': empty answer; skipped",
        f"{tmp_path / 'answers.jsonl'}: row 7: id 'r1' model 'A': duplicate of row 1; skipped",
    ]
    assert lines[3] == (
        "4 of 7 answers to score; skipped: 1 duplicate (id, model), 1 empty answer, 1 unknown id"
    )
    # the first of the duplicated rows is the one scored
    kept = [r for r in _read_jsonl(tmp_path / "out.jsonl") if (r["id"], r["model"]) == ("r1", "A")]
    assert len(kept) == 1 and kept[0]["exact_match_score"] == 1.0


@pytest.mark.parametrize(
    ("content", "expect"),
    [
        ('{"id": "r1", "text": "x"}\n', "lacks column(s) answer"),
        ('{"id": "r1", "answer": "x"\n', "cannot read answers file"),
        (b"\x00\xff\xfe garbage", "cannot read answers file"),
        ("", "answers file is empty"),
    ],
)
def test_bad_answers_files_one_line_exit_2(tmp_path, dataset_file, quiet, capsys, content, expect):
    answers = tmp_path / "answers.jsonl"
    if isinstance(content, bytes):
        answers.write_bytes(content)
    else:
        answers.write_text(content, encoding="utf-8")
    before = sha(answers)
    out = tmp_path / "out.parquet"
    code = main(
        ["score", "--data", str(dataset_file), "--answers", str(answers), "--out", str(out)]
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and expect in err[0] and str(answers) in err[0]
    assert not out.exists() and sha(answers) == before
    assert not list(tmp_path.glob(".out.parquet*"))  # no temporary left behind


def test_missing_and_wrong_extension(tmp_path, dataset_file, quiet, capsys):
    code = main(
        ["score", "--data", str(dataset_file), "--answers", str(tmp_path / "no.jsonl"),
         "--out", str(tmp_path / "o.csv")]
    )  # fmt: skip
    assert code == 2 and "not found" in capsys.readouterr().err
    txt = tmp_path / "answers.txt"
    txt.write_text("id,answer\n", encoding="utf-8")
    code = main(
        [
            "score",
            "--data",
            str(dataset_file),
            "--answers",
            str(txt),
            "--out",
            str(tmp_path / "o.csv"),
        ]
    )
    assert code == 2 and "cannot read a .txt answers file" in capsys.readouterr().err


def test_cli_partial_success_exit_1_and_output_written(tmp_path, dataset_file, quiet, capsys):
    answers = write_jsonl(tmp_path / "a.jsonl", [*GOOD, {"id": "nope", "answer": "x"}])
    before = sha(answers)
    out = tmp_path / "o.csv"
    code = main(
        ["score", "--data", str(dataset_file), "--answers", str(answers), "--out", str(out),
         "--no-progress"]
    )  # fmt: skip
    captured = capsys.readouterr()
    assert code == 1
    assert "row 5: id 'nope' is not in the dataset" in captured.err
    assert pl.read_csv(out).height == 4 and sha(answers) == before


def test_refuses_to_overwrite_inputs(tmp_path, records, dataset_file):
    answers = write_jsonl(tmp_path / "answers.jsonl", GOOD)
    before = sha(answers)
    with pytest.raises(WorkbenchError, match="refusing to overwrite an input file"):
        score_file(answers, records, answers, grounder=fake_ground, progress=False)
    with pytest.raises(WorkbenchError, match="refusing to overwrite"):
        score_file(answers, records, dataset_file, grounder=fake_ground, data_path=dataset_file)
    with pytest.raises(WorkbenchError, match="unknown output format .xlsx"):
        score_file(answers, records, tmp_path / "o.xlsx", grounder=fake_ground)
    assert sha(answers) == before


def test_output_formats_round_trip(tmp_path, records):
    for name in ("o.jsonl", "o.csv", "o.parquet"):
        _score(tmp_path, records, GOOD, out_name=name)
    from_jsonl = pl.DataFrame(
        [{k: v for k, v in r.items() if k != "claims"} for r in _read_jsonl(tmp_path / "o.jsonl")],
        schema=scoring.FLAT_SCHEMA,
    )
    from_parquet = pl.read_parquet(tmp_path / "o.parquet")
    from_csv = pl.read_csv(tmp_path / "o.csv", schema=scoring.FLAT_SCHEMA)
    assert from_parquet.columns == list(scoring.FLAT_SCHEMA)
    assert from_parquet.equals(from_jsonl)
    assert from_csv.equals(from_jsonl)


def test_batches_and_workers_do_not_change_results(tmp_path, records):
    rows = [{**x, "model": f"{x['model']}{i}"} for i in range(5) for x in GOOD]
    _score(tmp_path, records, rows, out_name="one.jsonl", batch_size=1000)
    _score(tmp_path, records, rows, out_name="tiny.jsonl", batch_size=3)
    _score(tmp_path, records, rows, out_name="two.jsonl", batch_size=4, workers=2)
    one = _read_jsonl(tmp_path / "one.jsonl")
    assert [(r["id"], r["model"]) for r in one] == [(r["id"], r["model"]) for r in rows]
    assert one == _read_jsonl(tmp_path / "tiny.jsonl") == _read_jsonl(tmp_path / "two.jsonl")


def test_csv_and_parquet_answers_and_default_model(tmp_path, records):
    df = pl.DataFrame({"id": ["r1", "r2"], "answer": ["התקציב גדל ב-12%.", "לא ידוע."]})
    df.write_csv(tmp_path / "run7.csv")
    df.write_parquet(tmp_path / "run8.parquet")
    res = score_file(tmp_path / "run7.csv", records, tmp_path / "a.jsonl", grounder=fake_ground,
                     progress=False)  # fmt: skip
    assert res.checked.models == ["run7"]
    res = score_file(tmp_path / "run8.parquet", records, tmp_path / "b.jsonl", model="gpt-x",
                     grounder=fake_ground, progress=False)  # fmt: skip
    assert {r["model"] for r in _read_jsonl(tmp_path / "b.jsonl")} == {"gpt-x"}


def test_facts_from_column_file_and_record(tmp_path, records):
    records[2]["fact"] = "משפט שלישי"  # as a reviewed copy carries it
    rows = [
        {"id": "r1", "model": "A", "answer": "התקציב גדל ב-12%.", "fact": "12%<OR>שנים עשר אחוז"},
        {"id": "r2", "model": "A", "answer": 'צה"ל הודיע על תרגיל.'},
        {"id": "r3", "model": "A", "answer": "יש משפט שלישי."},
    ]
    facts = write_jsonl(tmp_path / "facts.jsonl", [{"id": "r2", "fact": "תרגיל<AND>ירי"}])
    _score(tmp_path, records, rows, facts_path=facts)
    got = {r["id"]: r for r in _read_jsonl(tmp_path / "out.jsonl")}
    assert got["r1"]["factual_knowledge"] == 1.0  # "12%" is in the answer (<OR>: max)
    assert got["r2"]["factual_knowledge"] == 0.0  # "ירי" is missing (<AND>: min)
    assert got["r2"]["fact"] == "תרגיל<AND>ירי"
    assert got["r3"]["factual_knowledge"] == 1.0


def test_facts_file_problems(tmp_path, records):
    answers = write_jsonl(tmp_path / "answers.jsonl", GOOD)
    bad = write_jsonl(
        tmp_path / "facts.jsonl", [{"id": "r1", "fact": "a"}, {"id": "r1", "fact": "b"}]
    )
    with pytest.raises(InputFileError, match="has more than one fact"):
        score_file(answers, records, tmp_path / "o.csv", facts_path=bad, grounder=fake_ground)
    nocol = write_jsonl(tmp_path / "f2.jsonl", [{"id": "r1", "value": "a"}])
    with pytest.raises(InputFileError, match="lacks column"):
        score_file(answers, records, tmp_path / "o.csv", facts_path=nocol, grounder=fake_ground)


def test_html_report_escaped_rtl_and_self_contained(tmp_path, records):
    rows = [*GOOD, {"id": "r3", "model": "B", "answer": "<script>alert('x')</script> 99."}]
    _score(tmp_path, records, rows, out_name="report.html")
    text = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<script" not in text and "&lt;script&gt;" in text
    assert 'dir="rtl"' in text and "<th>A</th>" in text and "<th>B</th>" in text
    assert "http://" not in text.replace("http://www.w3.org", "")  # no external resources
    assert '<mark class="wb-hl wb-unsupported wb-m-unsupported"' in text  # drawn red
    assert text.count('src="data:image/svg+xml;base64,') >= 4


def test_no_answer_left_is_an_error(tmp_path, records):
    answers = write_jsonl(tmp_path / "a.jsonl", [{"id": "zz", "answer": "x"}])
    with pytest.raises(WorkbenchError, match="no answer left to score"):
        score_file(
            answers, records, tmp_path / "o.csv", grounder=fake_ground, report=lambda _: None
        )
    assert not (tmp_path / "o.csv").exists()


def test_output_written_atomically_on_failure(tmp_path, records):
    out = tmp_path / "o.jsonl"
    out.write_text("previous\n", encoding="utf-8")

    def broken(answer: str, source: str) -> FakeGrounding:
        raise RuntimeError("engine crashed")

    answers = write_jsonl(tmp_path / "a.jsonl", GOOD)
    with pytest.raises(RuntimeError):
        score_file(answers, records, out, grounder=broken, progress=False)
    assert out.read_text(encoding="utf-8") == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.jsonl", "o.jsonl"]


def test_progress_bar_on_stderr_only_when_asked(tmp_path, records, capsys):
    import time

    def slow(answer: str, source: str) -> FakeGrounding:
        time.sleep(0.25)  # the bar shows once a run has lasted 0.5 s
        return fake_ground(answer, source)

    _score(tmp_path, records, GOOD, progress=True, grounder=slow, batch_size=1)
    err = capsys.readouterr().err
    assert f"scoring: {len(GOOD)} answers" in err  # one pass: a count, no total
    _score(tmp_path, records, GOOD, out_name="quiet.jsonl", progress=False)
    assert "scoring" not in capsys.readouterr().err


def test_table_reader_rows_lines_and_errors(tmp_path):
    from workbench.scoring.answers_file import TableReader

    jl = tmp_path / "a.jsonl"
    jl.write_text(
        '{"id": "r1", "answer": "x"}\n\n{"id": 7, "answer": "y", "extra": [1]}\n', "utf-8"
    )
    (batch,) = list(TableReader(jl).batches(("id", "answer", "model")))
    assert batch.rows() == [(1, "r1", "x", None), (3, "7", "y", None)]  # row = line number
    jl.write_text('{"id": "r1", "answer": "x"}\n{"id": "r2", "answer": \n', "utf-8")
    with pytest.raises(
        InputFileError, match=r"a.jsonl: line 2: cannot read input file: not valid JSON"
    ):
        list(TableReader(jl).batches(("id", "answer"), batch_size=10))

    cs = tmp_path / "a.csv"
    cs.write_text('id,answer\nr1,"two\nlines, with comma"\nr2,ok\n', "utf-8")
    (batch,) = list(TableReader(cs).batches(("id", "answer", "model")))
    assert batch.rows() == [(1, "r1", "two\nlines, with comma", None), (2, "r2", "ok", None)]
    cs.write_bytes(b"id,answer\nr1,ok\nr2,\xff\xfe\n")
    with pytest.raises(InputFileError, match="a.csv.*cannot read input file"):
        list(TableReader(cs).batches(("id", "answer")))


def test_parquet_batches_keep_row_numbers(tmp_path):
    from workbench.scoring.answers_file import TableReader

    pq = tmp_path / "a.parquet"
    pl.DataFrame({"id": [f"r{i}" for i in range(7)], "answer": ["x"] * 7}).write_parquet(pq)
    rows = [r for b in TableReader(pq).batches(("id", "answer", "fact"), 3) for r in b.rows()]
    assert [r[0] for r in rows] == list(range(1, 8)) and rows[6] == (7, "r6", "x", None)


def test_verdict_counts_partition_the_claims(tmp_path, records):
    """supported + partial + unsupported = claims, on the real engine."""
    answers = write_jsonl(
        tmp_path / "answers.jsonl",
        [{"id": "r1", "model": "A", "answer": "התקציב גדל ב-15%. הכנסת נסגרה לתמיד."}],
    )
    score_file(answers, records, tmp_path / "out.jsonl", progress=False, report=lambda _: None)
    (row,) = _read_jsonl(tmp_path / "out.jsonl")
    verdicts = [c["verdict"] for c in row["claims"]]
    assert row["n_claims"] == len(verdicts) == 2
    assert row["n_supported"] == verdicts.count("supported")
    assert row["n_partial"] == verdicts.count("partial")
    assert row["n_unsupported"] == verdicts.count("unsupported")
    assert row["n_supported"] + row["n_partial"] + row["n_unsupported"] == row["n_claims"]
    assert row["judge"] == "hallucinated"  # the 15% is not in the source


def test_html_report_banner_only_for_demo_data(tmp_path, records):
    answers = write_jsonl(tmp_path / "answers.jsonl", GOOD)
    # the same description both times: only ``demo`` decides, the wording is not parsed
    for banner in (True, False):
        out = tmp_path / f"{banner}.html"
        score_file(
            answers,
            records,
            out,
            grounder=fake_ground,
            progress=False,
            report=lambda _: None,
            data_description="demo data from x.json (sha256 0…)",
            demo=banner,
        )
        assert ("NOT the card" in out.read_text(encoding="utf-8")) is banner


def test_two_models_are_compared_paired_by_record(tmp_path, records):
    result, _ = _score(tmp_path, records, GOOD, out_name="report.html", resamples=100)
    assert result.comparison is not None
    row = result.comparison.filter(
        pl.col("group") == "all", pl.col("metric") == "exact_match_score"
    ).row(0, named=True)
    # r1: A restates the reference exactly (1), B does not (0); r2: neither is exact (0, 0).
    # mean A = 1/2, mean B = 0, difference 1/2.
    assert (row["model_a"], row["model_b"], row["n"]) == ("A", "B", 2)
    assert (row["mean_a"], row["mean_b"], row["diff"]) == (0.5, 0.0, 0.5)
    text = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Models compared, paired by record" in text


def test_worst_answers_lead_with_the_lowest_probability_then_the_share() -> None:
    from workbench.scoring.results import WorstAnswers

    rows = [
        {"id": "a", "probability": 0.9, "supported_fraction": 0.0, "f1_score": 0.0},
        {"id": "b", "probability": 0.1, "supported_fraction": 1.0, "f1_score": 1.0},
        {"id": "c", "probability": 0.5, "supported_fraction": 0.5, "f1_score": 0.2},
        {"id": "d", "probability": 0.5, "supported_fraction": 0.5, "f1_score": 0.1},
    ]
    worst = WorstAnswers(keep=3)
    worst.add(rows, [[] for _ in rows], ["" for _ in rows])
    # b's claims all came out supported, but its weakest claim is the least likely true
    assert [w["id"] for w in worst.worst_first()] == ["b", "d", "c"]
    # a custom grounder gives no probability: the supported share leads, as before
    plain = [{k: v for k, v in r.items() if k != "probability"} for r in rows]
    worst = WorstAnswers(keep=2)
    worst.add(plain, [[] for _ in plain], ["" for _ in plain])
    assert [w["id"] for w in worst.worst_first()] == ["a", "d"]
