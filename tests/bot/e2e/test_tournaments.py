"""Tournaments through the emulator, from sign-up to champion: a 4-player Swiss with a drop
and a restart, and a 5-player single elimination started by its start time, with a no-show
and a restart. Matches are played by the virtual players through their hands."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.discord.client import GwentBot
from bot.discord.core import context
from bot.service import Services
from bot.service.settings import DEFAULT_TURN_SECONDS
from bot.service.tournaments import Actor
from bot.storage.tournaments import FINISHED, TournamentRepository
from engine import catalogue
from tests.bot.e2e.driver import Table, board_count, newest, refusal, to_act
from tests.bot.helpers import FakeClock, RecordingNotifier
from tests.bot.i18n.marked import marked_language, unmarked
from tests.emulator import Channel, Emulator, MessageView, VirtualUser, World, populate, run_bot
from tests.emulator.models import Role

MANAGE_GUILD = 1 << 5


def organiser(emu: Emulator, world: World, user: VirtualUser) -> None:
    """Give a member the Manage Server permission."""
    admins = Role(emu.store.ids.next(), "Admins", MANAGE_GUILD, position=1)
    world.guild.roles[admins.id] = admins
    world.guild.members[user.id].roles.append(admins.id)


def png(message: MessageView, name: str) -> Image.Image:
    """An attached PNG, decoded (a broken file fails here)."""
    [attachment] = [a for a in message.attachments if a.filename == name]
    return Image.open(io.BytesIO(attachment.data)).convert("RGB")


def posted(emu: Emulator, channel: Channel, start: str) -> list[MessageView]:
    """The bot's public messages in a channel that start with `start`."""
    return [m for m in emu.messages(channel) if not m.ephemeral and m.content.startswith(start)]


async def play_match(emu: Emulator, bot: GwentBot, thread: Channel,
                     players: dict[int, VirtualUser], winner: int,
                     ready: tuple[int, ...] | None = None) -> MessageView | None:
    """Play a tournament match in its thread as its players would, and return its result
    message: the players in `ready` (both by default) press Ready in the lobby; then whoever
    must act opens their hand and keeps it, lets themselves go first, or (the winner) plays a
    card while not ahead, else passes. With a player missing, returns None after the Ready.

    The one place that knows how a match is played through Discord's messages."""
    table = Table(emu, players, thread)
    lobby = await emu.wait_for(lambda: newest(table.visible(), "Ready"), 10, "the lobby")
    pressing = players if ready is None else ready
    for user_id in pressing:
        await players[user_id].click(lobby, label="Ready").message()
    if len(pressing) < 2:
        return None
    count = -1
    for _ in range(120):
        board = await table.board_after(count, timeout=15)
        if any(b.label == "Rematch" for b in board.buttons):
            match_id = int(board.button(label="Rematch").custom_id.rsplit(":", 1)[1])
            result = await bot.services.matches.result(match_id)
            assert result is not None and result.winner is not None
            assert result.player_ids[result.winner] == winner, "the wrong player won"
            return board
        count = board_count(board)
        match_id = int(board.button(label="Show my hand").custom_id.split(":")[2])
        user = players[to_act(board)[0]]
        hand = await table.open_hand(user, board)
        public = (await bot.services.matches.public(match_id)).observation
        assert public is not None
        seat = 0 if (await bot.services.matches.get(match_id)).seats[0].user_id == user.id else 1
        ahead = public.sides[seat].total > public.sides[1 - seat].total
        await _move(table, user, hand, user.id == winner and not ahead)
    raise AssertionError("the match did not end")


def table_lines(message: MessageView) -> list[str]:
    """The tables of a round's pairings message, one line each, as they read now."""
    return str(message.embeds[0]["description"]).splitlines()


def shown(user: VirtualUser) -> str:
    """The name the bot shows for a user."""
    return user.user.global_name or user.name


async def settle_click(table: Table, user: VirtualUser, hand: MessageView, *,
                       label: str | None = None,
                       select: tuple[str | None, str] | None = None) -> None:
    """Click a button (or choose in a select) of the hand and wait until it was answered."""
    if select is not None:
        assert select[0] is not None
        handle = user.select(hand, select[0], [select[1]])
    else:
        handle = user.click(hand, label=label)
    await table.settle(handle)


async def _move(table: Table, user: VirtualUser, hand: MessageView, play: bool) -> None:
    labels = [b.label for b in hand.buttons if not b.disabled]
    selects = [s for s in hand.selects if not s.disabled]
    for wanted in ("Keep this hand", "Go first"):
        if wanted in labels:
            await settle_click(table, user, hand, label=wanted)
            return
    if selects and (play or "Pass" not in labels):
        menu = selects[0]
        await settle_click(table, user, hand, select=(menu.custom_id, menu.options[0].value))
        if any(b.label == "Back" for b in hand.buttons):  # a row or a target to choose
            follow = [s for s in hand.selects if not s.disabled]
            if follow:
                await settle_click(table, user, hand,
                                   select=(follow[0].custom_id, follow[0].options[0].value))
            else:
                button = next(b for b in hand.buttons if b.label not in ("Back", "Refresh",
                                                                          "Rules"))
                await settle_click(table, user, hand, label=button.label)
        return
    await settle_click(table, user, hand, label="Pass")


async def threads_of(emu: Emulator, bot: GwentBot, tournament_id: int, number: int
                     ) -> dict[int, tuple[Channel, int, int]]:
    """Wait for a round's matches to be open, each with its lobby in its thread; return
    {table: (thread, player a, player b)}."""
    def lobby_in(thread_id: int | None) -> bool:
        channel = emu.store.channels.get(thread_id or 0)
        return channel is not None and any(
            (b.custom_id or "").startswith("gw:lobby:") and (b.custom_id or "").endswith(":ready")
            for m in emu.messages(channel) for b in m.buttons)

    async with asyncio.timeout(15):
        while True:
            view = await bot.services.tournaments.get(tournament_id)
            games = [g for g in view.games_of(number) if g.game.kind == "played"]
            if games and all(lobby_in(g.thread_id) for g in games):
                break
            await asyncio.sleep(0.05)
    found = {}
    for record in games:
        assert record.thread_id is not None and record.game.b is not None
        found[record.game.table] = (emu.store.channels[record.thread_id], record.game.a,
                                    record.game.b)
    return found


async def test_swiss_of_four_with_a_drop_and_a_restart(emu: Emulator, db_path: Path,
                                                       rng: random.Random) -> None:
    world = populate(emu, users=5)
    alice, bob, carol, dave, olga = world.users
    organiser(emu, world, olga)
    users = {u.id: u for u in (alice, bob, carol, dave)}
    clock = FakeClock()

    def make_bot() -> GwentBot:
        return GwentBot(db_path, clock=clock, ai_think_seconds=0, rng=rng)

    async with run_bot(emu, make_bot()) as run:
        refused = await alice.slash(world.channel, "gwent tournament create", name="Cup",
                                    format="swiss").message()
        assert refused.ephemeral and "Manage Server" in refused.content
        signup = await olga.slash(world.channel, "gwent tournament create", name="Spring Cup",
                                  format="swiss").message()
        assert not signup.ephemeral and "**Spring Cup** \u00b7 Swiss" in signup.content
        assert "casual: not rated" in signup.content
        assert "\u00b7 Swiss \u00b7 1 round with 2 players (one more each time" in signup.content
        for user in users.values():
            user.click(signup, label="Join")
            await emu.wait_for(lambda u=user: shown(u) in signup.content, 5,
                               "the player on the list")
        assert "**Players (4/64):** Alice, Bob, Carol, Dave" in signup.content
        assert "\u00b7 Swiss \u00b7 2 rounds with 4 players" in signup.content  # as a number
        again = alice.click(signup, label="Join")
        assert "already joined" in (await refusal(emu, again)).content
        early = alice.click(signup, label="Start now")
        assert "Only the organiser" in (await refusal(emu, early)).content
        olga.click(signup, label="Start now")
        await emu.wait_for(lambda: "**Started**" in signup.content, 5, "the start")
        assert [b.label for b in signup.buttons] == ["Cancel"]

        view = (await run.bot.services.tournaments.all_of(world.guild.id))[0]
        tid = view.id
        first = await threads_of(emu, run.bot, tid, 1)
        assert len(first) == 2
        pairings = await emu.wait_for(lambda: posted(emu, world.channel, "\u2694\ufe0f"), 10,
                                      "round 1's pairings")
        assert "**Round 1 of 2**" in pairings[0].content
        assert png(pairings[0], "pairings.png").width == 720
        for thread, a, b in first.values():
            intro = emu.messages(thread)[0]
            assert f"<@{a}> vs <@{b}>" in intro.content and "forfeits" in intro.content

        # Table 1 is played; at table 2, Carol's opponent waits while Carol drops.
        round1 = pairings[0]
        assert [": playing \u00b7 <#" in line for line in table_lines(round1)] == [True, True]
        before = png(round1, "pairings.png")
        thread, a, b = first[1]
        result = await play_match(emu, run.bot, thread, {a: users[a], b: users[b]}, winner=a)
        assert result is not None
        # Round 1's pairings show the result at once; the other table still plays.
        await emu.wait_for(lambda: f"1. <@{a}> beat <@{b}> " in table_lines(round1)[0], 10,
                           "table 1's result in the pairings")
        assert ": playing \u00b7 <#" in table_lines(round1)[1]
        assert "Results show here as they come in." in round1.content
        assert png(round1, "pairings.png").tobytes() != before.tobytes()  # drawn again
        table2, c, d = first[2]
        leaver = carol.id if carol.id in (c, d) else c
        dropped = await users[leaver].slash(world.channel, "gwent tournament drop").message()
        assert "left **Spring Cup**: their results stay" in dropped.content
        forfeit = await emu.wait_for(lambda: next(
            (m for m in emu.messages(table2) if "forfeited" in m.content), None), 10,
            "the dropped player's forfeit")
        assert shown(users[leaver]) in forfeit.content
        await emu.wait_for(lambda: "every match has its result" in round1.content, 10,
                           "round 1 over in its pairings")
        assert not any(": playing" in line for line in table_lines(round1))

        # Round 2: three players left, so one match and a bye, with the standings so far.
        round2 = await emu.wait_for(lambda: next(
            (m for m in posted(emu, world.channel, "\u2694\ufe0f")
             if "**Round 2 of 2**" in m.content), None), 15, "round 2's pairings")
        assert {a.filename for a in round2.attachments} == {"pairings.png", "standings.png"}
        assert "has a bye (1 point)" in round2.embeds[0]["description"]
        second = await threads_of(emu, run.bot, tid, 2)
        [(thread2, a2, b2)] = second.values()
        assert leaver not in (a2, b2)

    # The bot restarts between the pairing and the match; the lobby still works.
    async with run_bot(emu, make_bot()) as run:
        result = await play_match(emu, run.bot, thread2, {a2: users[a2], b2: users[b2]},
                                  winner=b2)
        assert result is not None
        final = await emu.wait_for(lambda: [m for m in posted(emu, world.channel, "\U0001f3c6")
                                           if " is over" in m.content], 15, "the champion")
        view = await run.bot.services.tournaments.get(tid)
        assert view.tournament.status == FINISHED
        champion = view.tournament.champion_id
        assert champion is not None
        assert f"<@{champion}> is the champion!" in final[0].content
        assert png(final[0], "standings.png").width == 720
        standings_text = final[0].embeds[0]["description"]
        assert standings_text.splitlines()[0].startswith("1. ")
        assert "(left)" in standings_text  # Carol's results stay
        assert "opponents' points" in standings_text and "Buchholz" not in standings_text
        assert "`/gwent rules` explains every tie-break" in final[0].content
        await emu.wait_for(lambda: "**Over**" in signup.content, 5, "the sign-up's end")
        assert not signup.buttons

        # Everyone can look it up; the champion's stats count it.
        overview = await alice.slash(world.channel, "gwent tournament show",
                                     tournament="spring cup").message()
        assert overview.ephemeral and f"<#{thread.id}>" in overview.embeds[0]["description"]
        assert overview.selects and overview.selects[0].placeholder == "Replay a match"
        choice = overview.selects[0].options[-1]
        assert choice.label.startswith("Round 1, table")
        viewer = await alice.select(overview, "Replay a match", [choice.value]).message()
        assert viewer.ephemeral and "Share animation" in {b.label for b in viewer.buttons}
        assert [a.filename for a in viewer.attachments] == ["board.png"]  # the public side
        listed = await dave.slash(world.channel, "gwent tournament list").message()
        assert "**Past**" in listed.content and "Spring Cup" in listed.content
        table = await bob.slash(world.channel, "gwent tournament standings").message()
        assert png(table, "standings.png").width == 720
        stats = await users[champion].slash(world.channel, "gwent stats").message()
        assert "tournaments 1 played, 1 won" in stats.content
        # A casual tournament: its matches never touched the ladder.
        assert "Ranked 0W 0L 0D \u00b7 casual 2W 0L 0D" in stats.content, stats.content
        # What the tournament posts for everyone tells nothing of any hand or deck.
        cards = {card.name for card in catalogue().cards.values()}
        for message in emu.messages(world.channel):
            if not message.ephemeral:
                text = " ".join([message.content, *(e.get("description") or ""
                                                    for e in message.embeds)])
                assert not {c for c in cards if re.search(rf"\b{re.escape(c)}\b", text)}


async def test_a_result_stored_while_no_bot_runs_shows_in_the_pairings_later(
        emu: Emulator, db_path: Path, rng: random.Random) -> None:
    world = populate(emu, users=3)
    alice, bob, olga = world.users
    organiser(emu, world, olga)
    clock = FakeClock()

    def make_bot() -> GwentBot:
        return GwentBot(db_path, clock=clock, ai_think_seconds=0, rng=rng)

    async with run_bot(emu, make_bot()) as run:
        signup = await olga.slash(world.channel, "gwent tournament create", name="Duel",
                                  format="swiss").message()
        for user in (alice, bob):
            user.click(signup, label="Join")
            await emu.wait_for(lambda u=user: shown(u) in signup.content, 5, "the join")
        olga.click(signup, label="Start now")
        tid = (await run.bot.services.tournaments.all_of(world.guild.id))[0].id
        await threads_of(emu, run.bot, tid, 1)
        [pairings] = await emu.wait_for(lambda: posted(emu, world.channel, "\u2694\ufe0f"), 10,
                                        "the pairings")
        assert ": playing" in table_lines(pairings)[0]
        before = png(pairings, "pairings.png")
        tournaments = run.bot.services.tournaments
        async with asyncio.timeout(5):  # the post is stored
            while (await tournaments.get(tid)).rounds[0].pairings_message_id is None:
                await asyncio.sleep(0.02)

    # No bot runs: the organiser's result is stored all the same (as another process would),
    # and the pairings post is forgotten (as if the bot had died before storing it).
    services = await Services.open(db_path, RecordingNotifier(), clock, think_seconds=0,
                                   rng=rng)
    try:
        [game] = (await services.tournaments.get(tid)).games
        assert game.match_id is not None
        await services.tournaments.set_result(world.guild.id, Actor(olga.id, "Olga", True),
                                              game.match_id, game.game.b)
        async with services.db.transaction() as repo:
            await repo.sharing(TournamentRepository).update_round(tid, 1,
                                                                  pairings_message_id=None)
    finally:
        await services.close()
    assert ": playing" in table_lines(pairings)[0]

    # The next bot on duty brings the pairings up to date, then announces the champion.
    async with run_bot(emu, make_bot()):
        await emu.wait_for(lambda: "beat" in table_lines(pairings)[0], 10, "the result shown")
        assert f"<@{game.game.b}> beat <@{game.game.a}> (set by the organiser)" in \
            table_lines(pairings)[0]
        assert "every match has its result" in pairings.content
        assert png(pairings, "pairings.png").tobytes() != before.tobytes()
        await emu.wait_for(lambda: [m for m in posted(emu, world.channel, "\U0001f3c6")
                                    if " is over" in m.content], 10, "the champion")
        assert posted(emu, world.channel, "\u2694\ufe0f") == [pairings]  # posted once


async def test_single_elimination_of_five_from_its_start_time_with_a_no_show(
        emu: Emulator, db_path: Path, rng: random.Random) -> None:
    world = populate(emu, users=6)
    olga, *players = world.users
    organiser(emu, world, olga)
    users = {u.id: u for u in players}
    clock = FakeClock()

    def make_bot() -> GwentBot:
        return GwentBot(db_path, clock=clock, ai_think_seconds=0, rng=rng)

    async with run_bot(emu, make_bot()) as run:
        signup = await olga.slash(world.channel, "gwent tournament create", name="Knockout",
                                  format="single_elimination", starts_at="in 10 minutes",
                                  ranked=True).message()
        assert "Starts <t:" in signup.content and "ranked: rated on the ladder" in \
            signup.content
        for user in players:
            user.click(signup, label="Join")
            await emu.wait_for(lambda u=user: shown(u) in signup.content, 5,
                               "the player on the list")
        clock.advance(601)
        await run.bot.tournament_runner.run_due()
        await emu.wait_for(lambda: "**Started**" in signup.content, 10, "the start")
        tid = (await run.bot.services.tournaments.all_of(world.guild.id))[0].id
        view = await run.bot.services.tournaments.get(tid)
        seeds = {p.seed: p.user_id for p in view.players}
        first = await threads_of(emu, run.bot, tid, 1)
        assert [(a, b) for _, a, b in first.values()] == [(seeds[4], seeds[5])]
        pairings = await emu.wait_for(lambda: posted(emu, world.channel, "\u2694\ufe0f"), 10,
                                      "the quarter-final's pairings")
        assert "**Quarter-final**" in pairings[0].content
        assert pairings[0].embeds[0]["description"].count("has a bye") == 3
        assert [a.filename for a in pairings[0].attachments] == ["pairings.png"]
        thread, a, b = first[2]
        await play_match(emu, run.bot, thread, {a: users[a], b: users[b]}, winner=b)

        # Semi-finals: one is played; in the other, only one player is ready in time.
        semis = await threads_of(emu, run.bot, tid, 2)
        assert len(semis) == 2
        thread, a, b = semis[2]
        await play_match(emu, run.bot, thread, {a: users[a], b: users[b]}, winner=a)
        thread, a, b = semis[1]
        await play_match(emu, run.bot, thread, {a: users[a], b: users[b]}, winner=a,
                         ready=(b,))
        lobby = next(m for m in emu.messages(thread) if m.content.startswith("**Gwent:"))
        assert "Anyone not ready" in lobby.content and "forfeits this match" in lobby.content
        clock.advance(DEFAULT_TURN_SECONDS + 1)
        await run.bot.services.timers.run_due()
        await emu.wait_for(lambda: any(f"{shown(users[a])} was not ready in time: "
                                       f"**{shown(users[b])}** wins" in m.content
                                       for m in emu.messages(thread)), 10,
                           "the no-show's forfeit")
        semi_post = next(m for m in posted(emu, world.channel, "\u2694\ufe0f")
                         if "**Semi-final**" in m.content)
        assert [a.filename for a in semi_post.attachments] == ["pairings.png", "bracket.png"]
        final_round = await threads_of(emu, run.bot, tid, 3)
        [(final_thread, fa, fb)] = final_round.values()
        assert b in (fa, fb)  # the one who was ready went on
        refused = await olga.slash(world.channel, "gwent tournament result", match=999,
                                   winner="draw").message()
        assert "not a match of a tournament" in refused.content

    async with run_bot(emu, make_bot()) as run:
        await play_match(emu, run.bot, final_thread, {fa: users[fa], fb: users[fb]},
                         winner=fb)
        final = await emu.wait_for(lambda: [m for m in posted(emu, world.channel, "\U0001f3c6")
                                           if " is over" in m.content], 15, "the champion")
        assert f"<@{fb}> is the champion!" in final[0].content
        assert {a.filename for a in final[0].attachments} == {"bracket.png", "standings.png"}
        assert png(final[0], "bracket.png").width == 720
        view = await run.bot.services.tournaments.get(tid)
        assert view.tournament.champion_id == fb
        # A ranked tournament: its matches moved the ladder (the no-show's did not: it ended
        # in deck choice).
        ladder = await run.bot.services.ranked.leaderboard(
            world.guild.id, run.bot.services.ranked.season(), "ladder", 0, fb)
        assert fb in {row.user_id for row in ladder.rows}
        assert len([g for g in view.games if g.match_id is not None]) == 4
        text = final[0].embeds[0]["description"]
        assert text.splitlines()[0] == f"1. {shown(users[fb])}: champion"
        assert re.search(r"out in the Final", text)


async def test_organiser_role_and_refusals(emu: Emulator, db_path: Path,
                                          rng: random.Random) -> None:
    world = populate(emu, users=4)
    alice, bob, carol, olga = world.users
    organiser(emu, world, olga)
    hosts = Role(emu.store.ids.next(), "Hosts", 0, position=1)
    world.guild.roles[hosts.id] = hosts
    world.guild.members[alice.id].roles.append(hosts.id)
    async with run_bot(emu, GwentBot(db_path, ai_think_seconds=0, rng=rng)):
        nothing = await bob.slash(world.channel, "gwent tournament list").message()
        assert "No tournament in this server yet" in nothing.content
        none_yet = await bob.slash(world.channel, "gwent tournament standings").message()
        assert "No tournament has started" in none_yet.content
        denied = await bob.slash(world.channel, "gwent config", organiser_role=hosts).message()
        assert "Manage Server" in denied.content
        done = await olga.slash(world.channel, "gwent config", organiser_role=hosts).message()
        assert f"<@&{hosts.id}>" in done.content
        settings = await bob.slash(world.channel, "gwent config").message()
        assert f"members with <@&{hosts.id}>" in settings.content
        signup = await alice.slash(world.channel, "gwent tournament create", name="Hosts Cup",
                                   format="round_robin", rounds=3).message()
        assert "Only Swiss tournaments take a number of rounds" in signup.content
        signup = await alice.slash(world.channel, "gwent tournament create", name="Hosts Cup",
                                   format="round_robin", max_players=2).message()
        assert "**Hosts Cup** \u00b7 Round robin" in signup.content
        twice = await olga.slash(world.channel, "gwent tournament create", name="hosts  cup",
                                 format="swiss").message()
        assert "already has a tournament called" in twice.content
        bad_time = await olga.slash(world.channel, "gwent tournament create", name="Later",
                                    format="swiss", starts_at="next week").message()
        assert "could not read the start time" in bad_time.content
        early = await alice.slash(world.channel, "gwent tournament start").message()
        assert "needs at least 2 players" in early.content
        for user in (bob, carol):
            user.click(signup, label="Join")
            await emu.wait_for(lambda u=user: shown(u) in signup.content, 5, "the join")
        full = olga.click(signup, label="Join")
        assert "is full" in (await refusal(emu, full)).content
        started = await alice.slash(world.channel, "gwent tournament start").message()
        assert started.ephemeral and "has started" in started.content
        await emu.wait_for(lambda: "**Started**" in signup.content, 5, "the start")
        outsider = await olga.slash(world.channel, "gwent tournament drop",
                                    tournament="Hosts Cup").message()
        assert "You are not playing in" in outsider.content
        result = await bob.slash(world.channel, "gwent tournament result", match=1,
                                 winner="draw").message()
        assert "Only the organiser" in result.content
        offered = await alice.autocomplete(world.channel, "gwent tournament result", "winner",
                                           "", match=1)
        assert {c.name for c in offered} == {"Bob", "Carol", "Draw"}
        thread = next(c for c in emu.store.channels.values()
                      if c.is_thread and c.name and "Hosts Cup" in c.name)
        in_thread = await olga.slash(thread, "gwent tournament create", name="Thread Cup",
                                     format="swiss").message()
        assert "not a thread" in in_thread.content
        unknown = await alice.slash(world.channel, "gwent tournament result", match=1,
                                    winner="Olga").message()
        assert "is not a player of match 1" in unknown.content
        decided = await alice.slash(world.channel, "gwent tournament result", match=1,
                                    winner="carol").message()
        assert "set the result of match 1" in decided.content
        assert f"<@{carol.id}> beat <@{bob.id}>" in decided.content
        # Its only round is over, so the tournament is: its results no longer change.
        await emu.wait_for(lambda: [m for m in posted(emu, world.channel, "\U0001f3c6")
                                    if " is over" in m.content], 10, "the champion")
        late = await alice.slash(world.channel, "gwent tournament result", match=1,
                                 winner="draw").message()
        assert "is over: its results can no longer change" in late.content
        note = await emu.wait_for(lambda: next(
            (m for m in emu.messages(thread) if "The organiser set" in m.content), None), 5,
            "the note in the match's thread")
        assert not note.ephemeral


def words_of(message: MessageView) -> list[str]:
    """Every text a message shows: content, embeds, button labels, select placeholders and
    options."""
    return [message.content, *(e.get(key) or "" for e in message.embeds
                               for key in ("title", "description")),
            *(b.label or "" for b in message.buttons),
            *(s.placeholder or "" for s in message.selects),
            *(o.label for s in message.selects for o in s.options)]


async def test_a_polish_server_sees_its_tournament_in_polish(
        emu: Emulator, db_path: Path, rng: random.Random,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Polish reads ⟦English⟧ here: every marked text shows its marks, so English left
    # outside them is found (the handlers and the runner choose the language).
    real = context.language
    monkeypatch.setattr(context, "language",
                        lambda tag: marked_language() if tag == "pl" else real(tag))
    world = populate(emu, users=3)
    alice, bob, olga = world.users
    organiser(emu, world, olga)
    world.guild.locale = "pl"
    for user in world.users:
        user.set_locale("pl")
    allowed = [shown(u) for u in world.users]
    async with run_bot(emu, GwentBot(db_path, clock=FakeClock(), ai_think_seconds=0,
                                     rng=rng)) as run:
        signup = await olga.slash(world.channel, "gwent tournament create", name="Кубок",
                                  format="swiss").message()
        tournaments = run.bot.services.tournaments
        tid = (await tournaments.all_of(world.guild.id))[0].id
        for user in (alice, bob):
            user.click(signup, custom_id=f"gw:tour:{tid}:join")
            await emu.wait_for(lambda u=user: shown(u) in signup.content, 5, "a player listed")
        await refusal(emu, alice.click(signup, custom_id=f"gw:tour:{tid}:join"))
        await olga.slash(world.channel, "gwent tournament start").message()
        [(thread, a, _)] = (await threads_of(emu, run.bot, tid, 1)).values()
        match_id = (await tournaments.get(tid)).games[0].match_id
        choices = await olga.autocomplete(world.channel, "gwent tournament result", "winner",
                                          "", match=match_id)
        assert "\u27e6Draw\u27e7" in [c.name for c in choices]
        await olga.slash(world.channel, "gwent tournament result", match=match_id,
                         winner=str(a)).message()
        await emu.wait_for(lambda: any("is the champion" in m.content and m.id != signup.id
                                       for m in emu.messages(world.channel)), 15,
                           "the champion")
        for user in (alice, bob):
            for command in ("standings", "list"):
                await user.slash(world.channel, f"gwent tournament {command}").message()
        await alice.slash(world.channel, "gwent tournament show", tournament="Кубок").message()
        config = await olga.slash(world.channel, "gwent config").message()
        assert "\u27e6Tournament organisers: members with Manage Server" in config.content
        ours = [m for m in emu.messages(world.channel) if m.author_id == run.bot.user.id
                and m.id != config.id]
        ours += [m for m in emu.messages(thread) if m.content.startswith(("\U0001f3c6",
                                                                          "\U0001f4cb"))]
        assert len(ours) >= 12
        assert unmarked(thread.name, allowed=allowed) == [], thread.name
        for message in ours:
            for text in words_of(message):
                assert unmarked(text, allowed=allowed) == [], text
