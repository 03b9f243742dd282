"""Property tests over random seeded matches (hypothesis)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import invariants
from engine.actions import CHOOSE, FIRST, KEEP, LEADER, MULLIGAN, PASS, PLAY, Action, IllegalAction
from engine.decks import starter_decks
from engine.match import Match
from engine.observation import CardView, Observation

FACTIONS = sorted(starter_decks())
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def new_match(seed: int) -> Match:
    rng = random.Random(seed)
    decks = starter_decks()
    return Match.new((decks[rng.choice(FACTIONS)], decks[rng.choice(FACTIONS)]), seed=seed,
                     names=("Alice", "Bob"))


def random_step(m: Match, rng: random.Random) -> Action:
    p = rng.choice(m.to_act())
    actions = [a for a in m.legal_actions(p) if a.kind != "forfeit"]
    action = rng.choice(actions)
    m.apply(action)
    return action


def positions(seed: int) -> Iterator[Match]:
    """Yield the match after each random legal step until it ends."""
    m = new_match(seed)
    rng = random.Random(seed)
    while not m.is_over:
        random_step(m, rng)
        yield m


def visible_uids(obs: Observation) -> set[int]:
    views: list[CardView] = list(obs.weather)
    for side in obs.sides:
        views += side.graveyard
        views += side.hand or ()
        for row in side.rows:
            views += row.cards
            views += [v for v in (row.horn, row.mardroeme) if v is not None]
    if obs.pending is not None:
        views += obs.pending.options
    return {v.uid for v in views}


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_every_legal_action_applies_and_invariants_hold(seed: int) -> None:
    for m in positions(seed):
        assert invariants.problems(m) == []
    assert m.winner in (0, 1, None)
    assert len(m.results) <= 3


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_replay_and_json_round_trip_are_exact(seed: int) -> None:
    m = new_match(seed)
    rng = random.Random(seed)
    halfway: dict[str, Any] | None = None
    while not m.is_over:
        random_step(m, rng)
        if halfway is None and m.round == 2:
            halfway = m.to_dict()
            restored = Match.from_json(m.to_json())
            assert restored.to_dict() == halfway
            # The restored copy continues exactly like the original.
            twin_rng = random.Random(len(m.history))
            original_rng = random.Random(len(m.history))
            twin, original = restored, m.clone()
            for _ in range(6):
                if twin.is_over:
                    break
                random_step(twin, twin_rng)
                random_step(original, original_rng)
            assert twin.to_dict() == original.to_dict()
    replayed = Match.replay(json.loads(json.dumps(m.record())))
    assert replayed.to_dict() == m.to_dict()


def junk_actions(m: Match, rng: random.Random) -> list[Action]:
    kinds = [PLAY, PASS, LEADER, CHOOSE, MULLIGAN, KEEP, FIRST]
    top = len(m.card_ids) + 3
    out = []
    for _ in range(30):
        kind = rng.choice(kinds)
        card = rng.randrange(top) if kind in (PLAY, CHOOSE, MULLIGAN) else None
        row = rng.choice([None, 0, 1, 2]) if kind in (PLAY, CHOOSE) else None
        target = (rng.randrange(top) if kind == PLAY and rng.random() < 0.3
                  else rng.randrange(2) if kind == FIRST else None)
        out.append(Action(rng.randrange(2), kind, card, row, target))
    return out


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_every_illegal_action_is_refused_without_change(seed: int) -> None:
    m = new_match(seed)
    rng = random.Random(seed)
    while not m.is_over:
        for action in junk_actions(m, rng):
            if action in m.legal_actions(action.player):
                continue
            before = m.to_dict()
            with pytest.raises(IllegalAction) as refused:
                m.apply(action)
            assert str(refused.value)
            assert m.to_dict() == before
        random_step(m, rng)


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_observations_hide_hands_and_decks(seed: int) -> None:
    for m in positions(seed):
        for viewer in (0, 1, None):
            obs = m.observation(viewer)
            hidden = set()
            for p, side in enumerate(m.sides):
                hidden |= set(side.deck) | set(side.set_aside)
                if p != viewer:
                    hidden |= set(side.hand)
            seen = visible_uids(obs)
            if obs.pending is not None and obs.pending.player == viewer:
                seen -= {v.uid for v in obs.pending.options}  # own deck picks are allowed
            assert not seen & hidden
            for p, side in enumerate(obs.sides):
                assert (side.hand is None) == (p != viewer)
                assert side.hand_count == len(m.sides[p].hand)
                assert side.deck_count == len(m.sides[p].deck) + len(m.sides[p].set_aside)
                if p != viewer:
                    assert side.revealed == ()
            for event, text in zip(m.events, obs.events, strict=True):
                if event.private is not None and event.player != viewer:
                    assert text == event.text
            assert all(a.player == viewer for a in obs.legal)


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_observations_round_trip_through_json(seed: int) -> None:
    for m in positions(seed):
        for viewer in (0, 1, None):
            obs = m.observation(viewer)
            assert Observation.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs
