"""Committed notebooks carry no outputs and no execution counts (so diffs stay readable).

What is checked is the notebook git stores (the index: what the next commit holds), not the
working copy, so a notebook JupyterLab autosaved with outputs does not fail the tests; the
clean filter (.gitattributes, tools/strip_notebooks.py --filter, set up by `make install`)
strips it on `git add`. Outside a git checkout the file itself is checked. Fix a failure
with `make strip` (tools/strip_notebooks.py).
"""

from __future__ import annotations

import json
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
STRIP = runpy.run_path(str(ROOT / "tools" / "strip_notebooks.py"))


def test_there_are_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "03_breakdowns.ipynb", "04_grounding.ipynb"} <= names
    assert "app.ipynb" in names


def committed_text(path: Path) -> str:
    """The notebook as git stores it (``git show :path``); the file when not in git."""
    if shutil.which("git"):
        rel = path.relative_to(ROOT).as_posix()
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", f":{rel}"], capture_output=True, check=False
        )
        if shown.returncode == 0:
            return shown.stdout.decode("utf-8")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_stripped(path: Path) -> None:
    text = committed_text(path)
    nb = json.loads(text)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        assert cell["outputs"] == [], f"{path.name} cell {i} has outputs: run `make strip`"
        assert cell["execution_count"] is None, f"{path.name} cell {i} has an execution count"
    assert "widgets" not in nb.get("metadata", {}), f"{path.name} stores widget state"
    # one normal form: what `make strip` writes is what the git filter stores
    assert text == STRIP["dumps"](STRIP["strip"](nb)), f"{path.name}: run `make strip`"
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.reads(text, as_version=4))  # stripping keeps it a valid notebook


def test_git_filter_is_the_strip_tool() -> None:
    """.gitattributes sends notebooks through the clean filter that the Makefile configures."""
    attributes = (ROOT / ".gitattributes").read_text(encoding="utf-8")
    assert "*.ipynb filter=strip-notebooks" in attributes
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "filter.strip-notebooks.clean" in makefile
    assert "tools/strip_notebooks.py --filter" in makefile


def _dirty_notebook() -> dict:
    return {
        "cells": [
            {"cell_type": "markdown", "id": "m", "metadata": {}, "source": ["# title"]},
            {
                "cell_type": "code",
                "id": "c",
                "execution_count": 7,
                "metadata": {"tags": ["keep"], "execution": {"iopub.status.busy": "x"}},
                "outputs": [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}],
                "source": ["print('hi')"],
            },
        ],
        "metadata": {"kernelspec": {"name": "python3"}, "widgets": {"state": {}}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_strip_tool_strips_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "dirty.ipynb"
    path.write_text(json.dumps(_dirty_notebook()), encoding="utf-8")
    main = STRIP["main"]
    assert main(["--check", str(path)]) == 1
    assert "dirty.ipynb: has outputs" in capsys.readouterr().out
    assert main([str(path)]) == 0
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = nb["cells"][1]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert code["metadata"] == {"tags": ["keep"]}  # tags stay, run-time metadata goes
    assert code["source"] == ["print('hi')"] and nb["cells"][0]["source"] == ["# title"]
    assert nb["metadata"] == {"kernelspec": {"name": "python3"}}
    assert main(["--check", str(path)]) == 0  # idempotent
    before = path.read_bytes()
    assert main([str(path)]) == 0 and path.read_bytes() == before


def test_filter_stores_an_autosaved_notebook_stripped() -> None:
    """git's clean filter: a notebook saved with outputs and a save's own metadata goes in
    stripped, in the same form as `make strip`; anything else passes through unchanged."""
    import sys

    saved = _dirty_notebook()
    saved["metadata"]["kernelspec"]["display_name"] = "Python 3 (ipykernel)"
    saved["metadata"]["language_info"] = {"name": "python", "version": "3.11.2"}
    cmd = [sys.executable, str(ROOT / "tools" / "strip_notebooks.py"), "--filter"]
    out = subprocess.run(cmd, input=json.dumps(saved).encode(), capture_output=True, check=True)
    assert out.stdout.decode("utf-8") == STRIP["dumps"](STRIP["strip"](saved))
    stored = json.loads(out.stdout)
    assert stored["cells"][1]["outputs"] == [] and stored["cells"][1]["execution_count"] is None
    assert stored["metadata"] == {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "name": "python3"}
    }
    garbage = b"not a notebook \xff"
    out = subprocess.run(cmd, input=garbage, capture_output=True, check=True)
    assert out.stdout == garbage


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_autosave_with_outputs_leaves_git_status_clean(tmp_path: Path) -> None:
    """The filter plus `make lab`'s post-save hook (tools/jupyter_lab_config.py): outputs
    saved into a tracked notebook leave `git status` clean; an edit of its code does not."""
    import sys

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=tmp_path, capture_output=True, text=True, check=True
        ).stdout

    strip_tool = ROOT / "tools" / "strip_notebooks.py"
    git("init", "-q")
    git("config", "user.email", "t@example.com")
    git("config", "user.name", "t")
    git("config", "filter.strip-notebooks.clean", f'"{sys.executable}" "{strip_tool}" --filter')
    shutil.copy(ROOT / ".gitattributes", tmp_path / ".gitattributes")
    (tmp_path / "notebooks").mkdir()
    nb_path = tmp_path / "notebooks" / "n.ipynb"  # below the top, like the project's
    clean = STRIP["strip"](_dirty_notebook())
    clean["metadata"]["kernelspec"]["display_name"] = "Python 3 (ipykernel)"
    nb_path.write_text(STRIP["dumps"](clean), encoding="utf-8")
    git("add", ".")
    git("commit", "-qm", "stripped")

    saved = json.loads(json.dumps(clean))
    saved["cells"][1]["outputs"] = [
        {"output_type": "stream", "name": "stdout", "text": ["hi\n" * 50]}
    ]
    saved["cells"][1]["execution_count"] = 3
    saved["metadata"]["language_info"] = {"name": "python", "version": "3.11.2"}
    nb_path.write_text(STRIP["dumps"](saved), encoding="utf-8")
    assert git("diff", "--stat") == ""  # the filter: no content change
    hook = runpy.run_path(str(ROOT / "tools" / "jupyter_lab_config.py"))["refresh_git_index"]
    hook(os_path=str(nb_path), model={}, contents_manager=None)
    assert git("status", "--porcelain") == ""

    saved["cells"][1]["source"] = ["print('changed')"]
    nb_path.write_text(STRIP["dumps"](saved), encoding="utf-8")
    hook(os_path=str(nb_path))
    assert git("status", "--porcelain").strip() == "M notebooks/n.ipynb"
