"""The SQL of tournaments (migrations 0010 and 0012), over the same connection as Repository."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.sql import Queries, Row
from bot.tournament.games import Game

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
IN, DROPPED, KICKED = "in", "dropped", "kicked"
# Who decided a game: its match, the organiser, or the rules (a bye, a player who left).
BY_MATCH, BY_ORGANISER, BY_RULES = "match", "organiser", "rules"

_TOURNAMENT_COLUMNS = ("id, guild_id, channel_id, message_id, name, format, rounds_asked, "
                       "rounds, max_players, starts_at, ranked, organiser_id, organiser_name, "
                       "status, seed, champion_id, final_message_id, created_at, started_at, "
                       "finished_at")
_PLAYER_COLUMNS = "user_id, name, joined_at, seed, ladder_score, status, left_round"
_GAME_COLUMNS = ("round, board, player_a, player_b, result, kind, rounds_a, rounds_b, set_by, "
                 "thread_id, match_id")


@dataclass(frozen=True)
class TournamentRecord:
    """A tournament's settings and where it stands."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    name: str
    format: str
    rounds_asked: int | None
    rounds: int | None
    max_players: int
    starts_at: float | None
    ranked: bool
    organiser_id: int
    organiser_name: str
    status: str
    seed: int
    champion_id: int | None
    final_message_id: int | None
    created_at: float
    started_at: float | None
    finished_at: float | None


@dataclass(frozen=True)
class PlayerRecord:
    """A player who joined a tournament."""

    user_id: int
    name: str
    joined_at: float
    seed: int | None
    ladder_score: int | None
    status: str
    left_round: int | None

    @property
    def active(self) -> bool:
        """False once they dropped or were removed."""
        return self.status == IN


@dataclass(frozen=True)
class RoundRecord:
    """A paired round: its pairings message shows `shown` of its games' `changes`."""

    number: int
    paired_at: float
    finished_at: float | None
    pairings_message_id: int | None
    changes: int = 0
    shown: int = 0

    @property
    def out_of_date(self) -> bool:
        """True when its posted pairings message no longer shows its games as they are."""
        return self.pairings_message_id is not None and self.shown < self.changes


@dataclass(frozen=True)
class GameRecord:
    """A game of a round, with who decided it and where its match is played."""

    game: Game
    set_by: str | None
    thread_id: int | None
    match_id: int | None


class TournamentRepository(Queries):
    """Queries on tournaments; open one on a Repository's connection with `sharing`."""

    async def insert_tournament(self, values: dict[str, Any]) -> int:
        """Store a new tournament and return its id."""
        columns = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        row = await self._one(f"INSERT INTO tournaments ({columns}) VALUES ({marks}) "
                              "RETURNING id", tuple(values.values()))
        assert row is not None
        return int(row[0])

    async def tournament(self, tournament_id: int) -> TournamentRecord | None:
        """A tournament by id."""
        row = await self._one(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?",
                              (tournament_id,))
        return None if row is None else _tournament(row)

    async def tournament_named(self, guild_id: int, name_key: str) -> TournamentRecord | None:
        """A server's tournament by its folded name."""
        row = await self._one(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE "
                              "guild_id = ? AND name_key = ?", (guild_id, name_key))
        return None if row is None else _tournament(row)

    async def tournaments_of(self, guild_id: int) -> list[TournamentRecord]:
        """A server's tournaments, newest first."""
        rows = await self._all(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE "
                               "guild_id = ? ORDER BY id DESC", (guild_id,))
        return [_tournament(r) for r in rows]

    async def entered(self, guild_id: int, user_id: int,
                      statuses: tuple[str, ...]) -> list[TournamentRecord]:
        """A server's tournaments in these statuses that a member is still in, newest
        first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self._all(
            f"SELECT {', '.join('t.' + c for c in _TOURNAMENT_COLUMNS.split(', '))} "
            "FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id "
            f"WHERE t.guild_id = ? AND p.user_id = ? AND p.status = ? AND t.status IN ({marks}) "
            "ORDER BY t.id DESC", (guild_id, user_id, IN, *statuses))
        return [_tournament(r) for r in rows]

    async def update_tournament(self, tournament_id: int, **values: Any) -> None:
        """Change some columns of a tournament."""
        sets = ", ".join(f"{c} = ?" for c in values)
        await self._run(f"UPDATE tournaments SET {sets} WHERE id = ?",
                        (*values.values(), tournament_id))

    async def due(self, now: float) -> list[int]:
        """Tournaments with work to do: a sign-up whose start time came, a running one with
        a game to open, pairings to post or a finished round, a running or finished one
        whose pairings message is out of date, a finished one whose announcement is not
        posted."""
        rows = await self._all(
            "SELECT id FROM tournaments t WHERE (status = ? AND starts_at <= ?) "
            "OR (status = ? AND (EXISTS (SELECT 1 FROM tournament_games g WHERE "
            "g.tournament_id = t.id AND g.kind = 'played' AND g.result IS NULL AND "
            "g.match_id IS NULL) OR EXISTS (SELECT 1 FROM tournament_rounds r WHERE "
            "r.tournament_id = t.id AND (r.pairings_message_id IS NULL OR (r.finished_at IS "
            "NOT NULL AND r.number = (SELECT MAX(number) FROM tournament_rounds x WHERE "
            "x.tournament_id = t.id)))))) "
            "OR (status IN (?, ?) AND EXISTS (SELECT 1 FROM tournament_rounds r WHERE "
            "r.tournament_id = t.id AND r.pairings_message_id IS NOT NULL AND "
            "r.shown < r.changes)) "
            "OR (status = ? AND final_message_id IS NULL) ORDER BY id",
            (SIGNUP, now, RUNNING, RUNNING, FINISHED, FINISHED))
        return [int(r[0]) for r in rows]

    # ----------------------------------------------------------------- players

    async def players(self, tournament_id: int) -> list[PlayerRecord]:
        """The players, in the order they joined."""
        rows = await self._all(f"SELECT {_PLAYER_COLUMNS} FROM tournament_players WHERE "
                               "tournament_id = ? ORDER BY joined_at, user_id", (tournament_id,))
        return [PlayerRecord(*r) for r in rows]

    async def add_player(self, tournament_id: int, user_id: int, name: str, now: float) -> None:
        """Sign a member up."""
        await self._run("INSERT INTO tournament_players (tournament_id, user_id, name, "
                        "joined_at, status) VALUES (?, ?, ?, ?, ?)",
                        (tournament_id, user_id, name, now, IN))

    async def remove_player(self, tournament_id: int, user_id: int) -> int:
        """Take a member off the sign-up list; return how many rows went."""
        return await self._count("DELETE FROM tournament_players WHERE tournament_id = ? AND "
                                 "user_id = ?", (tournament_id, user_id))

    async def update_player(self, tournament_id: int, user_id: int, **values: Any) -> None:
        """Change some columns of a player."""
        sets = ", ".join(f"{c} = ?" for c in values)
        await self._run(f"UPDATE tournament_players SET {sets} WHERE tournament_id = ? AND "
                        "user_id = ?", (*values.values(), tournament_id, user_id))

    # ------------------------------------------------------------ rounds, games

    async def rounds(self, tournament_id: int) -> list[RoundRecord]:
        """The paired rounds, in order."""
        rows = await self._all("SELECT number, paired_at, finished_at, pairings_message_id, "
                               "changes, shown FROM tournament_rounds WHERE tournament_id = ? "
                               "ORDER BY number", (tournament_id,))
        return [RoundRecord(*r) for r in rows]

    async def insert_round(self, tournament_id: int, number: int, games: list[Game],
                           now: float) -> None:
        """Store a paired round and its games."""
        await self._run("INSERT INTO tournament_rounds (tournament_id, number, paired_at) "
                        "VALUES (?, ?, ?)", (tournament_id, number, now))
        await self.connection.executemany(
            "INSERT INTO tournament_games (tournament_id, round, board, player_a, player_b, "
            "kind, result, set_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(tournament_id, g.round, g.table, g.a, g.b, g.kind, g.result,
              None if g.result is None else BY_RULES) for g in games])

    async def update_round(self, tournament_id: int, number: int, **values: Any) -> None:
        """Change some columns of a round."""
        sets = ", ".join(f"{c} = ?" for c in values)
        await self._run(f"UPDATE tournament_rounds SET {sets} WHERE tournament_id = ? AND "
                        "number = ?", (*values.values(), tournament_id, number))

    async def games(self, tournament_id: int) -> list[GameRecord]:
        """Every game, by round and table."""
        rows = await self._all(f"SELECT {_GAME_COLUMNS} FROM tournament_games WHERE "
                               "tournament_id = ? ORDER BY round, board", (tournament_id,))
        return [_game(r) for r in rows]

    async def game_of_match(self, match_id: int) -> tuple[int, GameRecord] | None:
        """The tournament and game a match was opened for."""
        row = await self._one(f"SELECT tournament_id, {_GAME_COLUMNS} FROM tournament_games "
                              "WHERE match_id = ?", (match_id,))
        return None if row is None else (int(row[0]), _game(tuple(row)[1:]))

    async def update_game(self, tournament_id: int, game: Game, **values: Any) -> None:
        """Change some columns of a game, which puts its round's pairings message out of
        date."""
        sets = ", ".join(f"{c} = ?" for c in values)
        await self._run(f"UPDATE tournament_games SET {sets} WHERE tournament_id = ? AND "
                        "round = ? AND board = ?",
                        (*values.values(), tournament_id, game.round, game.table))
        await self._run("UPDATE tournament_rounds SET changes = changes + 1 WHERE "
                        "tournament_id = ? AND number = ?", (tournament_id, game.round))

    async def set_shown(self, tournament_id: int, number: int, message_id: int,
                        shown: int) -> None:
        """Remember a round's pairings message and the changes it shows (never fewer than
        it showed before)."""
        await self._run("UPDATE tournament_rounds SET pairings_message_id = ?, shown = "
                        "CASE WHEN shown > ? THEN shown ELSE ? END WHERE tournament_id = ? AND "
                        "number = ?", (message_id, shown, shown, tournament_id, number))

    # ----------------------------------------------------------------- others

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role whose members may create tournaments, if the server set one."""
        row = await self._one("SELECT organiser_role_id FROM tournament_settings WHERE "
                              "guild_id = ?", (guild_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def set_organiser_role(self, guild_id: int, role_id: int) -> None:
        """Set the organiser role."""
        await self._run("INSERT INTO tournament_settings (guild_id, organiser_role_id) VALUES "
                        "(?, ?) ON CONFLICT (guild_id) DO UPDATE SET organiser_role_id = "
                        "excluded.organiser_role_id", (guild_id, role_id))

    async def record_of(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """Finished tournaments a member played in this server, and how many they won."""
        row = await self._one(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN t.champion_id = ? THEN 1 ELSE 0 END), 0) "
            "FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id "
            "WHERE t.guild_id = ? AND t.status = ? AND p.user_id = ?",
            (user_id, guild_id, FINISHED, user_id))
        assert row is not None
        return int(row[0]), int(row[1])


def _tournament(row: Row) -> TournamentRecord:
    values = list(row)
    values[10] = bool(values[10])
    return TournamentRecord(*values)


def _game(row: Row | tuple[Any, ...]) -> GameRecord:
    (number, board, a, b, result, kind, rounds_a, rounds_b, set_by, thread_id,
     match_id) = tuple(row)
    return GameRecord(Game(number, board, a, b, result, kind, (rounds_a, rounds_b)), set_by,
                      thread_id, match_id)
