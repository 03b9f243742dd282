"""What the ranked commands show: plain values built by the service, drawn by bot/render and
put into words by the Discord layer."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.i18n import Phrase
from bot.ranking.match import Record
from bot.ranking.rating import is_provisional
from bot.ranking.seasons import Season

LADDER = "ladder"  # the leaderboard of ladder scores (as opposed to one faction's MMR)
PAGE_SIZE = 10
# The outcome of a match both players had left: neither a win, a loss nor a draw.
ABANDONED = "abandoned"


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard."""

    position: int
    user_id: int
    name: str
    rank: int
    pieces: int
    score: int  # the ladder score, or the faction MMR on a faction's leaderboard
    record: Record


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of a server's leaderboard for a season: the ladder or one faction."""

    season: Season
    board: str  # LADDER or a faction id
    page: int  # from 0
    pages: int
    total: int
    rows: tuple[Standing, ...]
    viewer_id: int | None = None  # whose line is highlighted
    in_progress: bool = True

    @property
    def is_ladder(self) -> bool:
        """True for the ladder of ladder scores."""
        return self.board == LADDER


@dataclass(frozen=True)
class MmrChange:
    """One player's faction MMR and rank before and after a rated match."""

    user_id: int
    faction: str
    mmr_before: int
    mmr_after: int
    rank_before: int
    pieces_before: int
    rank_after: int
    pieces_after: int
    # Rated games with the faction this season, this one included (None: rated before this
    # was recorded).
    games: int | None = None

    @property
    def delta(self) -> int:
        """The MMR change."""
        return self.mmr_after - self.mmr_before

    @property
    def provisional(self) -> bool:
        """True while the faction's rating is provisional (its first games of the season)."""
        return self.games is not None and is_provisional(self.games)


@dataclass(frozen=True)
class MatchLine:
    """One finished match, seen from one of its players."""

    match_id: int
    channel_id: int | None
    finished_at: float
    outcome: str  # win, loss, draw or ABANDONED, for this player
    ended_by: str  # play, forfeit or timeout
    opponent_id: int
    opponent_name: str
    faction: str
    opponent_faction: str
    rounds: tuple[tuple[int, int], ...]  # (my score, their score) per round
    practice: str | None  # the computer's difficulty in a practice match
    rated: bool
    weight: float = 1.0
    mine: MmrChange | None = None
    theirs: MmrChange | None = None
    casual: bool = False  # a casual match between members

    @property
    def rounds_won(self) -> tuple[int, int]:
        """Rounds won by this player and by the opponent."""
        return (sum(1 for a, b in self.rounds if a > b), sum(1 for a, b in self.rounds if b > a))


@dataclass(frozen=True)
class FactionLine:
    """A player's MMR and record with one faction this season."""

    faction: str
    mmr: int
    record: Record
    ramp: float  # how much of the MMR counts towards the ladder score

    @property
    def provisional(self) -> bool:
        """True for a played faction whose rating is still provisional."""
        return self.record.games > 0 and is_provisional(self.record.games)


@dataclass(frozen=True)
class Profile:
    """A member's ranked profile in one server."""

    user_id: int
    name: str
    season: Season
    rank: int
    pieces: int
    played_season: bool  # False: the rank shown is the one carried over
    score: int
    position: int | None
    ladder_size: int
    factions: tuple[FactionLine, ...]
    ranked: Record  # all-time, counted matches between members
    practice: Record  # all-time, against the computer
    rounds_won: int
    rounds_played: int
    favourite: str | None
    recent: tuple[MatchLine, ...]
    casual: Record = field(default_factory=Record)  # all-time, casual matches
    tournaments_played: int = 0  # finished tournaments in this server
    tournaments_won: int = 0

    @property
    def round_win_rate(self) -> float | None:
        """Rounds won out of rounds played, or None before any round."""
        return self.rounds_won / self.rounds_played if self.rounds_played else None


@dataclass(frozen=True)
class Outcome:
    """What a finished match did to ranked play, for its result message."""

    rated: bool
    reason: Phrase | None  # why it was not rated
    weight: float
    changes: tuple[MmrChange, ...]
