"""Deck validation: every failure named exactly; the starter decks are legal."""

from __future__ import annotations

import pytest

from engine.cards import catalogue
from engine.decks import (
    Deck,
    DeckError,
    can_add,
    draft_problems,
    problems,
    starter_decks,
    summary,
    validate,
)

FACTIONS = ["monsters", "nilfgaard", "northern_realms", "scoiatael", "skellige"]


def nr_units(extra: dict[str, int] | None = None) -> dict[str, int]:
    """A legal Northern Realms list: 22 units, 2 specials."""
    cards = {
        "blue_stripes_commando": 3, "poor_fucking_infantry": 4,
        "crinfrid_reavers_dragon_hunter": 3, "catapult": 2, "kaedweni_siege_expert": 3,
        "trebuchet": 2, "ballista": 1, "siege_tower": 1, "dun_banner_medic": 1,
        "vernon_roche": 1, "ves": 1, "decoy": 1, "scorch": 1,
    }
    cards.update(extra or {})
    return cards


def base() -> Deck:
    return Deck("northern_realms", "foltest_the_siegemaster", nr_units())


def test_the_base_deck_is_legal() -> None:
    assert problems(base()) == []
    assert validate(base()) == base()


@pytest.mark.parametrize("faction", FACTIONS)
def test_every_starter_deck_validates(faction: str) -> None:
    deck = starter_decks()[faction]
    assert deck.faction == faction
    assert problems(deck) == []
    assert catalogue().card(deck.leader).faction == faction
    units = sum(n for c, n in deck.cards.items() if catalogue().card(c).is_unit)
    specials = sum(n for c, n in deck.cards.items() if catalogue().card(c).is_special)
    assert units >= 22 and specials <= 10


def test_there_is_a_starter_deck_per_faction() -> None:
    assert sorted(starter_decks()) == FACTIONS


@pytest.mark.parametrize("faction", FACTIONS)
def test_every_leader_of_a_faction_can_lead_its_starter_deck(faction: str) -> None:
    for leader in catalogue().leaders(faction):
        assert problems(starter_decks()[faction].with_leader(leader.id)) == []


def test_unknown_card() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster", nr_units({"roach": 1}))
    assert problems(deck) == ["unknown card \u201croach\u201d"]


def test_card_of_another_faction() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster", nr_units({"letho_of_gulet": 1}))
    assert problems(deck) == ["Letho of Gulet belongs to Nilfgaard, not Northern Realms"]


def test_neutral_cards_are_allowed() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"geralt_of_rivia": 1, "dandelion": 1, "commanders_horn": 3}))
    assert problems(deck) == []


def test_too_many_copies() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"blue_stripes_commando": 4, "vernon_roche": 2}))
    assert problems(deck) == [
        "Blue Stripes Commando: 4 copies, but at most 3 allowed",
        "Vernon Roche: 2 copies, but at most 1 allowed",
    ]


def test_side_deck_card() -> None:
    for card in ("hemdall", "transformed_vildkaarl", "transformed_young_vildkaarl",
                 "bovine_defense_force"):
        deck = Deck("skellige", "crach_an_craite",
                    dict(starter_decks()["skellige"].cards, **{card: 1}))
        name = catalogue().card(card).name
        assert problems(deck) == [f"{name} only enters play from the side deck"]


def test_leader_in_the_card_list() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"foltest_son_of_medell": 1}))
    assert problems(deck) == [
        "Foltest: Son of Medell is a leader; a deck names its leader separately"]


def test_fewer_than_22_units() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"poor_fucking_infantry": 3}))
    assert problems(deck) == ["21 unit cards; a deck needs at least 22"]


def test_exactly_22_units_and_10_specials() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"decoy": 3, "scorch": 3, "commanders_horn": 3, "clear_weather": 1}))
    assert problems(deck) == []


def test_more_than_10_specials() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"decoy": 3, "scorch": 3, "commanders_horn": 3, "clear_weather": 1,
                          "biting_frost": 1}))
    assert problems(deck) == ["11 special cards; a deck may have at most 10"]


def test_weather_counts_as_special() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                nr_units({"biting_frost": 3, "impenetrable_fog": 3, "torrential_rain": 2,
                          "skellige_storm": 3}))
    assert problems(deck) == ["13 special cards; a deck may have at most 10"]


def test_leader_of_another_faction() -> None:
    deck = Deck("northern_realms", "emhyr_var_emreis_the_white_flame", nr_units())
    assert problems(deck) == [
        "leader Emhyr var Emreis: The White Flame leads Nilfgaard, not Northern Realms"]


def test_leader_that_is_not_a_leader() -> None:
    deck = Deck("northern_realms", "vernon_roche", nr_units())
    assert problems(deck) == ["\u201cvernon_roche\u201d is not a leader card"]
    deck = Deck("northern_realms", "nobody", nr_units())
    assert problems(deck) == ["\u201cnobody\u201d is not a leader card"]


def test_unknown_faction() -> None:
    deck = Deck("redania", "foltest_the_siegemaster", {"ves": 1})
    found = problems(deck)
    assert found[0] == "unknown faction \u201credania\u201d"


def test_zero_count() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster", nr_units({"ves": 0}))
    found = problems(deck)
    assert "Ves: count must be at least 1, not 0" in found


def test_every_problem_is_listed_at_once() -> None:
    deck = Deck("northern_realms", "eredin_bringer_of_death",
                {"roach": 1, "letho_of_gulet": 1, "hemdall": 1, "ves": 2, "decoy": 11,
                 "king_bran": 1})
    found = problems(deck)
    assert found == [
        "leader Eredin: Bringer of Death leads Monsters, not Northern Realms",
        "Decoy: 11 copies, but at most 3 allowed",
        "Hemdall only enters play from the side deck",
        "King Bran is a leader; a deck names its leader separately",
        "Letho of Gulet belongs to Nilfgaard, not Northern Realms",
        "unknown card \u201croach\u201d",
        "Ves: 2 copies, but at most 1 allowed",
        "3 unit cards; a deck needs at least 22",
        "11 special cards; a deck may have at most 10",
    ]
    with pytest.raises(DeckError) as err:
        validate(deck)
    assert err.value.problems == found
    assert str(err.value) == "; ".join(found)


def test_deck_round_trips_through_dict() -> None:
    deck = starter_decks()["skellige"]
    assert Deck.from_dict(deck.to_dict()) == deck
    assert len(deck.card_list()) == sum(deck.cards.values())


def test_a_deck_being_built_may_lack_units_but_nothing_else() -> None:
    thin = Deck("northern_realms", "foltest_the_siegemaster", {"ves": 1, "decoy": 1})
    assert problems(thin) == ["1 unit card; a deck needs at least 22"]
    assert draft_problems(thin) == []
    stray = Deck("northern_realms", "foltest_the_siegemaster", {"letho_of_gulet": 1})
    assert draft_problems(stray) == ["Letho of Gulet belongs to Nilfgaard, not Northern Realms"]


def test_can_add_follows_the_rules_for_copies_specials_and_factions() -> None:
    deck = base()
    assert can_add(deck, "ves") is False  # one copy at most, already in
    assert can_add(deck, "poor_fucking_infantry") is False  # 4 of 4
    assert can_add(deck, "blue_stripes_commando") is False  # 3 of 3
    assert can_add(deck, "geralt_of_rivia") is True
    assert can_add(deck, "letho_of_gulet") is False
    assert can_add(deck, "hemdall") is False
    full = Deck(deck.faction, deck.leader, nr_units({"decoy": 3, "scorch": 3,
                                                     "commanders_horn": 3, "clear_weather": 1}))
    assert can_add(full, "biting_frost") is False  # the 11th special
    assert can_add(full, "geralt_of_rivia") is True


def test_summary_counts_units_specials_heroes_and_strength() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster",
                {"vernon_roche": 1, "blue_stripes_commando": 2, "decoy": 2, "biting_frost": 1})
    found = summary(deck)
    assert (found.units, found.specials, found.heroes, found.strength) == (3, 3, 1, 18)
    assert found.cards == 6
