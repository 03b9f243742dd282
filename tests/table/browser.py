"""Debian's Chromium driven by Playwright, for the table's browser tests and benchmarks."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
MISSING = ("Debian's Chromium is not installed at /usr/bin/chromium: run "
           "`apt-get install -y chromium` (as root) to run the table's browser tests")


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists() and not shutil.which("chromium"):
        return MISSING
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -r requirements-dev.txt"
    return None


@contextmanager
def chromium() -> Iterator[object]:
    """A running headless Chromium (Playwright's Browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
