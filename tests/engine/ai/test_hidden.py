"""The AI decides from the observation alone: hidden cards cannot change its decisions."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_agent
from engine.ai.beliefs import beliefs
from engine.ai.determinize import determinize
from engine.cards import LEADER, NEUTRAL, catalogue
from engine.decks import starter_deck
from engine.match import Match
from tests.engine.ai.helpers import positions

LEVELS = ["easy", "normal", "hard"]


def twin_with_other_secrets(m: Match, viewer: int, rng: random.Random) -> Match:
    """Return a copy of the match that looks the same to `viewer` but hides other cards.

    The opponent's hand and deck hold different cards (as if they had built another
    deck), in another order and split, and the viewer's own deck is in another order.
    """
    twin = m.clone()
    cat = catalogue()
    opp = 1 - viewer
    side = twin.sides[opp]
    pool = [c.id for c in cat.cards.values() if c.type != LEADER and not c.side_deck
            and c.faction in (side.faction, NEUTRAL)]
    hidden = side.hand + side.deck
    for uid in hidden:
        twin.card_ids[uid] = rng.choice(pool)
        twin.cards[uid] = cat.card(twin.card_ids[uid])
    rng.shuffle(hidden)
    side.hand, side.deck = hidden[:len(side.hand)], hidden[len(side.hand):]
    rng.shuffle(twin.sides[viewer].deck)
    rng.shuffle(twin.sides[viewer].set_aside)
    twin._legal = [None, None]
    return twin


def secrets(m: Match, viewer: int) -> tuple[list[str], list[str], list[int]]:
    opp = m.sides[1 - viewer]
    return ([m.card_ids[u] for u in opp.hand], [m.card_ids[u] for u in opp.deck],
            list(m.sides[viewer].deck))


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_identical_when_only_hidden_cards_differ(level: str) -> None:
    rng = random.Random(5)
    compared = differing = 0
    for seed in range(10):
        for m, p, decks in positions(3000 + seed, every=2):
            twin = twin_with_other_secrets(m, p, rng)
            obs, twin_obs = m.observation(p), twin.observation(p)
            assert obs == twin_obs  # the two states share the viewer's observation ...
            if secrets(m, p) != secrets(twin, p):
                differing += 1  # ... while the opponent's hand and deck differ
            first = make_agent(level, seed=seed, deck=decks[p], iterations=12).choose(obs)
            again = make_agent(level, seed=seed, deck=decks[p], iterations=12).choose(twin_obs)
            assert first == again
            twin.apply(again)  # the decision is legal in both states
            compared += 1
    assert compared > 60 and differing > 40


def test_determinizations_sample_the_prior_not_the_real_deck() -> None:
    """Samples depend on the observation alone, and the opponent's unseen cards come from
    the prior (their faction's starter deck first), not from their real deck list."""
    rng = random.Random(9)
    checked = 0
    for seed in range(6):
        for m, p, decks in positions(4000 + seed, every=3):
            if m.phase != "playing":
                continue
            twin = twin_with_other_secrets(m, p, rng)
            obs, twin_obs = m.observation(p), twin.observation(p)
            worlds = [determinize(o, beliefs(o, decks[p]), random.Random(seed)).to_dict()
                      for o in (obs, twin_obs)]
            assert worlds[0] == worlds[1]
            world = determinize(obs, beliefs(obs, decks[p]), random.Random(seed))
            opp = world.sides[1 - p]
            starter = starter_deck(opp.faction).cards
            sampled = [world.card_ids[u] for u in opp.hand + opp.deck]
            from_starter = sum(1 for c in sampled if c in starter)
            assert from_starter >= 0.8 * len(sampled)
            checked += 1
    assert checked > 20
