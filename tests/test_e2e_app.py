"""End to end: the grounding web page (`make app`) served by Voilà, driven in headless Chromium.

Starts Voilà on a free localhost port with the demo set, opens the page with Playwright
(Debian's /usr/bin/chromium; `playwright install` is never run), picks a record, pastes an
answer with one claim copied from the source and one invented claim, presses Check, and
asserts that the supported claim's span is highlighted in the source and the invented
claim is flagged. Then Ctrl+Enter checks a second answer. A screenshot is saved under the
test's tmp_path. Requests to anything but the local server are aborted: no network.

Runs in CI (`.ci/run` installs chromium); locally it skips only when chromium is missing
and `CI` is not set.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "notebooks" / "app.ipynb"
DEMO = ROOT / "data" / "demo" / "abstractive_qa_demo.json"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
RECORD = "jou-2-a"
INVENTED = "הלווייתן הכחול שר באופרה של מילאנו בשנת 1870."
STARTUP_TIMEOUT_S = 60
PAGE_TIMEOUT_MS = 120_000
READY = ".wb-app button.wb-check"
FAILED = '[data-mime-type="application/vnd.jupyter.stderr"]'


def _require_browser() -> None:
    in_ci = bool(os.environ.get("CI"))
    if not CHROMIUM.exists():
        if in_ci:
            pytest.fail(f"{CHROMIUM} is missing in CI: .ci/run should install Debian's chromium")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium); CI is not set")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        if in_ci:
            pytest.fail("playwright is not installed in CI: pip install -e '.[dev]'")
        pytest.skip("playwright not installed (pip install -e '.[dev]'); CI is not set")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _voila_cmd(port: int) -> list[str]:
    exe = Path(sys.executable).parent / "voila"
    base = [str(exe)] if exe.exists() else [sys.executable, "-m", "voila"]
    return [
        *base,
        str(APP),
        f"--port={port}",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--VoilaConfiguration.show_tracebacks=True",
    ]


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory):
    """Voilà serving notebooks/app.ipynb on the demo set; killed (with its kernels) after."""
    _require_browser()
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    env = {**os.environ, "WORKBENCH_DATA": str(DEMO)}
    with log.open("w") as out:
        proc = subprocess.Popen(
            _voila_cmd(port),
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while True:
            if proc.poll() is not None:
                pytest.fail(f"voila exited with {proc.returncode}: {log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(
                        f"voila did not listen within {STARTUP_TIMEOUT_S} s: "
                        f"{log.read_text()[-2000:]}"
                    )
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=5)


@pytest.fixture
def page(voila_url: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            local = urlparse(voila_url).netloc

            def only_local(route) -> None:
                if urlparse(route.request.url).netloc == local:
                    route.continue_()
                else:
                    route.abort()

            context.route("**/*", only_local)
            pg = context.new_page()
            pg.set_default_timeout(PAGE_TIMEOUT_MS)
            pg.goto(voila_url)
            pg.wait_for_selector(f"{READY}, {FAILED}")
            if pg.locator(READY).count() == 0:  # the notebook raised: show why, do not wait
                pytest.fail(
                    f"the app notebook failed: {pg.locator(FAILED).first.inner_text()[-2000:]}"
                )
            yield pg
        finally:
            browser.close()


def _supported_claim() -> str:
    """A sentence of the record's source (its first claim's first gold span), verbatim."""
    record = next(r for r in json.loads(DEMO.read_text(encoding="utf-8")) if r["id"] == RECORD)
    excerpt = record["claims"][0]["attribution"][0]["source_excerpt"].strip()
    return excerpt.rstrip(".") + "."


def test_check_highlights_supported_and_flags_invented(page, tmp_path: Path) -> None:
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
    assert page.locator(f'.wb-record[data-record="{RECORD}"] mark[data-kind="gold"]').count() > 0

    page.locator(".wb-answer textarea").fill(f"{supported} {INVENTED}")
    page.locator("button.wb-check").click()
    result = page.locator(f'.wb-result[data-record="{RECORD}"]')
    result.wait_for()

    # the supported claim: verdict in its row, its span highlighted in the source
    row0 = result.locator('tr[data-claim="0"]')
    assert row0.get_attribute("data-verdict") == "supported"
    marks0 = result.locator('.wb-source mark[data-kind="found"][data-claim~="0"]')
    assert marks0.count() > 0
    assert marks0.first.is_visible()
    highlighted = "".join(marks0.all_text_contents())
    assert supported.rstrip(".") in highlighted
    bg = marks0.first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent")
    source_dir = result.locator(".wb-source").evaluate("e => getComputedStyle(e).direction")
    assert source_dir == "rtl"

    # the invented claim: flagged, and nothing of it highlighted
    row1 = result.locator('tr[data-claim="1"]')
    assert row1.get_attribute("data-verdict") == "unsupported"
    assert row1.locator(".wb-flag").is_visible()
    assert INVENTED.rstrip(".") in row1.inner_text()
    assert result.locator('mark[data-kind="found"][data-claim~="1"]').count() == 0

    # the screenshot: the claim table with the flagged claim, and the source below it
    result.scroll_into_view_if_needed()
    page.mouse.wheel(0, -150)
    shot = tmp_path / "grounding_app.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000

    # clicking the supported claim scrolls to its span and flashes it
    row0.locator("a.wb-jump").click()
    page.wait_for_selector('.wb-result mark.wb-flash[data-claim~="0"]')
    page.screenshot(path=str(tmp_path / "grounding_app_jump.png"))

    # Ctrl+Enter in the answer box checks too
    page.locator(".wb-answer textarea").fill(INVENTED)
    page.locator(".wb-answer textarea").press("Control+Enter")
    page.wait_for_function(
        "() => { const r = document.querySelectorAll('.wb-result tr[data-claim]');"
        " return r.length === 1 && r[0].dataset.verdict === 'unsupported'; }"
    )
