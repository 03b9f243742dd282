"""Every level returns a legal action, whatever the position."""

from __future__ import annotations

import pytest

from engine.actions import FORFEIT
from engine.ai import make_agent
from engine.ai.beliefs import beliefs
from engine.ai.determinize import determinize
from tests.engine.ai.helpers import positions

LEVELS = ["random", "greedy", "easy", "normal", "hard"]


@pytest.mark.parametrize("level", LEVELS)
def test_agents_always_choose_a_legal_action(level: str) -> None:
    checked = 0
    for seed in range(15):
        for m, p, decks in positions(1000 + seed, every=2 if level == "hard" else 1):
            agent = make_agent(level, seed=seed, deck=decks[p], iterations=6)
            obs = m.observation(p)
            action = agent.choose(obs)
            assert action in obs.legal, (seed, str(action))
            assert action.kind != FORFEIT
            checked += 1
    assert checked > 100


def test_agents_cope_without_their_deck_list() -> None:
    for m, p, _ in positions(77, every=3):
        for level in ("easy", "normal", "hard"):
            obs = m.observation(p)
            assert make_agent(level, seed=1, iterations=4).choose(obs) in obs.legal


def test_determinizations_match_the_observation() -> None:
    import random

    checked = 0
    for seed in range(8):
        for m, p, decks in positions(2000 + seed):
            if m.phase != "playing":
                continue
            obs = m.observation(p)
            world = determinize(obs, beliefs(obs, decks[p]), random.Random(seed))
            assert set(world.legal_actions(p)) == set(obs.legal)
            for q in (0, 1):
                assert len(world.sides[q].hand) == len(m.sides[q].hand)
                assert len(world.sides[q].deck) == len(m.sides[q].deck)
                assert world.total(q) == m.total(q)
            seen = world.observation(p)
            assert seen.sides == obs.sides
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_asking_a_player_with_nothing_to_decide_is_an_error(level: str) -> None:
    for m, p, decks in positions(5):
        if m.phase == "playing" and m.pending is None:
            waiting = 1 - p
            with pytest.raises(ValueError):
                make_agent(level, deck=decks[waiting], iterations=3).choose(
                    m.observation(waiting))
            return
