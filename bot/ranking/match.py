"""What one ranked match changes for its two players: faction MMR, rank and ladder score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from bot.ranking.ranks import DRAW, LOSS, WIN, RankState, after
from bot.ranking.rating import Skill, ladder_score, mmr, pair_moves_pieces, pair_weight, rate


@dataclass(frozen=True)
class Record:
    """Wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """All games."""
        return self.wins + self.losses + self.draws

    def plus(self, outcome: str) -> Record:
        """The record with one more result."""
        return Record(self.wins + (outcome == WIN), self.losses + (outcome == LOSS),
                      self.draws + (outcome == DRAW))


@dataclass(frozen=True)
class FactionStanding:
    """A player's rating and record with one faction in one season."""

    skill: Skill = field(default_factory=Skill)
    record: Record = field(default_factory=Record)


@dataclass(frozen=True)
class PlayerSeason:
    """A player's standing in one server and season."""

    rank: RankState = field(default_factory=RankState)
    record: Record = field(default_factory=Record)
    factions: Mapping[str, FactionStanding] = field(
        default_factory=lambda: MappingProxyType({}))

    def mmr(self, faction: str) -> int:
        """The faction's shown MMR (uncapped in Pro Rank)."""
        standing = self.factions.get(faction, FactionStanding())
        return mmr(standing.skill, self.rank.is_pro)

    @property
    def score(self) -> int:
        """The ladder score: the 4 best faction MMRs, each ramped by its games."""
        return ladder_score((self.mmr(f), s.record.games) for f, s in self.factions.items())


@dataclass(frozen=True)
class SeatChange:
    """What a match changed for one player."""

    mmr_before: int
    mmr_after: int
    rank_before: RankState
    rank_after: RankState


@dataclass(frozen=True)
class RatedMatch:
    """The outcome of rating a match: each player's new standing and what changed."""

    weight: float
    players: tuple[PlayerSeason, PlayerSeason]
    changes: tuple[SeatChange, SeatChange]


def outcomes(winner: int | None) -> tuple[str, str]:
    """Each seat's outcome from the winning seat (None for a draw)."""
    if winner is None:
        return DRAW, DRAW
    return (WIN, LOSS) if winner == 0 else (LOSS, WIN)


def rate_match(players: tuple[PlayerSeason, PlayerSeason], factions: tuple[str, str],
               winner: int | None, earlier_in_window: int) -> RatedMatch:
    """Rate a counted match; `earlier_in_window` is how many counted matches the same two
    players finished in the 24 hours before it (anti-abuse)."""
    weight = pair_weight(earlier_in_window)
    moves_pieces = pair_moves_pieces(earlier_in_window)
    seat_outcomes = outcomes(winner)
    score = {WIN: 1.0, LOSS: 0.0, DRAW: 0.5}[seat_outcomes[0]]
    before = [p.factions.get(f, FactionStanding()) for p, f in zip(players, factions, strict=True)]
    skills = rate(before[0].skill, before[1].skill, score, weight)
    after_players: list[PlayerSeason] = []
    changes: list[SeatChange] = []
    for seat in (0, 1):
        player, faction, outcome = players[seat], factions[seat], seat_outcomes[seat]
        rank = after(player.rank, outcome) if moves_pieces else player.rank
        standing = FactionStanding(skills[seat], before[seat].record.plus(outcome))
        updated = replace(player, rank=rank, record=player.record.plus(outcome),
                          factions=MappingProxyType({**player.factions, faction: standing}))
        after_players.append(updated)
        changes.append(SeatChange(player.mmr(faction), updated.mmr(faction), player.rank, rank))
    return RatedMatch(weight, (after_players[0], after_players[1]), (changes[0], changes[1]))
