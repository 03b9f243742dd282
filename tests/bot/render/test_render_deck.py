"""The deck screen: sections by row and type, a height that fits every card, any deck."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render.deck_screen import (
    EMPTY_H,
    LEFT_H,
    SECTIONS,
    W,
    deck_image,
    height,
    render_deck,
    section_counts,
    section_of,
)
from engine.cards import catalogue
from engine.deckgen import generate_deck
from engine.decks import Deck, starter_decks


def test_every_card_has_one_section() -> None:
    cat = catalogue()
    keys = {key for key, _ in SECTIONS}
    assert section_of(cat.card("decoy")) == "special"
    assert section_of(cat.card("biting_frost")) == "special"
    assert section_of(cat.card("kayran")) == "agile"
    assert section_of(cat.card("ballista")) == "siege"
    assert section_of(cat.card("geralt_of_rivia")) == "close"
    assert section_of(cat.card("keira_metz")) == "ranged"
    assert {section_of(c) for c in cat.cards.values() if c.type != "leader"} == keys


@pytest.mark.parametrize("faction", sorted(starter_decks()))
def test_starter_and_generated_decks_render(faction: str) -> None:
    for deck in (starter_decks()[faction], generate_deck(faction, random.Random(1))):
        image = Image.open(io.BytesIO(render_deck(deck)))
        assert image.size == (W, height(deck))


def test_an_empty_deck_is_as_tall_as_its_left_column_and_more_cards_make_it_taller() -> None:
    empty = Deck("monsters", "eredin_bringer_of_death", {})
    assert height(empty) >= LEFT_H and 5 * EMPTY_H < LEFT_H
    small = Deck("monsters", "eredin_bringer_of_death", {"ghoul": 3})
    many = Deck("monsters", "eredin_bringer_of_death",
                {c.id: 1 for c in catalogue().cards.values()
                 if c.faction == "monsters" and c.is_unit and not c.hero})
    assert height(small) == height(empty) < height(many)


def test_cards_the_catalogue_does_not_know_are_left_out() -> None:
    deck = Deck("skellige", "king_bran", {"no_such_card": 2, "olaf": 1}, "")
    image = deck_image(deck)
    assert image.size == (W, height(deck))


def test_the_deck_image_and_the_builders_select_count_a_row_alike() -> None:
    # Heroes and neutral units of a row count in that row, in the image and in the select
    # (the select once left heroes out of "Close Combat": 19 cards against the image's 21).
    from bot.discord.decks.builder import Draft, builder_view
    from bot.i18n import language

    starter = starter_decks()["northern_realms"]
    deck = Deck(starter.faction, starter.leader, {**starter.cards, "geralt_of_rivia": 1})
    counts = section_counts(deck)
    cards = catalogue().cards
    close = sum(n for c, n in deck.cards.items() if section_of(cards[c]) == "close")
    assert counts["close"] == close
    assert any(cards[c].hero for c in deck.cards if section_of(cards[c]) == "close")
    view = builder_view(Draft(0, "close", deck), lang=language("en"))
    labels = [o.label for item in view.children if hasattr(item, "options")
              for o in item.options]
    assert f"Close Combat ({close} in deck)" in labels
    assert f"Siege ({counts['siege']} in deck)" in labels
