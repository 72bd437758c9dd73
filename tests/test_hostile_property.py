"""Property-based hostile input: generated data files, answers files, facts, review logs
and output paths, run through the CLI in process, against the rules every command keeps:

- the exit code is 0, 1 or 2, and nothing prints a traceback;
- a failure is one line on stderr (``validate`` prints one line per problem on stdout);
- every input file is byte-identical afterwards;
- an output is complete (it parses) or absent, and no temporary file is left behind;
- no review decision is lost: every appended entry is read back, in order.

Hypothesis generates the cases (about 50-80 per property, no deadline); a failure here is
a class of failure, fixed where the class starts, not one instance.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import io
import json
import re
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_grounding import fake_ground
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.io import json_line
from workbench.review.log import append_review, make_entry, read_review_log
from workbench.scoring import answers as scoring
from workbench.terminal import visible

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# -- strategies ------------------------------------------------------------------------------

#: the conftest's valid records (r1, r2, r3), set by the autouse fixture below; strategies
#: draw inside the test, after fixtures ran, and each gets a fresh copy
_BASE: list[list[dict[str, Any]]] = []


def make_records() -> list[dict[str, Any]]:
    return copy.deepcopy(_BASE[0])


@pytest.fixture(autouse=True)
def _base_records(records: list[dict[str, Any]]) -> None:
    _BASE[:] = [copy.deepcopy(records)]


#: any code point, lone surrogates included (they reach JSON as \ud800 escapes)
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)
#: text UTF-8 can hold: everything but lone surrogates
utf8_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
hostile_chars = st.sampled_from(
    ["\x00", "\x1b[2J", "\r", "\n", "\x85", "\u2028", "\u2029", "\u202e", "\ufeff", "\ud800",
     "\udfff", "א", '"', "\\", ",", "<OR>", "<AND>", " "]
)
hostile_text = st.lists(st.one_of(hostile_chars, any_text), max_size=6).map("".join)
numbers = st.one_of(
    st.integers(),
    st.integers(min_value=2**62, max_value=2**200),
    st.integers(min_value=-(2**200), max_value=-1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -1, 1e30, 10**30, 2**63, -(2**63) - 1, 0.5, True, False]),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, hostile_text)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path (keys and indexes) into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@st.composite
def mutated_records(draw: st.DrawFn) -> list[Any]:
    """The valid fixture with one to three fields replaced, deleted or nested deeply."""
    records: list[Any] = make_records()
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(records) if p]
        path = draw(st.sampled_from(paths))
        parent = records
        for step in path[:-1]:
            parent = parent[step]
        how = draw(st.sampled_from(["replace", "delete", "nest"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "nest":
            parent[path[-1]] = json.loads("[" * 200 + "]" * 200)
        else:
            parent[path[-1]] = draw(json_values)
    return records


def _dumps(value: Any) -> bytes:
    # ensure_ascii writes lone surrogates as \ud800 escapes, as a hostile producer would
    return json.dumps(value, ensure_ascii=draw_ascii(value)).encode("utf-8", "surrogatepass")


def draw_ascii(value: Any) -> bool:
    """Escapes when the value holds a lone surrogate (raw ones are not UTF-8 at all)."""
    return "\\ud" in json.dumps(value)


#: fields whose text may be anything (the offsets tie source_text and excerpts together)
FREE_TEXT = ("id", "source_task_id", "document_id", "question", "reference_answer", "text",
             "annotator_id", "verification_method")


@st.composite
def hostile_valid_records(draw: st.DrawFn) -> list[Any]:
    """Valid records whose free text is hostile: control characters, separators, bidi
    overrides, NUL, quotes: everything but what the validator refuses."""
    records: list[Any] = make_records()
    texts = hostile_text.filter(lambda s: s.strip() and not any(
        0xD800 <= ord(c) <= 0xDFFF for c in s))
    for i, rec in enumerate(records):
        for path in [p for p in _paths(rec) if p and p[-1] in FREE_TEXT]:
            if draw(st.booleans()):
                parent = rec
                for step in path[:-1]:
                    parent = parent[step]
                value = draw(texts)
                parent[path[-1]] = f"{i}{value}" if path[-1] in ("id", "annotator_id") else value
    return records


@st.composite
def data_file_bytes(draw: st.DrawFn) -> bytes:
    """A dataset file: mutated records, a random JSON value, or bytes cut and spliced."""
    kind = draw(st.sampled_from(["mutated", "random", "bytes", "hostile text"]))
    if kind == "random":
        return _dumps(draw(json_values))
    if kind == "hostile text":
        return _dumps(draw(hostile_valid_records()))
    raw = _dumps(draw(mutated_records()) if kind == "mutated" else make_records())
    if kind == "bytes":
        how = draw(st.sampled_from(["bom", "truncate", "splice", "nest"]))
        if how == "bom":
            raw = b"\xef\xbb\xbf" + raw
        elif how == "truncate":
            raw = raw[: draw(st.integers(0, len(raw)))]
        elif how == "splice":
            at = draw(st.integers(0, len(raw)))
            raw = raw[:at] + draw(st.binary(max_size=8)) + raw[at:]
        else:
            raw = b"[" * 100_000 + raw
    return raw


# -- running the CLI and checking the rules --------------------------------------------------


@contextlib.contextmanager
def workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)


def _snapshot(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def run_checked(
    argv: list[str],
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    *,
    multi_line_ok: bool = False,
    output: Path | None = None,
) -> tuple[int, str, str]:
    """Run the CLI and assert the rules that hold for every command (``output``, a file
    the command does not read, may be replaced)."""
    before = _snapshot(folder)
    if output is not None:
        with contextlib.suppress(ValueError, OSError):
            before.pop(output.resolve(), None)
            before.pop(output, None)
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in out + err, err
    after = _snapshot(folder)
    assert {p: after.get(p) for p in before} == before, "an input file changed"
    assert not list(folder.rglob(".*.tmp")), "a temporary file was left behind"
    if code and not multi_line_ok:
        # one line, from the program or the command ("workbench synth: error: ..." for a
        # usage error of its options, e.g. an output name starting with "-")
        assert err.count("\n") == 1 and re.match(r"workbench( [a-z-]+)?: error: ", err), err
    return code, out, err


def assert_complete_or_absent(out: Path, code: int, *, existed: bool = False) -> None:
    """A failed run (exit 2) leaves no output; a run that wrote one wrote all of it."""
    if code == 2 and not existed:
        assert not out.exists(), f"{out} written by a failed run"
        return
    if not out.exists():
        return
    text = out.read_text(encoding="utf-8")
    if out.suffix == ".jsonl":
        assert text.endswith("\n") or not text
        for line in text.split("\n")[:-1]:
            json.loads(line)
    elif out.suffix == ".json":
        json.loads(text)
    elif out.suffix == ".csv":
        list(csv.reader(io.StringIO(text)))


@pytest.fixture(autouse=True)
def _fake_grounder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "default_grounder", lambda: fake_ground)


# -- properties ------------------------------------------------------------------------------

DATA_COMMANDS = {
    "validate": ["validate"],
    "records": ["records"],
    "report": ["report"],
    "report lenient": ["report", "--lenient", "--format", "json"],
    "check": ["check", "--record", "r1", "--answer", "התקציב גדל ב-12%.", "--format", "json"],
    "export": ["export-fmeval", "--facts", "{t}/facts.jsonl", "--out", "{t}/o.jsonl"],
    "sample": ["review-sample", "--risk", "critical", "--seed", "1", "--no-judge",
               "--out", "{t}/q.jsonl"],
    "apply": ["review-apply", "--log", "{t}/log.jsonl", "--out", "{t}/r.json"],
    "score": ["score", "--answers", "{t}/a.jsonl", "--out", "{t}/s.jsonl", "--no-progress"],
}


@SETTINGS
@given(raw=data_file_bytes(), command=st.sampled_from(sorted(DATA_COMMANDS)))
def test_hostile_data_files(raw: bytes, command: str, capsys) -> None:
    with workdir() as t:
        data = t / "data.json"
        data.write_bytes(raw)
        (t / "facts.jsonl").write_text('{"id": "r1", "fact": "12%"}\n')
        (t / "a.jsonl").write_text('{"id": "r1", "answer": "משפט ראשון."}\n')
        append_review(t / "log.jsonl", make_entry("fact", "r1", "dana", fact="12%"))
        argv = [a.format(t=t) for a in DATA_COMMANDS[command]] + ["--data", str(data)]
        # validate lists problems, score lists skipped rows: one line each, then a summary
        multi = command in ("validate", "score")
        code, out, err = run_checked(argv, t, capsys, multi_line_ok=multi)
        if multi and code == 2:
            assert err.count("\n") == 1, err
        event(f"exit {code}" + (f": {err.split(': ')[-1][:40]}" if code == 2 else ""))
        if command == "validate" and code == 1:
            assert err.count("\n") == 1 and out  # the summary, and the problems listed
        if "--out" in argv:
            assert_complete_or_absent(Path(argv[argv.index("--out") + 1]), code)
        if code == 0 and command.startswith("report") and "json" in argv:
            json.loads(out)


answer_rows = st.fixed_dictionaries(
    {"id": st.one_of(*[st.sampled_from(["r1", "r2", "r3", " r1 "])] * 3, hostile_text, numbers)},
    optional={
        "answer": st.one_of(hostile_text, hostile_text, utf8_text, numbers, st.none(), json_values),
        "model": st.one_of(hostile_text, st.none(), numbers),
        "fact": st.one_of(hostile_text, st.none()),
    },
)


@st.composite
def answers_file(draw: st.DrawFn) -> tuple[str, bytes]:
    rows = draw(st.lists(answer_rows, min_size=0, max_size=6))
    if draw(st.booleans()):
        lines = [_dumps(r) for r in rows]
        if draw(st.booleans()):
            lines.append(draw(st.binary(max_size=20)).replace(b"\n", b""))  # a broken line
        raw = b"\n".join(lines) + (b"\n" if draw(st.booleans()) else b"")
        return "a.jsonl", raw
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["id", "answer", "model"])
    for r in rows:
        w.writerow([str(r.get(k, "")) for k in ("id", "answer", "model")])
    raw = buf.getvalue().encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        raw = raw[: draw(st.integers(0, len(raw)))]
    return "a.csv", raw


@SETTINGS
@given(answers=answers_file(), out_suffix=st.sampled_from([".jsonl", ".csv", ".parquet"]))
def test_hostile_answers_files(answers: tuple[str, bytes], out_suffix: str, capsys) -> None:
    name, raw = answers
    with workdir() as t:
        data = t / "data.json"
        data.write_text(json.dumps(make_records(), ensure_ascii=False), encoding="utf-8")
        (t / name).write_bytes(raw)
        out = t / f"s{out_suffix}"
        argv = ["score", "--data", str(data), "--answers", str(t / name), "--out", str(out),
                "--no-progress"]
        code, _, err = run_checked(argv, t, capsys, multi_line_ok=True)
        if code == 2:
            assert err.count("\n") == 1, err
        event(f"exit {code}" + (f": {err.split(': ')[-1][:40]}" if code == 2 else ""))
        if out_suffix != ".parquet":
            assert_complete_or_absent(out, code)
        elif code == 2:
            assert not out.exists()


facts_rows = st.fixed_dictionaries(
    {"id": st.one_of(st.sampled_from(["r1", "r2", "r3"]), hostile_text)},
    optional={"fact": st.one_of(hostile_text, numbers, st.none(), json_values)},
)


@SETTINGS
@given(rows=st.lists(facts_rows, max_size=5), broken=st.binary(max_size=12))
def test_hostile_facts_files(rows: list[dict], broken: bytes, capsys) -> None:
    with workdir() as t:
        data = t / "data.json"
        data.write_text(json.dumps(make_records(), ensure_ascii=False), encoding="utf-8")
        facts = t / "facts.jsonl"
        facts.write_bytes(b"".join(_dumps(r) + b"\n" for r in rows) + broken.replace(b"\n", b""))
        out = t / "e.jsonl"
        argv = ["export-fmeval", "--data", str(data), "--facts", str(facts), "--out", str(out)]
        code, _, _ = run_checked(argv, t, capsys)
        assert_complete_or_absent(out, code)


log_ops = st.lists(
    st.one_of(
        st.tuples(
            st.just("append"),
            st.sampled_from(["claim", "answer", "fact", "exclude"]),
            utf8_text.filter(lambda s: s.strip() and "<OR>" not in s and "<AND>" not in s),
        ),
        # garbage that is no entry (starts with '#'), torn (no newline) or whole
        st.tuples(st.just("garbage"), st.binary(max_size=30), st.booleans()),
    ),
    max_size=12,
)


@SETTINGS
@given(ops=log_ops)
def test_no_decision_is_lost(ops: list[tuple], capsys) -> None:
    with workdir() as t:
        log = t / "log.jsonl"
        appended: list[dict[str, Any]] = []
        corrupt = 0
        torn = False
        for op in ops:
            if op[0] == "append":
                _, action, text = op
                fields = {
                    "claim": {"claim_id": 0, "decision": "outdated"},
                    "answer": {"answer": text},
                    "fact": {"fact": text},
                    "exclude": {"note": text},
                }[action]
                appended.append(append_review(log, make_entry(action, "r1", text, **fields)))
                torn = False  # the writer ended any torn line before its entry
            else:
                _, junk, newline = op
                with log.open("ab") as fh:
                    fh.write(b"#" + junk.replace(b"\n", b"") + (b"\n" if newline else b""))
                corrupt += not torn  # garbage glued to a torn line makes one bad line
                torn = not newline
        got = read_review_log(log)
        assert got.entries == appended
        assert len(got.problems) == corrupt
        if log.exists():
            assert log.read_bytes().count(b"\n") >= len(appended)
            data = t / "data.json"
            data.write_text(json.dumps(make_records(), ensure_ascii=False), encoding="utf-8")
            out = t / "r.json"
            argv = ["review-apply", "--data", str(data), "--log", str(log), "--out", str(out)]
            code, _, err = run_checked(argv, t, capsys, multi_line_ok=True)
            assert code == (1 if corrupt else 0)
            assert err.count("\n") == min(corrupt, 20) + (corrupt > 20)
            assert_complete_or_absent(out, code)


def test_concurrent_appends_from_threads_with_a_torn_tail() -> None:
    with workdir() as t:
        log = t / "log.jsonl"
        log.write_bytes(b'{"torn": ')
        texts = ["a\u2028b", "c\x85d", "e\rf", "ג\u2029ד"]

        def writer(k: int) -> None:
            for i in range(25):
                append_review(log, make_entry("answer", "r1", f"w{k}", answer=f"{i} {texts[k]}"))

        threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        got = read_review_log(log)
        assert [p.line for p in got.problems] == [1]
        for k in range(4):
            mine = [e["answer"] for e in got.entries if e["reviewer"] == f"w{k}"]
            assert mine == [f"{i} {texts[k]}" for i in range(25)]


out_names = st.one_of(
    hostile_text.map(lambda s: s[:40] + ".json"),
    st.sampled_from(["adir.json", "afile/x.json", "x" * 300 + ".json", "\0.json", "\ud800.json",
                     "data.json", "log.jsonl.json", "new/deeper/out.json",
                     "~.json", "~nosuchuser/x.json"]),  # "~name" naming no user
)


@SETTINGS
@given(name=out_names, command=st.sampled_from(["synth", "apply", "export"]))
@example(name="~.json", command="synth")  # crashed: Path.expanduser() raised for "~.json"
@example(name="-x.json", command="synth")  # argparse reads it as an option: a usage error
@example(name="~.json", command="apply")
def test_hostile_output_paths(name: str, command: str, capsys, monkeypatch) -> None:
    with workdir() as t:
        monkeypatch.chdir(t)
        (t / "adir.json").mkdir()
        (t / "afile").write_text("a file")
        data = t / "data.json"
        data.write_text(json.dumps(make_records(), ensure_ascii=False), encoding="utf-8")
        append_review(t / "log.jsonl", make_entry("fact", "r1", "dana", fact="12%"))
        out = name if command != "export" else name + "l"
        argv = {
            "synth": ["synth", "--records", "1", "--out", out],
            "apply": ["review-apply", "--data", str(data), "--log", "log.jsonl", "--out", out],
            "export": ["export-fmeval", "--data", str(data), "--out", out],
        }[command]
        target = t / out
        existed = False
        with contextlib.suppress(ValueError, OSError):  # names the OS refuses
            existed = target.exists()
        code, _, _ = run_checked(
            argv, t, capsys, output=target if command == "synth" else None
        )
        with contextlib.suppress(ValueError, OSError):
            if not target.is_dir():
                assert_complete_or_absent(target, code, existed=existed)


@SETTINGS
@given(value=json_values.filter(lambda v: "\\ud" not in json.dumps(v) and "NaN" not in
                                json.dumps(v) and "Infinity" not in json.dumps(v)))
def test_json_line_is_one_line_for_any_value(value: Any) -> None:
    line = json_line({"v": value})
    assert line.endswith("\n") and line.count("\n") == 1
    assert len(line.splitlines()) == 1
    assert json.loads(line) == {"v": value}


@SETTINGS
@given(text=any_text)
def test_visible_one_line_leaves_no_control_character(text: str) -> None:
    shown = visible(text, one_line=True)
    assert len(shown.splitlines()) <= 1
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF
                   or c in "\u2028\u2029\u202a\u202b\u202c\u202d\u202e" for c in shown)
    shown.encode("utf-8")  # printable on any UTF-8 terminal

