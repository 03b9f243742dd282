"""Generated decks: always legal, varied, and built the way engine/deckgen.py says."""

from __future__ import annotations

import random

import pytest

from engine.cards import catalogue
from engine.deckgen import NEUTRAL_HEROES, SPY_HERO, UNITS_LOW, generate_deck, units_packages
from engine.decks import problems, starter_decks, summary
from engine.match import Match

FACTIONS = sorted(starter_decks())


@pytest.mark.parametrize("faction", FACTIONS)
def test_generated_decks_are_legal_for_many_seeds(faction: str) -> None:
    cat = catalogue()
    for seed in range(40):
        deck = generate_deck(faction, random.Random(seed))
        assert problems(deck) == [], (seed, problems(deck))
        assert deck.faction == faction and cat.card(deck.leader).faction == faction
        counts = summary(deck)
        assert counts.units >= UNITS_LOW and 5 <= counts.specials <= 10
        faction_heroes = {c.id for c in cat.cards.values()
                          if c.hero and c.faction == faction and not c.side_deck}
        assert faction_heroes | {SPY_HERO} <= set(deck.cards)
        assert len(set(NEUTRAL_HEROES) & set(deck.cards)) == 2


def test_the_same_seed_gives_the_same_deck_and_seeds_differ() -> None:
    first = generate_deck("monsters", random.Random(7))
    assert generate_deck("monsters", random.Random(7)) == first
    others = {tuple(sorted(generate_deck("monsters", random.Random(s)).cards.items()))
              for s in range(10)}
    assert len(others) > 5


def test_a_chosen_leader_is_kept() -> None:
    deck = generate_deck("nilfgaard", random.Random(1), leader="emhyr_var_emreis_the_relentless")
    assert deck.leader == "emhyr_var_emreis_the_relentless"


def test_packages_keep_bonds_and_musters_together() -> None:
    packages = {p.cards for p in units_packages("monsters", catalogue())}
    assert (("arachas", 3), ("arachas_behemoth", 1)) in packages
    assert (("crone_brewess", 1), ("crone_weavess", 1), ("crone_whispess", 1)) in packages
    skellige = {p.cards for p in units_packages("skellige", catalogue())}
    assert (("clan_an_craite_warrior", 3),) in skellige
    assert (("berserker", 1), ("young_berserker", 3), ("mardroeme", 2)) in skellige


def test_a_generated_deck_plays_a_whole_match() -> None:
    rng = random.Random(3)
    match = Match.new((generate_deck("skellige", rng), generate_deck("scoiatael", rng)), 3,
                      ("A", "B"))
    while not match.is_over:
        seat = rng.choice(match.to_act())
        match.apply(rng.choice([a for a in match.legal_actions(seat) if a.kind != "forfeit"]))
    assert match.is_over
