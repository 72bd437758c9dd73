"""Execute the notebooks and render each to HTML (``make notebooks-html``).

    python tools/render_notebooks.py [--out build/notebooks] [NOTEBOOK ...]

What ``jupyter nbconvert --to html --execute`` does, with one difference: charts are
rendered as inline SVG (Altair's ``svg`` renderer, through vl-convert), so the pages open
offline; nbconvert's default would leave Vega-Lite specs that need JavaScript from a CDN.
A setup cell that switches the renderer is run first and removed before export. The
notebooks in ``notebooks/`` are never modified. The data is resolved as everywhere else
(``WORKBENCH_DATA``, the real file, the demo set). Prints each notebook's run time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parent.parent
SETUP = "import altair as alt\nalt.renderers.enable('svg')"


def render(path: Path, out_dir: Path, timeout: int = 600) -> tuple[Path, float]:
    """Execute ``path`` (from its folder) and write ``out_dir/<name>.html``."""
    nb = nbformat.read(path, as_version=4)
    setup = nbformat.v4.new_code_cell(SETUP)
    nb.cells.insert(0, setup)
    t0 = time.perf_counter()
    NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": path.parent}}
    ).execute()
    seconds = time.perf_counter() - t0
    nb.cells.pop(0)
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    out = out_dir / f"{path.stem}.html"
    out.write_text(body, encoding="utf-8")
    return out, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "notebooks")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0.0
    for path in paths:
        try:
            out, seconds = render(path, args.out)
        except Exception as exc:  # a failing cell: say which notebook, keep it to one line
            first = str(exc).strip().splitlines()
            print(f"{path}: failed: {first[-1] if first else type(exc).__name__}", file=sys.stderr)
            return 1
        total += seconds
        print(f"{out}  ({seconds:.1f} s)")
    print(f"{len(paths)} notebooks rendered in {total:.1f} s of execution")
    return 0


if __name__ == "__main__":
    sys.exit(main())
