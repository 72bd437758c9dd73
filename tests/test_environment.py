"""environment.yml names the same dependencies as pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(spec: str) -> str:
    return re.split(r"[<>=!~ \[;]", spec.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_matches_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(s) for s in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {_name(s) for s in extra}
    listed = set()
    text = (ROOT / "environment.yml").read_text()
    deps = text.split("dependencies:", 1)[1]
    for line in deps.splitlines():
        m = re.match(r"^\s+-\s+([A-Za-z0-9_.\-]+[^:]*)$", line)
        if m and not m.group(1).startswith("-e"):
            listed.add(_name(m.group(1)))
    listed -= {"python", "pip"}
    assert listed == wanted
    assert "-e .[dev,lab]" in text


def test_core_installs_without_jupyter() -> None:
    """Scripts and CI use the package without Jupyter: that lives in the `lab` extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {_name(s) for s in project["dependencies"]}
    assert not core & {"jupyterlab", "voila", "ipywidgets", "anywidget", "notebook"}
    lab = {_name(s) for s in project["optional-dependencies"]["lab"]}
    assert {"jupyterlab", "voila", "ipywidgets", "anywidget"} <= lab


def test_python_requirement() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11"
    assert project["scripts"]["workbench"] == "workbench.cli:main"
