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
    with pytest.raises(WorkbenchError, match="already exists"):
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


def test_offline_message_names_the_out_path(tmp_path: Path) -> None:
    """`fetch --out X` offline says to save the file as X, not as the default path."""
    out = tmp_path / "elsewhere" / "mine.json"

    def unreachable(dest_dir: Path) -> Path:
        raise FetchError("cannot reach huggingface.co (offline?)")

    with pytest.raises(FetchError) as err:
        fetch(out, downloader=unreachable)
    msg = str(err.value)
    assert f"save it as {out}" in msg
    assert "data/abstractive_qa_for_llm_eval.json" not in msg.split("save it as")[1]
    assert "\n" not in msg
    assert not out.exists()


def test_cli_says_how_to_replace_an_existing_file(tmp_path: Path, capsys) -> None:
    from workbench.cli import main

    out = tmp_path / "real.json"
    out.write_text("[]")
    assert main(["fetch", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already exists; pass --force" in err
    assert out.read_text() == "[]"
