"""Card, leader, faction and ability names in every language, and finding a card from its
name typed in any of them."""

from __future__ import annotations

import re

import pytest

from bot.i18n import (
    ENGLISH,
    LANGUAGES,
    ability_name,
    card_ids_named,
    card_name,
    faction_name,
    other_names,
)
from bot.i18n.catalogues import MESSAGES, catalogue_path, read_catalogue, template_path
from bot.i18n.names import name_entries, search_cards, search_factions
from engine import Deck, catalogue, starter_decks
from engine.cards import LEADER, NEUTRAL, UNIT
from engine.decklist import parse_list
from engine.folding import fold


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


def _written_in(deck: Deck, language: str, leader_label: str = "") -> str:
    """A deck list as a player of that language writes it: the game's names."""
    lines = [leader_label + card_name(deck.leader, language)]
    lines += [f"{count}x {card_name(card_id, language)}" for card_id, count in deck.cards.items()]
    return "\n".join(lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_list_written_in_any_language_reads_back_as_the_same_deck(language: str) -> None:
    for faction, deck in starter_decks().items():
        other_leader = next(c.id for c in catalogue().leaders(faction) if c.id != deck.leader)
        found = parse_list(_written_in(deck, language, "Leader: "), faction, other_leader,
                           other=other_names())
        assert found.unread == (), (language, faction)
        assert Deck(faction, found.leader or "", found.cards) == Deck(faction, deck.leader,
                                                                      deck.cards)
        written = f"Faction: {faction_name(faction, language)}\n{_written_in(deck, language)}"
        assert parse_list(written, faction, other_leader, other=other_names()).ok


def test_other_names_hold_every_language_but_english() -> None:
    names = other_names()
    assert names.cards["Jaskier"] == names.cards["Лютик"] == "dandelion"
    assert names.cards["利维亚的杰洛特"] == "geralt_of_rivia"
    assert names.factions["Królestwa Północy"] == "northern_realms"
    assert names.factions["Чудовища"] == "monsters"
    assert "Blue Stripes Commando" not in names.cards
    assert NEUTRAL not in names.factions.values()
    for language in LANGUAGES[1:]:
        for card_id in catalogue().cards:
            assert names.cards[card_name(card_id, language)] == card_id


def test_a_pasted_polish_or_russian_list_names_its_problems() -> None:
    polish = "3x Komandos Niebieskich Pasow\nLetho z Gulety\nJaskier x4\nMyszowór"
    found = parse_list(polish, "northern_realms", "foltest_the_siegemaster",
                       other=other_names())
    assert found.cards == {"blue_stripes_commando": 3}
    assert [u.reason for u in found.unread] == [
        "Letho of Gulet belongs to Nilfgaard, not Northern Realms",
        "Dandelion: 4 copies, but at most 1 allowed",
        "Ermion belongs to Skellige, not Northern Realms"]
    russian = ["Фольтест: Король Темерии", "Бьянка", "Лютик", "Казнь x3"]
    found = parse_list("\n".join(russian), "northern_realms", "foltest_the_siegemaster",
                       other=other_names())
    assert found.unread == ()
    assert found.leader == "foltest_king_of_temeria"
    assert found.cards == {"ves": 1, "dandelion": 1, "scorch": 3}


def test_typos_are_forgiven_only_in_the_users_language_and_english() -> None:
    # "Myszowór" is Polish for Ermion: misspelt, it is found for a Polish reader only.
    assert search_cards("myszowur", "pl") == ["ermion"]
    assert search_cards("myszowur", "en") == []
    assert search_cards("myszowur", "ru") == []
    assert search_cards("Myszowór", "en") == ["ermion"]


def test_factions_are_found_by_their_name_in_any_language() -> None:
    assert search_factions("potw", "pl") == ["monsters"]
    assert search_factions("Королевства Севера", "en") == ["northern_realms"]
    assert search_factions("松鼠党", "de") == ["scoiatael"]
    assert search_factions("potwry", "pl") == ["monsters"]  # a typo, in Polish
    assert search_factions("potwry", "en") == []
    assert search_factions("skel", "ru")[0] == "skellige"
    assert search_factions(" ", "pl") == []
    assert NEUTRAL not in search_factions("neutral", "en") + search_factions("Нейтральный", "ru")


def test_other_languages_are_searched_only_when_the_readers_names_match_nothing() -> None:
    # "Tribok" is German for Trebuchet: "tri" finds it only for a German reader.
    assert "trebuchet" not in search_cards("tri", "en")
    assert "trebuchet" not in search_cards("tri", "pl")
    assert "trebuchet" in search_cards("tri", "de")
    assert search_cards("Tribok", "en") == search_cards("tribo", "ru") == ["trebuchet"]


def test_no_name_is_cut_short() -> None:
    """Names are written in sentences, which never abbreviate: no "Kaedwen-Belagerungsexp.",
    "Schütze der Schw. Inf." or "Бол. огненный скорпион", as the game's card frames have."""
    cut = re.compile(r"\w\.(\s|$)")
    found = [(tag, card_name(card_id, tag)) for tag in LANGUAGES
             for card_id in catalogue().cards if cut.search(card_name(card_id, tag))]
    assert found == []


def _short_forms(tag: str) -> dict[str, str]:
    """Each leader's name cut to its first word before the title ("Francesca: Daisy of the
    Valley" for "Francesca Findabair: Daisy of the Valley"), by its full name."""
    forms = {}
    for card in catalogue().cards.values():
        full = card_name(card.id, tag)
        who, colon, title = full.partition(":")
        first = re.split(r"[ \u00b7]", who)[0]
        if card.type == LEADER and colon and first != who:
            forms[f"{first}:{title}"] = full
    return forms


def _texts(tag: str) -> list[str]:
    """Every text of the `gwent` catalogue in a language (English: the template's)."""
    english = tag == ENGLISH
    catalog = read_catalogue(template_path(MESSAGES) if english
                             else catalogue_path(tag, MESSAGES))
    said = [message.id if english else message.string for message in catalog if message.id]
    return [text for texts in said for text in (texts if isinstance(texts, tuple) else (texts,))]


@pytest.mark.parametrize("tag", LANGUAGES)
def test_running_text_names_leaders_in_full(tag: str) -> None:
    forms = _short_forms(tag)
    assert len(forms) >= 5
    assert [(short, text[:80]) for text in _texts(tag) for short in forms if short in text] == []
