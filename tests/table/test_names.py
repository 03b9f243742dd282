"""Card names whole at 360x640: every card in the hand shows its whole name, on one or two
lines, at 12 px or more, inside its card, in the served narrow face, with every card on the
screen (and still no text under 12 px nor control under 44 px tall when the hand takes
three rows); the redraw's cards too. Tried on the hardest hands there are: each faction's
ten cards with the longest names, in Russian and German (a recorded match whose hand is
replaced, served by the browser)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import card_name, language
from bot.web.cards import cards_of
from engine import catalogue
from tests.table.fixture_table import FixtureTable
from tests.table.measure import too_small
from tests.table.recorded import record

pytestmark = pytest.mark.timeout(180)
FACTIONS = ("northern_realms", "nilfgaard", "monsters", "scoiatael", "skellige")
MIN_PX = 12

# Each card's name as set: its lines, size and face, and whether each line lies inside its
# card and the card on the screen.
_NAMES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const face = el.querySelector(".face").getBoundingClientRect();
  const nm = el.querySelector(".nm");
  const lines = nm.children.length ? [...nm.children] : [nm];
  const inside = lines.every((line) => {
    const range = document.createRange();
    range.selectNodeContents(line);
    const box = range.getBoundingClientRect();
    return box.width > 0 && box.left >= face.left + 1 && box.right <= face.right - 1
      && box.top >= face.top && box.bottom <= face.bottom + 0.5;
  });
  return {card: el.dataset.card, lines: lines.map((l) => l.textContent), inside,
          px: parseFloat(getComputedStyle(nm).fontSize), face: getComputedStyle(nm).fontFamily,
          onScreen: face.left >= 0 && face.right <= innerWidth && face.top >= 0
            && face.bottom <= innerHeight};
})"""


def face_name(card_id: str, tag: str) -> str:
    """The name a card's face shows ("Vampire: Garkain" shows "Garkain")."""
    return re.split(": |\uff1a", card_name(card_id, tag))[-1]


def longest(faction: str, tag: str) -> list[str]:
    """The faction's ten cards (neutral ones included) with the longest names."""
    cards = [c.id for c in catalogue().cards.values()
             if c.type != "leader" and c.faction in (faction, "neutral")]
    return sorted(cards, key=lambda c: (-len(face_name(c, tag)), c))[:10]


def hands(tag: str) -> dict[str, Any]:
    """A recorded match in `tag` whose turns show, one after the other, each faction's
    hardest hand (units with fresh uids, in the order of the game)."""
    lang = language(tag)
    recorded = record(("scoiatael", "monsters"), 7, lang)
    turn = next(s for s in recorded.states if s["phase"] == "playing" and s["turn"] == 0)
    states = []
    for n, faction in enumerate(FACTIONS):
        hand = [{"uid": 1000 + 20 * n + i, "card_id": card_id,
                 "strength": catalogue().card(card_id).strength, "base": None, "hero": False}
                for i, card_id in enumerate(longest(faction, tag))]
        me = turn["sides"][0] | {"hand": hand, "hand_count": len(hand)}
        states.append(turn | {"sides": [me, turn["sides"][1]], "legal": [], "hint": None})
    welcome = recorded.welcome | {"cards": cards_of(catalogue().cards, lang)}
    return {"welcome": welcome, "states": states}


def assert_whole(shown: list[dict[str, Any]], tag: str, where: str) -> None:
    assert len(shown) >= 8, f"{where}: the cards are not there"
    for card in shown:
        name = face_name(card["card"], tag)
        lines = [line for line in card["lines"] if line]
        assert 1 <= len(lines) <= 2, (where, name, lines)
        # The lines are the name, broken at a space (dropped), after a hyphen, or in CJK.
        assert "".join(lines).replace(" ", "") == name.replace(" ", ""), (where, name, lines)
        assert card["inside"], f"{where}: {name} spills out of its card ({lines})"
        assert card["px"] >= MIN_PX, (where, name, card["px"])
        assert card["face"].startswith('"PT Sans Narrow"'), card["face"]
        assert card["onScreen"], f"{where}: {name} is off the screen"


@pytest.mark.parametrize("tag", ["ru", "de"])
def test_every_name_in_the_hand_shows_whole_on_a_phone(phone: Any, tag: str) -> None:
    table = FixtureTable(phone, data=hands(tag))
    table.open(f"?channel_id=5&guild_id=4&user_id=1&code=c&locale={tag}")
    phone.wait_for_function("document.fonts.check('700 12px \"PT Sans Narrow\"')")
    for n, faction in enumerate(FACTIONS):
        table.index = n
        table.send_state()
        phone.wait_for_selector(f".hand .card[data-uid='{1000 + 20 * n}']")
        phone.wait_for_timeout(700)  # the cards have landed
        assert_whole(phone.evaluate(_NAMES, ".hand .card"), tag, f"{tag} {faction}")
        assert phone.eval_on_selector(".hand", "h => h.scrollHeight <= h.clientHeight + 1")
        assert too_small(phone) == [], f"{tag} {faction}"


def test_the_redraws_names_show_whole_on_a_phone(phone: Any) -> None:
    recorded = record(("scoiatael", "monsters"), 7, language("de"))
    table = FixtureTable(phone, data=recorded.data(),
                         start=next(i for i, s in enumerate(recorded.states)
                                    if s["phase"] == "mulligan"))
    table.open("?channel_id=5&guild_id=4&user_id=1&code=c&locale=de")
    phone.wait_for_selector(".sheet[data-name='redraw'] .options .card")
    phone.wait_for_timeout(400)
    assert_whole(phone.evaluate(_NAMES, ".sheet .options .card"), "de", "the redraw")
