"""The one way the tests start a real headless browser (Debian's ``chromium``, else
``chromium-browser`` or ``google-chrome``) to check a page as a reader sees it: offline,
in a throw-away profile and HOME, with virtual time so that the page's own scripts run to
the end before the DOM is dumped or the screenshot taken.

``requires_browser`` skips a test where no browser is installed, except under
``BLEUPRINT_REQUIRE_BROWSER=1`` (set by CI), where the test runs and fails on
``assert_browser()``."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome")
#: CI sets this (as BLEUPRINT_REQUIRE_PORTS for the ports): a missing browser is then a failure.
REQUIRED = os.environ.get("BLEUPRINT_REQUIRE_BROWSER") == "1"


def chromium() -> str | None:
    """The browser's path, or None."""
    return next((found for found in map(shutil.which, NAMES) if found), None)


requires_browser = pytest.mark.skipif(
    chromium() is None and not REQUIRED,
    reason="no headless browser: install Debian's chromium (apt-get install -y chromium)")


def assert_browser() -> str:
    found = chromium()
    assert found is not None, "BLEUPRINT_REQUIRE_BROWSER=1 but no chromium is installed"
    return found


def headless(tmp_path, *arguments, budget_ms: int = 15000, timeout: float = 180) -> subprocess.CompletedProcess:
    """Run the browser headless with ``arguments`` (``--dump-dom URL``, ``--screenshot=PATH
    URL``, ...), its profile and HOME in ``tmp_path``."""
    command = [assert_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", f"--virtual-time-budget={budget_ms}", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "HOME": str(tmp_path)})


def dump_dom(tmp_path, url: str, **options) -> subprocess.CompletedProcess:
    """The DOM the browser built for ``url`` (``.stdout``; ``.stderr`` says why when empty)."""
    return headless(tmp_path, "--dump-dom", url, **options)


def screenshot(tmp_path, url: str, path, size: str = "1280,1600", **options) -> subprocess.CompletedProcess:
    """A PNG of ``url`` at ``size`` (width,height) written to ``path``."""
    return headless(tmp_path, f"--window-size={size}", "--hide-scrollbars", f"--screenshot={path}", url, **options)
