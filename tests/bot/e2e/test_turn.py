"""The turn through interaction tokens: views kept up to date in place, one board per move
posted through the click that made it, and what happens when a token is too old, when a
follow-up's answer is lost, and when the click came from a direct message."""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.discord.client import GwentBot
from bot.discord.core.tokens import TOKEN_SECONDS
from bot.discord.match import couriers, handlers
from bot.discord.match.player_views import PlayerViews
from bot.i18n import Language
from bot.service import Snapshot
from bot.storage.records import MatchRecord, ViewRecord
from tests.bot.e2e.driver import Table, board_count, newest, open_match, to_act, view_count
from tests.bot.e2e.oracle import check_public_messages
from tests.bot.e2e.tally import match_cost
from tests.bot.helpers import FakeClock
from tests.emulator import Channel, Emulator, MessageView, World, run_bot
from tests.emulator.errors import ApiError
from tests.emulator.httpio import Upload
from tests.emulator.models import Interaction, Message

HAND = re.compile(r"gw:hand:(\d+):(\d+)")
DAY = 24 * 3600


def boards_by_count(emu: Emulator, channel: Channel) -> Counter[int]:
    """How many public boards the channel holds for each action count."""
    found: Counter[int] = Counter()
    for message in emu.messages(channel):
        if message.ephemeral:
            continue
        for button in message.buttons:
            if (hit := HAND.fullmatch(button.custom_id or "")) is not None:
                found[int(hit[2])] += 1
    return found


def match_of(message: MessageView) -> int:
    """The match id of a board or a result."""
    return int((message.buttons[0].custom_id or "").split(":")[2])


async def test_a_practice_match_speaks_through_the_players_tokens(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, _, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        started = len(emu.log)
        await alice.slash(world.channel, "gwent practice", faction="monsters",
                          difficulty="easy").message()
        thread = next(c for c in emu.store.channels.values() if c.name and "Computer" in c.name)
        table = Table(emu, {alice.id: alice}, thread)
        lobby = await emu.wait_for(lambda: newest(table.visible(), "Ready"), 5, "the lobby")
        match_id = int((lobby.button(label="Ready").custom_id or "").split(":")[2])
        # The first image of the run starts the render workers: allow for a busy machine.
        table.views[alice.id] = await alice.click(lobby, label="Ready").message(timeout=30)
        rng = random.Random(5)
        while True:
            await bot.services.computer.idle()
            count = (await bot.services.matches.get(match_id)).action_count
            board = await table.board_after(count - 1)
            if any(b.label == "Rematch" for b in board.buttons):
                break
            assert to_act(board) == [alice.id], board.content
            await table.play_one(alice, await table.hand_for(alice, board), rng, 0.1)
        moves = len(await bot.services.matches.actions(match_id))
        cost = match_cost(emu, thread.id, match_id, moves, since=started)
        assert cost.show_my_hand == 0, cost
        # One board per exchange beyond the lobby, the first board and the result; only the
        # lobby pings.
        mine = sum(a.startswith("0 ") for _, a, _ in await bot.services.matches.actions(match_id))
        assert cost.posts - 3 <= mine and cost.pings == 1, cost
        # The thread, the lobby and closing it; every board and the result went through
        # Alice's tokens (the computer's moves included).
        assert cost.per_move(cost.global_requests) <= 0.2, cost
        bot_posts = [r for r in emu.log[started:] if r.method == "POST"
                     and r.path == f"/channels/{thread.id}/messages"]
        assert len(bot_posts) == 1, "the lobby only"
        public = carol.visible_messages(thread)
        assert await check_public_messages(bot.services, public) >= 3
        assert max(boards_by_count(emu, thread).values()) == 1


async def test_a_view_whose_token_is_too_old_is_reopened_with_show_my_hand(
        emu: Emulator, world: World, db_path: Path, rng: random.Random) -> None:
    alice, bob, _ = world.users
    clock = FakeClock()
    bot = GwentBot(db_path, clock=clock, ai_think_seconds=0, rng=rng)
    async with run_bot(emu, bot):
        await bot.services.settings.set_turn_seconds(world.guild.id, DAY)
        table, board = await open_match(emu, world.channel, alice, bob)
        play = random.Random(2)
        count = -1
        for _ in range(6):  # the redraws and a few moves: every view kept up to date
            board = await table.board_after(count)
            count = board_count(board)
            user = table.players[to_act(board)[0]]
            await table.play_one(user, await table.hand_for(user, board), play, 0.0)
        board = await table.board_after(count)
        mover = table.players[to_act(board)[0]]
        waiting = next(u for u in (alice, bob) if u is not mover)
        view = await table.hand_for(mover, board)
        # Both players' tokens become older than the bot uses (the emulator, like Discord,
        # refuses tokens older than 15 minutes). The view stays open, and clicks still work.
        clock.advance(TOKEN_SECONDS + 1)
        emu.clock.advance(TOKEN_SECONDS + 1)
        before = len(emu.log)
        count = board_count(board)
        await table.play_one(mover, view, play, 0.0)
        after = await table.board_after(count)
        if any(b.label == "Rematch" for b in after.buttons):
            return
        # The board went through the mover's new click; the waiting player's old view could
        # not be edited (nothing tried its old token), so Show my hand opens a new one.
        assert not any(r.method == "POST" and r.path.startswith("/channels/")
                       for r in emu.log[before:]), "no bot-token post"
        old = table.views[waiting.id]
        assert view_count(old) < board_count(after)
        if waiting.id in to_act(after):
            fresh = await table.open_hand(waiting, after)
            count = board_count(after)
            assert view_count(fresh) == count
            await table.play_one(waiting, fresh, play, 0.0)
            nxt = await table.board_after(count)
            if mover.id in to_act(nxt):  # the mover's view, whose click is fresh, follows
                await table.hand_for(mover, nxt)
    emu.assert_clean()  # no request with a token older than 15 minutes


async def until(condition: Callable[[dict[int, ViewRecord]], bool], bot: GwentBot,
                match_id: int) -> None:
    """Wait until the views the bot stored for a match meet `condition`."""
    for _ in range(100):
        if condition(await bot.services.matches.views(match_id)):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the stored views never met the condition")


async def shown(bot: GwentBot, match_id: int, count: int) -> MatchRecord:
    """The match once the bot recorded a board showing `count` actions."""
    for _ in range(100):
        match = await bot.services.matches.get(match_id)
        if (match.board_action or 0) >= count:
            return match
        await asyncio.sleep(0.05)
    raise AssertionError(f"no board recorded for action {count}")


def lose_answer_after_write(emu: Emulator, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the next public follow-up be written, then answered 500 (as Discord may during
    an incident); return the list the lost messages' ids are added to."""
    lost: list[int] = []
    write = emu.webhooks.followup

    def followup(interaction: Interaction, body: dict[str, Any],
                 uploads: list[Upload]) -> Message:
        message = write(interaction, body, uploads)
        if not lost and not message.ephemeral:
            lost.append(message.id)
            raise ApiError(500, 0, "500: Internal Server Error")
        return message

    monkeypatch.setattr(emu.webhooks, "followup", followup)
    return lost


@pytest.mark.parametrize("written", [True, False])
async def test_a_board_whose_answer_was_lost_is_not_posted_twice(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch, written: bool) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    emu.expect_failures("injected")
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        play = random.Random(1)
        while "Round" not in board.content.split("\n")[0]:  # redraws edit the first board
            count = board_count(board)
            user = table.players[to_act(board)[0]]
            await table.play_one(user, await table.hand_for(user, board), play, 0.0)
            board = await table.board_after(count)
        user = table.players[to_act(board)[0]]
        lost: list[int] = []
        if written:
            lost = lose_answer_after_write(emu, monkeypatch)
        else:
            emu.inject("POST", "/webhooks/{app_id}/{token}", 503)
        before = len(emu.log)
        await table.play_one(user, await table.hand_for(user, board), play, 0.0)
        count = board_count(board) + 1
        await table.board_after(count - 1)
        match = await shown(bot, match_of(board), count)
        assert boards_by_count(emu, table.channel)[count] == 1, "posted once"
        requests = [f"{r.method} {r.path.split('?')[0]}" for r in emu.log[before:]
                    if r.counts_globally]
        # The bot looked for the board in the channel, then posted it only if missing.
        assert f"GET /channels/{table.channel.id}/messages" in requests
        posted_again = f"POST /channels/{table.channel.id}/messages" in requests
        assert posted_again is not written
        if written:
            assert match.board_message_id == lost[0] and match.board_token is not None
        else:
            assert match.board_token is None  # the bot token posted it


async def test_a_player_with_hands_by_dm_plays_in_one_direct_message(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        await alice.slash(world.channel, "gwent settings", hands_by_dm=True).message()
        table, board = await open_match(emu, world.channel, alice, bob)
        dm = await emu.wait_for(lambda: next(iter(alice.dms()), None), 5, "Alice's DM hand")
        table.views[alice.id] = dm
        play = random.Random(4)
        count = board_count(board) - 1
        before = len(emu.log)
        for _ in range(10):
            board = await table.board_after(count)
            if any(b.label == "Rematch" for b in board.buttons):
                break
            count = board_count(board)
            user = table.players[to_act(board)[0]]
            await table.play_one(user, await table.hand_for(user, board), play, 0.1)
        # Her DM hand was edited in place through her clicks there, turn after turn.
        assert len(alice.dms()) == 1 and view_count(dm) >= 4
        # Her clicks came from the DM, whose follow-ups cannot reach the thread: her boards
        # were posted with the bot token; Bob's through his clicks.
        posts = [r for r in emu.log[before:] if r.method == "POST"
                 and r.path == f"/channels/{table.channel.id}/messages"]
        follow_ups = [r for r in emu.log[before:] if r.method == "POST"
                      and re.fullmatch(r"/webhooks/\d+/[^/]+", r.path)]
        assert posts and follow_ups


async def test_a_view_is_sent_an_image_only_when_it_changed(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        user = table.players[to_act(board)[0]]
        view = await table.hand_for(user, board)
        image = view.attachments[0].data
        refresh = user.click(view, label="Refresh")
        await table.settle(refresh)
        answers = [r for r in emu.log if refresh.interaction.token in r.path]
        assert answers and all(isinstance(r.body, dict) for r in answers)
        # Its answer carried the text and buttons, and kept the image already shown.
        assert not any("attachments" in (r.body.get("data") or r.body) for r in answers)
        assert view.attachments[0].data == image and "**Your hand**" in view.content


async def test_a_closed_view_is_forgotten_and_opened_again(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        match_id = match_of(board)
        play = random.Random(6)
        while True:  # until the turn passes from one player to the other
            count = board_count(board)
            mover = table.players[to_act(board)[0]]
            await table.play_one(mover, await table.hand_for(mover, board), play, 0.0)
            board = await table.board_after(count)
            if to_act(board) and to_act(board)[0] != mover.id:
                break
        # The other player dismissed their view meanwhile: it cannot be edited any more.
        mover = table.players[to_act(board)[0]]
        other = next(u for u in (alice, bob) if u is not mover)
        view = table.views.pop(other.id)
        seat = (await bot.services.matches.get(match_id)).seat_of(other.id)
        emu.store.delete_message(view.model)
        while other.id not in to_act(board):  # (a Medic's choice, say, keeps the turn)
            count = board_count(board)
            await table.play_one(mover, await table.hand_for(mover, board), play, 0.0)
            board = await table.board_after(count)
        # Their turn began: the edit found the view gone, and forgot it.
        await until(lambda views: seat not in views, bot, match_id)
        # Show my hand opens a new one, which is kept up to date from then on.
        fresh = await table.open_hand(other, board)
        assert view_count(fresh) == board_count(board)
        await until(lambda views: views.get(seat) is not None
                    and views[seat].message_id == fresh.id, bot, match_id)


async def test_each_view_shows_its_own_players_hand_only(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        match_id = match_of(board)
        play = random.Random(9)
        checked = 0
        count = -1
        for _ in range(14):
            board = await table.board_after(count)
            if any(b.label == "Rematch" for b in board.buttons):
                break
            count = board_count(board)
            user = table.players[to_act(board)[0]]
            view = await table.hand_for(user, board)
            assert view.ephemeral and view.model.ephemeral_for == user.id
            assert view not in carol.visible_messages(table.channel)
            mine = (await bot.services.matches.private(match_id, user.id)).observation
            assert mine is not None and mine.viewer is not None
            hand = {str(c.uid) for c in mine.sides[mine.viewer].hand or ()}
            offered = {o.value for s in view.selects for o in s.options}
            if mine.pending is None and view_count(view) == mine.action_count:
                assert offered <= hand, "a view offers only its own player's cards"
                checked += 1
            await table.play_one(user, view, play, 0.1)
        assert checked >= 5


async def test_a_view_whose_answer_came_late_is_brought_up_to_date(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, _ = world.users
    monkeypatch.setattr(couriers, "CLICK_WAIT_SECONDS", 0.2)
    bot = make_bot()
    async with run_bot(emu, bot):
        table, lobby = await open_match(emu, world.channel, alice, bob, ready=False)
        table.views[alice.id] = await alice.click(lobby, label="Ready").message(timeout=30)
        # Bob's Ready starts the match, but his answer is held until Alice has moved.
        real, gate = handlers.view_png, asyncio.Event()

        async def held(snapshot: Snapshot, *, asked: bool, lang: Language) -> bytes | None:
            png = await real(snapshot, asked=asked, lang=lang)
            obs = snapshot.observation
            if obs is not None and obs.viewer == snapshot.match.seat_of(bob.id):
                await gate.wait()
            return png

        monkeypatch.setattr(handlers, "view_png", held)
        started = bob.click(lobby, label="Ready")
        board = await table.board_after(-1)
        count = board_count(board)
        await table.play_one(alice, await table.hand_for(alice, board), random.Random(1), 0.0)
        await asyncio.sleep(0.5)  # the bot stopped waiting for Bob's answer
        gate.set()
        view = await started.message(timeout=30)
        # His answer showed the match's start; then his view was brought up to date.
        await emu.wait_for(lambda: view_count(view) > count, 10, "Bob's view to catch up")


async def test_show_my_hand_turns_the_older_view_into_a_pointer_below(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        user = table.players[to_act(board)[0]]
        old = await table.hand_for(user, board)
        assert old.selects and old.attachments
        new = await table.open_hand(user, board)
        # Nothing stale stays live: the older view is one line, with nothing to click.
        await emu.wait_for(lambda: old.content == "Your hand moved below.", 5,
                           "the older view retired")
        assert not old.components and not old.attachments
        assert new.selects and view_count(new) == board_count(board)
        # The newer view is the one kept up to date.
        count = board_count(board)
        await table.play_one(user, new, random.Random(1), 0.0)
        after = await table.board_after(count)
        if user.id in to_act(after):
            await emu.wait_for(lambda: view_count(new) == board_count(after), 5,
                               "the newer view kept up to date")
        assert old.content == "Your hand moved below."


async def test_a_redraw_is_not_out_of_date_when_the_other_player_redrew_meanwhile(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob, faction="monsters")
        while sorted(to_act(board)) != sorted([alice.id, bob.id]):  # who goes first, first
            count = board_count(board)
            user = table.players[to_act(board)[0]]
            await table.play_one(user, await table.hand_for(user, board), random.Random(1), 0)
            board = await table.board_after(count)
        views = {u.id: await table.hand_for(u, board) for u in (alice, bob)}
        # Bob's view is not brought up to date before he clicks in it (as when his click and
        # Alice's cross), so it shows the match before Alice's redraw.
        real = PlayerViews._view

        async def held(views: PlayerViews, match: MatchRecord, seat: int, began: bool,
                       answered: bool) -> None:
            if match.seats[seat].user_id != bob.id:
                await real(views, match, seat, began, answered)

        monkeypatch.setattr(PlayerViews, "_view", held)
        count = board_count(board)
        for user in (alice, bob):
            [menu] = views[user.id].selects
            await table.settle(user.select(views[user.id], menu.custom_id or "",
                                           [menu.options[0].value]))
        assert view_count(views[bob.id]) == count + 2  # his answer shows both redraws
        match_id = int((board.buttons[0].custom_id or "").split(":")[2])
        actions = [a for _, a, _ in await bot.services.matches.actions(match_id)][-2:]
        assert [a.split()[1] for a in actions] == ["mulligan", "mulligan"]
