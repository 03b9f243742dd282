"""Every SQL statement the bot runs, as typed methods over one connection."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.records import (
    CHOOSING,
    OPEN,
    OVER,
    ChallengeRecord,
    FinishedMatch,
    MatchRecord,
    ResultRecord,
    SeatRecord,
    ShownBoard,
    UserSettings,
    ViewRecord,
)
from bot.storage.sql import Queries, Row

_MATCH_COLUMNS = ("id, guild_id, channel_id, parent_channel_id, status, seed, action_count, "
                  "deadline, warn_at, lobby_message_id, board_message_id, board_action, "
                  "result_message_id, created_at, updated_at, finished_at, computer_due, "
                  "warning_message_id, ranked, timeouts_in_a_row, board_token, board_token_at, "
                  "board_events, no_show_forfeits")
_MATCH_COLUMNS_OF_M = ", ".join(f"m.{c}" for c in _MATCH_COLUMNS.split(", "))
_SEAT_COLUMNS = ("s.seat, s.user_id, s.name, s.faction, s.leader, s.deck, s.ready, s.timeouts, "
                 "s.ai_level, s.deck_list, s.seen_at, s.table_seen_at")
_LIVE = "status != 'over'"


class Repository(Queries):
    """Queries and updates; the caller (Database) decides the transaction."""

    async def _new_id(self, sql: str, params: tuple[Any, ...]) -> int:
        """Run an INSERT ... RETURNING id and return the id."""
        row = await self._one(sql, params)
        assert row is not None
        return int(row[0])

    # ------------------------------------------------------------- settings

    async def turn_seconds(self, guild_id: int) -> int | None:
        """Return a server's turn timer, or None when it never set one."""
        row = await self._one("SELECT turn_seconds FROM guild_settings WHERE guild_id = ?",
                              (guild_id,))
        return None if row is None else int(row[0])

    async def set_turn_seconds(self, guild_id: int, seconds: int) -> None:
        """Store a server's turn timer."""
        await self._run("INSERT INTO guild_settings (guild_id, turn_seconds) VALUES (?, ?) "
                        "ON CONFLICT (guild_id) DO UPDATE SET turn_seconds = excluded.turn_seconds",
                        (guild_id, seconds))

    async def guild_language(self, guild_id: int) -> str | None:
        """Return a server's language for public texts, or None when it never set one."""
        row = await self._one("SELECT language FROM guild_languages WHERE guild_id = ?",
                              (guild_id,))
        return None if row is None else str(row[0])

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """Store a server's language; None forgets it (Discord's guild_locale applies)."""
        if language is None:
            await self._run("DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,))
            return
        await self._run("INSERT INTO guild_languages (guild_id, language) VALUES (?, ?) "
                        "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                        (guild_id, language))

    async def user_language(self, user_id: int) -> str | None:
        """Return a user's own language for private texts, or None (their client's)."""
        row = await self._one("SELECT language FROM user_settings WHERE user_id = ?",
                              (user_id,))
        return None if row is None or row[0] is None else str(row[0])
    async def ranked_challenges(self, guild_id: int) -> bool | None:
        """Return whether a server's challenges are ranked by default, or None when it never
        chose."""
        row = await self._one("SELECT ranked FROM guild_challenge_modes WHERE guild_id = ?",
                              (guild_id,))
        return None if row is None else bool(row[0])

    async def set_ranked_challenges(self, guild_id: int, ranked: bool) -> None:
        """Store whether a server's challenges are ranked by default."""
        await self._run("INSERT INTO guild_challenge_modes (guild_id, ranked) VALUES (?, ?) "
                        "ON CONFLICT (guild_id) DO UPDATE SET ranked = excluded.ranked",
                        (guild_id, int(ranked)))

    async def commands_digest(self, application_id: int, scope: str) -> str | None:
        """Return the digest of the slash commands last synced to this scope, if any."""
        row = await self._one("SELECT digest FROM command_syncs WHERE application_id = ? "
                              "AND scope = ?", (application_id, scope))
        return None if row is None else str(row[0])

    async def set_commands_digest(self, application_id: int, scope: str, digest: str,
                                  now: float) -> None:
        """Remember what was synced to this scope."""
        await self._run("INSERT INTO command_syncs (application_id, scope, digest, synced_at) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (application_id, scope) DO UPDATE "
                        "SET digest = excluded.digest, synced_at = excluded.synced_at",
                        (application_id, scope, digest, now))

    async def user_settings(self, user_id: int) -> UserSettings:
        """Return a user's settings (defaults when none are stored)."""
        row = await self._one("SELECT hands_by_dm, dm_closed_noted, last_faction, last_leader, "
                              "last_deck FROM user_settings WHERE user_id = ?", (user_id,))
        if row is None:
            return UserSettings(user_id, False, False, None, None)
        return UserSettings(user_id, bool(row[0]), bool(row[1]), row[2], row[3], row[4])

    async def update_user_settings(self, user_id: int, **values: Any) -> None:
        """Set some of a user's settings columns, creating the row if needed."""
        columns = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        updates = ", ".join(f"{c} = excluded.{c}" for c in values)
        await self._run(f"INSERT INTO user_settings (user_id, {columns}) VALUES (?, {marks}) "
                        f"ON CONFLICT (user_id) DO UPDATE SET {updates}",
                        (user_id, *values.values()))

    # ----------------------------------------------------------- challenges

    async def insert_challenge(self, guild_id: int, channel_id: int, challenger: tuple[int, str],
                               opponent: tuple[int, str], faction: str | None, now: float,
                               expires_at: float, rematch_of: int | None,
                               ranked: bool) -> int:
        """Store a new open challenge and return its id."""
        return await self._new_id(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, "
            "opponent_id, opponent_name, faction, status, created_at, expires_at, rematch_of, "
            "ranked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, *challenger, *opponent, faction, OPEN, now, expires_at,
             rematch_of, int(ranked)))

    async def challenge(self, challenge_id: int) -> ChallengeRecord | None:
        """Return a challenge by id."""
        row = await self._one("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else _challenge(row)

    async def open_challenge_of(self, guild_id: int, user_id: int) -> ChallengeRecord | None:
        """Return an open challenge in this server that the user sent or received."""
        row = await self._one("SELECT * FROM challenges WHERE status = ? AND guild_id = ? "
                              "AND ? IN (challenger_id, opponent_id) LIMIT 1",
                              (OPEN, guild_id, user_id))
        return None if row is None else _challenge(row)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that shows a challenge."""
        await self._run("UPDATE challenges SET message_id = ? WHERE id = ?",
                        (message_id, challenge_id))

    async def close_challenge(self, challenge_id: int, status: str,
                              match_id: int | None = None) -> None:
        """Move a challenge out of the open state."""
        await self._run("UPDATE challenges SET status = ?, match_id = ? WHERE id = ?",
                        (status, match_id, challenge_id))

    async def challenges_due(self, now: float) -> list[ChallengeRecord]:
        """Return open challenges whose time is up."""
        rows = await self._all("SELECT * FROM challenges WHERE status = ? AND expires_at <= ? "
                               "ORDER BY expires_at", (OPEN, now))
        return [_challenge(r) for r in rows]

    # -------------------------------------------------------------- matches

    async def insert_match(self, guild_id: int, channel_id: int, parent_channel_id: int,
                           seed: int, now: float, deadline: float | None,
                           warn_at: float | None, ranked: bool = True,
                           no_show_forfeits: bool = False) -> int:
        """Store a new match in deck choice and return its id."""
        return await self._new_id(
            "INSERT INTO matches (guild_id, channel_id, parent_channel_id, status, seed, "
            "deadline, warn_at, created_at, updated_at, ranked, no_show_forfeits) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, parent_channel_id, CHOOSING, seed, deadline, warn_at, now,
             now, int(ranked), int(no_show_forfeits)))

    async def insert_seat(self, match_id: int, seat: SeatRecord) -> None:
        """Store one player of a match."""
        await self._run(
            "INSERT INTO seats (match_id, seat, user_id, name, faction, leader, deck, ready, "
            "timeouts, ai_level, deck_list) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, seat.seat, seat.user_id, seat.name, seat.faction, seat.leader, seat.deck,
             int(seat.ready), seat.timeouts, seat.ai_level, seat.deck_list))

    async def match(self, match_id: int) -> MatchRecord | None:
        """Return a match with its seats (without the engine state), in one query."""
        rows = await self._all(
            f"SELECT {_SEAT_COLUMNS}, {_MATCH_COLUMNS_OF_M} FROM matches m JOIN seats s ON "
            "s.match_id = m.id WHERE m.id = ? ORDER BY s.seat", (match_id,))
        return _match(rows[0], rows) if rows else None

    async def _with_seats(self, row: Row) -> MatchRecord:
        return _match(row, await self._all(f"SELECT {_SEAT_COLUMNS} FROM seats s WHERE "
                                           "s.match_id = ? ORDER BY s.seat", (row["id"],)))

    async def state(self, match_id: int) -> str | None:
        """Return the engine state JSON of a match, once it has one."""
        row = await self._one("SELECT state FROM matches WHERE id = ?", (match_id,))
        return None if row is None else row[0]

    async def live_match_of(self, guild_id: int, user_id: int) -> MatchRecord | None:
        """Return the user's running match in this server."""
        row = await self._one(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {_LIVE} AND guild_id = ? AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = ?) LIMIT 1", (guild_id, user_id))
        return None if row is None else await self._with_seats(row)

    async def live_match_in(self, channel_id: int) -> MatchRecord | None:
        """Return the running match that lives in this channel or thread."""
        row = await self._one(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {_LIVE} AND "
                              "channel_id = ? LIMIT 1", (channel_id,))
        return None if row is None else await self._with_seats(row)

    async def finished_matches_of(self, guild_id: int, user_id: int,
                                  limit: int) -> list[FinishedMatch]:
        """Return the user's finished matches in this server, newest first."""
        rows = await self._all(
            "SELECT m.id, s0.name, s1.name, r.winner, r.forfeited_by, m.finished_at, "
            "r.abandoned "
            "FROM matches m JOIN seats s0 ON s0.match_id = m.id AND s0.seat = 0 "
            "JOIN seats s1 ON s1.match_id = m.id AND s1.seat = 1 "
            "LEFT JOIN results r ON r.match_id = m.id "
            "WHERE m.status = ? AND m.guild_id = ? AND ? IN (s0.user_id, s1.user_id) "
            "ORDER BY COALESCE(m.finished_at, 0) DESC, m.id DESC LIMIT ?",
            (OVER, guild_id, user_id, limit))
        return [FinishedMatch(r[0], (r[1], r[2]), r[3], r[4], r[5] or 0.0, bool(r[6]))
                for r in rows]

    async def update_seat(self, match_id: int, seat: int, **values: Any) -> None:
        """Set some columns of one seat."""
        assignments = ", ".join(f"{c} = ?" for c in values)
        await self._run(f"UPDATE seats SET {assignments} WHERE match_id = ? AND seat = ?",
                        (*values.values(), match_id, seat))

    async def see(self, match_id: int, user_id: int, at: float, *, at_table: bool = False
                  ) -> bool:
        """Note that a player of a match (by user id) was looking at it at `at` (at the table,
        with `at_table`); False when the user does not play the match."""
        table = ", table_seen_at = ?" if at_table else ""
        return bool(await self._count(
            f"UPDATE seats SET seen_at = ?{table} WHERE match_id = ? AND user_id = ?",
            (at, *((at,) if at_table else ()), match_id, user_id)))

    async def update_match(self, match_id: int, **values: Any) -> None:
        """Set some columns of a match."""
        assignments = ", ".join(f"{c} = ?" for c in values)
        await self._run(f"UPDATE matches SET {assignments} WHERE id = ?",
                        (*values.values(), match_id))

    async def show_board(self, match_id: int, board: ShownBoard) -> None:
        """Remember the newest board shown, unless a newer one is remembered already."""
        await self._run(
            "UPDATE matches SET board_message_id = ?, board_action = ?, board_events = ?, "
            "board_token = ?, board_token_at = ? WHERE id = ? AND (board_action IS NULL "
            "OR board_action <= ?)",
            (board.message_id, board.action_count, board.events, board.token, board.token_at,
             match_id, board.action_count))

    async def advance_match(self, match_id: int, from_count: int, **values: Any) -> bool:
        """Set some columns of a match only if its action count is still `from_count`;
        return whether it was (a compare-and-set: a move is applied at most once)."""
        assignments = ", ".join(f"{c} = ?" for c in values)
        return bool(await self._count(
            f"UPDATE matches SET {assignments} WHERE id = ? AND action_count = ?",
            (*values.values(), match_id, from_count)))

    async def insert_action(self, match_id: int, number: int, action: str, source: str,
                            now: float) -> None:
        """Append an action to a match's log."""
        await self._run("INSERT INTO actions (match_id, number, action, source, created_at) "
                        "VALUES (?, ?, ?, ?, ?)", (match_id, number, action, source, now))

    async def actions(self, match_id: int) -> list[tuple[int, str, str]]:
        """Return a match's action log as (number, action, source)."""
        rows = await self._all("SELECT number, action, source FROM actions WHERE match_id = ? "
                               "ORDER BY number", (match_id,))
        return [(r[0], r[1], r[2]) for r in rows]

    async def matches_due(self, now: float) -> list[int]:
        """Return running matches whose turn timer has run out."""
        rows = await self._all(f"SELECT id FROM matches WHERE {_LIVE} AND deadline <= ? "
                               "ORDER BY deadline", (now,))
        return [r[0] for r in rows]

    async def warnings_due(self, now: float) -> list[int]:
        """Return running matches whose player should be warned now."""
        rows = await self._all(f"SELECT id FROM matches WHERE {_LIVE} AND warn_at <= ? "
                               "ORDER BY warn_at", (now,))
        return [r[0] for r in rows]

    async def next_wakeup(self) -> float | None:
        """Return the earliest deadline, warning or challenge expiry still to come."""
        row = await self._one(
            f"SELECT MIN(t) FROM (SELECT MIN(deadline) AS t FROM matches WHERE {_LIVE} "
            f"UNION ALL SELECT MIN(warn_at) FROM matches WHERE {_LIVE} "
            "UNION ALL SELECT MIN(expires_at) FROM challenges WHERE status = ?) AS due",
            (OPEN,))
        return None if row is None or row[0] is None else float(row[0])

    async def postpone_deadlines(self, until: float) -> int:
        """Move running matches' deadlines that come before `until` to it; return how many."""
        return await self._count(f"UPDATE matches SET deadline = ?, warn_at = NULL WHERE "
                                 f"{_LIVE} AND deadline < ?", (until, until))

    async def matches_behind(self, changed_before: float | None = None) -> list[int]:
        """Return matches whose newest lobby, board or result message is not posted yet
        (only those last changed before `changed_before`, if given)."""
        rows = await self._all(
            "SELECT id FROM matches WHERE ((status = ? AND lobby_message_id IS NULL) "
            "OR (status != ? AND (board_action IS NULL OR board_action < action_count)) "
            "OR (status = ? AND result_message_id IS NULL)) "
            "AND (CAST(? AS DOUBLE PRECISION) IS NULL OR updated_at < ?) ORDER BY id",
            (CHOOSING, CHOOSING, OVER, changed_before, changed_before))
        return [r[0] for r in rows]

    # ---------------------------------------------------------------- views

    async def views(self, match_id: int) -> dict[int, ViewRecord]:
        """Return the players' private views of a match, by seat."""
        rows = await self._all("SELECT seat, message_id, channel_id, token, token_at, locale "
                               "FROM match_views WHERE match_id = ?", (match_id,))
        return {r[0]: ViewRecord(match_id, r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows}

    async def view_of(self, match_id: int, user_id: int) -> ViewRecord | None:
        """Return the private view of a match's player (by user id), if one is stored."""
        r = await self._one(
            "SELECT v.seat, v.message_id, v.channel_id, v.token, v.token_at, v.locale "
            "FROM match_views v JOIN seats s ON s.match_id = v.match_id AND s.seat = v.seat "
            "WHERE v.match_id = ? AND s.user_id = ?", (match_id, user_id))
        return None if r is None else ViewRecord(match_id, r[0], r[1], r[2], r[3], r[4], r[5])

    async def set_view(self, match_id: int, user_id: int, message_id: int, channel_id: int,
                       token: str | None, token_at: float | None,
                       locale: str | None = None) -> bool:
        """Store the private view of a match's player (by user id), replacing the one stored
        before (a view of unknown `locale` keeps the one known); False when the user does not
        play the match."""
        return bool(await self._count(
            "INSERT INTO match_views (match_id, seat, message_id, channel_id, token, token_at, "
            "locale) SELECT match_id, seat, ?, ?, ?, ?, ? FROM seats WHERE match_id = ? AND "
            "user_id = ? ON CONFLICT (match_id, seat) DO UPDATE SET "
            "message_id = excluded.message_id, channel_id = excluded.channel_id, "
            "token = excluded.token, token_at = excluded.token_at, "
            "locale = COALESCE(excluded.locale, match_views.locale)",
            (message_id, channel_id, token, token_at, locale, match_id, user_id)))

    async def forget_view(self, match_id: int, seat: int, message_id: int) -> None:
        """Forget a player's view if it is still this message (it was closed)."""
        await self._run("DELETE FROM match_views WHERE match_id = ? AND seat = ? AND "
                        "message_id = ?", (match_id, seat, message_id))

    # -------------------------------------------------------------- results

    async def insert_result(self, result: ResultRecord) -> None:
        """Store the outcome of a finished match."""
        await self._run(
            "INSERT INTO results (match_id, guild_id, player0_id, player1_id, faction0, faction1, "
            "leader0, leader1, winner, forfeited_by, ended_by, rounds, started_at, finished_at, "
            "ai_level0, ai_level1, in_deck_choice, ranked, abandoned) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (result.match_id, result.guild_id, *result.player_ids, *result.factions,
             *result.leaders, result.winner, result.forfeited_by, result.ended_by,
             json.dumps([list(r) for r in result.rounds]), result.started_at,
             result.finished_at, *result.ai_levels, int(result.in_deck_choice),
             int(result.ranked), int(result.abandoned)))

    async def result(self, match_id: int) -> ResultRecord | None:
        """Return the stored outcome of a match."""
        row = await self._one(f"SELECT {RESULT_COLUMNS} FROM results WHERE match_id = ?",
                              (match_id,))
        return None if row is None else result_from_row(row)


RESULT_COLUMNS = ("match_id, guild_id, player0_id, player1_id, faction0, faction1, leader0, "
                  "leader1, winner, forfeited_by, ended_by, rounds, started_at, finished_at, "
                  "ai_level0, ai_level1, in_deck_choice, ranked, abandoned")


def result_from_row(row: Row) -> ResultRecord:
    """A result from a row of RESULT_COLUMNS."""
    rounds = tuple((r[0], r[1], r[2]) for r in json.loads(row[11]))
    return ResultRecord(row[0], row[1], (row[2], row[3]), (row[4], row[5]), (row[6], row[7]),
                        row[8], row[9], row[10], rounds, row[12], row[13], (row[14], row[15]),
                        bool(row[16]), bool(row[17]), bool(row[18]))


def _challenge(row: Row) -> ChallengeRecord:
    return ChallengeRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        message_id=row["message_id"], challenger_id=row["challenger_id"],
        challenger_name=row["challenger_name"], opponent_id=row["opponent_id"],
        opponent_name=row["opponent_name"], faction=row["faction"], status=row["status"],
        created_at=row["created_at"], expires_at=row["expires_at"], match_id=row["match_id"],
        rematch_of=row["rematch_of"], ranked=bool(row["ranked"]))


def _match(row: Row, seats: Sequence[Row]) -> MatchRecord:
    """A match from a row with its columns and its seats' rows (which start with the seat
    columns, in seat order)."""
    pair = tuple(SeatRecord(s[0], s[1], s[2], s[3], s[4], s[5], bool(s[6]), s[7], s[8], s[9],
                            s[10], s[11]) for s in seats)
    return MatchRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        parent_channel_id=row["parent_channel_id"], status=row["status"], seed=row["seed"],
        action_count=row["action_count"], deadline=row["deadline"], warn_at=row["warn_at"],
        lobby_message_id=row["lobby_message_id"], board_message_id=row["board_message_id"],
        board_action=row["board_action"], result_message_id=row["result_message_id"],
        created_at=row["created_at"], updated_at=row["updated_at"],
        finished_at=row["finished_at"], seats=(pair[0], pair[1]),
        computer_due=bool(row["computer_due"]), warning_message_id=row["warning_message_id"],
        ranked=bool(row["ranked"]), timeouts_in_a_row=row["timeouts_in_a_row"],
        board_token=row["board_token"], board_token_at=row["board_token_at"],
        board_events=row["board_events"], no_show_forfeits=bool(row["no_show_forfeits"]))
