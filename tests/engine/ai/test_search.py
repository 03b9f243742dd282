"""The hard level's search: how its playouts sample the hidden cards."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_agent, search
from engine.ai.arena import deals
from engine.ai.policy import Style
from engine.match import Match


def opening(pair: int) -> tuple[Match, int, int]:
    """A deal of the arena played by normal up to the first card play: (match, player,
    pair index)."""
    seed, decks = deals(2 * (pair + 1), 11)[pair]
    m = Match.new(decks, seed)
    while m.phase != "playing":
        p = m.to_act()[0]
        m.apply(make_agent("normal", 0, decks[p]).choose(m.observation(p)))
    return m, m.to_act()[0], pair


def test_every_move_is_played_out_on_the_same_worlds_with_the_same_luck(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m, p, pair = opening(0)
    seen: dict[str, list[tuple[int, int]]] = {}
    real = search.playout

    def recording(w: Match, me: int, style: Style, rng: random.Random) -> float:
        move = str(w.history[-1])
        seen.setdefault(move, []).append((w.seed, hash(rng.getstate())))
        return real(w, me, style, rng)

    monkeypatch.setattr(search, "playout", recording)
    decks = deals(2 * (pair + 1), 11)[pair][1]
    make_agent("hard", 3, decks[p], iterations=120).choose(m.observation(p))
    assert len(seen) >= 3
    longest = max(seen.values(), key=len)
    assert len({s for s, _ in longest}) > 5  # several worlds were sampled
    for samples in seen.values():
        # The k-th playout of any move is the k-th playout of every other move.
        assert samples == longest[:len(samples)]
