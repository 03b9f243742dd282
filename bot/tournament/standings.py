"""Standings: points (win 1, draw 1/2, bye 1), then Buchholz, Sonneborn-Berger, head-to-head,
Gwent rounds won, and the seed; or, for single elimination, how far each player went.

Only games played between two players count for the tie-breaks: a bye or a walkover scores
its point but brings no opponent. The order is total (the seed breaks the last tie), so the
same games always give the same standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from bot.tournament.games import A_WINS, B_WINS, BOTH_LOSE, DRAW, Entrant, Game

HALF = 2  # sums are added up in half points: whole numbers, exact and fast


@dataclass(frozen=True)
class Line:
    """One player's line of the standings."""

    position: int
    user_id: int
    seed: int
    points: Fraction
    buchholz: Fraction  # the sum of the points of the opponents met
    sonneborn_berger: Fraction  # the points of the opponents beaten, half of those drawn
    head_to_head: Fraction  # points against the players tied with them on the above
    rounds_won: int  # Gwent rounds won in the tournament's games
    wins: int
    losses: int
    draws: int
    byes: int  # byes and walkovers
    active: bool
    out_in: int | None = None  # single elimination: the round they lost (None: still in)


@dataclass
class _Tally:
    """A player's sums while they are added up, in half points (a win is 2, a draw 1),
    turned into Fractions for the Line."""

    entrant: Entrant
    points: int = 0
    buchholz: int = 0
    sonneborn_berger: int = 0  # in quarters: points (halves) times points (halves)
    head_to_head: int = 0
    rounds_won: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    out_in: int | None = None

    def line(self, position: int) -> Line:
        return Line(position, self.entrant.user_id, self.entrant.seed,
                    Fraction(self.points, HALF), Fraction(self.buchholz, HALF),
                    Fraction(self.sonneborn_berger, HALF * HALF),
                    Fraction(self.head_to_head, HALF), self.rounds_won, self.wins,
                    self.losses, self.draws, self.byes, self.entrant.active, self.out_in)


def _halves(game: Game, player: int) -> int:
    """What a game scores for one of its players, in half points (as Game.points)."""
    if game.result == DRAW:
        return 1
    return HALF if game.winner == player else 0


def _tallies(entrants: Sequence[Entrant], games: Sequence[Game]) -> dict[int, _Tally]:
    decided = [g for g in games if g.decided]
    tallies = {e.user_id: _Tally(e) for e in entrants}
    earned: dict[tuple[int, int, int], int] = {}
    for game in decided:
        for player in game.players:
            earned[(game.round, game.table, player)] = score = _halves(game, player)
            tallies[player].points += score
    for game in decided:
        if not game.played:
            if game.winner is not None:
                tallies[game.winner].byes += 1
            continue
        for player in game.players:
            tally = tallies[player]
            opponent = game.opponent(player)
            assert opponent is not None
            theirs = tallies[opponent].points
            tally.buchholz += theirs
            tally.sonneborn_berger += theirs * earned[(game.round, game.table, player)]
            tally.rounds_won += game.rounds_of(player)
            if game.result == DRAW:
                tally.draws += 1
            elif game.winner == player:
                tally.wins += 1
            else:
                tally.losses += 1
    return tallies


def standings(entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Line]:
    """Swiss and round robin standings, best first."""
    tallies = _tallies(entrants, games)
    by_score = sorted(tallies.values(),
                      key=lambda t: (-t.points, -t.buchholz, -t.sonneborn_berger))
    ordered: list[_Tally] = []
    for _, tied in groupby(by_score, key=lambda t: (t.points, t.buchholz, t.sonneborn_berger)):
        group = list(tied)
        if len(group) > 1:
            _head_to_head(group, games)
        ordered.extend(sorted(group, key=lambda t: (-t.head_to_head, -t.rounds_won,
                                                    t.entrant.seed)))
    return [t.line(i + 1) for i, t in enumerate(ordered)]


def _head_to_head(group: list[_Tally], games: Sequence[Game]) -> None:
    """Give each tied player the points they scored against the others of the group."""
    members = {t.entrant.user_id: t for t in group}
    for game in games:
        if game.played and game.a in members and game.b in members:
            for player in game.players:
                members[player].head_to_head += _halves(game, player)


def order(entrants: Sequence[Entrant], games: Sequence[Game]) -> list[int]:
    """The active players in standings order, best first (Swiss pairs from it)."""
    return [line.user_id for line in standings(entrants, games) if line.active]


def bracket_standings(entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Line]:
    """Single elimination standings: players still in (the champion once there is one)
    first, by the round they reached, then the others by the round they lost, latest
    first; the seed breaks ties."""
    tallies = _tallies(entrants, games)
    reached = {e.user_id: 0 for e in entrants}
    for game in games:
        for player in game.players:
            reached[player] = max(reached[player], game.round)
        if game.result in (A_WINS, B_WINS, BOTH_LOSE):
            for player in game.players:
                if game.winner != player:
                    tallies[player].out_in = game.round
    for tally in tallies.values():
        if tally.out_in is None and not tally.entrant.active:  # left after winning a round
            tally.out_in = reached[tally.entrant.user_id] + 1

    def key(t: _Tally) -> tuple[int, int, int]:
        if t.out_in is None:
            return (0, -reached[t.entrant.user_id], t.entrant.seed)
        return (1, -t.out_in, t.entrant.seed)

    return [t.line(i + 1) for i, t in enumerate(sorted(tallies.values(), key=key))]
