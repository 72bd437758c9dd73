"""Committed notebooks carry no outputs and no execution counts (so diffs stay readable).

Fix a failure with `make strip` (tools/strip_notebooks.py).
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
STRIP = runpy.run_path(str(ROOT / "tools" / "strip_notebooks.py"))


def test_there_are_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "03_breakdowns.ipynb", "04_grounding.ipynb"} <= names
    assert "app.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_stripped(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        assert cell["outputs"] == [], f"{path.name} cell {i} has outputs: run `make strip`"
        assert cell["execution_count"] is None, f"{path.name} cell {i} has an execution count"
    assert "widgets" not in nb.get("metadata", {}), f"{path.name} stores widget state"


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
