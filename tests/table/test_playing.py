"""Playing at the table by hand: a tapped card lights up the rows it may go to, each with
what it adds to the lead, and a tap on one sends that move; a card dragged onto a lit row
is played there; a long-press (touch) or a hover (mouse) shows a card's text (a recorded
match, served by the browser)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.table.fixture_table import FixtureTable

pytestmark = pytest.mark.timeout(120)


def agile_turn(table: FixtureTable) -> tuple[int, list[dict[str, Any]]]:
    """A state where seat 0 holds a card with a choice of rows, and that card's moves."""
    for index, state in enumerate(table.data["states"]):
        by_card: dict[int, list[dict[str, Any]]] = {}
        for move in state["legal"]:
            if move["kind"] == "play" and move["row"] is not None:
                by_card.setdefault(move["uid"], []).append(move)
        for moves in by_card.values():
            if len(moves) > 1:
                return index, moves
    raise AssertionError("no card with a choice of rows in the recorded match")


def moves_sent(table: FixtureTable) -> list[str]:
    """The moves the page sent."""
    return [f["move"] for f in table.received if f["t"] == "move"]


def open_at_turn(page: Any) -> tuple[FixtureTable, list[dict[str, Any]]]:
    table = FixtureTable(page)
    table.open()
    table.index, moves = agile_turn(table)
    table.send_state()
    page.wait_for_selector(".hand .card.playable")
    page.wait_for_timeout(800)  # the cards have landed
    return table, moves


def test_a_tapped_card_lights_its_rows_with_their_gains_and_a_row_tap_plays(phone: Any) -> None:
    table, moves = open_at_turn(phone)
    phone.locator(f".hand .card[data-uid='{moves[0]['uid']}']").tap()
    lit = phone.locator(".rows.me .row.lit")
    assert lit.count() == len(moves)
    for move in moves:
        row = phone.locator(f".rows.me .row.lit[data-row='{move['row']}']")
        gain = move["gain"]
        assert row.locator(".gain").inner_text() == (f"+{gain}" if gain > 0 else
                                                     "±0" if gain == 0 else f"\u2212{-gain}")
    assert moves_sent(table) == []
    phone.locator(f".rows.me .row.lit[data-row='{moves[-1]['row']}']").tap()
    phone.wait_for_function("document.querySelectorAll('.row.lit').length === 0")
    assert moves_sent(table) == [moves[-1]["move"]]


def test_a_card_dragged_onto_a_row_is_played_there(desktop: Any) -> None:
    table, moves = open_at_turn(desktop)
    card = desktop.locator(f".hand .card[data-uid='{moves[0]['uid']}']").bounding_box()
    row = desktop.locator(f".rows.me .row[data-row='{moves[0]['row']}']").bounding_box()
    assert card is not None and row is not None
    desktop.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    desktop.mouse.down()
    desktop.mouse.move(card["x"] + 30, card["y"] - 40, steps=5)
    assert desktop.locator(".rows.me .row.lit").count() == len(moves)
    desktop.mouse.move(row["x"] + row["width"] / 2, row["y"] + row["height"] / 2, steps=8)
    desktop.mouse.up()
    desktop.wait_for_function("document.querySelectorAll('.row.lit').length === 0")
    assert moves_sent(table) == [moves[0]["move"]]


def test_a_cards_text_on_long_press_and_on_hover(phone: Any, desktop: Any) -> None:
    for page, how in ((phone, "touch"), (desktop, "mouse")):
        table, moves = open_at_turn(page)
        uid = moves[0]["uid"]
        card_id = page.locator(f".hand .card[data-uid='{uid}']").get_attribute("data-card")
        meta = table.data["welcome"]["cards"][card_id]
        if how == "touch":
            page.dispatch_event(f".hand .card[data-uid='{uid}']", "pointerdown",
                                {"pointerType": "touch", "isPrimary": True})
        else:
            page.locator(f".hand .card[data-uid='{uid}']").hover()
        peek = page.locator(".peek")
        peek.wait_for(state="visible")
        shown = peek.inner_text()
        assert meta["name"] in shown and meta["text"].replace("**", "")[:30] in shown
        if how == "touch":
            page.dispatch_event(f".hand .card[data-uid='{uid}']", "pointerup",
                                {"pointerType": "touch", "isPrimary": True})
            assert moves_sent(table) == []  # a long-press chooses nothing


def test_decoy_lights_the_units_it_may_take_back_and_a_tap_on_one_plays_it(phone: Any) -> None:
    table = FixtureTable(phone)
    table.open()
    index = next(i for i, s in enumerate(table.data["states"])
                 if s["legal"] and any(r["cards"] for r in s["sides"][0]["rows"]))
    state = table.data["states"][index]
    hand_uid = state["sides"][0]["hand"][0]["uid"]
    targets = [c["uid"] for r in state["sides"][0]["rows"] for c in r["cards"]]
    # The recorded match has no Decoy: its moves are given to the first card in hand.
    state["legal"] = [{"move": f"play {hand_uid} on {t}", "kind": "play", "uid": hand_uid,
                       "row": None, "target": t, "gain": -1} for t in targets]
    table.index = index
    table.send_state()
    phone.wait_for_timeout(800)
    phone.locator(f".hand .card[data-uid='{hand_uid}']").tap()
    lit = phone.eval_on_selector_all(".lane .card.target", "els => els.map(e => +e.dataset.uid)")
    assert sorted(lit) == sorted(targets)
    assert phone.locator(".row.lit").count() == 0
    phone.locator(f".lane .card[data-uid='{targets[-1]}']").tap()
    phone.wait_for_function("document.querySelectorAll('.card.target').length === 0")
    assert moves_sent(table) == [f"play {hand_uid} on {targets[-1]}"]


def test_a_long_press_on_a_redraw_card_shows_it_and_redraws_nothing(phone: Any) -> None:
    table = FixtureTable(phone)
    table.open()
    table.index = next(i for i, s in enumerate(table.data["states"])
                       if any(m["kind"] == "mulligan" for m in s["legal"]))
    table.send_state()
    option = ".sheet[data-name='redraw'] .options .card:not([disabled]) >> nth=0"
    phone.wait_for_selector(option)
    card_id = phone.locator(option).get_attribute("data-card")
    phone.dispatch_event(option, "pointerdown", {"pointerType": "touch", "isPrimary": True})
    peek = phone.locator(".peek")
    peek.wait_for(state="visible")
    assert table.data["welcome"]["cards"][card_id]["name"] in peek.inner_text()
    phone.dispatch_event(option, "pointerup", {"pointerType": "touch", "isPrimary": True})
    phone.dispatch_event(option, "click")
    phone.wait_for_timeout(300)
    assert moves_sent(table) == []
    phone.locator(option).tap()  # a plain tap redraws it
    phone.wait_for_function("document.querySelectorAll('.peek:not([hidden])').length === 0")
    assert len(moves_sent(table)) == 1 and moves_sent(table)[0].startswith("mulligan ")
