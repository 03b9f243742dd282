"""Rebuild ranked play from stored results: the same rating code, run over memory in the
order results were rated, then compared with or written over the database's derived tables."""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ranking.match import PlayerSeason
from bot.ranking.ranks import RankState
from bot.ranking.rating import mmr
from bot.ranking.views import MmrChange
from bot.service.ranked import rate_result
from bot.storage import Database
from bot.storage.ratings import DERIVED_TABLES, RatingsRepository, StoredPlayer
from bot.storage.records import ResultRecord

COLUMNS = {
    "ranked_matches": ("match_id", "seq", "guild_id", "season", "finished_at", "low_id",
                       "high_id", "counted", "weight"),
    "ranked_changes": ("match_id", "seat", "user_id", "faction", "mmr_before", "mmr_after",
                       "rank_before", "pieces_before", "rank_after", "pieces_after", "games"),
    "ladder": ("guild_id", "season", "user_id", "name", "rank", "pieces", "win_streak",
               "loss_streak", "score", "wins", "losses", "draws"),
    "faction_ratings": ("guild_id", "season", "user_id", "faction", "mu", "sigma", "mmr",
                        "wins", "losses", "draws"),
}


@dataclass
class MemoryLadder:
    """A LadderStore in memory, with the database's tables as rows."""

    matches: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    changes: dict[tuple[int, int], MmrChange] = field(default_factory=dict)
    players: dict[tuple[int, int, int], StoredPlayer] = field(default_factory=dict)
    seq: int = 0  # the last rating order number given
    _pairs: defaultdict[tuple[int, int, int], list[float]] = field(
        default_factory=lambda: defaultdict(list))
    _seasons: defaultdict[tuple[int, int], list[int]] = field(
        default_factory=lambda: defaultdict(list))
    _pros: defaultdict[tuple[int, int], dict[int, int]] = field(
        default_factory=lambda: defaultdict(dict))

    async def pair_matches_since(self, guild_id: int, pair: tuple[int, int],
                                 since: float) -> int:
        """Counted matches of the pair finished after `since`."""
        times = self._pairs[(guild_id, *pair)]
        return len(times) - bisect.bisect_right(times, since)

    async def player(self, guild_id: int, season: int, user_id: int) -> StoredPlayer | None:
        """A player's standing in a season."""
        return self.players.get((guild_id, season, user_id))

    async def last_rank(self, guild_id: int, user_id: int,
                        before: int) -> tuple[int, RankState, int] | None:
        """The player's latest season before `before`."""
        seasons = self._seasons[(guild_id, user_id)]
        earlier = [s for s in seasons if s < before]
        if not earlier:
            return None
        player = self.players[(guild_id, max(earlier), user_id)].player
        return max(earlier), player.rank, player.score

    async def pro_players_above(self, guild_id: int, season: int, user_id: int,
                                score: int) -> int:
        """Pro Rank players of a season above this one."""
        return sum(1 for uid, s in self._pros[(guild_id, season)].items()
                   if s > score or (s == score and uid < user_id))

    async def save_player(self, guild_id: int, season: int, user_id: int, name: str,
                          before: PlayerSeason | None, after: PlayerSeason,
                          factions: Iterable[str]) -> None:
        """Keep a player's new standing."""
        if before is None:
            self._seasons[(guild_id, user_id)].append(season)
        self.players[(guild_id, season, user_id)] = StoredPlayer(name, after)
        pros = self._pros[(guild_id, season)]
        if after.rank.is_pro:
            pros[user_id] = after.score
        else:
            pros.pop(user_id, None)

    async def claim(self, result: ResultRecord, season: int, counted: bool,
                    weight: float) -> bool:
        """Record how a result is rated, unless it was before."""
        if result.match_id in self.matches:
            return False
        low, high = sorted(result.player_ids)
        self.seq += 1
        self.matches[result.match_id] = (result.match_id, self.seq, result.guild_id, season,
                                         result.finished_at, low, high, int(counted), weight)
        if counted:
            bisect.insort(self._pairs[(result.guild_id, low, high)], result.finished_at)
        return True

    async def insert_changes(self, match_id: int, changes: Sequence[MmrChange]) -> None:
        """Keep what a match changed."""
        for seat, change in enumerate(changes):
            self.changes[(match_id, seat)] = change

    def rows(self, table: str) -> list[tuple[Any, ...]]:
        """The rows the database table should hold, in primary key order."""
        if table == "ranked_matches":
            return sorted(self.matches.values())
        if table == "ranked_changes":
            return sorted((m, s, c.user_id, c.faction, c.mmr_before, c.mmr_after,
                           c.rank_before, c.pieces_before, c.rank_after, c.pieces_after, c.games)
                          for (m, s), c in self.changes.items())
        if table == "ladder":
            return sorted((g, season, u, p.name, p.player.rank.rank, p.player.rank.pieces,
                           p.player.rank.win_streak, p.player.rank.loss_streak,
                           p.player.score, p.player.record.wins, p.player.record.losses,
                           p.player.record.draws)
                          for (g, season, u), p in self.players.items())
        return sorted((g, season, u, faction, f.skill.mu, f.skill.sigma,
                       mmr(f.skill, p.player.rank.is_pro), f.record.wins, f.record.losses,
                       f.record.draws)
                      for (g, season, u), p in self.players.items()
                      for faction, f in p.player.factions.items())


@dataclass(frozen=True)
class Recomputed:
    """What a recomputation found: results rated, and rows that differ per table."""

    results: int
    differences: dict[str, int]

    @property
    def equal(self) -> bool:
        """True when the stored derived tables equal the recomputed ones."""
        return not any(self.differences.values())


async def recompute(db: Database, write: bool) -> Recomputed:
    """Rate every stored result again; compare with the stored tables, and replace them if
    `write` (in one transaction, so the bot may keep running)."""
    if not write:
        async with db.reading() as repo:
            return await _recompute(repo.sharing(RatingsRepository), write)
    async with db.transaction() as repo:
        return await _recompute(repo.sharing(RatingsRepository), write)


async def _recompute(ratings: RatingsRepository, write: bool) -> Recomputed:
    ordered = await ratings.results_in_rating_order()
    stored = {table: await ratings.dump(table) for table in DERIVED_TABLES}
    memory = MemoryLadder()
    for result, names in ordered:
        await rate_result(memory, result, names)
    fresh = {table: memory.rows(table) for table in DERIVED_TABLES}
    differences = {table: len(set(stored[table]) ^ set(fresh[table]))
                   for table in DERIVED_TABLES}
    if write and any(differences.values()):
        await ratings.clear_derived()
        for table in DERIVED_TABLES:
            await ratings.insert_all(table, COLUMNS[table], fresh[table])
    return Recomputed(len(ordered), differences)
