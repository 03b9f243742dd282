"""Card, leader, faction and ability names in every language, and finding a card from its
name typed in any of them."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, ability_name, card_ids_named, card_name, faction_name
from bot.i18n.names import fold, name_entries, search_cards
from engine import catalogue
from engine.cards import LEADER, NEUTRAL, UNIT


def test_every_card_leader_faction_and_ability_has_a_name_in_every_language() -> None:
    data = catalogue()
    for language in LANGUAGES:
        for card_id in data.cards:
            assert card_name(card_id, language).strip(), (card_id, language)
        for faction in [*data.factions, NEUTRAL]:
            assert faction_name(faction, language).strip(), (faction, language)
        for ability in data.abilities:
            assert ability_name(ability, language).strip(), (ability, language)
    assert len(name_entries()) == len(data.cards) + len(data.factions) + 1 + len(data.abilities)


@pytest.mark.parametrize(("language", "card_id", "name"), [
    ("en", "decoy", "Decoy"), ("pl", "decoy", "Manekin do ćwiczeń"),
    ("ru", "scorch", "Казнь"), ("de", "commanders_horn", "Horn des Kommandanten"),
    ("pt-BR", "decoy", "Isca"), ("es-ES", "decoy", "Señuelo"), ("fr", "decoy", "Leurre"),
    ("zh-CN", "geralt_of_rivia", "利维亚的杰洛特"), ("pl", "thaler", "Talar"),
    ("pl", "ermion", "Myszowór"), ("es-419", "decoy", "Señuelo"), ("zh-TW", "decoy", "Decoy"),
])
def test_names_are_the_games_own(language: str, card_id: str, name: str) -> None:
    assert card_name(card_id, language) == name


def test_faction_names() -> None:
    assert faction_name("monsters", "pl") == "Potwory"
    assert faction_name("northern_realms", "de") == "Nördliche Königreiche"
    assert faction_name(NEUTRAL, "en") == "Neutral"
    assert faction_name("scoiatael", "zh-CN") == "松鼠党"


def test_no_two_cards_share_a_name_in_any_language() -> None:
    cards = list(catalogue().cards)
    for language in LANGUAGES:
        folded = [fold(card_name(card_id, language)) for card_id in cards]
        assert len(set(folded)) == len(folded), language
    for card_id in cards:
        for language in LANGUAGES:
            assert card_ids_named(card_name(card_id, language)) == {card_id}, (card_id, language)


@pytest.mark.parametrize(("typed", "card_id"), [
    ("Geralt z Rivii", "geralt_of_rivia"), ("geralt z rivii", "geralt_of_rivia"),
    ("ГЕРАЛЬТ ИЗ РИВИИ", "geralt_of_rivia"), ("利维亚的杰洛特", "geralt_of_rivia"),
    ("sile de tansarville", "sile_de_tansarville"), ("Myszowor", "ermion"),
    ("  Biedna   Pierdolona Piechota ", "poor_fucking_infantry"),
    ("Gaunter ODimm", "gaunter_odimm"), ("gaunter_odimm", "gaunter_odimm"),
    ("Olgierd von Everec", "olgierd_von_everec"), ("欧吉尔德伊佛瑞克", "olgierd_von_everec"),
])
def test_a_pasted_name_in_any_language_finds_its_card(typed: str, card_id: str) -> None:
    assert card_ids_named(typed) == {card_id}


def test_an_unknown_name_finds_nothing() -> None:
    assert card_ids_named("Gwent") == frozenset()
    assert card_ids_named("") == frozenset()
    assert search_cards("   ", "pl") == []


def test_fold_keeps_every_script_and_drops_accents_and_punctuation() -> None:
    assert fold("Síle de Tansarville") == "sile de tansarville"
    assert fold("Łucznik Ołgierd") == "lucznik olgierd"
    assert fold("Gaunter O'Dimm: Darkness") == "gaunter odimm darkness"
    assert fold("Ведьма: Кухарка") == "ведьма кухарка"
    assert fold("老巫妪\uff1a煮婆") == "老巫妪 煮婆"  # a full-width colon


def test_search_puts_the_users_language_and_english_first() -> None:
    # "cow" is the English name of the Cow and inside the Polish name of an elf
    # ("Elfi harcownik"): the exact English name comes first.
    found = search_cards("krowa", "pl")
    assert found[0] == "cow"
    assert search_cards("cow", "pl")[0] == "cow"
    assert search_cards("Казнь", "en") == ["scorch"]
    assert search_cards("geralt", "zh-CN")[0] == "geralt_of_rivia"


def test_search_forgives_typos_and_filters_kinds() -> None:
    assert search_cards("yenefer", "en")[0] == "yennefer_of_vengerberg"
    assert search_cards("Gotverdamte Infanteri", "de") == ["poor_fucking_infantry"]
    leaders = search_cards("foltest", "pl", kinds=[LEADER])
    assert leaders and all(catalogue().cards[c].type == LEADER for c in leaders)
    assert search_cards("foltest", "pl", kinds=[UNIT]) == []
