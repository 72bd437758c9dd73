"""Loader: where data comes from, what it says about itself, and unreadable files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from workbench.data import dataset as ds_mod
from workbench.data.dataset import load_dataset, read_json_array, resolve_path
from workbench.errors import InputFileError, ValidationError, WorkbenchError


def test_load_reports_path_kind_and_sha256(dataset_file: Path) -> None:
    ds = load_dataset(dataset_file)
    assert len(ds.records) == 3
    assert ds.source.path == dataset_file
    assert ds.source.kind == "custom"
    assert ds.source.sha256 == hashlib.sha256(dataset_file.read_bytes()).hexdigest()
    assert not ds.is_demo


def test_resolution_order(monkeypatch, tmp_path: Path, dataset_file: Path) -> None:
    real = tmp_path / "real.json"
    demo = tmp_path / "demo.json"
    monkeypatch.setattr(ds_mod, "REAL_PATH", real)
    monkeypatch.setattr(ds_mod, "DEMO_PATH", demo)
    monkeypatch.delenv("WORKBENCH_DATA", raising=False)
    assert resolve_path() == (demo, "demo")  # nothing else there: the demo set
    real.write_text("[]")
    assert resolve_path() == (real, "real")  # the real file wins over the demo
    monkeypatch.setenv("WORKBENCH_DATA", str(dataset_file))
    assert resolve_path() == (dataset_file, "custom")  # the variable wins over both
    other = tmp_path / "other.json"
    assert resolve_path(other) == (other, "custom")  # an explicit path wins over all
    assert resolve_path(demo)[1] == "demo"  # naming the demo file still says demo


def test_record_lookup(dataset_file: Path) -> None:
    ds = load_dataset(dataset_file)
    assert ds.record("r2")["genre"] == "dialogue"
    with pytest.raises(WorkbenchError, match="no record with id 'nope'"):
        ds.record("nope")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "file is empty"),
        (b"  \n", "file is empty"),
        (b"\xff\xfe[]", "not UTF-8"),
        (b'[{"id": "a"', "truncated JSON"),
        # cut inside a string: the decoder points at the string's start, not the end
        (b'[{"id": "a", "question": "a long question cut sh', "truncated JSON"),
        (b"[1, 2,, 3]", "not valid JSON"),
        (b'{"id": "a"}', "expected a JSON array"),
        (b'"text"', "expected a JSON array"),
    ],
)
def test_unreadable_files_give_one_line(write_json, content: bytes, expected: str) -> None:
    path = write_json(content)
    before = path.read_bytes()
    with pytest.raises(InputFileError) as info:
        load_dataset(path)
    message = str(info.value)
    assert expected in message
    assert str(path) in message
    assert "\n" not in message
    assert path.read_bytes() == before  # never modified


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="file not found"):
        load_dataset(tmp_path / "absent.json")
    with pytest.raises(InputFileError, match="not a regular file"):
        load_dataset(tmp_path)


def test_huge_file_refused_before_reading(monkeypatch, write_json) -> None:
    path = write_json(b"[" + b" " * 5000 + b"]")
    monkeypatch.setenv("WORKBENCH_MAX_BYTES", "1000")
    with pytest.raises(InputFileError, match="over the 1,000-byte limit"):
        read_json_array(path)


def test_strict_load_lists_every_problem(write_json, records) -> None:
    records[0]["genre"] = "poetry"
    records[2]["difficulty"] = 7
    path = write_json(records)
    with pytest.raises(ValidationError) as info:
        load_dataset(path)
    assert len(info.value.problems) == 2
    assert "2 problem(s)" in str(info.value)


def test_lenient_load_keeps_valid_records(write_json, records) -> None:
    records[1]["claims"][0]["attribution"][0]["end_char"] = 10_000
    path = write_json(records)
    ds = load_dataset(path, lenient=True)
    assert [r["id"] for r in ds.records] == ["r1", "r3"]
    assert ds.skipped == 1
    assert ds.problems[0].record_id == "r2"


def test_bom_is_accepted(write_json, records) -> None:
    path = write_json(b"\xef\xbb\xbf" + json.dumps(records).encode())
    assert len(load_dataset(path).records) == 3
