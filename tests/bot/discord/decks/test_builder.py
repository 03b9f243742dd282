"""The deck builder's messages: within Discord's limits for every faction and category, and
offering exactly the cards the rules allow."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.discord.decks import ids
from bot.discord.decks.builder import (
    CATEGORIES,
    Draft,
    add_value,
    addable,
    builder_message,
    categories,
    category_of,
    status_line,
    usable_cards,
)
from bot.discord.decks.handlers import added_copies
from bot.discord.match.deck_choice import deck_message
from bot.i18n import ENGLISH, language
from bot.service.decks import factions, saved_key
from bot.storage.saved_decks import SavedDeck
from engine import Deck, catalogue, starter_decks
from engine.decks import MAX_SPECIALS
from tests.bot.discord.test_views import PNG, check_limits, record

EN = language(ENGLISH)

FACTIONS = [key for key, _ in factions()]
EN = language(ENGLISH)
BIG_ID = 2**53


def crowded(faction: str) -> Deck:
    """Every unit the faction may hold, all copies, and ten specials: the longest menus."""
    cards = {c.id: c.copies for c in usable_cards(faction) if c.is_unit}
    cards |= {"decoy": 3, "commanders_horn": 3, "scorch": 3, "clear_weather": 1}
    return Deck(faction, catalogue().leaders(faction)[0].id, cards)


def decks_of(faction: str) -> list[Deck]:
    leader = catalogue().leaders(faction)[-1].id
    return [Deck(faction, leader, {}), starter_decks()[faction], crowded(faction)]


def menus(out: Any) -> dict[str, Any]:
    """The message's selects by their custom_id's last part."""
    found = {}
    for row in out.view.to_components():
        for item in row["components"]:
            found[item["custom_id"].rsplit(":", 1)[1]] = item
    return found


@pytest.mark.parametrize("faction", FACTIONS)
def test_every_builder_message_fits_discord(faction: str) -> None:
    long_name = SavedDeck(BIG_ID, 1, Deck(faction, "", {}, "N" * 40), 0.0, 0.0)
    for deck in decks_of(faction):
        for key in categories(faction):
            for saved in (None, long_name):
                draft = Draft(BIG_ID if saved else 0, key, deck)
                for confirm in (False, True):
                    out = builder_message(draft, saved, "x" * 1500, PNG, confirm, lang=EN)
                    check_limits(out)
                    assert len(out.view.children) <= 25  # type: ignore[union-attr]
                    for row in out.view.to_components():  # type: ignore[union-attr]
                        for item in row["components"]:
                            assert re.fullmatch(ids.BUILD, item["custom_id"])


@pytest.mark.parametrize("faction", FACTIONS)
def test_add_offers_exactly_what_can_still_go_in(faction: str) -> None:
    cat = catalogue()
    for deck in decks_of(faction):
        for key in categories(faction):
            items = menus(builder_message(Draft(0, key, deck), None, lang=EN))
            offered = {o["value"] for o in items["add"]["options"]}
            # Each card that can go in, once per number of copies that can go in at once.
            expected = {add_value(c.id, n) for c in usable_cards(faction)
                        if category_of(c) == key for n in range(1, addable(deck, c.id) + 1)}
            if expected:
                assert offered == expected and not items["add"].get("disabled")
                assert items["add"]["max_values"] == len(expected)  # several at once
            else:
                assert items["add"]["disabled"] and offered == {"none"}
            for o in items["add"]["options"]:
                card = cat.cards.get(o["value"])
                if card is not None and card.is_unit:
                    assert f"Strength {card.strength}" in o["description"]
            removable = {o["value"] for o in items["remove"]["options"]}
            in_deck = {c for c in deck.cards if category_of(cat.card(c)) == key}
            assert removable == (in_deck or {"none"})


def test_specials_stop_at_ten_and_copies_at_the_catalogue_limit() -> None:
    deck = crowded("monsters")
    assert sum(n for c, n in deck.cards.items() if catalogue().card(c).is_special) == MAX_SPECIALS
    items = menus(builder_message(Draft(0, "special", deck), None, lang=EN))
    assert items["add"]["disabled"]
    items = menus(builder_message(Draft(0, "close", deck), None, lang=EN))
    assert items["add"]["disabled"]  # every close unit already at its maximum
    nearly = Deck("monsters", deck.leader, {"arachas": 2})
    items = menus(builder_message(Draft(0, "close", nearly), None, lang=EN))
    labels = {o["value"]: o["label"] for o in items["add"]["options"]}
    assert labels["arachas"] == "Arachas (2/3)"
    # Several copies at once, as many as still go in; specials stop at ten together.
    empty = Deck("monsters", deck.leader, {"decoy": 3, "commanders_horn": 3, "scorch": 2})
    items = menus(builder_message(Draft(0, "special", empty), None, lang=EN))
    described = {o["value"]: (o["label"], o.get("description"))
                 for o in items["add"]["options"]}
    assert described["scorch"][0] == "Scorch (2/3)" and "scorch*2" not in described
    assert described["biting_frost*2"] == ("Biting Frost \u00d72",
                                           "2 copies at once: 2 of 3 in the deck")
    assert "biting_frost*3" not in described  # two specials more make ten


def test_categories_split_every_usable_card_once_and_skip_empty_ones() -> None:
    for faction in FACTIONS:
        shown = categories(faction)
        assert set(shown) <= set(CATEGORIES)
        assert {category_of(c) for c in usable_cards(faction)} == set(shown)
    assert "agile" not in categories("northern_realms")
    assert "agile" in categories("scoiatael")


def test_the_status_line_marks_each_limit() -> None:
    assert status_line(starter_decks()["monsters"], EN) == (
        "Units **27/22** \u2705 \u00b7 Specials **8/10** \u2705 \u00b7 35 cards")
    thin = Deck("monsters", "eredin_bringer_of_death", {"ghoul": 3, "decoy": 3, "scorch": 3,
                                                        "commanders_horn": 3, "clear_weather": 2})
    assert status_line(thin, EN) == ("Units **3/22** \u274c \u00b7 Specials **11/10** \u274c "
                                 "\u00b7 14 cards")


def test_unsaved_changes_and_the_close_confirmation_show() -> None:
    deck = starter_decks()["skellige"]
    saved = SavedDeck(5, 1, Deck(deck.faction, deck.leader, dict(deck.cards), "Ships"), 0, 0)
    same = builder_message(Draft(5, "close", saved.deck), saved, lang=EN)
    assert "unsaved" not in same.content and "**Ships**" in same.content
    changed = Draft(5, "close", saved.deck.with_leader("king_bran"))
    out = builder_message(changed, saved, confirm_close=True, lang=EN)
    assert "*unsaved changes*" in out.content
    assert menus(out)["discard"]["label"] == "Discard changes"
    assert "New deck" in builder_message(Draft(0, "close", Deck("skellige", "king_bran")),
                                         None, lang=EN).content


@pytest.mark.parametrize("faction", FACTIONS)
def test_the_lobby_lists_twenty_saved_decks_beside_the_starter(faction: str) -> None:
    saved = [SavedDeck(BIG_ID + i, 100, Deck(faction, starter_decks()[faction].leader,
                                             dict(starter_decks()[faction].cards), "D" * 40), 0, 0)
             for i in range(20)]
    rec = record(faction, faction, status="choosing")
    out = deck_message(rec, 0, saved, lang=EN)
    check_limits(out)
    options = menus(out)["deck"]["options"]
    assert [o["value"] for o in options] == [faction, *(saved_key(s.id) for s in saved)]
    assert options[1]["description"].startswith("Your deck")


def test_builder_and_form_ids_match_their_templates() -> None:
    code = "GW" + "Z" * 30
    assert re.fullmatch(ids.BUILD, ids.build(BIG_ID, "special", code, "saveas"))
    assert re.fullmatch(ids.BUILD_FORM, form := ids.build_form("paste", BIG_ID, "neutral", code))
    assert len(form) <= 100
    assert re.fullmatch(ids.DECK_DELETE, ids.deck_delete(BIG_ID, "yes"))


def test_the_leader_select_marks_leaders_unlike_the_witcher_3() -> None:
    for faction, marked in (("nilfgaard", "emhyr_var_emreis_the_relentless"),
                            ("monsters", "eredin_destroyer_of_worlds")):
        deck = starter_decks()[faction]
        items = menus(builder_message(Draft(0, categories(faction)[0], deck), None, lang=EN))
        labels = {o["value"]: o["label"] for o in items["leader"]["options"]}
        assert labels.pop(marked).endswith(" (differs from The Witcher 3)")
        assert all(label == catalogue().card(c).name for c, label in labels.items())


def test_adding_several_copies_at_once_says_what_went_in_and_what_could_not() -> None:
    empty = Deck("northern_realms", "foltest_the_siegemaster", {})
    deck, note = added_copies(empty, ["blue_stripes_commando*3", "blue_stripes_commando",
                                      "prince_stennis"], EN)
    assert deck.cards == {"blue_stripes_commando": 3, "prince_stennis": 1}
    assert note == ("Added Blue Stripes Commando \u00d73 (3 in the deck) and Prince Stennis "
                    "(1 in the deck).")
    assert added_copies(empty, ["decoy"], EN)[1] == "Added Decoy (1 in the deck)."
    eight = Deck("northern_realms", "foltest_the_siegemaster",
                 {"commanders_horn": 3, "scorch": 3, "biting_frost": 2})
    deck, note = added_copies(eight, ["decoy*3"], EN)
    assert deck.cards["decoy"] == 2  # ten specials at most
    assert note.startswith("Added Decoy \u00d72 (2 in the deck). Decoy cannot go in: ")
    unchanged, refused = added_copies(deck, ["clear_weather"], EN)
    assert unchanged == deck and refused.startswith("Clear Weather cannot go in: ")
