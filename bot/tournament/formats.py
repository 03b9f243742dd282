"""What comes next in a tournament of any format: how many rounds it has, and the next
round's games, or the end."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournament.elimination import first_round, next_round, rounds_needed
from bot.tournament.event import Event
from bot.tournament.games import (
    ROUND_ROBIN,
    SWISS,
    Game,
    had_bye,
    met,
    points,
)
from bot.tournament.round_robin import schedule
from bot.tournament.standings import order
from bot.tournament.swiss import default_rounds, most_rounds, pair_swiss


def planned_rounds(format_: str, players: int, asked: int | None) -> int:
    """How many rounds a tournament of `players` has: Swiss as asked (ceil(log2(players))
    by default, at most as many as avoid rematches and second byes), round robin until
    everyone met everyone, single elimination until one player is left."""
    if format_ == SWISS:
        return min(asked or default_rounds(players), most_rounds(players))
    if format_ == ROUND_ROBIN:
        return len(schedule(list(range(players))))
    return rounds_needed(players)


def next_games(event: Event) -> list[Game] | None:
    """The next round's games (byes and walkovers already decided), or None when the
    tournament is over. The latest round must be finished."""
    assert event.round_done
    number = event.round + 1
    if number > event.rounds or len(event.active) < 2:
        return None
    if event.format == SWISS:
        return _swiss(event, number)
    if event.format == ROUND_ROBIN:
        return _round_robin(event, number)
    return _elimination(event, number)


def _games(number: int, pairs: Sequence[tuple[int | None, int | None]], first_bye: bool,
           ) -> list[Game]:
    """Games from pairings: two players play; one alone has the bye (first_bye) or a
    walkover; an empty table is left out (tables keep their numbers)."""
    games = []
    for table, (a, b) in enumerate(pairs, start=1):
        if a is not None and b is not None:
            games.append(Game(number, table, a, b))
        elif a is not None or b is not None:
            alone = a if a is not None else b
            assert alone is not None
            games.append(Game.bye(number, table, alone) if first_bye
                         else Game.walkover(number, table, alone, None))
    return games


def _swiss(event: Event, number: int) -> list[Game]:
    pairs = pair_swiss(order(event.entrants, event.games), points(event.games),
                       met(event.games), had_bye(event.games))
    return _games(number, pairs, first_bye=True)


def _round_robin(event: Event, number: int) -> list[Game]:
    seeded = sorted(event.entrants, key=lambda e: e.seed)
    active = {e.user_id for e in event.active}
    games = []
    for table, (a, b) in enumerate(schedule([e.user_id for e in seeded])[number - 1], start=1):
        here = [p for p in (a, b) if p is not None and p in active]
        if len(here) == 2:
            games.append(Game(number, table, here[0], here[1]))
        elif here and b is None:
            games.append(Game.bye(number, table, here[0]))
        elif here:
            games.append(Game.walkover(number, table, here[0], b if here[0] == a else a))
    return games


def _elimination(event: Event, number: int) -> list[Game] | None:
    active = {e.user_id for e in event.active}
    if number == 1:
        return _games(1, first_round([e.user_id for e in event.active]), first_bye=True)
    previous = event.games_of(number - 1)
    winners = {g.table: g.winner for g in previous if g.winner in active}
    if len(winners) < 2:
        return None
    tables = len(event.games_of(1)) >> (number - 2)  # round 1 fills every table
    return _games(number, next_round(winners, tables), first_bye=False)
