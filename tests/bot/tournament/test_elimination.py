"""Single elimination brackets and round robin schedules."""

from __future__ import annotations

from itertools import combinations

from bot.tournament.elimination import (
    bracket_order,
    bracket_size,
    first_round,
    next_round,
    rounds_needed,
)
from bot.tournament.round_robin import schedule


def test_the_top_seeds_meet_as_late_as_possible() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = bracket_order(16)
    assert order[:2] == [1, 16] and order.index(2) >= 8  # 1 and 2 in different halves


def test_byes_go_to_the_top_seeds() -> None:
    assert first_round([11, 12, 13, 14, 15]) == [(11, None), (14, 15), (12, None), (13, None)]
    assert first_round([1, 2]) == [(1, 2)]
    assert [bracket_size(n) for n in (2, 3, 5, 8, 9, 64)] == [2, 4, 8, 8, 16, 64]
    assert [rounds_needed(n) for n in (2, 3, 5, 64)] == [1, 2, 3, 6]


def test_winners_meet_in_bracket_order() -> None:
    assert next_round({1: 11, 2: 15, 3: 12, 4: 13}, 4) == [(11, 15), (12, 13)]
    assert next_round({1: 11, 3: 12, 4: 13}, 4) == [(11, None), (12, 13)]


def test_round_robin_meets_everyone_once() -> None:
    for players in range(2, 12):
        rounds = schedule(list(range(players)))
        assert len(rounds) == (players - 1 if players % 2 == 0 else players)
        pairs = [frozenset((a, b)) for r in rounds for a, b in r if b is not None]
        assert sorted(pairs, key=sorted) == sorted(
            (frozenset(c) for c in combinations(range(players), 2)), key=sorted)
        byes = [a for r in rounds for a, b in r if b is None]
        assert sorted(byes) == (list(range(players)) if players % 2 else [])
        for r in rounds:
            seen = [p for pair in r for p in pair if p is not None]
            assert len(seen) == len(set(seen)) == players
