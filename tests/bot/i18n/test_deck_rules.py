"""The rules a deck breaks, said in the reader's language with the cards' names in it, and in
English exactly as the engine says them."""

from __future__ import annotations

from bot.i18n import ENGLISH, card_name, language
from bot.i18n.deck_rules import Broken, problem_text
from engine import Deck, catalogue, starter_decks
from engine.decks import problems, rule_problems
from tests.bot.i18n.marked import marked_language, unmarked


def broken_deck() -> Deck:
    """A deck breaking most rules at once: a card of another faction, too many copies, a
    leader among its cards, an unknown card, too few units and too many specials."""
    deck = starter_decks()["northern_realms"]
    cat = catalogue()
    other = next(c.id for c in cat.cards.values() if c.faction == "nilfgaard" and c.is_unit)
    weather = next(c.id for c in cat.cards.values() if not c.is_unit and c.copies >= 3
                   and c.type != "leader")
    leader = next(c.id for c in cat.cards.values() if c.type == "leader")
    return Deck(deck.faction, deck.leader,
                {other: 9, weather: 12, leader: 1, "no_such_card": 1}, deck.name)


def test_the_english_is_the_engines() -> None:
    deck = broken_deck()
    found = rule_problems(deck)
    assert len(found) >= 5
    assert [problem_text(p, language(ENGLISH)) for p in found] == problems(deck)
    assert Broken(found).said_by(language(ENGLISH)) == "; ".join(problems(deck))


def test_every_rule_is_said_in_the_readers_language() -> None:
    deck = broken_deck()
    marked = marked_language("pl")
    said = Broken(rule_problems(deck)).said_by(marked)
    names = [card_name(card_id, "pl") for card_id in deck.cards if card_id in catalogue().cards]
    assert unmarked(said, [*names, "no_such_card"]) == []
    polish = Broken(rule_problems(deck)).said_by(language("pl"))
    assert card_name(next(iter(deck.cards)), "pl") in polish
    assert "belongs to" not in polish and "unit cards" not in polish


def test_the_counts_take_the_languages_plural_forms() -> None:
    cat = catalogue()
    roche = next(c.id for c in cat.cards.values() if c.is_unit and c.copies == 1
                 and c.faction == "northern_realms")
    leader = starter_decks()["northern_realms"].leader

    def said(cards: dict[str, int], tag: str) -> str:
        return Broken(rule_problems(Deck("northern_realms", leader, cards))).said_by(
            language(tag))

    name = card_name(roche, "pl")
    assert said({roche: 2}, "pl").startswith(f"{name}: 2 kopie, a dozwolone najwyżej 1")
    assert said({roche: 5}, "pl").startswith(f"{name}: 5 kopii, a dozwolone najwyżej 1")
    assert said({roche: 1}, "pl") == "1 karta jednostki; talia potrzebuje co najmniej 22"
    assert said({roche: 3}, "ru").endswith("; 3 карты отрядов; в колоде нужно не меньше 22")
    assert said({roche: 1}, "en") == "1 unit card; a deck needs at least 22"
    assert said({roche: 1}, "de") == "1 Einheitenkarte; ein Deck braucht mindestens 22"
