"""What a tournament's images and messages show: plain values built from the rules' state
and the players' names, drawn by bot/render/tournament.py and put into words by the
Discord layer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bot.i18n import N_, Language
from bot.tournament.event import Event, table
from bot.tournament.games import A_WINS, B_WINS, BYE, ELIMINATION, Game

# i18n: shown in place of the name of a player the bot no longer knows
UNKNOWN = N_("Unknown player")
SHOWN_ROUNDS = 3  # bracket columns in one image, so names stay readable on a phone


@dataclass(frozen=True)
class PairingRow:
    """One table of a round: a against b (None: a has the bye)."""

    table: int
    a: str
    b: str | None
    result: str | None  # games.A_WINS, B_WINS, DRAW, BOTH_LOSE; None while it is played
    kind: str  # games.PLAYED, BYE or WALKOVER
    rounds: tuple[int, int]  # Gwent rounds won by a and b


@dataclass(frozen=True)
class PairingsCard:
    """A round's pairings."""

    title: str
    format: str
    round: int
    rounds: int
    rows: tuple[PairingRow, ...]


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings."""

    position: int
    name: str
    points: Fraction
    wins: int
    losses: int
    draws: int
    byes: int
    buchholz: Fraction
    sonneborn_berger: Fraction
    rounds_won: int
    active: bool
    out_in: int | None  # single elimination: the round they lost


@dataclass(frozen=True)
class StandingsCard:
    """The standings after a round (final once the tournament is over)."""

    title: str
    format: str
    after_round: int
    rounds: int
    final: bool
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True)
class BracketMatch:
    """One table of a bracket: two slots (None: nobody, or not known yet) and which slot
    went on (None: not decided)."""

    top: str | None
    bottom: str | None
    winner: int | None
    bye: bool = False


@dataclass(frozen=True)
class BracketCard:
    """The rounds of a single elimination bracket shown (at most three, ending with the
    final), from `first`."""

    title: str
    rounds: int
    first: int
    columns: tuple[tuple[BracketMatch, ...], ...]
    champion: str | None


def points_text(points: Fraction, *, lang: Language) -> str:
    """Points (and tie-break sums) as "2", "2.5" or "1.25", in the language's digits."""
    return lang.number(points.numerator if points.denominator == 1 else float(points))


def round_name(number: int, rounds: int, format_: str, lang: Language) -> str:
    """"Round 2", or in single elimination "Final", "Semi-final", "Quarter-final"."""
    if format_ == ELIMINATION:
        left = rounds - number
        if left == 0:
            # i18n: the last round of a single elimination tournament
            return lang._("Final")
        if left == 1:
            return lang._("Semi-final")
        if left == 2:
            return lang._("Quarter-final")
    # i18n: a tournament's round (not a round of a match)
    return lang.pgettext("tournament round", "Round {number}", number=lang.number(number))


def round_label(number: int, rounds: int, format_: str, *, lang: Language) -> str:
    """"Round 2 of 3", or in single elimination the round's name alone ("Semi-final")."""
    if format_ == ELIMINATION:
        return round_name(number, rounds, format_, lang=lang)
    return lang._("Round {number} of {rounds}", number=lang.number(number),
                  rounds=lang.number(rounds))


def pairings_card(title: str, event: Event, names: Mapping[int, str],
                  number: int, *, lang: Language) -> PairingsCard:
    """A round's pairings, by table."""
    unknown = lang._(UNKNOWN)
    rows = tuple(PairingRow(g.table, names.get(g.a, unknown),
                            None if g.b is None else names.get(g.b, unknown), g.result,
                            g.kind, g.rounds)
                 for g in event.games_of(number))
    return PairingsCard(title, event.format, number, event.rounds, rows)


def standings_card(title: str, event: Event, names: Mapping[int, str],
                   final: bool, *, lang: Language) -> StandingsCard:
    """The standings as they are."""
    done = max((r for r in range(1, event.round + 1)
                if all(g.decided for g in event.games_of(r))), default=0)
    unknown = lang._(UNKNOWN)
    rows = tuple(StandingRow(line.position, names.get(line.user_id, unknown), line.points,
                             line.wins, line.losses, line.draws, line.byes, line.buchholz,
                             line.sonneborn_berger, line.rounds_won, line.active, line.out_in)
                 for line in table(event))
    return StandingsCard(title, event.format, done, event.rounds, final, rows)


def bracket_card(title: str, event: Event, names: Mapping[int, str],
                 champion: int | None, *, lang: Language) -> BracketCard:
    """The bracket's rounds from the one being played, at most three (the last three,
    ending with the final, once fewer are left)."""
    first = max(1, min(max(event.round, 1), event.rounds - 2))
    tables = len(event.games_of(1))
    games = {(g.round, g.table): g for g in event.games}
    unknown = lang._(UNKNOWN)

    def name(user_id: int | None) -> str | None:
        return None if user_id is None else names.get(user_id, unknown)

    def went_on(number: int, table_: int) -> int | None:
        game = games.get((number, table_))
        return None if game is None else game.winner

    columns = []
    for number in range(first, min(first + SHOWN_ROUNDS, event.rounds + 1)):
        column = []
        for table_ in range(1, (tables >> (number - 1)) + 1):
            game = games.get((number, table_))
            top: int | None
            bottom: int | None
            if number == 1:
                assert game is not None
                top, bottom = game.a, game.b
            else:
                top, bottom = went_on(number - 1, 2 * table_ - 1), went_on(number - 1,
                                                                           2 * table_)
            column.append(BracketMatch(name(top), name(bottom), _slot_won(game, top, bottom),
                                       bye=game is not None and game.kind == BYE))
        columns.append(tuple(column))
    return BracketCard(title, event.rounds, first, tuple(columns), name(champion))


def _slot_won(game: Game | None, top: int | None, bottom: int | None) -> int | None:
    """Which slot (0 top, 1 bottom) won the game, if it is decided."""
    if game is None or game.result not in (A_WINS, B_WINS):
        return None
    winner = game.winner
    if winner is not None and winner == top:
        return 0
    if winner is not None and winner == bottom:
        return 1
    return None
