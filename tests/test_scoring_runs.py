"""Nothing lost in a scoring run (issue 13): one pass over the input, clean interruption,
workers that die with their parent, bounded line and field sizes, one check of facts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from fake_grounding import fake_ground

from workbench.errors import InputFileError, WorkbenchError
from workbench.review.log import normalize_fact
from workbench.scoring import answers_file
from workbench.scoring.answers import score_file
from workbench.scoring.answers_file import TableReader, read_facts
from workbench.scoring.fmeval_export import fmeval_lines
from workbench.scoring.qa_metrics import fact_problem

ROOT = Path(__file__).resolve().parent.parent


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_a_file_that_grows_while_scoring_is_scored_whole(tmp_path, records):
    answers = write_jsonl(
        tmp_path / "a.jsonl",
        [{"id": "r1", "model": "A", "answer": "x."}, {"id": "r2", "model": "A", "answer": "y."}],
    )
    appended = []

    def growing(answer: str, source: str) -> Any:
        if not appended:  # generation goes on while the first answer is scored
            with answers.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"id": "r3", "model": "A", "answer": "z."}) + "\n")
                fh.write(json.dumps({"id": "zz", "model": "A", "answer": "w."}) + "\n")
            appended.append(True)
        return fake_ground(answer, source)

    lines: list[str] = []
    result = score_file(
        answers, records, tmp_path / "o.jsonl", grounder=growing, batch_size=1,
        progress=False, report=lines.append,
    )  # fmt: skip
    assert [r["id"] for r in _read(tmp_path / "o.jsonl")] == ["r1", "r2", "r3"]
    assert result.checked.total == 4 and result.checked.to_score == 3
    assert lines[0].endswith("row 4: id 'zz' is not in the dataset; skipped")


SLOW_RUN = """
import sys, time
sys.path.insert(0, {tests!r})
from fake_grounding import fake_ground
from workbench.data.synth import synth_records
from workbench.errors import WorkbenchError
from workbench.scoring.answers import score_file

def slow(answer, source):
    time.sleep(0.05)
    return fake_ground(answer, source)

records = synth_records(20, 1)
with open({answers!r}, "w", encoding="utf-8") as fh:
    for i in range(400):
        # distinct answers: a repeated (id, answer) is scored once (the memo), not slowly
        fh.write('{{"id": "%s", "model": "m%d", "answer": "a b %d."}}\\n' % (records[i % 20]["id"], i, i))
print("ready", flush=True)
try:
    score_file({answers!r}, records, {out!r}, grounder=slow, workers={workers},
               progress=False, report=lambda _: None)
except WorkbenchError as exc:
    print(exc, file=sys.stderr)
    sys.exit(exc.exit_code)
"""


def _start(tmp_path: Path, out: str, workers: int) -> subprocess.Popen:
    script = SLOW_RUN.format(
        tests=str(ROOT / "tests"), answers=str(tmp_path / "a.jsonl"),
        out=str(tmp_path / out), workers=workers,
    )  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)], env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


@pytest.mark.parametrize("out", ["o.parquet", "o.jsonl"])
def test_sigterm_removes_temporary_files_and_parts(tmp_path, out):
    proc = _start(tmp_path, out, workers=1)
    time.sleep(1.5)  # scoring is under way (a batch of parts written for parquet)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143
    assert err.strip().splitlines() == [
        "terminated by SIGTERM; no output written, temporary files removed"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.jsonl"]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_a_killed_parent(tmp_path):
    proc = _start(tmp_path, "o.jsonl", workers=2)
    deadline = time.monotonic() + 30
    while len(workers := _children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(workers) >= 2
    proc.kill()  # SIGKILL, as the out-of-memory killer would
    proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)


def test_ctrl_c_with_workers_leaves_nothing(tmp_path, records):
    answers = write_jsonl(
        tmp_path / "a.jsonl",
        [{"id": "r1", "model": f"m{i}", "answer": f"x {i}."} for i in range(50)],
    )
    calls = []

    def interrupted(answer: str, source: str) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return fake_ground(answer, source)

    with pytest.raises(KeyboardInterrupt):
        score_file(answers, records, tmp_path / "o.parquet", grounder=interrupted,
                   batch_size=5, progress=False)  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.jsonl"]


def test_one_huge_jsonl_line_is_refused_with_its_line(tmp_path, monkeypatch):
    monkeypatch.setattr(answers_file, "MAX_LINE_BYTES", 1000)
    path = tmp_path / "a.jsonl"
    write_jsonl(path, [{"id": "r1", "answer": "ok"}, {"id": "r2", "answer": "x" * 2000}])
    with pytest.raises(InputFileError, match=r"a.jsonl: line 2: .*longer than 1,000 bytes"):
        list(TableReader(path).batches(("id", "answer")))


def test_a_csv_answer_over_131072_characters_is_read(tmp_path, records):
    long_answer = "א" * 200_000 + "."
    path = tmp_path / "a.csv"
    pl.DataFrame(
        {"id": ["r1", "r2"], "model": ["A", "A"], "answer": [long_answer, "קצר."]}
    ).write_csv(path)
    score_file(path, records, tmp_path / "o.jsonl", grounder=fake_ground, progress=False)
    got = _read(tmp_path / "o.jsonl")
    assert [r["answer_chars"] for r in got] == [200_001, 4]


def test_a_csv_field_over_the_cap_names_its_line(tmp_path, monkeypatch):
    monkeypatch.setattr(answers_file, "MAX_FIELD_CHARS", 1000)
    path = tmp_path / "a.csv"
    path.write_text(f'id,answer\nr1,ok\nr2,"two\nlines"\nr3,{"x" * 2000}\nr4,ok\n', "utf-8")
    with pytest.raises(InputFileError, match=r"a.csv: line 5: .*longer than 1,000 characters"):
        list(TableReader(path).batches(("id", "answer")))


# --- one check of facts wherever they enter ----------------------------------------------


@pytest.mark.parametrize("fact", ["47<OR>", "47<OR>  ", "<OR>47", "a<AND> ", "  "])
def test_fact_problem_refuses_empty_variants(fact):
    assert fact_problem(fact) is not None
    assert fact_problem("47<OR>ארבעים ושבע<AND>שנה") is None


def test_facts_file_with_an_empty_variant(tmp_path):
    path = write_jsonl(
        tmp_path / "f.jsonl", [{"id": "r1", "fact": "x"}, {"id": "r2", "fact": "47<OR>"}]
    )
    with pytest.raises(
        InputFileError, match=r"f.jsonl: line 2: id 'r2': fact '47<OR>' has an empty"
    ):
        read_facts(path)


def test_answers_fact_column_with_an_empty_variant_skips_the_row(tmp_path, records):
    answers = write_jsonl(
        tmp_path / "a.jsonl",
        [{"id": "r1", "answer": "x.", "fact": "47<OR> "}, {"id": "r2", "answer": "y."}],
    )
    lines: list[str] = []
    result = score_file(answers, records, tmp_path / "o.jsonl", grounder=fake_ground,
                        progress=False, report=lines.append)  # fmt: skip
    assert [r["id"] for r in _read(tmp_path / "o.jsonl")] == ["r2"]
    assert "row 1: id 'r1' model 'a': fact '47<OR> ' has an empty variant; skipped" in lines[0]
    assert result.checked.problems["problem"].to_list() == ["bad fact"]


def test_export_and_review_log_refuse_empty_variants(records):
    with pytest.raises(WorkbenchError, match="record 'r1': fact '47<OR>' has an empty variant"):
        fmeval_lines(records, {"r1": "47<OR>"})
    with pytest.raises(WorkbenchError, match="has an empty variant"):
        normalize_fact("47<OR> ")
    with pytest.raises(WorkbenchError, match="has an empty variant"):
        normalize_fact("a<AND>")


def test_jsonl_answers_may_start_with_a_byte_order_mark(tmp_path) -> None:
    """Editors on Windows write a BOM; the dataset and CSV readers accept it, so does JSONL."""
    from workbench.cli import main

    answers = tmp_path / "a.jsonl"
    answers.write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"id": "enc-0-a", "answer": "1968."}).encode() + b"\n"
    )
    assert main(["score", "--answers", str(answers), "--out", str(tmp_path / "s.jsonl"),
                 "--no-progress"]) == 0
    assert len((tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()) == 1
