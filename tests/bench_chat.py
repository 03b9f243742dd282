"""The chat around the game, for the load benchmark (python -m tests.bench_load): what the
players are notified of and shown, and the practice and tournament scenarios.

    python -m tests.bench_load --matches 10 --think 8 --turns 25
    python -m tests.bench_load --scenario practice --matches 10
    python -m tests.bench_load --scenario tournament --matches 2 --show-hand 1

Figures (`chat` in the report), counted from the emulator's request log and the bot's
database once the run is over:
- `moves`: the actions of the run's matches (both players', the computer's and the timer's);
- `pings_per_move`: the notifications the players got (challenges, lobbies, boards,
  warnings; in a tournament also its pairings and match threads' first messages) divided by
  the moves; `pings_per_player`: how many each player got over their match (p50 and max);
  `pings_by_kind`: by what kind of message sent them (bench tally.Post.kind);
- `out_of_date_answers`: the private answers telling a player that what they clicked is out
  of date (the players click only in their newest view);
- practice only: `posts_per_person_move`, the public posts beyond the 4 every practice match
  makes (where it is played, its lobby, its first board and its result) divided by the
  person's own moves, and `posts_per_move`, the same divided by every move.
"""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bot.service.decks import factions
from tests.bench_load import (
    STEP_TIMEOUT,
    BotProcess,
    MatchOutcome,
    Run,
    play_turns,
    settle,
    summary,
    wait_until_idle,
    wait_until_serving,
)
from tests.bot.e2e.driver import Table, enabled, newest_public
from tests.bot.e2e.tally import Post, out_of_date_answers, pings_by_user, public_posts
from tests.emulator import Channel, Emulator, MessageView, VirtualUser, populate
from tests.emulator.models import Role

# The posts every practice match makes whatever its length: where it is played (the answer
# to /gwent practice), its lobby, its first board (edited through the redraws), its result.
PRACTICE_FIXED_POSTS = 4
# How long the players of a tournament wait for its round to open.
OPEN_TIMEOUT = 60.0
MANAGE_GUILD = 1 << 5
THREAD_LINK = re.compile(r"<#(\d+)>")
# How the first round's pairings begin (bot.discord.tournaments.messages.round_message).
FIRST_ROUND = "**Round 1 of"


# ------------------------------------------------------------------ figures

def moves_by_seat(db_path: Path) -> dict[int, Counter[int]]:
    """Every match's actions in the bot's SQLite database, by the user who made them (the
    computer's seat counted under its user id, the timer's under the seat it acted for)."""
    with sqlite3.connect(db_path) as db:
        seats = {(m, s): u for m, s, u in db.execute(
            "SELECT match_id, seat, user_id FROM seats")}
        found: dict[int, Counter[int]] = {}
        for match_id, action in db.execute("SELECT match_id, action FROM actions"):
            seat = int(str(action).split(" ", 1)[0])
            found.setdefault(match_id, Counter())[seats[(match_id, seat)]] += 1
    return found


def chat_figures(emu: Emulator, posts: list[Post], db_path: Path,
                 players: Iterable[int], *, practice: bool = False,
                 matches: int = 0) -> dict[str, Any]:
    """The run's pings, "out of date" answers and (practice) posts per move."""
    moves = moves_by_seat(db_path)
    total = sum(sum(c.values()) for c in moves.values())
    pinged = pings_by_user(posts)
    people = list(players)
    per_player = [pinged.get(user, 0) for user in people]
    by_kind: Counter[str] = Counter()
    for post in posts:
        by_kind[post.kind or "other"] += len(post.pinged)
    figures: dict[str, Any] = {
        "moves": total,
        "pings": sum(pinged.values()),
        "pings_per_move": round(sum(pinged.values()) / total, 3) if total else None,
        "pings_per_player": summary([float(n) for n in per_player]),
        "pings_by_kind": dict(by_kind),
        "out_of_date_answers": out_of_date_answers(emu),
    }
    if practice:
        mine = sum(c[u] for c in moves.values() for u in people if u in c)
        extra = len(posts) - PRACTICE_FIXED_POSTS * matches
        figures["posts"] = len(posts)
        figures["person_moves"] = mine
        figures["posts_per_person_move"] = round(extra / mine, 3) if mine else None
        figures["posts_per_move"] = round(extra / total, 3) if total else None
    return figures


def chat_lines(chat: dict[str, Any]) -> list[str]:
    """The chat figures for the printed report."""
    pings = chat["pings_per_player"]
    lines = [f"chat      {chat['moves']} moves; {chat['pings']} pings: {chat['pings_per_move']} "
             f"a move, {pings['p50']} (p50) to {pings['max']} (max) a player "
             f"{chat['pings_by_kind']}; {chat['out_of_date_answers']} \"out of date\" answers"]
    if "posts_per_person_move" in chat:
        lines.append(f"practice  {chat['posts']} public posts, {chat['person_moves']} moves by the "
                     f"person: {chat['posts_per_person_move']} posts a person's move beyond the "
                     f"{PRACTICE_FIXED_POSTS} of each match ({chat['posts_per_move']} a move)")
    return lines


# ------------------------------------------------------------------ players

async def play_practice(emu: Emulator, channel: Channel, user: VirtualUser,
                        outcome: MatchOutcome, run: Run) -> None:
    """A practice match against the normal computer, from /gwent practice to the result (or
    the turn limit); its turn latency runs from the person's click to the next board."""
    rng = random.Random(f"{run.seed}:{outcome.index}")
    await asyncio.sleep(rng.uniform(0, run.ramp))
    faction = rng.choice([key for key, _ in factions()])
    started = await user.slash(channel, "gwent practice", faction=faction,
                               difficulty="normal").message(timeout=STEP_TIMEOUT)
    link = THREAD_LINK.search(started.content)
    thread = emu.store.channels[int(link[1])] if link else channel
    table = Table(emu, {user.id: user}, thread)
    # The computer is never named to act: its turns are waited out as the other player's.
    await play_turns(table, await press_ready(table), rng, outcome, run)


async def press_ready(table: Table) -> MessageView:
    """Every player of the table presses Ready in its match's lobby at once (each answer is
    that player's view); return the first board."""
    lobby = await table.emu.wait_for(lambda: newest_public(table.visible(), "gw:lobby:"),
                                     STEP_TIMEOUT, "the lobby")
    [ready] = [b for b in enabled(lobby, "gw:lobby:") if (b.custom_id or "").endswith(":ready")]
    users = list(table.players.values())
    readies = [u.click(lobby, custom_id=ready.custom_id) for u in users]
    for user, handle in zip(users, readies, strict=True):
        table.views[user.id] = await handle.message(timeout=STEP_TIMEOUT)
    return await table.board_after(-1, timeout=STEP_TIMEOUT)


# --------------------------------------------------------------- tournaments

def organiser(emu: Emulator, guild_id: int, user: VirtualUser) -> None:
    """Give a member the Manage Server permission (to create and start tournaments)."""
    guild = emu.store.guilds[guild_id]
    admins = Role(emu.store.ids.next(), "Admins", MANAGE_GUILD, position=1)
    guild.roles[admins.id] = admins
    guild.members[user.id].roles.append(admins.id)


def round_threads(emu: Emulator, parent: Channel, players: int) -> list[tuple[Channel, int, int]]:
    """The match threads of a tournament's first round, once all are open with their lobby:
    (thread, player a, player b), from each thread's first message ("<@a> vs <@b>")."""
    found = []
    for channel in emu.store.channels.values():
        if channel.parent_id != parent.id:
            continue
        messages = emu.messages(channel)
        if not messages or newest_public(messages, "gw:lobby:") is None:
            continue
        ids = [int(u) for u in re.findall(r"<@(\d+)>", messages[0].content)[:2]]
        if len(ids) == 2:
            found.append((channel, ids[0], ids[1]))
    return found if len(found) == players // 2 else []


async def play_tournament_match(emu: Emulator, thread: Channel,
                                users: tuple[VirtualUser, VirtualUser], outcome: MatchOutcome,
                                run: Run) -> None:
    """A tournament's match from its lobby: both players press Ready, then play at random
    (what went wrong is recorded, not raised)."""
    try:
        table = Table(emu, {u.id: u for u in users}, thread)
        board = await press_ready(table)
        await play_turns(table, board, random.Random(f"{run.seed}:{outcome.index}"), outcome,
                         run)
    except Exception as error:
        outcome.error = f"{type(error).__name__}: {error}".splitlines()[0][:300]


async def benchmark_tournament(run: Run) -> dict[str, Any]:
    """One round of a Swiss tournament of 2 x --matches players, played through the real
    bot: the chat figures of that round (from the start to the round's last result)."""
    emu = await Emulator.start()
    world = populate(emu, users=2 * run.matches + 2)
    probe, boss, players = world.users[-1], world.users[-2], world.users[:-2]
    organiser(emu, world.guild.id, boss)
    with tempfile.TemporaryDirectory(prefix="gwent-bench-") as tmp:
        bot = BotProcess(emu, Path(tmp), run.profile)
        try:
            await bot.start()
            await wait_until_serving(emu, bot, probe, world.channel)
            await wait_until_idle(bot)
            signup = await boss.slash(world.channel, "gwent tournament create",
                                      name="Bench Cup", format="swiss").message(timeout=30)
            for user in players:
                await user.click(signup, label="Join").response(timeout=30)
            before = len(emu.log)
            started = time.monotonic()
            boss.click(signup, label="Start now")
            threads = await emu.wait_for(lambda: round_threads(emu, world.channel,
                                                               len(players)),
                                         OPEN_TIMEOUT, "the round's matches")
            by_id = {u.id: u for u in players}
            outcomes = [MatchOutcome(i) for i in range(len(threads))]
            await asyncio.gather(*(
                play_tournament_match(emu, thread, (by_id[a], by_id[b]), outcome, run)
                for (thread, a, b), outcome in zip(threads, outcomes, strict=True)))
            wall = time.monotonic() - started
            await emu.wait_for(lambda: any(FIRST_ROUND in p.content for p in public_posts(
                emu, emu.log[before:]) if p.channel_id == world.channel.id), OPEN_TIMEOUT,
                "the first round's pairings")
            await settle(emu)
        finally:
            await bot.stop()
            await emu.stop()
        # The round's posts: in its matches' threads, and its pairings (the next round may
        # have begun meanwhile).
        rooms = {thread.id for thread, _, _ in threads}
        posts = [p for p in public_posts(emu, emu.log[before:]) if p.channel_id in rooms
                 or (p.channel_id == world.channel.id and FIRST_ROUND in p.content)]
        chat = chat_figures(emu, posts, bot.db_path, (u.id for u in players))
    return {"scenario": "tournament", "players": len(players), "matches": len(threads),
            "seed": run.seed, "think_s": run.think, "show_hand": run.show_hand,
            "wall_s": round(wall, 1), "finished": sum(o.finished for o in outcomes),
            "turns": sum(len(o.turns) for o in outcomes), "public_posts": len(posts),
            "errors": [f"match {o.index}: {o.error}" for o in outcomes if o.error],
            "chat": chat}


def tournament_table(result: dict[str, Any]) -> str:
    """The printed report of a tournament round."""
    return "\n".join([
        f"Gwent tournament round: {result['players']} players, {result['matches']} matches, "
        f"seed {result['seed']}, think {result['think_s']} s, Show my hand "
        f"{result['show_hand']} of the turns",
        f"matches   {result['finished']} finished, {result['turns']} turns, "
        f"{result['public_posts']} public posts (wall {result['wall_s']} s)",
        *chat_lines(result["chat"]),
        *(f"  {e}" for e in result["errors"])])

