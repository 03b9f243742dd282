"""Two bot processes with two gateway shards each, on one PostgreSQL database, played
through the emulator: hands by DM make clicks cross processes, a double click reaches both
processes at once, and one process is SIGKILLed in the middle of the matches. Every match
still reaches its result, no move is lost or applied twice, nothing is posted twice, and the
survivor runs the timers and the computer player."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.discord.match.publisher import RECONCILE_QUIET_SECONDS, RECONCILE_SECONDS
from engine import Match
from tests.bench_load import BotProcess
from tests.bot.e2e.driver import Refused, Table, board_count, open_match, to_act, told
from tests.conftest import empty_postgres_database
from tests.emulator import Channel, Emulator, MessageView, VirtualUser
from tests.emulator.models import Guild
from tests.postgres_server import PostgresServer

SHARDS = 4
LEASE_SECONDS = 3.0
# The process that dies thinks slowly, so it dies with a computer move in hand.
DOOMED_THINK_SECONDS = 2.0
STEP = 30.0
# A move committed by the killed process just before its death shows only when the survivor's
# reconcile finds it: after the lease, up to one reconcile period and its quiet time later.
AFTER_KILL = LEASE_SECONDS + RECONCILE_SECONDS + RECONCILE_QUIET_SECONDS + STEP
HAND = re.compile(r"gw:hand:(\d+):(\d+)")


@pytest.fixture
async def pg_url(postgres_server: PostgresServer) -> str:
    """An empty PostgreSQL database."""
    return await empty_postgres_database(postgres_server)


@pytest.fixture
async def processes(emu: Emulator, pg_url: str, tmp_path: Path
                    ) -> AsyncIterator[tuple[BotProcess, BotProcess]]:
    """Process `b` (shards 2, 3) starts first and takes the duties; then `a` (shards 0, 1:
    direct messages and the command sync)."""
    def launch(name: str, shards: str, think: float) -> BotProcess:
        return BotProcess(emu, tmp_path, None, name=name, args=[
            "--lease-seconds", str(LEASE_SECONDS)], env={
            "DATABASE_URL": pg_url, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": shards,
            "AI_THINK_SECONDS": str(think), "LOG_LEVEL": "WARNING"})

    b = launch("b", "2,3", DOOMED_THINK_SECONDS)
    a = launch("a", "0,1", 0.0)
    try:
        await b.start()
        await ready_sessions(emu, b, 2)
        await a.start()
        await ready_sessions(emu, a, 4)
        await emu.wait_for(lambda: emu.commands(), 30, "the slash commands")
        yield a, b
    finally:
        await asyncio.gather(a.stop(), b.stop())
    for bot in (a, b):
        errors = [line for line in bot.log_problems()[0] if " WARNING " not in line]
        assert not errors, f"process {bot.log_path.stem} logged errors:\n" + "\n".join(errors)


async def ready_sessions(emu: Emulator, bot: BotProcess, count: int) -> None:
    deadline = time.monotonic() + 60
    while sum(s.ready for s in emu.gateway.sessions) < count:
        if not bot.alive() or time.monotonic() > deadline:
            raise AssertionError("the bot did not connect:\n" + bot.log_tail())
        await asyncio.sleep(0.1)


def match_of(board: MessageView) -> int:
    """The match id a board's Show my hand button names."""
    found = HAND.fullmatch(board.button(label="Show my hand").custom_id or "")
    assert found is not None
    return int(found[1])


def hand_count(hand: MessageView) -> int:
    """The action count a hand message shows (from its Refresh button)."""
    found = HAND.fullmatch(hand.button(label="Refresh").custom_id or "")
    assert found is not None
    return int(found[2])


async def dm_hand(emu: Emulator, user: VirtualUser, match_id: int,
                  count: int) -> tuple[MessageView, int]:
    """The user's hand of the match in their DMs, refreshed (in the DM) if it is older than
    `count`; returns it with the action count it shows (newer if the match moved on)."""
    def newest() -> MessageView | None:
        for message in reversed(user.dms()):
            for button in message.buttons:
                found = HAND.fullmatch(button.custom_id or "")
                if found and int(found[1]) == match_id:
                    return message
        return None

    hand = await emu.wait_for(newest, STEP, f"{user.name}'s hand by DM")
    shown = hand_count(hand)
    if shown < count:
        user.click(hand, label="Refresh")
        await emu.wait_for(lambda: hand_count(hand) >= count, STEP, "the refreshed hand")
    return hand, hand_count(hand)


class Moves:
    """Every move a player made and saw accepted: (match, action count before, user)."""

    def __init__(self) -> None:
        self.accepted: list[tuple[int, int, int]] = []


async def play(table: Table, moves: Moves, rng: random.Random, *, by_dm: bool,
               until: int | None = None, step: float = STEP) -> MessageView:
    """Take turns (hands by DM, or Show my hand in the channel) until the result, or until
    `until` moves were made; the computer's turns are waited out."""
    count, made = -1, 0
    while True:
        board = await table.board_after(count, timeout=step)
        if any(b.label == "Rematch" for b in board.buttons) or made == until:
            return board
        count = board_count(board)
        people = [u for u in to_act(board) if u in table.players]
        if not people:
            continue  # the computer's turn
        user = table.players[people[0]]
        match_id = match_of(board)
        if by_dm:
            hand, shown = await dm_hand(table.emu, user, match_id, count)
            if shown != count:
                continue  # the match moved on: wait for its newer board
        else:
            hand = await table.hand_for(user, board)
        # The move is made at the count its click carried: the board's, or a newer one when
        # the match moved on meanwhile (the computer redraws while the person does).
        moves.accepted.append((match_id, await table.play_one(user, hand, rng, 0.15), user.id))
        made += 1


def guild_on(emu: Emulator, shard: int, users: list[VirtualUser]) -> tuple[Guild, Channel]:
    guild = emu.create_guild(f"shard {shard}", shard=(shard, SHARDS))
    channel = emu.create_text_channel(guild)
    for user in users:
        emu.store.add_member(guild, user.user)
    return guild, channel


async def test_two_processes_share_the_work_and_survive_a_kill(
        emu: Emulator, processes: tuple[BotProcess, BotProcess], pg_url: str) -> None:
    _, b = processes
    names = ("alice", "bob", "carol", "dave", "erin", "frank", "gina", "probe")
    users = {n: emu.create_user(n) for n in names}
    _, on_a = guild_on(emu, 1, [users[n] for n in ("dave", "erin", "probe")])
    _, on_b2 = guild_on(emu, 2, [users[n] for n in ("alice", "bob", "probe")])
    _, on_b3 = guild_on(emu, 3, [users[n] for n in ("carol", "probe")])
    slow, on_timer = guild_on(emu, 3, [users[n] for n in ("frank", "gina", "probe")])
    db = await asyncpg.connect(pg_url)
    moves, rng = Moves(), random.Random(14)
    try:
        await db.execute("INSERT INTO guild_settings (guild_id, turn_seconds) VALUES ($1, 3)",
                         slow.id)
        for name, channel in (("alice", on_b2), ("bob", on_b2), ("carol", on_b3)):
            await users[name].slash(channel, "gwent settings", hands_by_dm=True).message()

        # A match between people in a server of process b, played from DMs (process a).
        alice, bob = users["alice"], users["bob"]
        m1, board = await open_match(emu, on_b2, alice, bob)
        m1_id = match_of(board)
        # Alice keeps her hand from her DM (process a) and from the channel (process b).
        by_dm, _ = await dm_hand(emu, alice, m1_id, 0)
        in_channel = await m1.open_hand(alice, board)
        clicks = [alice.click(by_dm, label="Keep this hand"),
                  alice.click(in_channel, label="Keep this hand")]
        await emu.wait_for(lambda: any(told(c) for c in clicks), STEP, "one refusal")
        refused = [c for c in clicks if told(c)]
        assert len(refused) == 1 and "out of date" in told(refused[0])[0].content
        assert await db.fetchval("SELECT COUNT(*) FROM actions WHERE match_id = $1", m1_id) == 1
        moves.accepted.append((m1_id, 0, alice.id))

        # A practice match in another server of process b, and a match of process a.
        carol = users["carol"]
        await carol.slash(on_b3, "gwent practice", faction="monsters",
                          difficulty="easy").message()
        p1 = Table(emu, {carol.id: carol}, on_b3)
        lobby = await emu.wait_for(lambda: next((m for m in reversed(p1.visible())
                                                 if any(x.label == "Ready" for x in m.buttons)),
                                                None), STEP, "the practice lobby")
        carol.click(lobby, label="Ready")
        m2, _ = await open_match(emu, on_a, users["dave"], users["erin"])
        await asyncio.gather(play(m1, moves, rng, by_dm=True, until=6),
                             play(m2, moves, rng, by_dm=False, until=6))

        # Carol moves in the channel (process b), whose computer then thinks for 2 s.
        p1_id, count = 0, -1
        holder = None
        for _ in range(40):
            board = await p1.board_after(count, timeout=STEP)
            p1_id, count = match_of(board), board_count(board)
            if carol.id not in to_act(board):
                continue
            try:
                made_at = await p1.play_one(carol, await p1.open_hand(carol, board), rng, 0.0)
            except Refused as refused:
                # While both redraw, the computer may move between the hand and the click.
                assert "out of date" in str(refused)
                continue
            moves.accepted.append((p1_id, made_at, carol.id))
            for _ in range(20):  # the computer's task starts just after the commit
                holder = await db.fetchval("SELECT holder FROM leases WHERE kind = 'computer' "
                                           "AND id = $1", p1_id)
                if holder is not None:
                    break
                await asyncio.sleep(0.05)
            if holder is not None:
                break
        assert holder is not None, "process b never held a computer move"
        # A match whose players never act, so only its turn timer can end it.
        timer_table, _ = await open_match(emu, on_timer, users["frank"], users["gina"],
                                          ready=False)
        await b.kill()
        killed_at = time.time()

        # The survivor finishes everything: by DM, in its own server, by timer, by computer.
        results = await asyncio.gather(
            play(m1, moves, rng, by_dm=True, step=AFTER_KILL),
            play(m2, moves, rng, by_dm=False, step=AFTER_KILL),
            play(p1, moves, rng, by_dm=True, step=AFTER_KILL),
            timer_table.board_after(10_000, timeout=60))
        assert all(any(x.label == "Rematch" for x in r.buttons) for r in results)
        await asyncio.sleep(1.0)  # any late duplicate would be posted by now

        rows = await db.fetch("SELECT id, status, state, channel_id FROM matches ORDER BY id")
        assert len(rows) == 4 and {r["status"] for r in rows} == {"over"}
        assert await db.fetchval("SELECT COUNT(*) FROM results") == 4
        for row in rows:
            log = [r["action"] for r in await db.fetch(
                "SELECT action FROM actions WHERE match_id = $1 ORDER BY number", row["id"])]
            engine = Match.from_json(row["state"])
            assert [str(x) for x in engine.history] == log, "each move applied once, in order"
            seats = dict(await db.fetch("SELECT user_id, seat FROM seats WHERE match_id = $1",
                                        row["id"]))
            for match_id, count, user_id in moves.accepted:
                if match_id == row["id"]:
                    assert log[count].startswith(f"{seats[user_id]} "), "no accepted move lost"
            posted = [m for m in emu.messages(emu.store.channels[row["channel_id"]])
                      if not m.ephemeral and m.buttons]
            boards = Counter(HAND.fullmatch(x.custom_id or "")[2]  # type: ignore[index]
                             for m in posted for x in m.buttons
                             if x.label == "Show my hand")
            assert boards and max(boards.values()) == 1, f"a board posted twice: {boards}"
            assert sum(any(x.label == "Rematch" for x in m.buttons) for m in posted) == 1
        timer_log = [r["source"] for r in await db.fetch(
            "SELECT source FROM actions a JOIN matches m ON m.id = a.match_id "
            "WHERE m.guild_id = $1", slow.id)]
        assert timer_log and set(timer_log) == {"timer"}
        assert await db.fetchval("SELECT COUNT(*) FROM actions a JOIN seats s ON "
                                 "s.match_id = a.match_id AND s.ai_level IS NOT NULL "
                                 "WHERE a.match_id = $1 AND a.action LIKE s.seat || ' %' "
                                 "AND a.created_at > $2", p1_id, killed_at) > 0, \
            "the survivor played the computer's moves"
    finally:
        await db.close()
