"""JupyterLab settings of ``make lab`` (``jupyter lab --config=tools/jupyter_lab_config.py``).

One setting: after JupyterLab saves a notebook (an autosave too), git is told to look at
its content again, so ``git status`` stays clean when only outputs changed.

Why it is needed: the clean filter (.gitattributes, ``tools/strip_notebooks.py --filter``)
already stores notebooks stripped, so ``git diff`` and commits never see outputs. But
``git status`` trusts the file size it recorded: a save with outputs changes the size, and
git lists the notebook as modified without running the filter. The hook re-records the
notebook's *same* blob (``git update-index --cacheinfo``, nothing is staged), which makes
git compare content through the filter on the next ``git status``: clean if only outputs
changed, modified if the code or text changed. Outside git, or for an untracked or
conflicted notebook, it does nothing.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any


def refresh_git_index(os_path: str | None = None, **_: Any) -> None:
    """ContentsManager post-save hook: make git re-read a saved, tracked notebook."""
    if not os_path or not os_path.endswith(".ipynb"):
        return
    path = Path(os_path)

    def git(*args: str, cwd: Path = path.parent) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=10)

    try:
        top = git("rev-parse", "--show-toplevel")
        listed = git("ls-files", "--stage", "--full-name", "--", path.name)
        lines = listed.stdout.splitlines()
        if top.returncode != 0 or listed.returncode != 0 or len(lines) != 1:
            return  # not in git, untracked, or in a merge conflict (several stages)
        meta, _, name = lines[0].partition("\t")  # name: from the top of the checkout
        mode, blob, stage = meta.split()
        if stage == "0":
            git(
                "update-index", "--cacheinfo", f"{mode},{blob},{name}", cwd=Path(top.stdout.strip())
            )
    except (OSError, ValueError, subprocess.SubprocessError):
        return  # never let git trouble break a save


if "get_config" in globals():  # loaded by Jupyter as a config file
    c = get_config()  # noqa: F821
    c.ContentsManager.post_save_hook = refresh_git_index
