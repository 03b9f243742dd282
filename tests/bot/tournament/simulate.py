"""Random tournaments played to the end by the pure rules, checking every round: everyone
still in is paired once (or given a bye), no avoidable rematch, at most one bye each, and
standings that do not depend on the order games are listed in. Used by the property test
and by tests/bench_tournament.py."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace

import networkx as nx

from bot.tournament.event import Event, table
from bot.tournament.formats import next_games, planned_rounds
from bot.tournament.games import (
    A_WINS,
    B_WINS,
    BYE,
    DRAW,
    ELIMINATION,
    PLAYED,
    SWISS,
    WALKOVER,
    Entrant,
    Game,
    had_bye,
    met,
    pair_key,
)


@dataclass
class Run:
    """A simulated tournament: its final state and how long each pairing took (seconds)."""

    event: Event
    pairing_seconds: list[float] = field(default_factory=list)
    rematches: int = 0


def simulate(format_: str, players: int, rng: random.Random, *, drop_rate: float = 0.05,
             draw_rate: float = 0.1, first_id: int = 1000) -> Run:
    """Play a tournament of `players` with random results and drops, checking each round."""
    entrants = tuple(Entrant(first_id + i, i + 1) for i in range(players))
    event = Event(format_, entrants, (), planned_rounds(format_, players, None))
    run = Run(event)
    while True:
        shuffled = replace(event, games=tuple(rng.sample(event.games, len(event.games))))
        started = time.perf_counter()
        games = next_games(event)
        run.pairing_seconds.append(time.perf_counter() - started)
        assert games == next_games(shuffled), "the pairing depends on the order of games"
        if games is None:
            break
        run.rematches += check_round(event, games)
        event = replace(event, games=event.games + tuple(_play(g, rng, format_, draw_rate)
                                                        for g in games))
        event = _drops(event, rng, drop_rate)
        check_standings(event, rng)
    run.event = event
    return run


def _play(game: Game, rng: random.Random, format_: str, draw_rate: float) -> Game:
    if game.decided:
        return game
    if format_ != ELIMINATION and rng.random() < draw_rate:
        return replace(game, result=DRAW, rounds=(1, 1))
    won = rng.choice((A_WINS, B_WINS))
    rounds = rng.choice(((2, 0), (2, 1)))
    return replace(game, result=won, rounds=rounds if won == A_WINS else rounds[::-1])


def _drops(event: Event, rng: random.Random, rate: float) -> Event:
    entrants = tuple(replace(e, active=False) if e.active and rng.random() < rate else e
                     for e in event.entrants)
    return replace(event, entrants=entrants)


def check_round(event: Event, games: list[Game]) -> int:
    """Check one new round against the event before it; return its rematches."""
    active = {e.user_id for e in event.active}
    seen = [p for g in games for p in ((g.a,) if g.kind != PLAYED else g.players)]
    assert len(seen) == len(set(seen)), f"a player is paired twice in round {games[0].round}"
    assert set(seen) <= active, "a player who left was paired"
    tables = [g.table for g in games]
    assert len(tables) == len(set(tables)), "two games share a table"
    if event.format == ELIMINATION:
        _check_elimination(event, games)
        return 0
    assert set(seen) == active, "an active player was left out"
    if event.format != SWISS:
        return 0
    before_met, before_byes = met(event.games), had_bye(event.games)
    for game in games:
        if game.kind == BYE and game.a in before_byes:
            assert active <= before_byes, f"{game.a} got a second bye while others had none"
        assert game.kind != WALKOVER, "Swiss never gives walkovers"
    rematches = sum(1 for g in games if g.b is not None and pair_key(g.a, g.b) in before_met)
    if rematches:
        assert not _rematch_free_exists(active, before_met, before_byes), \
            "a rematch was paired although a pairing without it exists"
    return rematches


def _rematch_free_exists(active: set[int], met_before: set[frozenset[int]],
                         byes: set[int]) -> bool:
    """Whether everyone can be paired (with one allowed bye if odd) without a rematch."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(active)
    players = sorted(active)
    graph.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:]
                         if pair_key(a, b) not in met_before)
    if len(players) % 2:
        graph.add_edges_from((p, -1) for p in (set(players) - byes or set(players)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def _check_elimination(event: Event, games: list[Game]) -> None:
    number = games[0].round
    if number == 1:
        assert len(games) == len({g.table for g in games})
        assert all(g.kind in (PLAYED, BYE) for g in games)
        return
    previous = {g.table: g for g in event.games_of(number - 1)}
    for game in games:
        for player in game.players if game.kind == PLAYED else (game.a,):
            feeders = [previous.get(2 * game.table - 1), previous.get(2 * game.table)]
            assert any(f is not None and f.winner == player for f in feeders), \
                f"{player} plays round {number} without winning their way there"


def check_standings(event: Event, rng: random.Random) -> None:
    """The same games in any order, with entrants in any order, give the same table."""
    lines = table(event)
    assert sorted(line.position for line in lines) == list(range(1, len(lines) + 1))
    shuffled = replace(event, games=tuple(rng.sample(event.games, len(event.games))),
                       entrants=tuple(rng.sample(event.entrants, len(event.entrants))))
    assert table(shuffled) == lines, "the standings depend on the order of games"
