"""The deck list's line for one saved deck: its counts in the reader's plural forms."""

from __future__ import annotations

from bot.discord.decks.commands import deck_line
from bot.i18n import language
from bot.storage.saved_decks import SavedDeck
from engine import Deck, starter_decks


def test_a_deck_of_one_unit_and_one_special_says_so_in_the_singular() -> None:
    starter = starter_decks()["northern_realms"]
    deck = Deck("northern_realms", starter.leader, {"blue_stripes_commando": 1, "decoy": 1},
                "Tiny")
    saved = SavedDeck(1, 1, deck, 0, 0)
    assert "1 unit, 1 special \u00b7 not ready yet" in deck_line(saved, language("en"))
    assert "1 отряд, 1 специальная" in deck_line(saved, language("ru"))
    full = SavedDeck(2, 1, Deck("northern_realms", starter.leader, dict(starter.cards), "Ships"),
                     0, 0)
    assert " units, " in deck_line(full, language("en"))
