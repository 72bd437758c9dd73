"""The CLI end to end: exit codes, one-line errors, the report's JSON shape."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = FIXTURES / "broken"
EXPECTED = json.loads((BROKEN / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_broken_fixture(name: str, capsys) -> None:
    code, fragment = EXPECTED[name]
    path = BROKEN / name
    before = path.read_bytes()
    assert main(["validate", "--data", str(path)]) == code
    out, err = capsys.readouterr()
    assert fragment in out + err
    assert "Traceback" not in out + err
    assert path.read_bytes() == before


def test_every_problem_kind_has_a_fixture() -> None:
    assert len(EXPECTED) == len([p for p in BROKEN.glob("*.json") if p.name != "expected.json"])


def test_validate_clean_file_exits_zero(capsys) -> None:
    assert main(["validate", "--data", str(FIXTURES / "valid.json")]) == 0
    assert "3 records, 0 with problems" in capsys.readouterr().out


def test_unreadable_file_error_is_one_line_on_stderr(capsys) -> None:
    assert main(["report", "--data", str(BROKEN / "truncated.json")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("workbench: error: ")


def test_report_json_shape(capsys) -> None:
    assert main(["report", "--data", str(FIXTURES / "valid.json"), "--format", "json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["source"]["kind"] == "custom"
    assert len(rep["source"]["sha256"]) == 64
    # counts known by construction of tests/conftest.py
    assert rep["key_numbers"] == {
        "records": 3,
        "claims": 4,
        "attribution_spans": 5,
        "attribution_spans_verified": 5,
        "human_rating_entries": 9,
    }
    assert rep["genre"] == {"dialogue": 1, "encyclopedic": 2, "journalistic": 0}
    assert rep["difficulty"] == {"0": 1, "1": 1, "2": 1}
    assert rep["card"]["key_numbers"]["records"] == 132
    assert rep["card"]["genre"] == {"dialogue": 47, "encyclopedic": 44, "journalistic": 41}
    row = next(r for r in rep["comparison"] if r["metric"] == "key_numbers.records")
    assert row == {"metric": "key_numbers.records", "computed": 3, "published": 132, "match": False}


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_report_text_formats(fmt: str, capsys) -> None:
    assert main(["report", "--data", str(FIXTURES / "valid.json"), "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "records" in out and "132" in out and "✗" in out


def test_lenient_report_skips_bad_records(capsys) -> None:
    path = BROKEN / "bad_genre.json"
    assert main(["report", "--data", str(path), "--format", "json"]) == 1
    capsys.readouterr()
    assert main(["report", "--data", str(path), "--format", "json", "--lenient"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["key_numbers"]["records"] == 2 and rep["skipped_records"] == 1


def test_demo_report_has_banner(capsys, monkeypatch, tmp_path: Path) -> None:
    from workbench.data import dataset as ds_mod

    demo = tmp_path / "demo.json"
    demo.write_bytes((FIXTURES / "valid.json").read_bytes())
    monkeypatch.setattr(ds_mod, "DEMO_PATH", demo)
    monkeypatch.setattr(ds_mod, "REAL_PATH", tmp_path / "absent.json")
    monkeypatch.delenv("WORKBENCH_DATA", raising=False)
    assert main(["report", "--format", "json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["demo"] is True and "NOT the card's" in rep["banner"]
    assert main(["report"]) == 0
    assert "DEMO DATA" in capsys.readouterr().out


def test_synth_then_validate_roundtrip(tmp_path: Path, capsys) -> None:
    out = tmp_path / "s.json"
    assert main(["synth", "--records", "25", "--seed", "3", "--out", str(out)]) == 0
    assert main(["validate", "--data", str(out)]) == 0
    first = out.read_bytes()
    assert main(["synth", "--records", "25", "--seed", "3", "--out", str(out)]) == 0
    assert out.read_bytes() == first  # same seed, same bytes
    assert main(["synth", "--records", "0", "--out", str(out)]) == 2


def test_console_script_runs_as_module() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "workbench", "validate", "--data", str(BROKEN / "empty.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "file is empty" in proc.stderr and "Traceback" not in proc.stderr


def test_every_command_and_option_has_a_help_line() -> None:
    """No command or option without help, no doubled percent signs or raw ``markup``."""
    import argparse

    from workbench.cli import COMMANDS, build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == set(COMMANDS)
    for name, p in sub.choices.items():
        assert p.description, f"{name} has no description"
        text = p.format_help()
        assert "%%" not in text and "``" not in text, name
        for action in p._actions:
            if action.help == argparse.SUPPRESS:
                continue
            assert action.help, f"{name} {action.option_strings or action.dest} has no help"
