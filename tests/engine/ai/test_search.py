"""The hard level's search: paired samples, halving, and stopping once a move is clear."""

from __future__ import annotations

from engine.actions import PLAY
from engine.ai.search import MIN_SWEEPS, SearchAgent, _clearly_better
from tests.engine.scenario import hand_uid, scenario


def test_a_move_is_clearly_better_only_beyond_the_noise() -> None:
    assert _clearly_better([1.0] * 8, [0.0] * 8)
    assert not _clearly_better([0.0] * 8, [1.0] * 8)
    assert not _clearly_better([1.0, 0.0] * 4, [0.0, 1.0] * 4)  # as often ahead as behind
    assert not _clearly_better([1.0] * 8, [1.0] * 8)
    # Paired: the same luck lifts both, and only the difference counts.
    luck = [1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.5]
    assert _clearly_better([x + 0.1 for x in luck], luck)


def test_the_search_finds_the_only_winning_move_and_stops_early() -> None:
    """Last round, the opponent passed 6 ahead: every sample says Geralt wins, so stop early."""
    m = scenario(factions=("northern_realms", "monsters"),
                 hands=(["redanian_foot_soldier", "geralt_of_rivia"], []),
                 rows=(((), (), ()), (["fiend"], [], [])), passed=(False, True), round=3,
                 filler=False)
    m.sides[0].gems = m.sides[1].gems = 1
    agent = SearchAgent("hard", seed=3, iterations=600)
    action = agent.choose(m.observation(0))
    assert action.kind == PLAY and action.card == hand_uid(m, 0, "geralt_of_rivia")
    assert 0 < agent.last_iterations <= 3 * MIN_SWEEPS
