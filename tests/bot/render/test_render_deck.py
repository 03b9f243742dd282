"""The deck screen: sections by row and type, a height that fits every card, any deck, and
counts and labels that fit in every language."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.i18n import LANGUAGES, language
from bot.render.board import LABEL_PX
from bot.render.deck_screen import (
    SECTIONS,
    STAT_LABELS,
    STAT_W,
    TITLE_H,
    W,
    _label_font,
    deck_image,
    height,
    render_deck,
    section_counts,
    section_of,
)
from bot.render.faces import HAND_TOKEN
from bot.render.text import text_width
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


def test_each_row_of_seven_cards_makes_the_image_taller_and_a_count_a_little_more() -> None:
    empty = Deck("monsters", "eredin_bringer_of_death", {})
    one = Deck("monsters", "eredin_bringer_of_death", {"ghoul": 1})
    three = Deck("monsters", "eredin_bringer_of_death", {"ghoul": 3})
    units = [c.id for c in catalogue().cards.values()
             if c.faction == "monsters" and c.is_unit and section_of(c) == "close"]
    seven = Deck("monsters", "eredin_bringer_of_death", dict.fromkeys(units[:7], 1))
    eight = Deck("monsters", "eredin_bringer_of_death", dict.fromkeys(units[:8], 1))
    assert height(one) == height(empty) + HAND_TOKEN.h + 6
    assert height(one) < height(three) < height(one) + TITLE_H  # the "x3" under the card
    assert height(seven) == height(one) < height(eight)


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


def test_the_image_is_as_wide_as_the_board_for_a_phone() -> None:
    # A phone shows an image about 400 px wide: the deck image is 720 px wide, as the board
    # is, so that its card names (at least 15 px) are at least 8 px there.
    from bot.render.board import W as BOARD_W

    assert W == BOARD_W == 720


@pytest.mark.parametrize("tag", LANGUAGES)
def test_every_stat_label_shows_whole_at_a_readable_size(tag: str) -> None:
    lang = language(tag)
    for label in STAT_LABELS:
        text = lang._(label)
        fnt = _label_font(text, STAT_W - 10)
        assert fnt.size >= LABEL_PX and text_width(text, fnt) <= STAT_W - 10, (tag, text)


def test_the_deck_png_is_its_image_in_the_match_images_palette() -> None:
    from bot.render.encode import to_png
    from bot.render.palette import theme_palette

    for deck in (*starter_decks().values(), Deck("monsters", "eredin_bringer_of_death", {})):
        for tag in ("en", "zh-CN"):
            assert render_deck(deck, tag) == to_png(deck_image(deck, tag=tag),
                                                    palette=theme_palette())
