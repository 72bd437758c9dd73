"""The hostile pass of issue 13, re-runnable: every command against hostile data files,
answers files, facts, output paths, review logs, the environment and signals.

    python tools/hostile_pass.py [-k SUBSTRING] [--group GROUP] [--jobs N] [--list]

Each case runs ``python -m workbench ...`` in a subprocess (a hang is a failure, not a
stuck pass) in its own temporary folder, and is checked against the rules every command
keeps:

- the exit code is one the case allows (never a crash code), within the time limit;
- no traceback; stderr is one ``workbench: error:`` line on failure (cases that list
  problems or skipped rows say so);
- every input file is byte-identical afterwards, and no temporary file is left behind;
- an output is complete (it parses) or absent;
- plus the case's own check (a fragment of the message, a value in the output...).

It prints one row per case (case, group, exit code, pass/FAIL and why) and exits 1 when
any case fails. The ``scoring-run`` group holds the scoring engineer's cases (reading the
answers file once, SIGTERM/SIGKILL of ``score``, field and line caps, facts validation).

(Over 500 lines on purpose: most of it is the table of cases, which reads best in one
place.)
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "data" / "demo" / "abstractive_qa_demo.json"
ANSWERS = ROOT / "data" / "demo" / "example_answers.jsonl"
ESC = "\x1b[2J\x1b[31m"


@dataclass
class Result:
    code: int | None  # None: killed at the time limit
    out: str
    err: str
    folder: Path
    seconds: float
    max_rss_kb: int = 0
    pid: int = 0


Check = Callable[[Result], str | None]  # a reason it failed, or None


@dataclass
class Case:
    name: str
    group: str
    argv: list[str]  # {d} the dataset, {t} the folder, {a} the answers file
    codes: tuple[int, ...] = (2,)
    fragment: str | None = None  # must appear in stderr (or stdout for exit 0)
    files: dict[str, bytes | str] = field(default_factory=dict)  # written before the run
    env: dict[str, str] = field(default_factory=dict)
    multi_line: bool = False  # the command lists problems / skipped rows one per line
    out: str | None = None  # an output the run may write (checked complete or absent)
    check: Check | None = None
    shell: str | None = None  # run through bash (redirections): {cmd} is the command
    during: Callable[[subprocess.Popen[bytes], Path], None] | None = None  # signals...
    timeout: float = 120.0
    measure: bool = False  # peak memory through /usr/bin/time (Result.max_rss_kb)
    changes: tuple[str, ...] = ()  # inputs the case itself changes while the command runs


# -- building the cases ----------------------------------------------------------------------


def demo_records() -> list[dict]:
    return json.loads(DEMO.read_text(encoding="utf-8"))


def dataset_with(fn: Callable[[list[dict]], None]) -> str:
    """The demo set changed by ``fn``, as JSON (a lone surrogate as its \\ud800 escape)."""
    recs = demo_records()
    fn(recs)
    text = json.dumps(recs, ensure_ascii=False)
    return text if "\ud800" not in text else json.dumps(recs)


def jsonl(*rows: dict, ascii_only: bool = False) -> str:
    return "".join(json.dumps(r, ensure_ascii=ascii_only) + "\n" for r in rows)


def entry(**kw: object) -> dict:
    base = {"time": "2024-01-01T00:00:00Z", "reviewer": "dana", "record_id": "dia-0-a"}
    return {**base, **kw}


def no_output_byte(byte: str) -> Check:
    def check(r: Result) -> str | None:
        return f"{byte!r} reached the terminal" if byte in r.out + r.err else None

    return check


def output_has(path: str, fn: Callable[[str], bool], what: str) -> Check:
    def check(r: Result) -> str | None:
        p = r.folder / path
        if not p.exists():
            return f"{path} not written"
        return None if fn(p.read_text(encoding="utf-8")) else what

    return check


def all_of(*checks: Check) -> Check:
    def check(r: Result) -> str | None:
        return next((why for c in checks if (why := c(r))), None)

    return check


SCORE = ["score", "--data", "{d}", "--no-progress"]
APPLY = ["review-apply", "--data", "{d}", "--out", "{t}/r.json", "--log"]
DATA_CMDS = {
    "validate": ["validate"],
    "report": ["report"],
    "records": ["records"],
    "check": ["check", "--record", "dia-0-a", "--answer", "תשובה."],
    "score": ["score", "--answers", "{a}", "--out", "{t}/s.jsonl", "--no-progress"],
    "export-fmeval": ["export-fmeval", "--out", "{t}/e.jsonl"],
    "review-sample": ["review-sample", "--risk", "low", "--seed", "1", "--out", "{t}/q.jsonl"],
    "eval-grounding": ["eval-grounding"],
}


def data_cases() -> list[Case]:
    bad_data: dict[str, tuple[bytes | str | None, str]] = {
        "missing": (None, "file not found"),
        "empty": (b"", "file is empty"),
        "BOM only": (b"\xef\xbb\xbf", "file is empty"),
        "truncated": (DEMO.read_bytes()[:5000], "truncated JSON"),
        "not UTF-8": (b'[{"id": "\xff"}]', "not UTF-8"),
        "not an array": (b'{"id": "x"}', "expected a JSON array"),
        "deep nesting": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        "5000-digit int": (b"[" + b"9" * 5000 + b"]", "not valid JSON"),
        "lone surrogate": (
            dataset_with(lambda r: r[0].update(question="\ud800")),
            "lone surrogate",
        ),
        "sentence_id 1e30": (
            dataset_with(lambda r: r[0]["claims"][0]["attribution"][0].update(sentence_id=10**30)),
            "outside the 64-bit integer range",
        ),
    }
    cases = []
    for name, (content, fragment) in bad_data.items():
        for cmd, argv in DATA_CMDS.items():
            if cmd != "validate" and name in ("BOM only", "5000-digit int", "not an array"):
                continue
            code = (1,) if name in ("lone surrogate", "sentence_id 1e30") else (2,)
            cases.append(
                Case(
                    f"{cmd}: data {name}",
                    "data",
                    [*argv, "--data", "{t}/data.json"],
                    codes=code,
                    fragment=fragment,
                    files={} if content is None else {"data.json": content},
                    multi_line=cmd == "validate",
                    out=next((a for a in argv if a.startswith("{t}/")), None),
                )
            )
    cases += [
        Case("validate: data is a folder", "data", ["validate", "--data", "{t}"],
             fragment="not a regular file"),
        Case("validate: data is a FIFO", "data", ["validate", "--data", "{t}/fifo"],
             fragment="not a regular file", files={"fifo": "<fifo>"}),
        Case("validate: BOM then valid data", "data", ["validate", "--data", "{t}/data.json"],
             codes=(0,), files={"data.json": b"\xef\xbb\xbf" + DEMO.read_bytes()}),
        Case("validate: 300,000 empty records, bounded", "data",
             ["validate", "--data", "{t}/data.json"], codes=(1,), multi_line=True,
             files={"data.json": "[" + ",".join(["{}"] * 300_000) + "]"}, measure=True,
             check=lambda r: None if r.out.count("\n") == 1001 and r.max_rss_kb < 400_000
             else f"{r.out.count(chr(10))} lines, {r.max_rss_kb:,} kB"),
        Case("report: 300,000 empty records, bounded", "data",
             ["report", "--data", "{t}/data.json"], codes=(1,),
             fragment="3,000,000 problem(s)",
             files={"data.json": "[" + ",".join(["{}"] * 300_000) + "]"}, measure=True,
             check=lambda r: None if r.max_rss_kb < 400_000 else f"{r.max_rss_kb:,} kB"),
        Case("records: control characters in id and question", "data",
             ["records", "--data", "{t}/data.json"], codes=(0,),
             files={"data.json": dataset_with(
                 lambda r: r[0].update(id=f"x{ESC}", question=f"q{ESC}\u202e"))},
             check=all_of(no_output_byte("\x1b"), no_output_byte("\u202e"))),
        Case("check: control characters in the record id", "data",
             ["check", "--data", "{t}/data.json", "--record", f"x{ESC}", "--answer", "a."],
             codes=(0,), files={"data.json": dataset_with(lambda r: r[0].update(id=f"x{ESC}"))},
             check=no_output_byte("\x1b")),
        Case("check: unknown record with escapes", "data",
             ["check", "--data", "{d}", "--record", f"nope{ESC}", "--answer", "a."],
             fragment="no record with id", check=no_output_byte("\x1b")),
        Case("report: duplicate ids", "data", ["report", "--data", "{t}/data.json"], codes=(1,),
             fragment="duplicate id",
             files={"data.json": dataset_with(lambda r: r[1].update(id=r[0]["id"]))}),
        Case("report --lenient: NaN in an extra field", "data",
             ["report", "--lenient", "--data", "{t}/data.json"], codes=(0,),
             files={"data.json": dataset_with(lambda r: r[0].update(extra=float("nan")))}),
    ]
    return cases


def answers_cases() -> list[Case]:
    ok = jsonl({"id": "dia-0-a", "answer": "תשובה.", "model": "m"})

    def score(name: str, answers: str | bytes, codes: tuple[int, ...], fragment: str | None = None,
              suffix: str = "jsonl", check: Check | None = None, group: str = "answers",
              measure: bool = False, timeout: float = 120.0) -> Case:
        return Case(f"score: {name}", group,
                    [*SCORE, "--answers", f"{{t}}/a.{suffix}", "--out", "{t}/s.jsonl"],
                    codes=codes, fragment=fragment, files={f"a.{suffix}": answers},
                    multi_line=True, out="{t}/s.jsonl", check=check, measure=measure,
                    timeout=timeout)

    return [
        Case("score: answers missing", "answers",
             [*SCORE, "--answers", "{t}/none.jsonl", "--out", "{t}/s.jsonl"], out="{t}/s.jsonl"),
        Case("score: answers is a folder", "answers",
             [*SCORE, "--answers", "{t}", "--out", "{t}/s.jsonl"], out="{t}/s.jsonl"),
        Case("score: answers is a FIFO", "answers",
             [*SCORE, "--answers", "{t}/fifo.jsonl", "--out", "{t}/s.jsonl"],
             files={"fifo.jsonl": "<fifo>"}, out="{t}/s.jsonl", timeout=60),
        score("empty answers file", b"", (2,)),
        score("answers not UTF-8", b'{"id": "dia-0-a", "answer": "\xff"}\n', (2,)),
        score("answer is an object", jsonl({"id": "dia-0-a", "answer": {"x": 1}}), (2,),
              "is an object"),
        score("csv with an unclosed quote", 'id,answer\ndia-0-a,"never ends\n', (2,),
              suffix="csv"),
        score("unknown ids are skipped", jsonl({"id": "nope", "answer": "x"}) + ok, (1,),
              "not in the dataset"),
        score("BOM before JSONL", b"\xef\xbb\xbf" + ok.encode(), (0, 1), group="scoring-run"),
        score("NUL and separators in the answer",
              jsonl({"id": "dia-0-a", "answer": "a\x00b\u2028c\x85d."}), (0,)),
        score("control characters in the model name",
              jsonl({"id": "dia-0-a", "answer": "x.", "model": f"m{ESC}"},
                    {"id": f"q{ESC}", "answer": "x.", "model": f"m{ESC}"}),
              (1,), check=no_output_byte("\x1b")),
        score("lone surrogate in an answer",
              jsonl({"id": "dia-0-a", "answer": "a\ud800b."}, ascii_only=True), (0, 1, 2),
              group="scoring-run"),
        score("CSV answer over 131,072 characters",
              "id,answer\ndia-0-b,short.\ndia-0-a," + "א" * 140_000 + "\n", (0, 1, 2),
              suffix="csv", group="scoring-run",
              check=lambda r: None if r.code != 2 or "line 3" in r.err
              else "whole file failed without naming line 3"),
        score("one 30 MB JSONL line",
              jsonl({"id": "dia-0-a", "answer": "מילה " * 6_000_000}) + ok, (1, 2),
              group="scoring-run", measure=True, timeout=60,
              check=lambda r: None if "line 1" in r.err and r.max_rss_kb < 600_000
              else f"no line named or {r.max_rss_kb:,} kB"),
    ]


def facts_cases() -> list[Case]:
    empty_variant = jsonl({"id": "dia-0-a", "fact": "47<OR>"})
    return [
        Case("score: fact with an empty variant", "scoring-run",
             [*SCORE, "--answers", "{a}", "--facts", "{t}/f.jsonl", "--out", "{t}/s.jsonl"],
             fragment="line 1", files={"f.jsonl": empty_variant}, out="{t}/s.jsonl",
             multi_line=True),
        Case("export-fmeval: fact with an empty variant", "scoring-run",
             ["export-fmeval", "--data", "{d}", "--facts", "{t}/f.jsonl", "--out", "{t}/e.jsonl"],
             fragment="line 1", files={"f.jsonl": empty_variant}, out="{t}/e.jsonl"),
        Case("export-fmeval: facts not UTF-8", "facts",
             ["export-fmeval", "--data", "{d}", "--facts", "{t}/f.jsonl", "--out", "{t}/e.jsonl"],
             files={"f.jsonl": b'{"id": "dia-0-a", "fact": "\xff"}\n'}, out="{t}/e.jsonl"),
        Case("export-fmeval: fact for an unknown id", "facts",
             ["export-fmeval", "--data", "{d}", "--facts", "{t}/f.jsonl", "--out", "{t}/e.jsonl"],
             fragment="not in the dataset", files={"f.jsonl": jsonl({"id": "zz", "fact": "x"})},
             out="{t}/e.jsonl"),
        Case("export-fmeval: fact is a number", "facts",
             ["export-fmeval", "--data", "{d}", "--facts", "{t}/f.jsonl", "--out", "{t}/e.jsonl"],
             codes=(0, 2), files={"f.jsonl": jsonl({"id": "dia-0-a", "fact": 5})},
             out="{t}/e.jsonl"),
    ]


def output_cases() -> list[Case]:
    outs = {  # what -> (the output path, exit codes allowed)
        "a folder": ("{t}/adir.json", (2,)),
        "under a file": ("{t}/afile/x.json", (2,)),
        "a name too long": ("{t}/" + "x" * 300 + ".json", (2,)),
        "a non-UTF-8 name": ("{t}/\udcff.json", (0, 2)),
        "the dataset itself": ("{t}/data.json", (2,)),
    }
    commands = {  # command -> (argv up to --out, the output suffix it needs)
        "synth": (["synth", "--records", "1"], ".json"),
        "review-apply": (["review-apply", "--data", "{t}/data.json", "--log", "{t}/log.jsonl"],
                         ".json"),
        "export-fmeval": (["export-fmeval", "--data", "{t}/data.json"], ".jsonl"),
        "review-sample": (["review-sample", "--data", "{t}/data.json", "--risk", "low", "--seed",
                           "1", "--no-judge"], ".jsonl"),
        "score": (["score", "--data", "{t}/data.json", "--no-progress", "--answers", "{a}"],
                  ".jsonl"),
    }
    files: dict[str, bytes | str] = {
        "data.json": DEMO.read_bytes(), "afile": "x", "adir.json/": "", "adir.jsonl/": "",
        "log.jsonl": jsonl(entry(action="exclude")),
    }
    cases = []
    for what, (out, codes) in outs.items():
        for cmd, (argv, suffix) in commands.items():
            if cmd == "synth" and what == "the dataset itself":
                continue
            o = out if what == "the dataset itself" else out.replace(".json", suffix)
            cases.append(Case(f"{cmd}: --out is {what}", "output", [*argv, "--out", o],
                              codes=codes, files=files, multi_line=cmd == "score"))
    cases.append(Case("synth: output mode under umask 022", "output",
                      ["synth", "--records", "1", "--out", "{t}/s.json"], codes=(0,),
                      check=lambda r: None if oct((r.folder / "s.json").stat().st_mode)[-3:]
                      == "644" else oct((r.folder / "s.json").stat().st_mode)))
    return cases


def review_log_cases() -> list[Case]:
    fact = entry(action="fact", fact="12%")
    return [
        Case("review-apply: U+2028/U+2029/U+0085 in a note", "review-log", [*APPLY, "{t}/l.jsonl"],
             codes=(0,), files={"l.jsonl": jsonl(
                 entry(action="answer", answer="a\u2028b\u2029c\x85d"), fact)},
             out="{t}/r.json"),
        Case("review-apply: torn last line", "review-log", [*APPLY, "{t}/l.jsonl"], codes=(1,),
             fragment="line 2", files={"l.jsonl": jsonl(fact) + '{"time": "20'},
             out="{t}/r.json"),
        Case("review-apply: garbage line in the middle", "review-log", [*APPLY, "{t}/l.jsonl"],
             codes=(1,), fragment="line 2", files={"l.jsonl": jsonl(fact) + "#!\n" + jsonl(fact)},
             out="{t}/r.json", multi_line=False),
        Case("review-apply: log not UTF-8", "review-log", [*APPLY, "{t}/l.jsonl"], codes=(1,),
             fragment="not UTF-8", files={"l.jsonl": b"\xff\xfe\n" + jsonl(fact).encode()},
             out="{t}/r.json"),
        Case("review-apply: \\ud800 escape in a fact", "review-log", [*APPLY, "{t}/l.jsonl"],
             codes=(1,), fragment="lone surrogate",
             files={"l.jsonl": jsonl(entry(action="fact", fact="\ud800"), ascii_only=True)},
             out="{t}/r.json"),
        Case("review-apply: log is a FIFO", "review-log", [*APPLY, "{t}/fifo"],
             fragment="not a regular file", files={"fifo": "<fifo>"}, timeout=60),
        Case("review-apply: log is a folder", "review-log", [*APPLY, "{t}"]),
        Case("review-apply: log missing", "review-log", [*APPLY, "{t}/none.jsonl"],
             fragment="review log not found"),
        Case("review-apply: reviewer name with escapes", "review-log", [*APPLY, "{t}/l.jsonl"],
             codes=(0,), files={"l.jsonl": jsonl(entry(action="exclude", record_id="zz",
                                                       reviewer=f"d{ESC}"))},
             out="{t}/r.json", check=no_output_byte("\x1b")),
        Case("review-apply: empty log", "review-log", [*APPLY, "{t}/l.jsonl"], codes=(0,),
             files={"l.jsonl": ""}, out="{t}/r.json"),
        Case("review-apply: 10,000 corrupt lines", "review-log", [*APPLY, "{t}/l.jsonl"],
             codes=(1,), multi_line=True, files={"l.jsonl": "#\n" * 10_000 + jsonl(fact)},
             out="{t}/r.json",
             check=lambda r: None if r.err.count("\n") == 21 else f"{r.err.count(chr(10))} lines"),
    ]


def environment_cases() -> list[Case]:
    ascii_env = {"PYTHONIOENCODING": "ascii"}
    cases = [
        Case(f"{cmd}: PYTHONIOENCODING=ascii", "environment", argv, codes=(0,), env=ascii_env,
             check=lambda r: None if r.out.isascii() and "\\u05" in r.out else "Hebrew lost")
        for cmd, argv in {
            "records": ["records", "--data", "{d}"],
            "check": ["check", "--data", "{d}", "--record", "dia-0-a", "--answer", "תשובה."],
            "records json": ["records", "--data", "{d}", "--format", "json"],
        }.items()
    ]
    cases.append(Case("score: PYTHONIOENCODING=ascii", "environment",
                      [*SCORE, "--answers", "{a}", "--out", "{t}/s.jsonl"], codes=(0,),
                      env=ascii_env, out="{t}/s.jsonl"))
    cases += [
        Case("report: PYTHONIOENCODING=ascii", "environment", ["report", "--data", "{d}"],
             codes=(0,), env=ascii_env),
        Case("validate: ascii, surrogate problem", "environment",
             ["validate", "--data", "{t}/data.json"], codes=(1,), env=ascii_env, multi_line=True,
             files={"data.json": dataset_with(lambda r: r[0].update(question="\ud800"))}),
        Case("records: LC_ALL=C", "environment", ["records", "--data", "{d}"], codes=(0,),
             env={"LC_ALL": "C", "LANG": "C"}),
        Case("validate: WORKBENCH_DATA is a folder", "environment", ["validate"],
             env={"WORKBENCH_DATA": "{t}"}, fragment="not a regular file"),
        Case("validate: WORKBENCH_DATA missing file", "environment", ["validate"],
             env={"WORKBENCH_DATA": "{t}/none.json"}, fragment="file not found"),
        Case("validate: WORKBENCH_MAX_BYTES=abc", "environment", ["validate", "--data", "{d}"],
             env={"WORKBENCH_MAX_BYTES": "abc"}, fragment="WORKBENCH_MAX_BYTES"),
        Case("validate: WORKBENCH_MAX_BYTES=10", "environment", ["validate", "--data", "{d}"],
             env={"WORKBENCH_MAX_BYTES": "10"}, fragment="over the 10-byte limit"),
        Case("records: stdout closed", "environment", [], codes=(0, 2),
             shell="{cmd} records --data {d} >&-"),
        Case("records: stdout is a full disk", "environment", [], codes=(2,),
             shell="{cmd} records --data {d} >/dev/full", fragment="No space left"),
        Case("records: reader leaves the pipe", "environment", [], codes=(0,),
             shell="{cmd} synth --records 3000 --out {t}/big.json >/dev/null && "
                   "{cmd} records --data {t}/big.json | head -c 10 >/dev/null; "
                   "exit ${{PIPESTATUS[0]}}"),
        Case("unknown option with escapes", "environment", ["records", f"--x{ESC}"],
             check=no_output_byte("\x1b")),
    ]
    return cases


def _signal_when(sig: int, *, files: str = ".*.tmp", after: float = 30.0) -> Callable:
    """Send ``sig`` once a temporary output appears in the folder (or after ``after`` s)."""

    def during(proc: subprocess.Popen[bytes], folder: Path) -> None:
        deadline = time.monotonic() + after
        while proc.poll() is None and time.monotonic() < deadline:
            if list(folder.glob(files)):
                break
            time.sleep(0.01)
        if proc.poll() is None:
            proc.send_signal(sig)

    return during


def _workers_gone(r: Result) -> str | None:
    pids = (r.folder / ".children").read_text().split() if (r.folder / ".children").exists() else []
    time.sleep(2)
    alive = [p for p in pids if Path(f"/proc/{p}").exists()]
    leftovers = [p.name for p in r.folder.iterdir() if p.name.startswith(".s.")]
    if alive:
        return f"worker(s) {', '.join(alive)} still running"
    return f"left behind: {leftovers}" if leftovers else None


def _record_children_then(sig: int, rerun: list[str] | None = None) -> Callable:
    def during(proc: subprocess.Popen[bytes], folder: Path) -> None:
        deadline = time.monotonic() + 60
        kids: list[str] = []
        while proc.poll() is None and time.monotonic() < deadline and len(kids) < 2:
            path = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
            kids = path.read_text().split() if path.exists() else []
            time.sleep(0.05)
        (folder / ".children").write_text(" ".join(kids))
        if proc.poll() is None:
            proc.send_signal(sig)
        if rerun:
            proc.wait()
            time.sleep(1)  # the workers notice their parent is gone
            subprocess.run([sys.executable, "-m", "workbench", *[_fill(a, folder) for a in rerun]],
                           capture_output=True, timeout=60, check=False)

    return during


def signal_cases() -> list[Case]:
    big = "".join(json.dumps({"id": r["id"], "answer": r["reference_answer"], "model": f"m{k}"})
                  + "\n" for k in range(60) for r in demo_records())
    workers = [*SCORE, "--answers", "{t}/big.jsonl", "--out", "{t}/s.parquet", "--workers", "2"]
    return [
        Case("synth: SIGTERM while writing", "signal",
             ["synth", "--records", "60000", "--out", "{t}/s.json"], codes=(143, 0),
             during=_signal_when(signal.SIGTERM), out="{t}/s.json"),
        Case("synth: SIGINT while writing", "signal",
             ["synth", "--records", "60000", "--out", "{t}/s.json"], codes=(130, 0),
             during=_signal_when(signal.SIGINT), out="{t}/s.json"),
        Case("score: SIGTERM mid-run", "scoring-run",
             [*SCORE, "--answers", "{t}/big.jsonl", "--out", "{t}/s.parquet"],
             codes=(143, 130, 2, 1), files={"big.jsonl": big},
             during=_signal_when(signal.SIGTERM, files=".s.parquet*", after=3)),
        Case("score --workers 2: SIGTERM", "scoring-run", workers, codes=(143, 130, 2, 1),
             files={"big.jsonl": big}, during=_record_children_then(signal.SIGTERM),
             check=_workers_gone, multi_line=True),
        # Nothing runs in a process after SIGKILL: its workers must die with it, and the
        # next run to the same output removes the temporary file it could not.
        Case("score --workers 2: SIGKILL, then the next run", "scoring-run", workers,
             codes=(-9,), files={"big.jsonl": big},
             during=_record_children_then(signal.SIGKILL, rerun=workers),
             check=_workers_gone, multi_line=True, timeout=90),
        Case("score: answers file grows during the run", "scoring-run",
             [*SCORE, "--answers", "{t}/big.jsonl", "--out", "{t}/s.jsonl"], codes=(0, 1),
             files={"big.jsonl": big}, multi_line=True, out="{t}/s.jsonl",
             during=_append_while_running, changes=("big.jsonl",)),
    ]


def _append_while_running(proc: subprocess.Popen[bytes], folder: Path) -> None:
    """Append rows once scoring has begun (its temporary output exists), as a generator
    writing answers while they are scored would."""
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        if list(folder.glob(".s.jsonl*")):
            break
        time.sleep(0.01)
    with (folder / "big.jsonl").open("a", encoding="utf-8") as fh:
        for k in range(200):
            fh.write(json.dumps({"id": "dia-0-a", "answer": "x.", "model": f"late{k}"}) + "\n")


def all_cases() -> list[Case]:
    return (data_cases() + answers_cases() + facts_cases() + output_cases()
            + review_log_cases() + environment_cases() + signal_cases())


# -- running one case ------------------------------------------------------------------------


def _fill(text: str, t: Path) -> str:
    return text.replace("{t}", str(t)).replace("{d}", str(t / "demo.json")).replace(
        "{a}", str(t / "answers.jsonl"))


def _prepare(case: Case, t: Path) -> None:
    shutil.copy(DEMO, t / "demo.json")
    shutil.copy(ANSWERS, t / "answers.jsonl")
    for name, content in case.files.items():
        p = t / name
        if name.endswith("/"):
            p.mkdir(exist_ok=True)
        elif content == "<fifo>":
            os.mkfifo(p)
        elif isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")


def _snapshot(t: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in t.rglob("*") if p.is_file() and not p.name.startswith(".")}


def _run(case: Case, t: Path) -> Result:
    cmd = [sys.executable, "-m", "workbench", *[_fill(a, t) for a in case.argv]]
    env = {**os.environ, "PYTHONPATH": str(ROOT), **{k: _fill(v, t) for k, v in case.env.items()}}
    if case.shell:
        shell_cmd = case.shell.format(cmd=f"{sys.executable} -m workbench", d=t / "demo.json", t=t)
        cmd = ["bash", "-c", shell_cmd]
    rss_file = t / ".rss"
    if case.measure and Path("/usr/bin/time").exists():
        cmd = ["/usr/bin/time", "-f", "%M", "-o", str(rss_file), *cmd]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=t,
                            preexec_fn=lambda: os.umask(0o022), start_new_session=True)
    timer = threading.Timer(case.timeout, _kill_group, args=(proc.pid,))
    timer.start()
    helper = None
    if case.during:
        helper = threading.Thread(target=case.during, args=(proc, t), daemon=True)
        helper.start()
    out, err = proc.communicate()
    if helper is not None:  # a case's follow-up (say, the next run) ends before judging
        helper.join(timeout=case.timeout)
    timer.cancel()
    killed = not timer.is_alive() and time.monotonic() - start >= case.timeout
    words = rss_file.read_text().split() if rss_file.exists() else []
    rss = int(words[-1]) if words and words[-1].isdigit() else 0
    return Result(None if killed else proc.returncode, out.decode("utf-8", "replace"),
                  err.decode("utf-8", "replace"), t, time.monotonic() - start, rss, proc.pid)


def judge(case: Case, r: Result, before: dict[Path, bytes]) -> str | None:
    """Why the case failed, or None."""
    if r.code is None:
        return f"hung: it (or a process it started) still ran after {case.timeout:g} s"
    if r.code not in case.codes:
        return f"exit {r.code}, expected {'/'.join(map(str, case.codes))}: {r.err.strip()[-160:]}"
    if "Traceback" in r.out + r.err:
        return "traceback: " + r.err.strip().splitlines()[-1][:160]
    after = _snapshot(r.folder)
    changed = [p.name for p, b in before.items() if after.get(p) != b and p.name not in
               case.changes]
    if changed:
        return f"input changed: {changed}"
    leftovers = [p.name for p in r.folder.rglob(".*.tmp")]
    if leftovers:
        return f"temporary files left: {leftovers}"
    if r.code not in (0, -9) and not case.multi_line and r.code not in (130, 143):
        if r.err.count("\n") != 1 or not r.err.startswith("workbench"):
            return f"stderr is not one line: {r.err[:200]!r}"
    if case.fragment and case.fragment not in r.err + r.out:
        return f"message lacks {case.fragment!r}: {r.err.strip()[:160]}"
    if case.out:
        why = _complete_or_absent(Path(_fill(case.out, r.folder)), r.code, before)
        if why:
            return why
    return case.check(r) if case.check else None


def _complete_or_absent(out: Path, code: int, before: dict[Path, bytes]) -> str | None:
    if not out.exists():
        return None
    if code not in (0, 1) and out not in before:
        return f"{out.name} written by a failed run (exit {code})"
    text = out.read_text(encoding="utf-8", errors="replace")
    try:
        if out.suffix == ".jsonl":
            [json.loads(line) for line in text.split("\n")[:-1]]
            if text and not text.endswith("\n"):
                return f"{out.name} ends mid-line"
        elif out.suffix == ".json":
            json.loads(text)
        elif out.suffix == ".csv":
            list(csv.reader(io.StringIO(text)))
    except ValueError as exc:
        return f"{out.name} is partial: {exc}"
    return None


def _kill_group(pgid: int) -> None:
    """Kill the case's whole process group (a wrapper's child, workers, a shell's pipeline)."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass


def run_case(case: Case) -> tuple[Case, int | None, str | None, float]:
    with tempfile.TemporaryDirectory(prefix="hostile-") as d:
        t = Path(d)
        try:
            _prepare(case, t)
        except (OSError, ValueError) as exc:  # e.g. no FIFOs here
            return case, None, f"could not set up: {exc}", 0.0
        before = _snapshot(t)
        r = _run(case, t)
        try:
            return case, r.code, judge(case, r, before), r.seconds
        except Exception as exc:  # the pass's own bug must not hide the other cases
            return case, r.code, f"pass error: {exc!r}", r.seconds
        finally:
            _kill_group(r.pid)  # nothing a case started outlives it


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", default="", help="only cases whose name holds this")
    ap.add_argument("--group", help="only this group (data, answers, facts, output, ...)")
    ap.add_argument("--jobs", type=int, default=1, help="cases run at once (default 1)")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    args = ap.parse_args(argv)
    cases = [c for c in all_cases() if args.k in c.name and args.group in (None, c.group)]
    if args.list:
        for c in cases:
            print(f"{c.group:<12} {c.name}")
        return 0
    failures = 0
    width = max(len(c.name) for c in cases)
    print(f"{'case':<{width}}  {'group':<12} exit  time   result")
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for case, code, why, secs in pool.map(run_case, cases):
            failures += why is not None
            shown = "-" if code is None else str(code)
            verdict = "pass" if why is None else f"FAIL  {why}"
            print(f"{case.name:<{width}}  {case.group:<12} {shown:>4} {secs:5.1f}s  {verdict}".encode(
                sys.stdout.encoding or "utf-8", "backslashreplace").decode(
                sys.stdout.encoding or "utf-8"), flush=True)
    groups = sorted({c.group for c in cases})
    print(f"\n{len(cases)} cases in {len(groups)} groups ({', '.join(groups)}): "
          f"{len(cases) - failures} pass, {failures} fail")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
