"""The learning texts against the engine: every card, ability, faction and leader is
explained, and every strength, row or ability they show agrees with the catalogue."""

from __future__ import annotations

import re

import pytest

from bot.discord.learn import guides as learn
from bot.i18n import card_name, language
from bot.learn.abilities import ABILITIES, HERO, explain
from bot.learn.cards import abilities_of, card_facts, explain_card, find_cards, related
from bot.learn.factions import FACTIONS, LEADERS, leader_label, leader_summary
from bot.learn.glossary import ENGLISH_LANGUAGE as EN
from bot.learn.glossary import TERMS
from bot.learn.help import PAGES
from bot.learn.rules import SCORING, topic, topics
from engine import Card, catalogue, starter_decks
from engine.cards import LEADER, ROW_TITLES
from engine.scoring import row_strengths
from tests.engine.scenario import play, scenario, texts

CARDS = list(catalogue().cards.values())
# Leaders that work here as the 2025 rulebook says, not as in The Witcher 3.
NOT_AS_IN_WITCHER3 = {"emhyr_var_emreis_the_relentless", "eredin_destroyer_of_worlds"}


def every_text() -> list[str]:
    """Everything the bot says to teach: rules pages, help, guides, card texts."""
    texts = [page for t in topics() for page in t.pages] + [p.text for p in PAGES]
    texts += [learn.faction_message(f, b"", lang=EN).content for f in catalogue().factions]
    texts += [explain_card(c) for c in CARDS]
    return texts


def test_every_catalogue_ability_has_a_guide_and_no_guide_is_stale() -> None:
    assert set(ABILITIES) == set(catalogue().abilities) | {HERO}
    used = {a for c in CARDS for a in c.abilities} | {HERO}
    assert used <= set(ABILITIES)


def test_every_faction_and_leader_is_described() -> None:
    assert set(FACTIONS) == set(catalogue().factions)
    leaders = {c.id for c in CARDS if c.type == LEADER}
    assert set(LEADERS) == leaders
    for card in CARDS:
        if card.type == LEADER:
            summary = leader_summary(card)
            assert card.text in summary and LEADERS[card.id].tip in summary
            assert ("always on" in summary) == card.leader.passive  # type: ignore[union-attr]
            marked = "Differs from The Witcher 3" in summary
            assert marked == (card.id in NOT_AS_IN_WITCHER3), card.id
            assert (leader_label(card) != card.name) == marked


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_every_card_is_explained_with_what_the_catalogue_says(card: Card) -> None:
    text = explain_card(card)
    head = text.splitlines()[0]
    assert head.startswith(f"**{card.name}** (")
    if card.is_unit:
        assert f"strength {card.strength}" in head
        assert " or ".join(ROW_TITLES[r] for r in card.rows) in head
        assert ("hero" in head) == card.hero
        assert (f"up to {card.copies} in a deck" in head) != card.side_deck
    for key in abilities_of(card):
        assert f"**{ABILITIES[key].name}**:" in text
    shown = set(re.findall(r"^\*\*([^*]+)\*\*:", text, re.M))
    assert shown == {ABILITIES[k].name for k in abilities_of(card)}
    assert set(abilities_of(card)) == set(card.abilities) | ({HERO} if card.hero else set())


def test_cards_shown_with_a_strength_anywhere_show_the_catalogue_strength() -> None:
    names = sorted(((c.name, c) for c in CARDS if c.is_unit), key=lambda nc: -len(nc[0]))
    checked = 0
    for text in every_text():
        for name, card in names:  # longest first, each blanked once checked ("Young Berserker")
            pattern = rf"{re.escape(name)}\*{{0,2}} \((?:strength )?(\d+)"
            for match in re.finditer(pattern, text):
                assert int(match.group(1)) == card.strength, (name, text[:80])
                checked += 1
            text = text.replace(name, "#" * len(name))
    assert checked > 40


def test_related_cards_name_muster_groups_summons_and_transformations() -> None:
    cards = catalogue().cards
    assert "Hemdall (11, hero, Close Combat)" in " ".join(related(cards["kambi"]))
    assert "Bovine Defense Force (8, Close Combat)" in " ".join(related(cards["cow"]))
    assert "Transformed Vildkaarl (14" in " ".join(related(cards["berserker"]))
    assert "Kambi" in " ".join(related(cards["hemdall"]))
    for card in CARDS:
        if card.musters is None:
            continue
        text = " ".join(related(card))
        for member in (c for c in CARDS if c.muster_group == card.musters and c.id != card.id):
            assert member.name in text, (card.id, member.id)
    crones = " ".join(related(cards["crone_brewess"]))
    assert "Crone: Weavess" in crones and "Crone: Whispess" in crones
    assert "Arachas Behemoth" in " ".join(related(cards["arachas"]))
    assert "Close Combat or Ranged Combat" in " ".join(related(cards["olaf"]))


@pytest.mark.parametrize(("typed", "expected"), [
    ("blue stripe", "blue_stripes_commando"), ("yenefer", "yennefer_of_vengerberg"),
    ("gerald of rivia", "geralt_of_rivia"), ("vilentretenmerth", "villentretenmerth"),
    ("gaunter o dimm", "gaunter_odimm"), ("SCHIRRU", "schirru"), ("kambi", "kambi"),
    ("eredin destroyr", "eredin_destroyer_of_worlds"), ("crach", "crach_an_craite"),
])
def test_lookup_tolerates_typos(typed: str, expected: str) -> None:
    assert find_cards(typed)[0].id == expected


@pytest.mark.parametrize("language", ["pl", "ru", "zh-CN"])
def test_english_typos_are_forgiven_whatever_the_users_language(language: str) -> None:
    for typed, expected in (("blue stripe", "blue_stripes_commando"),
                            ("yenefer", "yennefer_of_vengerberg"),
                            ("vilentretenmerth", "villentretenmerth"),
                            ("eredin destroyr", "eredin_destroyer_of_worlds")):
        assert find_cards(typed, language=language)[0].id == expected, typed


@pytest.mark.parametrize(("typed", "language", "expected"), [
    ("Jaskier", "en", "dandelion"), ("jaskier", "pl", "dandelion"), ("Лютик", "pl", "dandelion"),
    ("геральт из", "ru", "geralt_of_rivia"), ("利维亚的杰洛特", "en", "geralt_of_rivia"),
    ("Horn des Kommandanten", "ru", "commanders_horn"), ("verbrennen", "de", "scorch"),
    ("Казнь", "zh-CN", "scorch"), ("myszowur", "pl", "ermion"),
    ("Manekin do cwiczen", "en", "decoy"), ("geralt_of_rivia", "ru", "geralt_of_rivia"),
])
def test_lookup_by_a_name_in_any_language(typed: str, language: str, expected: str) -> None:
    assert find_cards(typed, language=language)[0].id == expected


def test_lookup_puts_the_users_language_first_and_keeps_to_the_kinds() -> None:
    # "ves" also begins "Vesemir"; the Russian reader's names ("Бьянка" is Ves) come with
    # the English ones, before any other language's.
    found = [c.id for c in find_cards("ves", language="ru")]
    assert found[:2] == ["ves", "vesemir"]
    leaders = find_cards("фольтест", kinds=(LEADER,), language="ru")
    assert len(leaders) == 5 and {c.type for c in leaders} == {LEADER}
    assert find_cards("decoy", kinds=(LEADER,)) == []
    assert learn.find_faction("Potwory", language("pl")) == "monsters"
    assert learn.find_faction("скеллиге", EN) == "skellige"
    assert learn.find_faction("nilfgaard") == "nilfgaard"
    assert learn.find_leader("Эредин Бреакк Глас: Убийца Оберона", language("pl")).id == (
        "eredin_bringer_of_death")


def test_nonsense_finds_nothing() -> None:
    for typed in ("zzz", "", "   ", "qwerty uiop"):
        assert find_cards(typed) == [], typed


CITATION = re.compile(r"rulebook|Witcher 3 (card|text)|\bFAQ\b", re.I)


def test_rulebooks_are_cited_only_in_the_rules_browser_where_they_differ() -> None:
    cards = catalogue().cards
    for card in CARDS:
        assert not CITATION.search(explain_card(card)), card.id
        if card.type == LEADER:
            assert not CITATION.search(learn.leader_message(card, b"", lang=EN).content), card.id
    for faction in catalogue().factions:
        assert not CITATION.search(learn.faction_message(faction, b"", lang=EN).content)
    # The rules the bot follows are said plainly where players read about the card...
    assert "from your hand as well as your deck" in explain_card(cards["arachas"])
    assert "never itself" in explain_card(cards["clan_dimun_pirate"])
    assert "does the same here" in explain_card(cards["eredin_destroyer_of_worlds"])
    # ... and which rulebook says so only in /gwent rules.
    abilities = " ".join(topic("abilities").pages + topic("specials").pages)
    assert "2025 rulebook takes them from hand and deck" in abilities
    leaders = " ".join(topic("leaders").pages)
    assert "Witcher 3" in leaders and "Destroyer of Worlds" in leaders


def test_the_horn_says_each_thing_once() -> None:
    for text in (explain_card(catalogue().cards["commanders_horn"]),
                 explain_card(catalogue().cards["dandelion"])):
        sentences = [s.strip() for s in re.split(r"(?<=\.) ", text) if s.strip()]
        assert len(sentences) == len(set(sentences)), text
        assert text.count("one horn") + text.count("horn slot") <= 1, text


def test_the_worked_scoring_example_is_what_the_engine_computes() -> None:
    cards = catalogue().cards
    row = [cards["blue_stripes_commando"]] * 3 + [cards["redanian_foot_soldier"],
                                                  cards["olgierd_von_everec"]]
    clear = row_strengths(row, horn_slot=True, weather=False, half_weather=False,
                          double_spies=False)
    frost = row_strengths(row, horn_slot=True, weather=True, half_weather=False,
                          double_spies=False)
    example = next(p for p in SCORING if p.startswith("**Worked example"))
    assert clear == [25, 25, 25, 3, 12] and f"**{sum(clear)}**" in example
    assert frost == [7, 7, 7, 3, 2] and f"**{sum(frost)}**" in example
    for value in (*clear, *frost):
        assert f"**{value}**" in example


def test_topics_cover_the_issue_and_perks_and_leaders_come_from_the_catalogue() -> None:
    keys = [t.key for t in topics()]
    assert keys == ["overview", "setup", "turns", "scoring", "abilities", "specials",
                    "factions", "leaders", "decks", "discord", "words", "ranked", "tournaments"]
    words = " ".join(topic("words").pages)
    for term in TERMS:  # the glossary, each word explained once
        assert words.count(term.meaning) == 1, term.word
    factions = " ".join(topic("factions").pages)
    for faction in catalogue().factions.values():
        assert faction.perk in factions
    leaders = " ".join(topic("leaders").pages)
    for card in CARDS:
        if card.type == LEADER:
            assert card.name in leaders and card.text in leaders
    specials = " ".join(topic("specials").pages)
    for card in CARDS:
        if card.is_special:
            assert card.name in specials
    assert starter_decks()  # the deck-building page names the starter decks
    assert "starter" in " ".join(topic("decks").pages)


def test_card_facts_of_specials_and_leaders() -> None:
    cards = catalogue().cards
    assert card_facts(cards["skellige_storm"]) == (
        "Neutral \u00b7 weather on Ranged Combat and Siege \u00b7 up to 3 in a deck")
    assert card_facts(cards["decoy"]) == "Neutral \u00b7 special card \u00b7 up to 3 in a deck"
    assert card_facts(cards["king_bran"]) == "Skellige leader"


def test_the_tournament_topic_gives_the_standings_order_the_rules_apply() -> None:
    text = " ".join(topic("tournaments").pages)
    order = ["**Points**", "**Opponents' points** (Buchholz)",
             "**Beaten opponents' points** (Sonneborn-Berger)", "**Head-to-head**",
             "**Rounds won**"]
    assert [text.index(word) for word in order] == sorted(text.index(word) for word in order)
    assert "log2" not in text and "circle method" in text
    assert "1 for 2 players, 2 for 3 or 4, 3 for 5 to 8" in text  # Swiss rounds, as numbers


# How each language says a card comes from the hand.
FROM_HAND = {"en": "hand", "pl": "rę", "ru": "рук", "de": "Hand", "fr": "main",
             "es-ES": "mano", "pt-BR": "mão", "zh-CN": "手牌"}


@pytest.mark.parametrize("tag", list(FROM_HAND))
def test_every_muster_text_takes_the_group_from_hand_and_deck_as_the_engine_does(tag: str
                                                                                 ) -> None:
    match = scenario(factions=("monsters", "nilfgaard"), hands=(["nekker", "nekker"], []),
                     decks=(["nekker"], []))
    assert "Muster brings Nekker, Nekker (1 from hand)." in texts(play(match, "nekker"))[-1]
    cat = catalogue()
    said = [cat.abilities["muster"].text, ABILITIES["muster"].unit, FACTIONS["monsters"].style,
            *(card.text for card in cat.cards.values() if card.musters or card.muster_group)]
    assert len(said) > 15
    lang = language(tag)
    assert [text for text in said if FROM_HAND[tag] not in lang._(text)] == []


@pytest.mark.parametrize("tag", list(FROM_HAND))
def test_leaders_named_in_the_rules_are_named_as_the_reader_knows_them(tag: str) -> None:
    lang = language(tag)
    assert card_name("francesca_findabair_hope_of_the_aen_seidhe", tag) in explain(
        "agile", lang=lang)
    assert card_name("francesca_findabair_daisy_of_the_valley", tag) in " ".join(
        topic("setup", lang=lang).pages)
