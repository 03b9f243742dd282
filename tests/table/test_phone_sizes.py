"""At 360x640 no text is under 12 px and no control under 44 px tall, in every state of the
table a player meets: who goes first, the redraw, a turn, a card chosen, the leader, the
menu, a card's text, a refusal, the result (a recorded match, served by the browser)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.table.fixture_table import FixtureTable
from tests.table.measure import count_texts_and_controls, too_small

pytestmark = pytest.mark.timeout(120)


def assert_fits(page: Any, where: str) -> None:
    texts, controls = count_texts_and_controls(page)
    assert texts > 10 and controls > 3, f"{where}: nothing to measure"
    assert too_small(page) == [], where


def playing_state(table: FixtureTable) -> int:
    """The first state where seat 0 may play a card with a choice of rows or not."""
    for index, state in enumerate(table.data["states"]):
        if any(m["kind"] == "play" for m in state["legal"]):
            return index
    raise AssertionError("the recorded match has no turn of seat 0")


def test_every_state_fits_a_phone(phone: Any) -> None:
    table = FixtureTable(phone)
    table.open()
    phone.wait_for_selector(".sheet[data-name='first']")
    assert_fits(phone, "who goes first")

    table.step()
    phone.wait_for_selector(".sheet[data-name='redraw']")
    assert_fits(phone, "the redraw")

    table.index = playing_state(table)
    table.send_state()
    phone.wait_for_selector(".hand .card.playable")
    assert_fits(phone, "a turn")

    phone.locator(".hand .card.playable").first.tap()
    phone.wait_for_selector(".table.choosing")
    assert_fits(phone, "a card chosen")
    phone.get_by_role("button", name=table.data["welcome"]["texts"]["cancel"]).tap()

    phone.locator(".side.me .leader").tap()
    phone.wait_for_selector(".sheet[data-name='leader']")
    assert_fits(phone, "the leader")
    phone.locator(".sheet .act").last.tap()

    phone.locator(".act.menu").tap()
    phone.wait_for_selector(".sheet[data-name='menu']")
    assert_fits(phone, "the menu")
    phone.locator(".sheet .act").last.tap()

    box = phone.locator(".lane .card").first.bounding_box()
    assert box is not None
    phone.mouse.move(box["x"] + 5, box["y"] + 5)
    phone.dispatch_event(".lane .card >> nth=0", "pointerdown", {"pointerType": "touch"})
    phone.wait_for_selector(".peek:not([hidden])")
    assert_fits(phone, "a card's text")
    phone.dispatch_event(".lane .card >> nth=0", "pointerup", {"pointerType": "touch"})

    table.send({"t": "error", "code": "stale", "id": None,
                "message": "The table was behind the match: nothing was played."})
    phone.wait_for_selector(".toast.on")
    assert_fits(phone, "a refusal")

    table.index = len(table.data["states"]) - 1
    table.send_state()
    phone.wait_for_selector(".sheet[data-name='result']")
    assert_fits(phone, "the result")
