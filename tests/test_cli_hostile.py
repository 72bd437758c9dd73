"""Hostile input across commands: one-line error, non-zero exit, no traceback, inputs untouched.

Each case builds its files in ``tmp_path`` (``{d}`` is the dataset, ``{t}`` the folder),
runs the CLI in process and checks the promise of the developers' guide: a one-line
``workbench...: error:`` on stderr naming what is wrong, the expected exit code, and every
file in the folder byte-identical afterwards (outputs may only be added).
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from workbench.cli import main


def _files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _run(argv: list[str], tmp_path: Path, capsys) -> tuple[int, str]:
    before = _files(tmp_path)
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    out, err = capsys.readouterr()
    after = _files(tmp_path)
    assert {p: after.get(p) for p in before} == before, "an input file changed"
    assert "Traceback" not in out + err
    return code, err


@pytest.fixture
def folder(tmp_path: Path, dataset_file: Path) -> Path:
    """The dataset (r1, r2, r3) plus the hostile files the cases use."""
    d = tmp_path / "ds.json"
    d.write_bytes(dataset_file.read_bytes())
    (tmp_path / "afile").write_text("a file, not a folder")
    (tmp_path / "adir.jsonl").mkdir()
    (tmp_path / "adir.json").mkdir()
    (tmp_path / "ok.jsonl").write_text('{"id": "r1", "answer": "משפט ראשון על הכנסת."}\n')
    (tmp_path / "unclosed.csv").write_text('id,answer\nr1,"an answer whose quote never ends\n')
    (tmp_path / "nested.jsonl").write_text(
        '{"id": "r1", "answer": "ok"}\n{"id": "r2", "answer": {"text": "x"}}\n'
    )
    pl.DataFrame({"id": ["r1"], "answer": [{"text": "x"}]}).write_parquet(tmp_path / "s.parquet")
    pl.DataFrame({"id": ["r1"], "answer": [["x"]]}).write_parquet(tmp_path / "l.parquet")
    (tmp_path / "unknown.jsonl").write_text('{"id": "nope", "answer": "x"}\n')
    for name, entry in {
        "fact_num.jsonl": {"fact": 5},
        "fact_dict.jsonl": {"fact": {"a": "b"}},
        "fact_nulls.jsonl": {"fact": [None]},
        "time_num.jsonl": {"fact": "x", "time": 5},
        "good.jsonl": {"fact": "x"},
    }.items():
        e = {"reviewer": "r", "record_id": "r1", "action": "fact", **entry}
        (tmp_path / name).write_text(json.dumps(e) + "\n")
    recs = json.loads(d.read_text(encoding="utf-8"))
    recs[0]["fact"] = 5
    (tmp_path / "fact_num_ds.json").write_text(json.dumps(recs))
    return tmp_path


SCORE = ["score", "--data", "{d}", "--no-progress", "--answers", "{t}/ok.jsonl"]
SAMPLE = ["review-sample", "--data", "{d}", "--risk", "low", "--seed", "1", "--no-judge"]
APPLY = ["review-apply", "--data", "{d}"]

CASES = {
    # (argv, exit code, fragment of the one-line error). A corrupt review-log line is skipped
    # (one line naming file and line, exit 1); the log's other decisions still apply.
    "score: out under a file": ([*SCORE, "--out", "{t}/afile/o.jsonl"], 2, "is a file"),
    "score: out is a folder": ([*SCORE, "--out", "{t}/adir.jsonl"], 2, "is a folder"),
    "score: workers 0": ([*SCORE, "--out", "{t}/o.jsonl", "--workers", "0"], 2, "--workers"),
    "score: workers -3": ([*SCORE, "--out", "{t}/o.jsonl", "--workers", "-3"], 2, "--workers"),
    "score: workers absurd": (
        [*SCORE, "--out", "{t}/o.jsonl", "--workers", "100000"],
        2,
        "--workers must be from 1 to",
    ),
    "score: workers not a number": (
        [*SCORE, "--out", "{t}/o.jsonl", "--workers", "abc"],
        2,
        "invalid int value: 'abc'",
    ),
    "score: csv with an unclosed quote": (
        ["score", "--data", "{d}", "--answers", "{t}/unclosed.csv", "--out", "{t}/o.jsonl"],
        2,
        "unclosed.csv: line 2: cannot read answers file: unexpected end of data",
    ),
    "score: jsonl answer is an object": (
        ["score", "--data", "{d}", "--answers", "{t}/nested.jsonl", "--out", "{t}/o.jsonl"],
        2,
        "nested.jsonl: line 2: cannot read answers file: field 'answer' is an object",
    ),
    "score: parquet answer is a struct": (
        ["score", "--data", "{d}", "--answers", "{t}/s.parquet", "--out", "{t}/o.jsonl"],
        2,
        "s.parquet: cannot read answers file: column 'answer' holds Struct",
    ),
    "score: parquet answer is a list": (
        ["score", "--data", "{d}", "--answers", "{t}/l.parquet", "--out", "{t}/o.jsonl"],
        2,
        "column 'answer' holds List",
    ),
    "score: dataset fact is a number": (
        ["score", "--data", "{t}/fact_num_ds.json", "--answers", "{t}/ok.jsonl", "--out", "o.csv"],
        1,
        "records[0].fact: expected string, got integer",
    ),
    "synth: out is a folder": (["synth", "--records", "1", "--out", "{t}/adir.json"], 2, "folder"),
    "synth: out under a file": (
        ["synth", "--records", "1", "--out", "{t}/afile/s.json"],
        2,
        "is a file",
    ),
    "synth: absurd --records": (
        ["synth", "--records", "1000000000000", "--out", "{t}/s.json"],
        2,
        "--records must be from 1 to",
    ),
    "synth: out is $WORKBENCH_DATA": (
        ["synth", "--records", "1", "--out", "{d}"],
        2,
        "refusing to overwrite a dataset file",
    ),
    "review-sample: negative seed": (
        ["review-sample", "--data", "{d}", "--risk", "low", "--seed", "-1", "--out", "{t}/q.jsonl"],
        2,
        "seed must be an integer >= 0",
    ),
    "review-sample: out is a folder": ([*SAMPLE, "--out", "{t}/adir.jsonl"], 2, "is a folder"),
    "review-sample: csv out under a file": (
        [*SAMPLE, "--out", "{t}/afile/q.csv"],
        2,
        "is a file",
    ),
    "review-sample: bad risk is one line": (
        ["review-sample", "--risk", "bogus", "--seed", "1", "--out", "q.jsonl"],
        2,
        "invalid choice: 'bogus'",
    ),
    "review-apply: log missing": (
        [*APPLY, "--log", "{t}/missing.jsonl", "--out", "{t}/r.json"],
        2,
        "missing.jsonl: review log not found",
    ),
    "review-apply: out is not .json": (
        [*APPLY, "--log", "{t}/fact_num.jsonl", "--out", "{t}/r.csv"],
        2,
        "use a .json file name",
    ),
    "review-apply: out is a folder": (
        [*APPLY, "--log", "{t}/good.jsonl", "--out", "{t}/adir.json"],
        2,
        "adir.json: is a folder",
    ),
    "review-apply: fact is a number": (
        [*APPLY, "--log", "{t}/fact_num.jsonl", "--out", "{t}/r.json"],
        1,
        "fact_num.jsonl: line 1: fact must be a string or a list of strings",
    ),
    "review-apply: fact is an object": (
        [*APPLY, "--log", "{t}/fact_dict.jsonl", "--out", "{t}/r.json"],
        1,
        "fact_dict.jsonl: line 1: fact must be",
    ),
    "review-apply: fact variants are null": (
        [*APPLY, "--log", "{t}/fact_nulls.jsonl", "--out", "{t}/r.json"],
        1,
        "fact_nulls.jsonl: line 1: fact must be",
    ),
    "review-apply: time is a number": (
        [*APPLY, "--log", "{t}/time_num.jsonl", "--out", "{t}/r.json"],
        1,
        "time_num.jsonl: line 1: record r1: time must be an ISO 8601 string",
    ),
    "export-fmeval: out is a folder": (
        ["export-fmeval", "--data", "{d}", "--out", "{t}/adir.jsonl"],
        2,
        "is a folder",
    ),
    "export-fmeval: out under a file": (
        ["export-fmeval", "--data", "{d}", "--out", "{t}/afile/e.jsonl"],
        2,
        "is a file",
    ),
    "fetch: out is a folder": (["fetch", "--out", "{t}/adir.json", "--force"], 2, "is a folder"),
    "fetch: out under a file": (["fetch", "--out", "{t}/afile/x.json"], 2, "is a file"),
    "unknown command is one line": (["bogus"], 2, "invalid choice: 'bogus'"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input_is_one_line_error(name, folder, capsys, monkeypatch) -> None:
    argv, code, fragment = CASES[name]
    d = folder / "ds.json"
    monkeypatch.setenv("WORKBENCH_DATA", str(d))
    monkeypatch.chdir(folder)
    argv = [a.format(d=d, t=folder) for a in argv]
    got, err = _run(argv, folder, capsys)
    assert got == code, err
    assert len(err.strip().splitlines()) == 1, err
    assert "error:" in err and fragment in err
    if argv[0] in ("score", "synth", "export-fmeval"):
        assert not list(folder.glob(".*.tmp")) and not list(folder.glob("o.*"))


def test_no_answer_left_names_the_answers_file_not_validate(folder, capsys) -> None:
    """Every row skipped: exit 1, and the last line names the answers file (the old message
    told the user to run `workbench validate` on the answers file, which cannot help)."""
    argv = ["score", "--data", str(folder / "ds.json"), "--no-progress"]
    argv += ["--answers", str(folder / "unknown.jsonl"), "--out", str(folder / "o.jsonl")]
    code, err = _run(argv, folder, capsys)
    last = err.strip().splitlines()[-1]
    assert code == 1
    assert "unknown.jsonl: no answer left to score" in last and "validate" not in last
    assert not (folder / "o.jsonl").exists()


def test_os_error_nobody_anticipated_is_one_line(tmp_path, monkeypatch, capsys) -> None:
    """The CLI's last net: an OSError from inside any command prints one line and exits 2."""
    from workbench.data import synth

    def denied(*_a: object, **_k: object) -> None:
        raise PermissionError(13, "Permission denied", "/some/file")

    monkeypatch.setattr(synth, "synth_records", denied)
    assert main(["synth", "--records", "1", "--out", str(tmp_path / "s.json")]) == 2
    assert capsys.readouterr().err == "workbench: error: /some/file: Permission denied\n"


def test_jsonl_text_that_starts_with_a_bracket_is_still_text(folder, capsys) -> None:
    """The object/array check re-parses only suspicious rows and keeps real text."""
    (folder / "b.jsonl").write_text(
        json.dumps({"id": "r1", "answer": "[1] משפט ראשון על הכנסת."}, ensure_ascii=False) + "\n"
    )
    argv = ["score", "--data", str(folder / "ds.json"), "--no-progress"]
    argv += ["--answers", str(folder / "b.jsonl"), "--out", str(folder / "o.jsonl")]
    code, _err = _run(argv, folder, capsys)
    assert code == 0
    row = json.loads((folder / "o.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert row["answer_chars"] == len("[1] משפט ראשון על הכנסת.")
