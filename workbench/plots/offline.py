"""Charts that draw with no network: the one place that sets up how Altair charts display.

Altair's default renderer loads vega, vega-lite and vega-embed from a CDN, so an offline
JupyterLab shows a red error instead of each chart. Here the JavaScript comes from an
installed package instead: vl-convert-python ships the three libraries
(``vl_convert.javascript_bundle()``).

The notebooks call :func:`enable` in their first code cell (explicit, rather than a side
effect of importing :mod:`workbench.plots`, so scripts and tests that only build charts
never pay for the bundle or need Jupyter). It picks one of three modes:

``"widget"`` (default in a kernel)
    Altair's ``jupyter`` renderer with ``offline=True``: every chart is an anywidget
    ``JupyterChart`` whose JavaScript module is the vl-convert bundle, sent to the page over
    the kernel's own connection. Interactive (tooltips, selections) in JupyterLab and in
    Voila. Needs ``anywidget`` (the ``lab`` extra); without it the ``"svg"`` mode is used.
``"html"``
    For the HTML export (``make notebooks-html``, tools/render_notebooks.py, which sets
    ``WORKBENCH_CHARTS=html`` for the kernel): each chart is a ``text/html`` output with the
    spec and a small module script calling ``vegaEmbed``; the exporter puts
    :func:`bundle_script` once in the page's head, so the file opens from ``file://``
    with no network and stays interactive.
``"svg"``
    Static SVG drawn by vl-convert in the kernel (no JavaScript at all).

The environment variable ``WORKBENCH_CHARTS`` (``widget``, ``html`` or ``svg``) overrides
the default, so an exporter can switch every notebook without editing it.
"""

from __future__ import annotations

import functools
import html
import importlib.util
import itertools
import json
import os
import warnings
from typing import Any

import altair as alt

ENV = "WORKBENCH_CHARTS"
MODES = ("widget", "html", "svg")
HTML_RENDERER = "workbench_html"
# Marks every chart of the "html" mode, so a test (or a reader of the page) can count them.
CHART_CLASS = "wb-vega"

_ids = itertools.count()


def enable(mode: str | None = None) -> str:
    """Make Altair draw charts offline; return the mode used (see the module docstring)."""
    mode = (mode or os.environ.get(ENV) or "widget").strip().lower()
    if mode not in MODES:
        raise ValueError(f"{ENV}={mode!r}: expected one of {', '.join(MODES)}")
    if mode == "widget" and importlib.util.find_spec("anywidget") is None:
        warnings.warn(
            "anywidget is not installed (pip install -e '.[lab]'): charts are static SVG",
            stacklevel=2,
        )
        mode = "svg"
    if mode == "widget":
        alt.renderers.enable("jupyter", offline=True)
    elif mode == "html":
        if HTML_RENDERER not in alt.renderers.names():
            alt.renderers.register(HTML_RENDERER, html_renderer)
        alt.renderers.enable(HTML_RENDERER)
    else:
        alt.renderers.enable("svg")
    return mode


@functools.cache
def bundle() -> str:
    """vega, vega-lite and vega-embed as one self-contained script (sets ``window.vegaEmbed``)."""
    import vl_convert as vlc
    from altair.utils._importers import vl_version_for_vl_convert

    # vl-convert's stub marks ``snippet`` required; at run time it defaults to the bundle
    # that sets window.vegaEmbed, which is what we want.
    return vlc.javascript_bundle(vl_version=vl_version_for_vl_convert())  # type: ignore[call-arg]


def bundle_script() -> str:
    """The bundle as an inline ``<script type="module">`` for an HTML page's head.

    A module keeps the bundle's top-level names out of the page's global scope, and
    module scripts run in document order, so the charts' scripts below it find
    ``window.vegaEmbed`` already set.
    """
    js = bundle().replace("</script", "<\\/script")
    return f'<script type="module">\n{js}\n</script>'


def html_renderer(spec: dict[str, Any], **metadata: Any) -> dict[str, str]:
    """Altair renderer of the ``"html"`` mode: a div, the spec, and a call to ``vegaEmbed``."""
    div = f"wb-vega-{os.getpid()}-{next(_ids)}"
    options = {"actions": False, **(metadata.get("embed_options") or {})}
    payload = json.dumps(spec).replace("</", "<\\/")
    opts = json.dumps(options).replace("</", "<\\/")
    body = (
        f'<div class="{CHART_CLASS}" id="{html.escape(div)}"></div>\n'
        f'<script type="module">\n'
        f'const el = document.getElementById("{div}");\n'
        f"if (window.vegaEmbed) {{ window.vegaEmbed(el, {payload}, {opts})"
        f'.catch(e => {{ el.textContent = "chart error: " + e; console.error(e); }}); }}\n'
        f'else {{ el.textContent = "chart error: vegaEmbed is missing from the page"; }}\n'
        f"</script>"
    )
    return {"text/html": body}
