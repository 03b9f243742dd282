"""Every SQL statement of ranked play: the ladder, faction ratings and what each match changed.

The methods run on the caller's connection and transaction, like Repository's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bot.ranking.match import FactionStanding, PlayerSeason, Record
from bot.ranking.ranks import PRO, RankState
from bot.ranking.rating import Skill, mmr
from bot.ranking.views import MmrChange
from bot.storage.migrations import StorageError
from bot.storage.records import ResultRecord
from bot.storage.repository import RESULT_COLUMNS, Repository, result_from_row

_LADDER = "rank, pieces, win_streak, loss_streak, score, wins, losses, draws"
_CHANGES = ("match_id, seat, user_id, faction, mmr_before, mmr_after, rank_before, "
            "pieces_before, rank_after, pieces_after, games")
_ORDER_LADDER = "score DESC, rank, user_id"
_ORDER_FACTION = "mmr DESC, user_id"
# Ordered results: newest first, by the players' own indexes.
_RESULTS_OF = (f"SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = ? AND player0_id = ? "
               f"UNION ALL SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = ? AND "
               "player1_id = ? AND player0_id != player1_id")


@dataclass(frozen=True)
class StoredPlayer:
    """A player's stored season standing and name."""

    name: str
    player: PlayerSeason


@dataclass(frozen=True)
class LadderRow:
    """A leaderboard line as stored (position is counted by the caller)."""

    user_id: int
    name: str
    rank: int
    pieces: int
    score: int
    record: Record


@dataclass(frozen=True)
class RatedRow:
    """How a result was rated: its order, whether it counted, and its weight."""

    match_id: int
    seq: int
    counted: bool
    weight: float


class RatingsRepository(Repository):
    """Ranked play's queries and updates; the caller (Database) decides the transaction."""

    # ------------------------------------------------------------- rating

    async def rated(self, match_id: int) -> RatedRow | None:
        """How a result was rated, or None if it was not considered yet."""
        row = await self._one("SELECT match_id, seq, counted, weight FROM ranked_matches "
                              "WHERE match_id = ?", (match_id,))
        return None if row is None else RatedRow(row[0], row[1], bool(row[2]), row[3])

    async def pair_matches_since(self, guild_id: int, pair: tuple[int, int],
                                 since: float) -> int:
        """How many counted matches of these two players (smaller id first) finished after
        `since`."""
        row = await self._one("SELECT COUNT(*) FROM ranked_matches WHERE guild_id = ? AND "
                              "low_id = ? AND high_id = ? AND finished_at > ? AND counted = 1",
                              (guild_id, *pair, since))
        assert row is not None
        return int(row[0])

    async def player(self, guild_id: int, season: int, user_id: int) -> StoredPlayer | None:
        """A player's standing in a season, with their faction ratings."""
        rows = await self._all(
            "SELECT l.name, l.rank, l.pieces, l.win_streak, l.loss_streak, l.wins, l.losses, "
            "l.draws, f.faction, f.mu, f.sigma, f.wins, f.losses, f.draws FROM ladder l "
            "LEFT JOIN faction_ratings f ON f.guild_id = l.guild_id AND f.season = l.season "
            "AND f.user_id = l.user_id WHERE l.guild_id = ? AND l.season = ? AND l.user_id = ?",
            (guild_id, season, user_id))
        if not rows:
            return None
        row = rows[0]
        factions = {f[8]: FactionStanding(Skill(f[9], f[10]), Record(f[11], f[12], f[13]))
                    for f in rows if f[8] is not None}
        return StoredPlayer(row[0], PlayerSeason(
            RankState(row[1], row[2], row[3], row[4]), Record(row[5], row[6], row[7]),
            MappingProxyType(factions)))

    async def last_rank(self, guild_id: int, user_id: int,
                        before: int) -> tuple[int, RankState, int] | None:
        """The player's latest season before `before`: (season, final rank, score)."""
        row = await self._one("SELECT season, rank, pieces, win_streak, loss_streak, score "
                              "FROM ladder WHERE guild_id = ? AND user_id = ? AND season < ? "
                              "ORDER BY season DESC LIMIT 1", (guild_id, user_id, before))
        if row is None:
            return None
        return row[0], RankState(row[1], row[2], row[3], row[4]), row[5]

    async def pro_players_above(self, guild_id: int, season: int, user_id: int,
                                score: int) -> int:
        """How many Pro Rank players of a season stand above this one on its ladder."""
        row = await self._one("SELECT COUNT(*) FROM ladder WHERE guild_id = ? AND season = ? "
                              "AND rank = ? AND (score > ? OR (score = ? AND user_id < ?))",
                              (guild_id, season, PRO, score, score, user_id))
        assert row is not None
        return int(row[0])

    async def save_player(self, guild_id: int, season: int, user_id: int, name: str,
                          before: PlayerSeason | None, after: PlayerSeason,
                          factions: Iterable[str]) -> None:
        """Store a player's new standing and the given factions' ratings.

        An update applies only to the row as it was read (same games): a concurrent change
        makes it fail instead of being lost.
        """
        rank, rec = after.rank, after.record
        values = (name, rank.rank, rank.pieces, rank.win_streak, rank.loss_streak, after.score,
                  rec.wins, rec.losses, rec.draws)
        if before is None:
            await self._run(f"INSERT INTO ladder (guild_id, season, user_id, name, {_LADDER}) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (guild_id, season, user_id, *values))
        else:
            old = before.record
            changed = await self._count(
                "UPDATE ladder SET name = ?, rank = ?, pieces = ?, win_streak = ?, "
                "loss_streak = ?, score = ?, wins = ?, losses = ?, draws = ? WHERE guild_id = ? "
                "AND season = ? AND user_id = ? AND wins = ? AND losses = ? AND draws = ?",
                (*values, guild_id, season, user_id, old.wins, old.losses, old.draws))
            _check_one(changed, "ladder", user_id)
        for faction in factions:
            await self._save_faction(guild_id, season, user_id, faction, after,
                                     None if before is None else before.factions.get(faction))

    async def _save_faction(self, guild_id: int, season: int, user_id: int, faction: str,
                            player: PlayerSeason, before: FactionStanding | None) -> None:
        standing = player.factions[faction]
        rec = standing.record
        values = (standing.skill.mu, standing.skill.sigma,
                  mmr(standing.skill, player.rank.is_pro), rec.wins, rec.losses, rec.draws)
        if before is None:
            await self._run("INSERT INTO faction_ratings (guild_id, season, user_id, faction, "
                            "mu, sigma, mmr, wins, losses, draws) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (guild_id, season, user_id, faction, *values))
            return
        old = before.record
        changed = await self._count(
            "UPDATE faction_ratings SET mu = ?, sigma = ?, mmr = ?, wins = ?, losses = ?, "
            "draws = ? WHERE guild_id = ? AND season = ? AND user_id = ? AND faction = ? AND "
            "wins = ? AND losses = ? AND draws = ?",
            (*values, guild_id, season, user_id, faction, old.wins, old.losses, old.draws))
        _check_one(changed, "faction_ratings", user_id)

    async def claim(self, result: ResultRecord, season: int, counted: bool,
                    weight: float) -> bool:
        """Record that a result is being rated, with the next rating order number; False
        (and nothing changed) when it was rated before."""
        low, high = sorted(result.player_ids)
        # WHERE true: SQLite needs it before ON CONFLICT in an INSERT ... SELECT.
        return await self._count(
            "INSERT INTO ranked_matches (match_id, seq, guild_id, season, finished_at, low_id, "
            "high_id, counted, weight) SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ?, ? "
            "FROM ranked_matches WHERE true ON CONFLICT (match_id) DO NOTHING",
            (result.match_id, result.guild_id, season, result.finished_at, low, high,
             int(counted), weight)) == 1

    async def insert_changes(self, match_id: int, changes: Sequence[MmrChange]) -> None:
        """Store what a rated match changed for each seat."""
        await self.connection.executemany(
            f"INSERT INTO ranked_changes ({_CHANGES}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(match_id, seat, *_change_values(c)) for seat, c in enumerate(changes)])

    async def changes(self, match_ids: Sequence[int]) -> dict[tuple[int, int], MmrChange]:
        """What the given matches changed, by (match id, seat)."""
        if not match_ids:
            return {}
        marks = ", ".join("?" for _ in match_ids)
        rows = await self._all(f"SELECT {_CHANGES} FROM ranked_changes WHERE match_id IN "
                               f"({marks})", match_ids)
        return {(r[0], r[1]): MmrChange(*tuple(r)[2:]) for r in rows}

    async def rated_rows(self, match_ids: Sequence[int]) -> dict[int, RatedRow]:
        """How the given results were rated, by match id."""
        if not match_ids:
            return {}
        marks = ", ".join("?" for _ in match_ids)
        rows = await self._all(f"SELECT match_id, seq, counted, weight FROM ranked_matches "
                               f"WHERE match_id IN ({marks})", match_ids)
        return {r[0]: RatedRow(r[0], r[1], bool(r[2]), r[3]) for r in rows}

    async def seat_names(self, match_id: int) -> tuple[str, str]:
        """The names the two players had in a match."""
        rows = await self._all("SELECT name FROM seats WHERE match_id = ? ORDER BY seat",
                               (match_id,))
        return (rows[0][0], rows[1][0]) if len(rows) == 2 else ("Player 1", "Player 2")

    async def unrated_results(self) -> list[ResultRecord]:
        """Results never considered for ranked play, oldest first."""
        # Counting both tables is much cheaper than the search, and nearly always equal.
        row = await self._one("SELECT (SELECT COUNT(*) FROM results) - "
                              "(SELECT COUNT(*) FROM ranked_matches)")
        if row is not None and row[0] == 0:
            return []
        rows = await self._all(f"SELECT {RESULT_COLUMNS} FROM results WHERE NOT EXISTS "
                               "(SELECT 1 FROM ranked_matches WHERE ranked_matches.match_id = "
                               "results.match_id) ORDER BY finished_at, match_id")
        return [result_from_row(r) for r in rows]

    # ------------------------------------------------------------ reading

    async def seasons(self, guild_id: int) -> list[int]:
        """The seasons with a ladder in this server, newest first."""
        rows = await self._all("SELECT DISTINCT season FROM ranked_matches WHERE guild_id = ? "
                               "AND counted = 1 ORDER BY season DESC", (guild_id,))
        return [r[0] for r in rows]

    async def ladder_size(self, guild_id: int, season: int, faction: str | None) -> int:
        """How many players a season's ladder (or one faction's board) has."""
        if faction is None:
            row = await self._one("SELECT COUNT(*) FROM ladder WHERE guild_id = ? AND "
                                  "season = ?", (guild_id, season))
        else:
            row = await self._one("SELECT COUNT(*) FROM faction_ratings WHERE guild_id = ? AND "
                                  "season = ? AND faction = ?", (guild_id, season, faction))
        assert row is not None
        return int(row[0])

    async def ladder_page(self, guild_id: int, season: int, faction: str | None, offset: int,
                          limit: int) -> list[LadderRow]:
        """Leaderboard lines from `offset` on: by ladder score, or by one faction's MMR."""
        if faction is None:
            rows = await self._all(
                "SELECT user_id, name, rank, pieces, score, wins, losses, draws FROM ladder "
                f"WHERE guild_id = ? AND season = ? ORDER BY {_ORDER_LADDER} LIMIT ? OFFSET ?",
                (guild_id, season, limit, offset))
        else:
            rows = await self._all(
                "SELECT f.user_id, l.name, l.rank, l.pieces, f.mmr, f.wins, f.losses, f.draws "
                "FROM faction_ratings f JOIN ladder l ON l.guild_id = f.guild_id AND "
                "l.season = f.season AND l.user_id = f.user_id WHERE f.guild_id = ? AND "
                "f.season = ? AND f.faction = ? ORDER BY f.mmr DESC, f.user_id LIMIT ? OFFSET ?",
                (guild_id, season, faction, limit, offset))
        return [LadderRow(r[0], r[1], r[2], r[3], r[4], Record(r[5], r[6], r[7])) for r in rows]

    async def position(self, guild_id: int, season: int, faction: str | None,
                       user_id: int) -> int | None:
        """A player's position (from 1) on a season's ladder or faction board."""
        if faction is None:
            mine = await self._one("SELECT score, rank FROM ladder WHERE guild_id = ? AND "
                                   "season = ? AND user_id = ?", (guild_id, season, user_id))
            if mine is None:
                return None
            score, rank = mine[0], mine[1]
            row = await self._one(
                "SELECT COUNT(*) FROM ladder WHERE guild_id = ? AND season = ? AND (score > ? "
                "OR (score = ? AND (rank < ? OR (rank = ? AND user_id < ?))))",
                (guild_id, season, score, score, rank, rank, user_id))
        else:
            mine = await self._one("SELECT mmr FROM faction_ratings WHERE guild_id = ? AND "
                                   "season = ? AND user_id = ? AND faction = ?",
                                   (guild_id, season, user_id, faction))
            if mine is None:
                return None
            row = await self._one(
                "SELECT COUNT(*) FROM faction_ratings WHERE guild_id = ? AND season = ? AND "
                "faction = ? AND (mmr > ? OR (mmr = ? AND user_id < ?))",
                (guild_id, season, faction, mine[0], mine[0], user_id))
        assert row is not None
        return int(row[0]) + 1

    async def results_of(self, guild_id: int, user_id: int, limit: int | None = None,
                         offset: int = 0) -> list[ResultRecord]:
        """A player's results in a server, newest first (all of them without a limit)."""
        sql = f"{_RESULTS_OF} ORDER BY finished_at DESC, match_id DESC"
        params: tuple[Any, ...] = (guild_id, user_id, guild_id, user_id)
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += (limit, offset)
        return [result_from_row(r) for r in await self._all(sql, params)]

    async def match_places(self, match_ids: Sequence[int]
                           ) -> dict[int, tuple[int, tuple[str, str]]]:
        """Where each match was played (its thread or channel) and its players' names."""
        if not match_ids:
            return {}
        marks = ", ".join("?" for _ in match_ids)
        rows = await self._all(f"SELECT m.id, m.channel_id, s.seat, s.name FROM matches m JOIN "
                               f"seats s ON s.match_id = m.id WHERE m.id IN ({marks})",
                               match_ids)
        found: dict[int, tuple[int, list[str]]] = {}
        for match_id, channel_id, seat, name in rows:
            found.setdefault(match_id, (channel_id, ["", ""]))[1][seat] = name
        return {m: (c, (names[0], names[1])) for m, (c, names) in found.items()}

    # ---------------------------------------------------------- recompute

    async def results_in_rating_order(self) -> list[tuple[ResultRecord, tuple[str, str]]]:
        """Every result with its players' names: those rated in their rating order, then
        the others by finish time."""
        rows = await self._all(
            f"SELECT {', '.join('r.' + c.strip() for c in RESULT_COLUMNS.split(','))}, "
            "(SELECT name FROM seats WHERE match_id = r.match_id AND seat = 0), "
            "(SELECT name FROM seats WHERE match_id = r.match_id AND seat = 1) "
            "FROM results r LEFT JOIN ranked_matches rm ON rm.match_id = r.match_id "
            "ORDER BY CASE WHEN rm.seq IS NULL THEN 1 ELSE 0 END, rm.seq, r.finished_at, "
            "r.match_id")
        width = len(RESULT_COLUMNS.split(","))
        return [(result_from_row(r), (r[width] or "Player 1", r[width + 1] or "Player 2"))
                for r in rows]

    async def clear_derived(self) -> None:
        """Delete every derived row (ranked play is rebuilt from results afterwards)."""
        for table in ("ranked_changes", "ranked_matches", "faction_ratings", "ladder"):
            await self._run(f"DELETE FROM {table}")

    async def insert_all(self, table: str, columns: Sequence[str],
                         rows: Iterable[Sequence[Any]]) -> None:
        """Bulk insert rows (recompute and benchmarks)."""
        marks = ", ".join("?" for _ in columns)
        await self.connection.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

    async def dump(self, table: str) -> list[tuple[Any, ...]]:
        """Every row of a derived table, in primary key order (to compare recomputations)."""
        keys = {"ladder": "guild_id, season, user_id",
                "faction_ratings": "guild_id, season, user_id, faction",
                "ranked_matches": "match_id", "ranked_changes": "match_id, seat"}[table]
        return [tuple(r) for r in await self._all(f"SELECT * FROM {table} ORDER BY {keys}")]


DERIVED_TABLES = ("ranked_matches", "ranked_changes", "ladder", "faction_ratings")


def _change_values(change: MmrChange) -> tuple[Any, ...]:
    return (change.user_id, change.faction, change.mmr_before, change.mmr_after,
            change.rank_before, change.pieces_before, change.rank_after, change.pieces_after,
            change.games)


def _check_one(changed: int, table: str, user_id: int) -> None:
    if changed != 1:
        raise StorageError(f"{table} of user {user_id} changed during a rating update; the "
                           "match's transaction is rolled back")

