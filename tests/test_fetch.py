"""`workbench fetch` without the network: atomic writes, no overwrite, one-line failure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workbench.data.fetch import fetch
from workbench.errors import FetchError, WorkbenchError

VALID = (Path(__file__).parent / "fixtures" / "valid.json").read_bytes()


def fake_download(content: bytes):
    def _dl(dest_dir: Path) -> Path:
        p = dest_dir / "abstractive_qa_for_llm_eval.json"
        p.write_bytes(content)
        return p

    return _dl


def offline(dest_dir: Path) -> Path:
    raise ConnectionError("Failed to resolve 'huggingface.co'\nmore detail")


def test_fetch_writes_file(tmp_path: Path) -> None:
    out = tmp_path / "data" / "real.json"
    fetch(out, downloader=fake_download(VALID))
    assert out.read_bytes() == VALID
    assert [p.name for p in out.parent.iterdir()] == ["real.json"]  # no temp files left


def test_fetch_never_overwrites_without_force(tmp_path: Path) -> None:
    out = tmp_path / "real.json"
    out.write_text("[]")
    with pytest.raises(WorkbenchError, match="already exists; pass --force"):
        fetch(out, downloader=fake_download(VALID))
    assert out.read_text() == "[]"
    fetch(out, force=True, downloader=fake_download(VALID))
    assert json.loads(out.read_bytes())[0]["id"] == "r1"


def test_offline_fails_in_one_line_and_says_how_by_hand(tmp_path: Path) -> None:
    out = tmp_path / "real.json"
    with pytest.raises(FetchError) as info:
        fetch(out, downloader=offline)
    msg = str(info.value)
    assert "\n" not in msg
    assert "by hand" in msg and "huggingface.co/datasets/" in msg
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_broken_download_keeps_existing_file(tmp_path: Path) -> None:
    out = tmp_path / "real.json"
    out.write_text("[]")
    with pytest.raises(FetchError, match="unusable"):
        fetch(out, force=True, downloader=fake_download(b'[{"id": '))
    assert out.read_text() == "[]"
