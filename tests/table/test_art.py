"""Card art at the table: every card, leader and weather asks for its portrait at the size
its place needs (128 px on the table, 256 in a card's text), the table is drawn whole
before any portrait arrives (frame, strength, name), and each portrait shows once it has
loaded (a recorded match, served by the browser, which holds the portraits back)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from bot.i18n import language
from tests.table.fixture_table import FixtureTable
from tests.table.recorded import record

pytestmark = pytest.mark.timeout(120)

# The cards on the table: their ids, whether their portrait is shown (loaded and faded in)
# and its natural size, and whether their name or strength is drawn.
_CARDS = """() => [...document.querySelectorAll(".table .card")].map((el) => {
  const art = el.querySelector("img.art");
  const shown = (x) => x !== null && x.getBoundingClientRect().width > 0
    && x.textContent.trim() !== "";
  return {card: el.dataset.card, src: art && art.getAttribute("src"),
          shown: Boolean(art && art.complete && art.naturalWidth
                         && getComputedStyle(art).opacity === "1"),
          width: art ? art.naturalWidth : 0,
          drawn: shown(el.querySelector(".nm")) || shown(el.querySelector(".str"))};
})"""


def portraits(table: FixtureTable) -> set[tuple[str, str]]:
    """The portraits asked for: (card id, query)."""
    asked = set()
    for url in table.art:
        parts = urlsplit(url)
        asked.add((parts.path.removeprefix("/art/").removesuffix(".png"), parts.query))
    return asked


def test_cards_are_drawn_before_their_art_and_show_it_once_it_loads(desktop: Any) -> None:
    # A match with weather on the board and cards on both sides.
    recorded = record(("skellige", "monsters"), 0, language("en"))
    index = recorded.first(lambda o: o.weather and o.turn == 0 and o.legal)
    table = FixtureTable(desktop, start=index, data=recorded.data(), hold_art=True)
    table.open()
    desktop.wait_for_timeout(800)
    cards = desktop.evaluate(_CARDS)
    assert len(cards) >= 8
    # Drawn whole, with no portrait yet: the art holds nothing up.
    assert all(c["drawn"] and not c["shown"] for c in cards), cards
    state = table.state()
    leaders = {side["leader"]["card_id"] for side in state["sides"]}
    weather = {w["card_id"] for w in state["weather"]}
    assert {(c["card"], "size=128") for c in cards} | {(c, "size=128") for c in leaders | weather
                                                        } <= portraits(table)
    assert all(c["src"] == f"/art/{c['card']}.png?size=128" for c in cards)

    table.release_art()
    desktop.wait_for_function(f"({_CARDS})().every((c) => c.shown)")
    assert {c["width"] for c in desktop.evaluate(_CARDS)} == {128}
    for holder in (".side .lportrait", ".wthr .wcard"):
        assert desktop.eval_on_selector(f"{holder} img.art", "i => i.naturalWidth") == 128


def test_a_cards_text_shows_its_portrait_large(phone: Any) -> None:
    table = FixtureTable(phone)
    table.index = next(i for i, s in enumerate(table.data["states"])
                       if s["phase"] == "playing" and s["legal"])
    table.open()
    card = phone.locator(".hand .card").first
    card_id = card.get_attribute("data-card")
    phone.dispatch_event(".hand .card >> nth=0", "pointerdown",
                         {"pointerType": "touch", "isPrimary": True})
    art = phone.locator(".peek img.art")
    art.wait_for(state="visible")
    phone.wait_for_function("document.querySelector('.peek img.art').naturalWidth > 0")
    assert art.get_attribute("src") == f"/art/{card_id}.png"
    assert art.evaluate("i => i.naturalWidth") == 256
    box = art.bounding_box()
    assert box is not None and box["width"] >= 72
