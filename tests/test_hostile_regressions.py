"""One regression test per instance of issue 13 in the robustness lane.

Review log (line separators in the text, a torn last line, a short write, a FIFO), lone
surrogates and out-of-range integers through the validator and the commands that load
data, text the terminal cannot encode, path problems Python does not report as
``OSError``, the cost of a file of 300,000 empty records, control characters in user
text printed to a terminal, and the permissions of every written output.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from workbench.cli import main
from workbench.data.validate import MAX_PROBLEMS, validate_records
from workbench.errors import InputFileError, ValidationError, WorkbenchError
from workbench.review import log as review_log
from workbench.review.log import append_review, make_entry, read_review_log
from workbench.ui.review_widget import ReviewSession

ROOT = Path(__file__).resolve().parents[1]
#: every character str.splitlines() breaks on, besides "\n"
SEPARATORS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def run_subprocess(
    argv: list[str], *, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[bytes]:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "workbench", *argv],
        capture_output=True,
        env=full_env,
        timeout=timeout,
        cwd=ROOT,
    )


# --- the review log -----------------------------------------------------------------------


@pytest.mark.parametrize("sep", list(SEPARATORS), ids=[f"U+{ord(c):04X}" for c in SEPARATORS])
def test_line_separators_in_a_note_or_answer_keep_one_entry_per_line(tmp_path, sep) -> None:
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("answer", "r1", "dana", answer=f"before{sep}after"))
    append_review(log, make_entry("exclude", "r2", "dana", note=f"a{sep}b"))
    raw = log.read_bytes()
    assert raw.count(b"\n") == 2
    assert len(raw.decode("utf-8").splitlines()) == 2  # even a splitlines() reader sees 2
    got = read_review_log(log)
    assert got.problems == []
    assert got.entries[0]["answer"] == f"before{sep}after"
    assert got.entries[1]["note"] == f"a{sep}b"


def test_review_apply_reads_a_log_with_separators(tmp_path, dataset_file, capsys) -> None:
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("answer", "r1", "dana", answer="חדש\u2028שורה\u0085ועוד"))
    out = tmp_path / "reviewed.json"
    code, _, err = run_cli(
        ["review-apply", "--data", str(dataset_file), "--log", str(log), "--out", str(out)], capsys
    )
    assert code == 0, err
    copy = {r["id"]: r for r in json.loads(out.read_text(encoding="utf-8"))}
    assert copy["r1"]["reference_answer"] == "חדש\u2028שורה\u0085ועוד"


def test_torn_last_line_does_not_swallow_the_next_decision(tmp_path) -> None:
    log = tmp_path / "log.jsonl"
    first = append_review(log, make_entry("fact", "r1", "dana", fact="12%"))
    with log.open("ab") as fh:
        fh.write(b'{"time": "2024-01-01T00:00:00Z", "reviewer": "da')  # a crash mid-line
    second = append_review(log, make_entry("claim", "r2", "avi", claim_id=0, decision="correct"))
    got = read_review_log(log)
    assert got.entries == [first, second]
    assert [p.line for p in got.problems] == [2]
    assert log.read_bytes().endswith(b"\n")


def test_torn_tail_through_review_apply_exits_1_and_names_the_line(
    tmp_path, dataset_file, capsys
) -> None:
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("fact", "r1", "dana", fact="12%"))
    with log.open("ab") as fh:
        fh.write(b'{"torn')
    append_review(log, make_entry("fact", "r2", "dana", fact="תרגיל"))
    before = log.read_bytes()
    out = tmp_path / "reviewed.json"
    code, stdout, err = run_cli(
        ["review-apply", "--data", str(dataset_file), "--log", str(log), "--out", str(out)], capsys
    )
    assert code == 1
    assert err.count("\n") == 1 and f"{log}: line 2: not valid JSON" in err
    assert "1 corrupt line(s) of the log skipped (line 2)" in stdout
    facts = {r["id"]: r.get("fact") for r in json.loads(out.read_text(encoding="utf-8"))}
    assert facts["r1"] == "12%" and facts["r2"] == "תרגיל"
    assert log.read_bytes() == before


def test_short_write_is_rolled_back(tmp_path, monkeypatch) -> None:
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("fact", "r1", "dana", fact="12%"))
    before = log.read_bytes()
    real_write = os.write
    calls = {"n": 0}

    def disk_full(fd: int, data: Any) -> int:
        calls["n"] += 1
        if calls["n"] == 1:
            return real_write(fd, bytes(data)[:7])  # part of the line fits
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(review_log.os, "write", disk_full)
    with pytest.raises(InputFileError, match="No space left on device"):
        append_review(log, make_entry("fact", "r2", "dana", fact="x"))
    monkeypatch.undo()
    assert log.read_bytes() == before
    append_review(log, make_entry("fact", "r3", "dana", fact="y"))
    assert [e["record_id"] for e in read_review_log(log).entries] == ["r1", "r3"]


def test_a_write_of_zero_bytes_is_not_success(tmp_path, monkeypatch) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(b"")
    monkeypatch.setattr(review_log.os, "write", lambda fd, data: 0)
    with pytest.raises(InputFileError, match="short write"):
        append_review(log, make_entry("fact", "r2", "dana", fact="x"))
    assert log.read_bytes() == b""


def test_corrupt_line_in_the_middle_keeps_the_others(tmp_path) -> None:
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("fact", "r1", "dana", fact="a"))
    with log.open("ab") as fh:
        fh.write(b"\xff\xfe not utf-8\n[1, 2]\n{\"action\": \"claim\"}\n")
    append_review(log, make_entry("fact", "r2", "dana", fact="b"))
    got = read_review_log(log)
    assert [e["fact"] for e in got.entries] == ["a", "b"]
    assert [(p.line, p.message.split(" (")[0]) for p in got.problems] == [
        (2, "not UTF-8"),
        (3, "not a JSON object"),
        (4, "a review entry needs a record_id"),
    ]


def test_session_says_how_many_lines_were_skipped(tmp_path, records) -> None:
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("fact", "r1", "dana", fact="12%"))
    with log.open("ab") as fh:
        fh.write(b"garbage\n")
    s = ReviewSession(records, ["r1"], log, "avi")
    assert [p.line for p in s.log_problems] == [2]
    assert s.state()["fact"] == "12%"
    assert "1 corrupt line(s) of the review log skipped (line 2: not valid JSON" in s.render_html()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_log_is_refused_not_waited_on(tmp_path, dataset_file, records) -> None:
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    # In a subprocess with a timeout: a regression would block forever on open().
    res = run_subprocess(
        ["review-apply", "--data", str(dataset_file), "--log", str(fifo), "--out",
         str(tmp_path / "r.json")],
        timeout=60,
    )
    assert res.returncode == 2
    assert res.stderr.decode() == f"workbench: error: {fifo}: the review log is not a regular file\n"
    with pytest.raises(InputFileError, match="not a regular file"):
        ReviewSession(records, ["r1"], fifo, "dana")
    with pytest.raises(InputFileError, match="not a regular file"):
        append_review(fifo, make_entry("fact", "r1", "dana", fact="x"))
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_log_that_is_a_folder_is_one_line(tmp_path, dataset_file, capsys) -> None:
    log = tmp_path / "log.jsonl"
    log.mkdir()
    code, _, err = run_cli(
        ["review-apply", "--data", str(dataset_file), "--log", str(log), "--out",
         str(tmp_path / "r.json")],
        capsys,
    )
    assert code == 2 and err.count("\n") == 1 and str(log) in err
    with pytest.raises(InputFileError):
        append_review(log, make_entry("fact", "r1", "dana", fact="x"))


def test_lone_surrogate_is_refused_before_it_reaches_the_log(tmp_path) -> None:
    log = tmp_path / "log.jsonl"
    for fields in ({"answer": "a\ud800b"}, {"note": "\udfff"}, {"reviewer": "d\ud83d"}):
        entry = {"action": "answer", "record_id": "r1", "reviewer": "dana", "answer": "x"}
        with pytest.raises(WorkbenchError, match="lone surrogate"):
            append_review(log, {**entry, **fields})
    assert not log.exists()
    log.write_text('{"action": "fact", "record_id": "r1", "reviewer": "d", "fact": "\\ud800"}\n')
    got = read_review_log(log)
    assert got.entries == [] and "lone surrogate" in got.problems[0].message


def test_make_entry_stays_under_the_complexity_cap() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "C901", str(Path(review_log.__file__))],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if "No module named ruff" in res.stderr:
        pytest.skip("ruff not installed")
    assert res.returncode == 0, res.stdout


# --- the validator --------------------------------------------------------------------------


def test_lone_surrogate_anywhere_is_a_problem_with_its_path(records) -> None:
    records[0]["question"] = "מה\ud800?"
    records[1]["extra"] = {"nested": ["ok", "\udc80"]}
    records[2]["claims"][0]["attribution"][0]["note\ud83d"] = 1
    checked = validate_records(records, file="f.json")
    paths = [(p.path, p.message.split(" (")[0]) for p in checked.problems]
    assert paths == [
        ("records[0].question", "holds a lone surrogate \\ud800 at character 2"),
        ("records[1].extra.nested[1]", "holds a lone surrogate \\udc80 at character 0"),
        (
            "records[2].claims[0].attribution[0]['note\\ud83d']",
            "field name holds a lone surrogate",
        ),
    ]
    assert checked.valid == []


@pytest.mark.parametrize("command", ["validate", "report", "records"])
def test_lone_surrogates_through_commands(write_json, records, capsys, command) -> None:
    records[0]["question"] = "\ud800"
    path = write_json(b"")
    path.write_text(json.dumps(records), encoding="ascii")  # \ud800 as a JSON escape
    before = path.read_bytes()
    code, out, err = run_cli([command, "--data", str(path)], capsys)
    assert code == 1
    assert "records[0].question: holds a lone surrogate \\ud800" in out + err
    if command != "validate":
        assert err.count("\n") == 1
    assert path.read_bytes() == before


def test_lone_surrogate_through_check(write_json, records, capsys) -> None:
    records[0]["source_text"] += "\ud800"
    path = write_json(b"")
    path.write_text(json.dumps(records), encoding="ascii")
    code, _, err = run_cli(
        ["check", "--data", str(path), "--record", "r2", "--answer", "x", "--format", "json"],
        capsys,
    )
    assert code == 1 and err.count("\n") == 1 and "records[0].source_text" in err


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (10**30, "100000… (31 digits) is outside the 64-bit integer range"),
        (2**63, "9223372036854775808 is outside the 64-bit integer range"),
        (-(2**63) - 1, "is outside the 64-bit integer range"),
        (10**200, "100000… (201 digits) is outside the 64-bit integer range"),
    ],
)
def test_integers_outside_int64_are_problems(records, value, message) -> None:
    records[0]["claims"][0]["attribution"][0]["sentence_id"] = value
    checked = validate_records(records, file="f.json")
    lines = [p.message_line() for p in checked.problems]
    assert len(lines) == 1 and message in lines[0], lines
    assert "records[0].claims[0].attribution[0].sentence_id: " in lines[0]


def test_sentence_id_is_an_index_into_the_source(records) -> None:
    span = records[0]["claims"][0]["attribution"][0]
    span["sentence_id"] = len(records[0]["source_text"]) + 1
    lines = [p.message_line() for p in validate_records(records, file="f.json").problems]
    n = len(records[0]["source_text"])
    assert lines == [
        f"f.json: record 'r1' at records[0].claims[0].attribution[0].sentence_id: "
        f"{n + 1} is not a sentence index (0 to {n})"
    ]


def test_sentence_id_1e30_never_reaches_the_frames(write_json, records, capsys) -> None:
    text = json.dumps(records).replace('"sentence_id": 1', '"sentence_id": 1' + "0" * 30, 1)
    path = write_json(text)
    code, _, err = run_cli(["report", "--data", str(path)], capsys)
    assert code == 1 and "sentence_id" in err


def test_nan_and_infinity_are_problems(write_json, records) -> None:
    records[0]["extra"] = [float("nan"), float("inf")]
    checked = validate_records(records, file="f.json")
    assert [p.path for p in checked.problems] == ["records[0].extra[1]", "records[0].extra[0]"]


def test_integer_too_long_to_parse_is_one_line(write_json, capsys) -> None:
    path = write_json("[" + "9" * 5000 + "]")
    code, _, err = run_cli(["validate", "--data", str(path)], capsys)
    assert code == 2 and err.count("\n") == 1 and "not valid JSON" in err


def test_300k_empty_records_keep_1000_problems_and_count_the_rest(tmp_path, capsys) -> None:
    data = [{}] * 300_000
    checked = validate_records(data, file="big.json")
    assert len(checked.problems) == MAX_PROBLEMS == 1000
    assert checked.total == 3_000_000 and checked.bad_records == 300_000
    assert checked.not_shown == 2_999_000
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    code, out, err = run_cli(["validate", "--data", str(path)], capsys)
    lines = out.splitlines()
    assert code == 1 and len(lines) == 1001
    assert lines[-1] == "... and 2,999,000 more problem(s) not listed"
    assert err.endswith("300000 records, 300000 with problems, 3000000 problem(s)\n")
    path.write_text(json.dumps(data[:2000]))
    code, _, err = run_cli(["report", "--data", str(path)], capsys)
    assert code == 1 and err.count("\n") == 1
    assert "20,000 problem(s): " in err and "(and 19,999 more)" in err


def test_validation_error_names_no_cli_flag_but_the_cli_adds_the_hint(
    write_json, records, capsys
) -> None:
    records[0]["difficulty"] = 7
    path = write_json(records)
    from workbench.data.dataset import load_dataset

    with pytest.raises(ValidationError) as info:
        load_dataset(path)
    assert "--" not in str(info.value) and "workbench" not in str(info.value)
    code, _, err = run_cli(["report", "--data", str(path)], capsys)
    assert code == 1
    assert err.endswith(
        f"`workbench validate --data {path}` lists them, --lenient skips bad records\n"
    )


# --- output encoding ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["report"],
        ["records"],
        ["records", "--format", "json"],
        ["check", "--record", "r1", "--answer", "התקציב גדל ב-12%."],
        ["validate"],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_ascii_output_escapes_instead_of_crashing(dataset_file, argv) -> None:
    res = run_subprocess([*argv, "--data", str(dataset_file)], env={"PYTHONIOENCODING": "ascii"})
    out, err = res.stdout.decode("ascii"), res.stderr.decode("ascii")  # pure ASCII came out
    assert res.returncode == 0, err
    assert "Traceback" not in err
    if argv[0] != "validate":
        assert "\\u" in out  # Hebrew (and the … of a digest) as escapes, not lost
    if "json" in argv:
        assert json.loads(out)[0]["question"] == "מה גדל?"  # the escapes are valid JSON


def test_ascii_locale_on_a_pipe_for_score(tmp_path, dataset_file) -> None:
    answers = tmp_path / "a.jsonl"
    answers.write_text(
        json.dumps({"id": "r1", "answer": "התקציב גדל.", "model": "מודל"}) + "\n", encoding="utf-8"
    )
    out = tmp_path / "s.jsonl"
    res = run_subprocess(
        ["score", "--data", str(dataset_file), "--answers", str(answers), "--out", str(out),
         "--no-progress"],
        env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C"},
        timeout=300,
    )
    assert res.returncode == 0, res.stderr.decode("ascii", "replace")
    assert "\\u05de\\u05d5\\u05d3\\u05dc" in res.stdout.decode("ascii")  # the model name
    assert out.exists()


def test_broken_pipe_is_quiet(dataset_file) -> None:
    cmd = (
        f"{sys.executable} -m workbench records --data {dataset_file} | head -c 1 >/dev/null"
    )
    res = subprocess.run(
        ["bash", "-o", "pipefail", "-c", cmd],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert b"Traceback" not in res.stderr and b"Exception" not in res.stderr


# --- path problems that are not OSError -----------------------------------------------------


@pytest.fixture
def bad_paths(tmp_path: Path) -> dict[str, str]:
    return {
        "nul": str(tmp_path / "a\0b.json"),
        "surrogate": str(tmp_path / "a\ud800b.json"),
        "too long": str(tmp_path / ("x" * 300) / "a.json"),
        "folder": str(tmp_path),
    }


COMMANDS_WITH_PATHS = {
    "--data": ["validate", "--data", "{p}"],
    "report --data": ["report", "--data", "{p}"],
    "--out synth": ["synth", "--records", "1", "--out", "{p}"],
    "--out export": ["export-fmeval", "--data", "{d}", "--out", "{p}l"],
    "--answers": ["score", "--data", "{d}", "--answers", "{p}", "--out", "{t}/o.jsonl"],
    "--facts": ["export-fmeval", "--data", "{d}", "--facts", "{p}", "--out", "{t}/o.jsonl"],
    "--log": ["review-apply", "--data", "{d}", "--log", "{p}", "--out", "{t}/r.json"],
    "--answer-file": ["check", "--data", "{d}", "--record", "r1", "--answer-file", "{p}"],
    "--pairs": ["eval-grounding", "--pairs", "{p}"],
    "--out review": ["review-apply", "--data", "{d}", "--log", "{t}/log.jsonl", "--out", "{p}"],
    "--out sample": ["review-sample", "--data", "{d}", "--risk", "low", "--seed", "1", "--out",
                     "{p}l"],
}


@pytest.mark.parametrize("kind", ["nul", "surrogate", "too long", "folder"])
@pytest.mark.parametrize("where", sorted(COMMANDS_WITH_PATHS))
def test_path_problems_are_one_line(
    where, kind, bad_paths, tmp_path, dataset_file, capsys, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    append_review(tmp_path / "log.jsonl", make_entry("fact", "r1", "dana", fact="x"))
    p = bad_paths[kind]
    if kind == "folder" and where.startswith("--out") and not where.endswith("review"):
        p = str(tmp_path / "dir.json")
        Path(p).mkdir()
        Path(p + "l").mkdir()
    argv = [a.format(p=p, d=dataset_file, t=tmp_path) for a in COMMANDS_WITH_PATHS[where]]
    code, _, err = run_cli(argv, capsys)
    assert code in (1, 2), err
    assert err.count("\n") == 1 and err.startswith("workbench: error: "), err
    assert "\0" not in err and "\ud800" not in err


# --- control characters in user text --------------------------------------------------------

ESC = "\x1b[2J\x1b[31m"


def test_record_ids_and_questions_are_visible(write_json, records, capsys) -> None:
    records[0]["id"] = f"r{ESC}1"
    records[0]["question"] = "מה\u202eגדל\r?"
    path = write_json(records)
    code, out, _ = run_cli(["records", "--data", str(path)], capsys)
    assert code == 0 and "\x1b" not in out and "\u202e" not in out and "\r" not in out
    assert "r\\x1b[2J\\x1b[31m1" in out and "\\u202e" in out
    assert len(out.splitlines()) == 4


def test_model_names_in_score_output_are_visible(tmp_path, dataset_file, capsys, monkeypatch):
    from fake_grounding import fake_ground

    from workbench.scoring import answers as scoring

    monkeypatch.setattr(scoring, "default_grounder", lambda: fake_ground)
    answers = tmp_path / "a.jsonl"
    rows = [
        {"id": "r1", "answer": "משפט.", "model": f"m{ESC}"},
        {"id": f"zz{ESC}", "answer": "x", "model": f"m{ESC}"},
    ]
    answers.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code, out, err = run_cli(
        ["score", "--data", str(dataset_file), "--answers", str(answers), "--out",
         str(tmp_path / "o.jsonl"), "--no-progress"],
        capsys,
    )
    assert code == 1
    assert "\x1b" not in out + err
    assert "m\\x1b[2J" in out and "zz\\x1b[2J\\x1b[31m" in err


def test_reviewer_names_in_review_apply_output_are_visible(tmp_path, dataset_file, capsys):
    log = tmp_path / "log.jsonl"
    append_review(log, make_entry("fact", "nope", f"dana{ESC}\n", fact="x"))
    append_review(log, make_entry("fact", "r1", f"avi{ESC}", fact="x"))
    code, out, err = run_cli(
        ["review-apply", "--data", str(dataset_file), "--log", str(log), "--out",
         str(tmp_path / "r.json")],
        capsys,
    )
    assert code == 0, err
    assert "\x1b" not in out and "fact by dana\\x1b[2J\\x1b[31m at " in out


def test_error_messages_are_visible_and_one_line(tmp_path, capsys) -> None:
    code, _, err = run_cli(["validate", "--data", str(tmp_path / f"x{ESC}\ny.json")], capsys)
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err and "x\\x1b[2J" in err
    code, _, err = run_cli(["records", f"--bogus{ESC}"], capsys)
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err


# --- permissions of written files -----------------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize(
    "argv",
    [
        ["synth", "--records", "2", "--out", "{t}/s.json"],
        ["export-fmeval", "--data", "{d}", "--facts", "{t}/facts.jsonl", "--out", "{t}/e.jsonl"],
        ["review-sample", "--data", "{d}", "--risk", "low", "--seed", "1", "--no-judge",
         "--out", "{t}/q.jsonl"],
        ["review-sample", "--data", "{d}", "--risk", "low", "--seed", "1", "--no-judge",
         "--out", "{t}/q.csv"],
        ["review-apply", "--data", "{d}", "--log", "{t}/log.jsonl", "--out", "{t}/r.json"],
        ["score", "--data", "{d}", "--answers", "{t}/a.jsonl", "--out", "{t}/o.csv",
         "--no-progress"],
    ],
    ids=lambda a: f"{a[0]} {a[-1].rsplit('.', 1)[-1] if '.' in a[-1] else a[-2]}",
)
def test_outputs_get_0644_under_umask_022(argv, tmp_path, dataset_file, capsys, monkeypatch):
    from fake_grounding import fake_ground

    from workbench.scoring import answers as scoring

    monkeypatch.setattr(scoring, "default_grounder", lambda: fake_ground)
    (tmp_path / "facts.jsonl").write_text('{"id": "r1", "fact": "12%"}\n')
    (tmp_path / "a.jsonl").write_text('{"id": "r1", "answer": "x."}\n')
    append_review(tmp_path / "log.jsonl", make_entry("fact", "r1", "dana", fact="x"))
    argv = [a.format(d=dataset_file, t=tmp_path) for a in argv]
    old = os.umask(0o022)
    try:
        code, _, err = run_cli(argv, capsys)
    finally:
        os.umask(old)
    assert code == 0, err
    out = Path(argv[argv.index("--out") + 1])
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


# --- the environment and the process --------------------------------------------------------


def test_closed_stdout_is_not_a_traceback(dataset_file) -> None:
    res = subprocess.run(
        f"{sys.executable} -m workbench records --data {dataset_file} >&-",
        shell=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert b"Traceback" not in res.stderr and res.returncode in (0, 2)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_full_disk_on_stdout_is_one_line(dataset_file) -> None:
    res = subprocess.run(
        f"{sys.executable} -m workbench records --data {dataset_file} >/dev/full",
        shell=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert res.returncode == 2
    assert res.stderr.decode() == "workbench: error: No space left on device\n"


@pytest.mark.parametrize("value", ["abc", "-5", "0", "1e9"])
def test_bad_max_bytes_variable_is_one_line(dataset_file, capsys, monkeypatch, value) -> None:
    monkeypatch.setenv("WORKBENCH_MAX_BYTES", value)
    code, _, err = run_cli(["validate", "--data", str(dataset_file)], capsys)
    assert code == 2
    assert err == f"workbench: error: WORKBENCH_MAX_BYTES must be a whole number of bytes, got {value!r}\n"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_sigterm_removes_the_temporary_output(tmp_path) -> None:
    """SIGTERM while `synth` writes: exit 143, one line, no temporary file, no output."""
    import signal
    import time

    out = tmp_path / "s.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench", "synth", "--records", "25000", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".s.json.*.tmp")) and proc.poll() is None:
        if time.monotonic() > deadline:  # pragma: no cover - a stuck machine
            proc.kill()
            pytest.fail("synth never started writing")
        time.sleep(0.01)
    if proc.poll() is not None:  # pragma: no cover - finished before the signal
        pytest.skip("synth finished before it could be interrupted")
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 143
    assert err.decode() == "workbench: terminated\n"
    assert list(tmp_path.iterdir()) == []


def test_reading_a_review_log_leaves_no_file_beside_it(tmp_path) -> None:
    """review-apply on a shipped log must not create ``<log>.lock`` next to it."""
    import shutil

    from workbench.review import read_review_log

    log = tmp_path / "log.jsonl"
    shutil.copy(ROOT / "data" / "demo" / "example_review_log.jsonl", log)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert len(read_review_log(log).entries) == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_killed_writers_temporary_file_is_removed_by_the_next_write(tmp_path) -> None:
    """SIGKILL leaves the writer no chance to clean up; the next write to the output does,
    and only for writers that are gone (a live writer's temporary file is kept)."""
    from workbench.io import write_json_atomic

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = tmp_path / f".out.json.{dead.stdout.strip()}.abc123.tmp"
    stale.write_text("half")
    live = tmp_path / f".out.json.{os.getpid()}.def456.tmp"
    live.write_text("busy")
    write_json_atomic([1], tmp_path / "out.json")
    assert not stale.exists() and live.exists()
    assert json.loads((tmp_path / "out.json").read_text()) == [1]
