"""A tournament as its rules see it, its table and its champion (no pairing here, so
that what draws the images needs no matching library)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.tournament.games import ELIMINATION, Entrant, Game
from bot.tournament.standings import Line, bracket_standings, standings


@dataclass(frozen=True)
class Event:
    """A tournament as its rules see it: format, entrants (with seeds), the games so far
    and how many rounds it has."""

    format: str
    entrants: tuple[Entrant, ...]
    games: tuple[Game, ...]
    rounds: int

    @property
    def round(self) -> int:
        """The latest round paired (0 before the first)."""
        return max((g.round for g in self.games), default=0)

    @property
    def active(self) -> list[Entrant]:
        """The entrants still playing, in seed order."""
        return sorted((e for e in self.entrants if e.active), key=lambda e: e.seed)

    def games_of(self, round_: int) -> list[Game]:
        """One round's games, by table."""
        return sorted((g for g in self.games if g.round == round_), key=lambda g: g.table)

    def through(self, round_: int) -> Event:
        """The event as it stood once `round_` was over (later rounds' byes left out)."""
        return replace(self, games=tuple(g for g in self.games if g.round <= round_))

    @property
    def round_done(self) -> bool:
        """True when every game of the latest round has a result."""
        return all(g.decided for g in self.games_of(self.round))


def table(event: Event) -> list[Line]:
    """The standings (Swiss, round robin) or how far each player went (elimination)."""
    if event.format == ELIMINATION:
        return bracket_standings(event.entrants, event.games)
    return standings(event.entrants, event.games)


def champion(event: Event) -> int | None:
    """The winner of a finished tournament: the best-placed player still in it."""
    for line in table(event):
        if line.active and (event.format != ELIMINATION or line.out_in is None):
            return line.user_id
    return None
