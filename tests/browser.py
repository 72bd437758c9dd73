"""Helpers of the browser tests: find a Chromium, serve on a free port, block the network.

The lookup is portable: Playwright's own browser first (``playwright install chromium``),
then a chromium/chrome on ``PATH``, then the usual install paths (Debian, snap, macOS).
Nothing is ever downloaded. When none is found the tests skip with how to install one,
except in CI (``CI`` set, see .ci/run) where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest

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
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
KNOWN_PATHS = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/snap/bin/chromium",
    "/usr/bin/google-chrome",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)
HOW_TO_INSTALL = (
    "no Chromium or Chrome found: `apt-get install chromium` (Debian/Ubuntu), "
    "`playwright install chromium`, or install Google Chrome"
)
LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: .ci/run installs chromium)")
    pytest.skip(reason)


def launch(p):
    """A headless Chromium browser from Playwright ``p``, or skip saying how to install one."""
    errors = []
    try:
        return p.chromium.launch(args=CHROMIUM_ARGS)
    except Exception as exc:  # Playwright's own browser is not installed: look further
        errors.append(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    candidates = [shutil.which(n) for n in NAMES] + list(KNOWN_PATHS)
    for exe in dict.fromkeys(c for c in candidates if c and Path(c).exists()):
        try:
            return p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        except Exception as exc:
            errors.append(f"{exe}: {str(exc).splitlines()[0] if str(exc) else exc!r}")
    _skip_or_fail(HOW_TO_INSTALL + (f" ({'; '.join(errors)})" if len(errors) > 1 else ""))


def sync_playwright():
    """Playwright's ``sync_playwright`` or skip (it comes with the dev extra)."""
    try:
        from playwright.sync_api import sync_playwright as sp
    except ImportError:
        _skip_or_fail("playwright is not installed: pip install -e '.[dev,lab]'")
    return sp()


@dataclass
class Traffic:
    """What a page asked for: requests blocked (not local), failed, and console errors."""

    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"blocked (not local): {u}" for u in self.blocked]
            + [f"failed: {u}" for u in self.failed]
            + [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
        )


def is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "file", "about"):
        return True
    return (parsed.hostname or "") in LOCAL_HOSTS or f"[{parsed.hostname}]" in LOCAL_HOSTS


def offline_context(browser, traffic: Traffic, **kwargs):
    """A browser context where every request to a host other than this machine is aborted
    (and recorded in ``traffic``), as is every failed request and console error."""
    context = browser.new_context(**kwargs)

    def route(r) -> None:
        if is_local(r.request.url):
            r.continue_()
        else:
            traffic.blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)

    def watch(page) -> None:
        page.on(
            "requestfailed",
            lambda req: (
                None
                if not is_local(req.url)  # already recorded as blocked
                else traffic.failed.append(f"{req.url} ({req.failure})")
            ),
        )
        page.on(
            "console",
            lambda msg: traffic.console_errors.append(msg.text) if msg.type == "error" else None,
        )
        page.on("pageerror", lambda err: traffic.page_errors.append(str(err)))

    context.on("page", watch)
    return context


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve(cmd: list[str], port: int, log: Path, timeout_s: float = 90, **popen) -> Iterator[None]:
    """Run a server (in its own process group) until it listens on ``port``; stop it after."""
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, **popen
        )
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            if proc.poll() is not None:
                pytest.fail(f"{cmd[0]} exited with {proc.returncode}: {log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(
                        f"{cmd[0]} did not listen in {timeout_s} s: {log.read_text()[-2000:]}"
                    )
                time.sleep(0.2)
        yield
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
