"""A tournament's entrants and games as plain values, and what each game is worth."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from bot.i18n import N_

SWISS, ELIMINATION, ROUND_ROBIN = "swiss", "single_elimination", "round_robin"
FORMATS = (SWISS, ELIMINATION, ROUND_ROBIN)
# The formats' names, in the language where shown: `lang._(FORMAT_NAMES[format_])`.
FORMAT_NAMES = {SWISS: N_("Swiss"), ELIMINATION: N_("Single elimination"),
                ROUND_ROBIN: N_("Round robin")}

# Results: a won, b won, a draw, or both lost (neither may go on: both had left).
A_WINS, B_WINS, DRAW, BOTH_LOSE = "a", "b", "draw", "none"
RESULTS = (A_WINS, B_WINS, DRAW, BOTH_LOSE)
# Kinds: a match (or a result the organiser set), the round's bye, or a game its opponent b
# left before it was played (a walkover: a wins without playing).
PLAYED, BYE, WALKOVER = "played", "bye", "walkover"

WIN_POINTS, DRAW_POINTS = Fraction(1), Fraction(1, 2)


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament: seed 1 is the top seed; `active` is False once they left."""

    user_id: int
    seed: int
    active: bool = True


@dataclass(frozen=True)
class Game:
    """One pairing of a round: a against b (None: a has the bye), with its result (None while
    it is played) and the Gwent rounds each side won."""

    round: int
    table: int
    a: int
    b: int | None
    result: str | None = None
    kind: str = PLAYED
    rounds: tuple[int, int] = (0, 0)

    @classmethod
    def bye(cls, round_: int, table: int, player: int) -> Game:
        """The round's bye: a win without an opponent."""
        return cls(round_, table, player, None, A_WINS, BYE)

    @classmethod
    def walkover(cls, round_: int, table: int, player: int, gone: int | None) -> Game:
        """A win without play against an opponent who left (or none at all)."""
        return cls(round_, table, player, gone, A_WINS, WALKOVER)

    @property
    def players(self) -> tuple[int, ...]:
        """The one or two players of the game."""
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def decided(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    @property
    def played(self) -> bool:
        """True for a decided game between two players who met (not a bye or walkover)."""
        return self.kind == PLAYED and self.b is not None and self.result is not None

    @property
    def winner(self) -> int | None:
        """Who won (None for a draw, both losing, or no result yet)."""
        if self.result == A_WINS:
            return self.a
        if self.result == B_WINS:
            return self.b
        return None

    def opponent(self, player: int) -> int | None:
        """The other player of the game."""
        return self.b if player == self.a else self.a

    def points(self, player: int) -> Fraction:
        """What the game scores for one of its players: win 1, draw 1/2, loss 0."""
        if self.result == DRAW:
            return DRAW_POINTS
        return WIN_POINTS if self.winner == player else Fraction(0)

    def rounds_of(self, player: int) -> int:
        """Gwent rounds the player won in this game."""
        return self.rounds[0] if player == self.a else self.rounds[1]


def pair_key(a: int, b: int) -> frozenset[int]:
    """Two players, in either order."""
    return frozenset((a, b))


def met(games: Iterable[Game]) -> set[frozenset[int]]:
    """The pairs of players already paired against each other."""
    return {pair_key(g.a, g.b) for g in games if g.b is not None}


def had_bye(games: Iterable[Game]) -> set[int]:
    """The players who already had a round's bye."""
    return {g.a for g in games if g.kind == BYE}


def points(games: Iterable[Game]) -> dict[int, Fraction]:
    """Each player's points: win 1, draw 1/2, bye 1 (undecided games count nothing yet)."""
    total: dict[int, Fraction] = {}
    for game in games:
        for player in game.players:
            total[player] = total.get(player, Fraction(0)) + game.points(player)
    return total
