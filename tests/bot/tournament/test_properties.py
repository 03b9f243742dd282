"""Random Swiss, single elimination and round robin tournaments of 2 to 64 players, with
random results and drops: every round pairs each player still in exactly once (or gives
them a bye), never repeats a pairing while another exists, gives nobody a second bye while
someone has had none, and the standings do not depend on the order games are listed in.
(tests/bench_tournament.py plays thousands of them and times the pairings.)"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.games import ELIMINATION, ROUND_ROBIN, SWISS
from tests.bot.tournament.simulate import simulate


@settings(max_examples=60, deadline=None)
@given(format_=st.sampled_from([SWISS, ELIMINATION]), players=st.integers(2, 64),
       seed=st.integers(0, 2**32), drop_rate=st.sampled_from([0.0, 0.05, 0.2]),
       draw_rate=st.sampled_from([0.0, 0.1, 0.5]))
def test_random_swiss_and_elimination_events(format_: str, players: int, seed: int,
                                             drop_rate: float, draw_rate: float) -> None:
    run = simulate(format_, players, random.Random(seed), drop_rate=drop_rate,
                   draw_rate=draw_rate)
    event = run.event
    if format_ == ELIMINATION and not drop_rate:
        assert event.round == event.rounds  # played down to the final


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 16), seed=st.integers(0, 2**32),
       drop_rate=st.sampled_from([0.0, 0.1]))
def test_random_round_robins(players: int, seed: int, drop_rate: float) -> None:
    run = simulate(ROUND_ROBIN, players, random.Random(seed), drop_rate=drop_rate)
    if not drop_rate:
        met = {frozenset(g.players) for g in run.event.games if g.b is not None}
        assert len(met) == players * (players - 1) // 2  # everyone met everyone once


def test_small_swiss_fields_play_every_round_without_rematches() -> None:
    for players in range(2, 9):
        for seed in range(30):
            run = simulate(SWISS, players, random.Random(seed), drop_rate=0.0)
            assert run.rematches == 0
