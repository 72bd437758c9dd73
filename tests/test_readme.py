"""The README runs as written: every ``sh`` and ``python`` block, in order, in a fresh shell.

The quick start (``make lab`` / ``make test``) has already run when this test runs (it is
part of ``make test``), so its virtualenv exists; the README then says to activate it, and
every later command is run verbatim, in one bash process (``set -e``), from the
repository root. Outputs go to ``out/`` (git-ignored); the test checks that running the
README leaves ``git status`` as it was.

A few commands cannot run inside the test suite; each is listed in ``NOT_RUN`` with the
reason and replaced by a cheaper check of the same command (its ``--help``), so a renamed
script or option still fails here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

#: command prefix -> (why it is not run here, what runs instead)
NOT_RUN: dict[str, tuple[str, str]] = {
    "make lab": ("opens JupyterLab and waits", "make -n lab"),
    "make test": ("this test is part of it", "make -n test"),
    "make app": ("serves a page until Ctrl+C", "make -n app"),
    "make notebooks-html": ("executes every notebook (a minute); tests/ run them", "make -n notebooks-html"),
    "make bench": ("a benchmark of minutes", "make -n bench"),
    "workbench fetch": ("needs the network (the hub)", "workbench fetch --help"),
    "python bench/": ("benchmarks take minutes", "{cmd} --help"),
}

FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list[str]:
    return [body for lang, body in FENCE.findall(README.read_text(encoding="utf-8")) if lang == kind]


def shell_lines() -> list[str]:
    """The README's shell commands in order, continuation lines joined, comments kept out."""
    out: list[str] = []
    for body in blocks("sh"):
        for line in body.replace("\\\n", " ").splitlines():
            cmd = line.split("  #", 1)[0].strip()
            if cmd and not cmd.startswith("#"):
                out.append(cmd)
    return out


def runnable(cmd: str) -> str:
    for prefix, (_why, instead) in NOT_RUN.items():
        if cmd.startswith(prefix):
            script = cmd.split()[:2] if prefix == "python bench/" else []
            return instead.format(cmd=" ".join(script))
    return cmd


def git_status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    ).stdout


needs_venv = pytest.mark.skipif(
    not (ROOT / ".venv" / "bin" / "activate").exists(),
    reason="the README's commands run in the project's .venv (make install creates it)",
)
needs_git = pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")


def test_readme_has_the_quick_start_and_activation() -> None:
    lines = shell_lines()
    assert lines[:2] == ["make lab", "make test"], lines[:3]
    assert ". .venv/bin/activate" in lines, "the README must say how to activate the venv"


@needs_venv
@needs_git
def test_every_shell_command_runs_as_written() -> None:
    before = git_status()
    script = "set -euo pipefail\n" + "\n".join(
        f"echo '>>> {c.replace(chr(39), '')}' >&2\n{runnable(c)}" for c in shell_lines()
    )
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    # Every command of the README in one shell: about 5 minutes on an idle 2-core machine,
    # most of it fit_calibration's --loso and --tiers over 33 dev sets; the limit leaves room
    # for a loaded machine (seen: over 10 minutes with four other jobs running).
    res = subprocess.run(
        ["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500
    )
    last = [ln for ln in res.stderr.splitlines() if ln.startswith(">>> ")][-1:]
    assert res.returncode == 0, f"failed at {last}: {res.stderr[-2000:]}"
    assert git_status() == before, "running the README changed the checkout"


@needs_venv
@pytest.mark.parametrize("n", range(len(blocks("python"))))
def test_every_python_block_runs(n: int) -> None:
    code = blocks("python")[n]
    if "fmeval" in code:
        pytest.importorskip("fmeval", reason="the FMEval snippet needs `pip install fmeval`")
    res = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert res.returncode == 0, res.stderr[-2000:]
