"""Strip outputs, execution counts and run-time metadata from notebooks, so diffs stay readable.

    python tools/strip_notebooks.py [--check] [NOTEBOOK ...]   # default: notebooks/*.ipynb
    python tools/strip_notebooks.py --filter < in.ipynb > out.ipynb   # git's clean filter

Without ``--check`` the notebooks are rewritten in place (only those that change). With
``--check`` nothing is written: the notebooks that still hold outputs are listed and the
exit code is 1. ``make strip`` runs the first form; ``tests/test_notebooks_hygiene.py``
checks the committed notebooks. Written in the same layout as nbformat (one-space indent,
sorted keys, UTF-8), so a stripped notebook opens unchanged in JupyterLab.

``--filter`` is the git clean filter that ``make lab`` / ``make install`` configure
(``git config filter.strip-notebooks.clean``, used by ``.gitattributes``): git stores every
notebook in this one normal form, so a notebook JupyterLab autosaved with outputs leaves
``git status`` clean, and ``make strip`` and the filter never disagree. The normal form
also drops ``language_info``, which a save rewrites by itself (the notebooks' kernelspec
is the one JupyterLab writes: "Python 3 (ipykernel)", so a save does not change it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CELL_NOISE = ("execution", "collapsed", "scrolled", "ExecuteTime")
NOTEBOOK_NOISE = ("widgets", "language_info")


def strip(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook without outputs, execution counts and run-time metadata (a new dict)."""
    nb = json.loads(json.dumps(nb))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        meta = cell.get("metadata", {})
        for key in CELL_NOISE:
            meta.pop(key, None)
    meta = nb.get("metadata", {})
    for key in NOTEBOOK_NOISE:
        meta.pop(key, None)
    return nb


def dumps(nb: dict[str, Any]) -> str:
    """nbformat's on-disk layout."""
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true", help="list unstripped notebooks, exit 1")
    parser.add_argument("--filter", action="store_true", help="stdin to stdout (git filter)")
    args = parser.parse_args(argv)
    if args.filter:
        return _filter()
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    dirty = []
    for path in paths:
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            print(f"{path}: cannot read notebook: {exc}", file=sys.stderr)
            return 2
        clean = strip(nb)
        if clean != nb:
            dirty.append(path)
            if not args.check:
                path.write_text(dumps(clean), encoding="utf-8")
    verb = "has outputs or run-time metadata" if args.check else "stripped"
    for path in dirty:
        print(f"{path}: {verb}")
    return 1 if args.check and dirty else 0


def _filter() -> int:
    """git's clean filter: a notebook on stdin, its normal form on stdout. Input that is not
    a notebook passes through unchanged (git must never lose a file to the filter)."""
    data = sys.stdin.buffer.read()
    try:
        nb = json.loads(data.decode("utf-8"))
        out = dumps(strip(nb)).encode("utf-8") if isinstance(nb, dict) else data
    except (UnicodeDecodeError, json.JSONDecodeError):
        out = data
    sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
