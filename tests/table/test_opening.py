"""Before its socket opens the page speaks the viewer's language: a sign-in Discord refused,
and a sign-in that got no answer at all, are said in the early words /api/config gives in
the browser's language (a page served by the browser, its config from the bot's
catalogues)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Route

from bot.i18n import language
from bot.web.texts import early_texts
from tests.table.fixture_table import ORIGIN, FixtureTable

pytestmark = pytest.mark.timeout(60)


def opened(page: Any, locale: str) -> str:
    """Open the page in `locale` and return what its splash says once opening failed."""
    page.goto(f"{ORIGIN}/?code=c&channel_id=5&user_id=1&locale={locale}")
    page.wait_for_selector(".splash.failed")
    text: str = page.locator(".splash-text").inner_text()
    return text


def test_a_refused_sign_in_is_said_in_the_viewers_language(phone: Any) -> None:
    FixtureTable(phone, refuse="unauthorized")
    said = opened(phone, "de")
    assert said == early_texts(language("de"))["error_unauthorized"]
    assert said != early_texts(language("en"))["error_unauthorized"]
    assert phone.evaluate("document.documentElement.lang") == "de"


def test_a_sign_in_with_no_answer_is_said_in_the_viewers_language(phone: Any) -> None:
    FixtureTable(phone)
    phone.route(f"{ORIGIN}/api/token", lambda route: route.abort())
    assert opened(phone, "ru") == early_texts(language("ru"))["error_failed"]


def test_the_server_sentence_is_shown_while_the_words_are_unknown(phone: Any) -> None:
    FixtureTable(phone, refuse="rate_limited")

    def bare_config(route: Route) -> None:
        route.fulfill(json={"client_id": "100"})  # a config without words

    phone.route(f"{ORIGIN}/api/config*", bare_config)
    assert opened(phone, "pl") == "refused"
