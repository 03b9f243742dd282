"""The table's browser tests: a headless Chromium for each module of synchronous tests
(skipped, saying how to install it, where Debian's Chromium is missing). One per module, not
per session: Playwright's synchronous API holds an event loop while it runs, and the tests
against the real bot run their own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.table.browser import chromium, chromium_missing


@pytest.fixture
def needs_chromium() -> None:
    """Skip, saying how to install it, where Debian's Chromium is missing (for the tests
    that start a browser of their own beside the real bot)."""
    missing = chromium_missing()
    if missing:
        pytest.skip(f"Table browser tests skipped: {missing}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    missing = chromium_missing()
    if missing:
        pytest.skip(f"Table browser tests skipped: {missing}")
    with chromium() as running:
        yield running


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A 360x640 touch page."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  is_mobile=True, device_scale_factor=1)
    yield context.new_page()
    context.close()


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    """A 1280x720 page with a mouse."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    yield context.new_page()
    context.close()
