"""Execute the notebooks and render each to HTML (``make notebooks-html``).

    python tools/render_notebooks.py [--out build/notebooks] [NOTEBOOK ...]

What ``jupyter nbconvert --to html --execute`` does, but every page opens offline (also
from a ``file://`` URL): the kernel runs with ``WORKBENCH_CHARTS=html``, so the notebooks'
``offline.enable()`` (workbench/plots/offline.py) makes each chart a small ``vegaEmbed``
call, and vega, vega-lite and vega-embed (from vl-convert) are inlined once in the page's
head; the page template drops nbconvert's CDN scripts (require.js, MathJax, mermaid).
Charts stay interactive (tooltips). The notebooks in ``notebooks/`` are never modified.
The data is resolved as everywhere else (``WORKBENCH_DATA``, the real file, the demo set).
Prints each notebook's run time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import jinja2
import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from workbench.plots import offline  # noqa: E402

# nbconvert's lab page without anything it would fetch from a CDN, plus the chart bundle.
TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js -%}{{ resources.chart_bundle }}{%- endblock html_head_js -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
"""


def exporter() -> HTMLExporter:
    return HTMLExporter(
        template_name="lab",
        extra_loaders=[jinja2.DictLoader({"offline.html.j2": TEMPLATE})],
        template_file="offline.html.j2",
    )


def render(path: Path, out_dir: Path, timeout: int = 600) -> tuple[Path, float]:
    """Execute ``path`` (from its folder) and write ``out_dir/<name>.html``."""
    nb = nbformat.read(path, as_version=4)
    os.environ[offline.ENV] = "html"  # the kernel inherits it: see offline.enable()
    t0 = time.perf_counter()
    NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": path.parent}}
    ).execute()
    seconds = time.perf_counter() - t0
    resources = {"chart_bundle": offline.bundle_script()}
    body, _ = exporter().from_notebook_node(nb, resources=resources)
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
