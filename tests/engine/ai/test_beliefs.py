"""Beliefs about the opponent's unseen cards follow the cards they have shown: the starter
deck while everything fits it, their own choices once cards outside it appear."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai import make_agent
from engine.ai.beliefs import EXTRA_WEIGHT, beliefs, extra_weight
from engine.ai.determinize import determinize
from engine.decks import starter_deck
from engine.match import Match
from tests.engine.ai.helpers import FACTIONS, outside_starter_deck, positions, random_deck


def test_the_weight_of_other_cards_grows_with_the_cards_seen_outside_the_starter() -> None:
    starter = dict(starter_deck("northern_realms").cards)
    inside = Counter({card: 1 for card in list(starter)[:5]})
    assert extra_weight(starter, Counter()) == EXTRA_WEIGHT
    assert extra_weight(starter, inside) == EXTRA_WEIGHT
    one_odd = inside + Counter({"vesemir": 1})  # neutral, not in the starter deck
    assert extra_weight(starter, one_odd) == pytest.approx(2 / 8)
    assert extra_weight(starter, Counter({"vesemir": 1, "dandelion": 1})) == pytest.approx(3 / 4)
    # More copies than the starter deck holds also count as outside it.
    extra_copy = Counter({card: n + 1 for card, n in list(starter.items())[:1]})
    assert extra_weight(starter, extra_copy) > EXTRA_WEIGHT


def sampled_outside_share(m: Match, viewer: int, worlds: int) -> float:
    """The share of the opponent's sampled hidden cards that their starter deck lacks."""
    obs = m.observation(viewer)
    bel = beliefs(obs, m.decks[viewer])
    opp = 1 - viewer
    starter = Counter(starter_deck(m.sides[opp].faction).cards)
    outside = total = 0
    for k in range(worlds):
        world = determinize(obs, bel, random.Random(k))
        hidden = Counter(world.card_ids[u] for u in world.sides[opp].hand + world.sides[opp].deck)
        shown = Counter(m.card_ids[u] for u in m.sides[opp].grave
                        + [u for row in m.sides[opp].rows for u in row])
        room = starter - shown
        outside += sum((hidden - room).values())
        total += sum(hidden.values())
    return outside / total


@pytest.mark.parametrize("faction", FACTIONS)
def test_a_deck_of_its_own_is_expected_once_its_cards_are_seen(faction: str) -> None:
    """The opponent plays only cards their starter deck lacks: before they show any, the
    samples follow the starter deck; after a few, most sampled cards lie outside it."""
    decks = (starter_deck("nilfgaard"), outside_starter_deck(faction))
    before = after = None
    for m, p, _ in positions(11, decks=decks):
        if p != 0:
            continue
        shown = len(m.sides[1].grave) + sum(len(r) for r in m.sides[1].rows)
        if shown == 0 and before is None:
            before = sampled_outside_share(m, 0, 10)
        if shown >= 4 and m.phase == "playing":
            after = sampled_outside_share(m, 0, 10)
            break
    assert before is not None and after is not None
    assert before <= 0.2
    assert after >= 0.5


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_agents_play_legal_moves_with_any_legal_decks(level: str) -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        decks = (random_deck(rng.choice(FACTIONS), rng), random_deck(rng.choice(FACTIONS), rng))
        for m, p, _ in positions(500 + seed, every=3, decks=decks):
            obs = m.observation(p)
            action = make_agent(level, seed=seed, deck=decks[p], iterations=8).choose(obs)
            assert action in obs.legal and action.kind != "forfeit"
            checked += 1
    assert checked > 40
