"""End to end, with no network: JupyterLab, the Voila page and the HTML export in Chromium.

Every request to a host other than this machine is aborted and recorded (tests/browser.py),
and each test asserts that nothing was blocked, no request failed, the console shows no
error, no cell wrote an error, and every chart drew: the number of drawn charts (a vega
view with its canvas or svg) is compared with the number of chart outputs the notebook's
code makes, counted by hand below. The notebooks run from a temporary copy, so the
repository's notebooks are never modified. Screenshots go to build/screenshots/.

The browser is found the portable way (tests/browser.py); without one the tests skip with
how to install it, except in CI, where .ci/run installs Debian's chromium.
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
from pathlib import Path

import pytest

from tests.browser import (
    Traffic,
    free_port,
    launch,
    offline_context,
    serve,
    sync_playwright,
)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEMO = ROOT / "data" / "demo" / "abstractive_qa_demo.json"
SHOTS = ROOT / "build" / "screenshots"
BIN = Path(sys.executable).parent
TIMEOUT_MS = 120_000
STRIP = runpy.run_path(str(ROOT / "tools" / "strip_notebooks.py"))

# Chart outputs per notebook, counted from the code: one per cell that ends in a chart
# (a concatenation `a | b` or `a & b` is one chart, drawn as one vega view).
CHARTS = {
    # score distribution, alpha intervals, coefficients, pairwise heatmap, by genre, by difficulty
    "02_agreement.ipynb": 6,
    # explorer, claims|spans, source length, span position, span length, ratings x2, disagreed
    "03_breakdowns.ipynb": 8,
    # quality chart, breakdown by genre, breakdown by claim kind, reliability chart (the
    # quality and reliability tables are frames)
    "04_grounding.ipynb": 4,
    # model comparison, judge labels, supported fraction (genre & difficulty), f1 (same),
    # paired differences with their intervals
    "05_score_answers.ipynb": 5,
}
TOOLTIP = ".vg-tooltip.visible, #vg-tooltip-element.visible"
SCREENSHOT_NOTEBOOKS = ("02_agreement.ipynb", "03_breakdowns.ipynb")
# a vega view that drew: its canvas or svg (the actions menu's icon is an svg without .marks)
DRAWN = (
    "(root) => [...root.querySelectorAll('.vega-embed')]"
    ".filter(e => e.querySelector('canvas.marks, svg.marks')).length"
)
STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR_OUTPUT = ".jp-OutputArea-output.jp-mod-error, .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"

pytestmark = pytest.mark.e2e


def _env(tmp: Path) -> dict[str, str]:
    """The servers' (and so the kernels') environment: this checkout, the demo set, and
    Jupyter settings in a temporary folder (a developer's own settings play no part)."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    return {
        **os.environ,
        "PYTHONPATH": path,
        "WORKBENCH_DATA": str(DEMO),
        "JUPYTER_CONFIG_DIR": str(tmp / "config"),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
    }


def _assert_clean(traffic: Traffic, where: str) -> None:
    assert traffic.problems() == [], f"{where}: " + "\n".join(traffic.problems())


def _exe(name: str) -> list[str]:
    exe = BIN / name
    return [str(exe)] if exe.exists() else [sys.executable, "-m", name]


# ---- JupyterLab ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory):
    """JupyterLab on a free localhost port, serving a temporary copy of the notebooks."""
    tmp = tmp_path_factory.mktemp("lab")
    work = tmp / "notebooks"
    work.mkdir()
    for name in CHARTS:  # stripped: outputs a developer saved would show dead widgets
        nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        (work / name).write_text(STRIP["dumps"](STRIP["strip"](nb)), encoding="utf-8")
    # no "get Jupyter news?" toast over the screenshots (the news would come from the web)
    news = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    port = free_port()
    cmd = [
        *_exe("jupyter-lab"),
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={work}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    with serve(cmd, port, tmp / "lab.log", cwd=work, env=_env(tmp)):
        yield f"http://127.0.0.1:{port}", work


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = launch(p)
        try:
            yield b
        finally:
            b.close()


STARTED = (
    "() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputPrompt')]"
    ".some(e => /\\[(\\*|\\d+)\\]/.test(e.textContent))"
)


def _hover_until_tooltip(page, chart) -> None:
    """Move the mouse over ``chart`` (a drawn vega view) until vega's tooltip shows."""
    box = chart.bounding_box()
    assert box is not None
    for i in range(1, 20):
        f = i / 20
        page.mouse.move(box["x"] + box["width"] * f, box["y"] + box["height"] * f, steps=2)
        if page.locator(TOOLTIP).count() and page.locator(TOOLTIP).first.is_visible():
            return
    page.wait_for_selector(TOOLTIP, timeout=5_000)


def _run_all(page, tries: int = 3) -> None:
    """Run → Run All Cells, through JupyterLab's menu (the command notebook:run-all-cells),
    once the kernel is idle; again if no cell started (a click while the session connects
    is lost)."""
    page.locator(".jp-StatusBar-TextItem", has_text="| Idle").first.wait_for()
    for attempt in range(tries):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(STARTED, timeout=10_000)
            return
        except Exception:
            if attempt == tries - 1:
                raise


@pytest.mark.parametrize("name", list(CHARTS))
def test_notebook_charts_draw_offline_in_jupyterlab(lab, browser, name: str) -> None:
    url, _ = lab
    traffic = Traffic()
    context = offline_context(browser, traffic, viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{url}/lab/tree/{name}?reset")  # ?reset: only this notebook open
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        panel.locator(".jp-Cell").first.wait_for()
        _run_all(page)
        n_code = panel.locator(".jp-CodeCell").count()
        page.wait_for_function(
            "(n) => { const p = [...document.querySelectorAll("
            "'.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputPrompt')]"
            ".map(e => e.textContent.trim()).filter(t => t);"
            " return p.length >= n && p.every(t => /^\\[\\d+\\]:$/.test(t)); }",
            arg=n_code,
        )
        expected = CHARTS[name]
        root = panel.element_handle()
        page.wait_for_function(f"(root) => ({DRAWN})(root) >= {expected}", arg=root)
        page.wait_for_timeout(500)  # a late error would show now
        assert panel.evaluate(DRAWN) == expected
        errors = panel.locator(f"{STDERR}, {ERROR_OUTPUT}")
        assert errors.count() == 0, errors.first.inner_text()
        if name == "03_breakdowns.ipynb":  # interactive: the heatmap's tooltip on hover
            chart = panel.locator(".vega-embed .marks").first
            chart.scroll_into_view_if_needed()
            _hover_until_tooltip(page, chart)
        if name in SCREENSHOT_NOTEBOOKS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            panel.evaluate(
                "p => p.querySelector('.vega-embed').closest('.jp-Cell')"
                ".scrollIntoView({block: 'start'})"
            )
            page.wait_for_timeout(1000)  # cells scrolled into view are painted again
            page.screenshot(path=str(SHOTS / f"lab_{Path(name).stem}.png"))
        _assert_clean(traffic, name)
    finally:
        context.close()


# ---- the Voila page (`make app`) ------------------------------------------------------

APP = NOTEBOOKS / "app.ipynb"
TEMPLATES = ROOT / "share" / "jupyter"  # the `offline` Voila template (no Font Awesome CDN)
RECORD = "jou-2-a"
INVENTED = "הלווייתן הכחול שר באופרה של מילאנו בשנת 1870."
READY = ".wb-app button.wb-check"
FAILED = '[data-mime-type="application/vnd.jupyter.stderr"]'


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory):
    """Voila serving a copy of notebooks/app.ipynb on the demo set, as `make app` does."""
    tmp = tmp_path_factory.mktemp("voila")
    shutil.copy(APP, tmp / APP.name)
    port = free_port()
    env = _env(tmp)
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(TEMPLATES), os.environ.get("JUPYTER_PATH")) if p
    )
    cmd = [
        *_exe("voila"),
        str(tmp / APP.name),
        f"--port={port}",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--template=offline",
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    with serve(cmd, port, tmp / "voila.log", cwd=tmp, env=env):
        yield f"http://127.0.0.1:{port}/"


def _open_app(browser, url: str, traffic: Traffic, width: int):
    context = offline_context(browser, traffic, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector(f"{READY}, {FAILED}")
    if page.locator(READY).count() == 0:  # the notebook raised: show why, do not wait
        pytest.fail(f"the app notebook failed: {page.locator(FAILED).first.inner_text()[-2000:]}")
    return context, page


def _supported_claim() -> str:
    """A sentence of the record's source (its first claim's first gold span), verbatim."""
    record = next(r for r in json.loads(DEMO.read_text(encoding="utf-8")) if r["id"] == RECORD)
    excerpt = record["claims"][0]["attribution"][0]["source_excerpt"].strip()
    return excerpt.rstrip(".") + "."


def test_app_check_highlights_supported_and_flags_invented(voila_url, browser) -> None:
    traffic = Traffic()
    context, page = _open_app(browser, voila_url, traffic, 1280)
    try:
        supported = _supported_claim()
        selects = page.locator(".wb-app select")
        # filter by genre, then pick the record by its label (which starts with its id)
        selects.nth(0).select_option("journalistic")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.wb-app select')[2].options]"
            ".every(o => o.textContent.startsWith('jou-'))"
        )
        label = next(
            t for t in selects.nth(2).locator("option").all_text_contents() if t.startswith(RECORD)
        )
        selects.nth(2).select_option(label=label)
        page.wait_for_selector(f'.wb-record[data-record="{RECORD}"]')
        gold = page.locator(f'.wb-record[data-record="{RECORD}"] mark[data-kind="gold"]')
        assert gold.count() > 0

        page.locator(".wb-answer textarea").fill(f"{supported} {INVENTED}")
        page.locator("button.wb-check").click()
        result = page.locator(f'.wb-result[data-record="{RECORD}"]')
        result.wait_for()

        # the supported claim: verdict in its row, its span highlighted in the source
        row0 = result.locator('tr[data-claim="0"]')
        assert row0.get_attribute("data-verdict") == "supported"
        marks0 = result.locator('.wb-source mark[data-kind="found"][data-claim~="0"]')
        assert marks0.count() > 0 and marks0.first.is_visible()
        assert supported.rstrip(".") in "".join(marks0.all_text_contents())
        bg = marks0.first.evaluate("e => getComputedStyle(e).backgroundColor")
        assert bg not in ("rgba(0, 0, 0, 0)", "transparent")
        direction = result.locator(".wb-source").evaluate("e => getComputedStyle(e).direction")
        assert direction == "rtl"
        # its mark is solid green only if it is of high confidence (workbench.html.claim_mark)
        badge = row0.locator(".wb-mark")
        assert badge.get_attribute("data-mark") == row0.get_attribute("data-mark")
        badge_bg = badge.evaluate("e => getComputedStyle(e).backgroundColor")
        assert (badge_bg == "rgb(26, 127, 55)") is (row0.get_attribute("data-mark") == "high")
        assert result.locator(".wb-legend").is_visible()
        assert "22 of 22 and 30 of 30 HIGH claims were right" in result.locator(".wb-legend").inner_text()

        # the invented claim: flagged, and nothing of it highlighted
        row1 = result.locator('tr[data-claim="1"]')
        assert row1.get_attribute("data-verdict") == "unsupported"
        assert row1.locator(".wb-flag").is_visible()
        assert INVENTED.rstrip(".") in row1.inner_text()
        assert result.locator('mark[data-kind="found"][data-claim~="1"]').count() == 0

        result.scroll_into_view_if_needed()
        page.mouse.wheel(0, -150)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "app_1280.png"))

        # clicking the supported claim scrolls to its span and flashes it
        row0.locator("a.wb-jump").click()
        page.wait_for_selector('.wb-result mark.wb-flash[data-claim~="0"]')

        # Ctrl+Enter in the answer box checks too
        page.locator(".wb-answer textarea").fill(INVENTED)
        page.locator(".wb-answer textarea").press("Control+Enter")
        page.wait_for_function(
            "() => { const r = document.querySelectorAll('.wb-result tr[data-claim]');"
            " return r.length === 1 && r[0].dataset.verdict === 'unsupported'; }"
        )
        _assert_clean(traffic, "app at 1280 px")
    finally:
        context.close()


@pytest.mark.parametrize("width", [420, 360])
def test_app_fits_a_narrow_window(voila_url, browser, width: int) -> None:
    traffic = Traffic()
    context, page = _open_app(browser, voila_url, traffic, width)
    try:
        search = page.locator(".wb-app .wb-rtl input")
        box = search.bounding_box()
        assert box is not None
        assert 0 <= box["x"] and box["x"] + box["width"] <= width + 0.5, (box, width)
        for control in (".wb-app select", "button.wb-check", ".wb-answer textarea"):
            b = page.locator(control).first.bounding_box()
            assert b is not None and b["x"] + b["width"] <= width + 0.5, (control, b, width)
        if width == 420:  # the top of the page: the filters, the search box, the record
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "app_420.png"))
        page.locator(".wb-answer textarea").fill(INVENTED)
        page.locator("button.wb-check").click()
        page.locator(".wb-result tr[data-claim]").first.wait_for()
        legend = page.locator(".wb-result .wb-legend")
        # the result, its marks' legend and its claim table (which scrolls) fit the window
        parts = [".wb-result", ".wb-result .wb-scroll", ".wb-result .wb-source"]
        for part in [*map(page.locator, parts), legend, *legend.locator(".wb-mark").all()]:
            b = part.first.bounding_box()
            assert b is not None and b["x"] >= -0.5 and b["x"] + b["width"] <= width + 0.5, b
        if width == 420:
            legend.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "app_420_legend.png"))
        _assert_clean(traffic, f"app at {width} px")
    finally:
        context.close()


# ---- the HTML export (`make notebooks-html`) -------------------------------------------


def test_exported_html_draws_charts_from_a_file_url(browser, tmp_path: Path, monkeypatch) -> None:
    """tools/render_notebooks.py inlines the chart bundle: the page works from file://."""
    name = "03_breakdowns.ipynb"
    monkeypatch.setenv("WORKBENCH_DATA", str(DEMO))
    monkeypatch.setenv("WORKBENCH_CHARTS", "html")  # render() sets it: restored after the test
    render = runpy.run_path(str(ROOT / "tools" / "render_notebooks.py"))["render"]
    shutil.copy(NOTEBOOKS / name, tmp_path / name)
    out, _ = render(tmp_path / name, tmp_path)
    html = out.read_text(encoding="utf-8")
    assert "cdn.jsdelivr.net" not in html and "cdnjs.cloudflare.com" not in html
    traffic = Traffic()
    context = offline_context(browser, traffic, viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.goto(out.as_uri())
        expected = CHARTS[name]
        page.wait_for_function(f"() => ({DRAWN})(document) >= {expected}", timeout=30_000)
        assert page.evaluate(DRAWN, page.evaluate_handle("document")) == expected
        assert page.locator(".wb-vega").count() == expected
        # interactive: hovering a cell of the first chart (the heatmap) shows its tooltip
        _hover_until_tooltip(page, page.locator(".wb-vega .marks").first)
        _assert_clean(traffic, out.name)
    finally:
        context.close()
