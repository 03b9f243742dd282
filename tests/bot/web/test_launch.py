"""Opening the table: "Play at the table" on the lobby and each board answers with
LAUNCH_ACTIVITY, the Entry Point command launches it too (kept by the bot's command sync),
and the Activity opens at the player's seat in the match of its channel or thread, or on the
public table for anyone else."""

from __future__ import annotations

import random
from pathlib import Path

from tests.bot.e2e.driver import enabled, open_match
from tests.bot.web.client import TableClient
from tests.emulator import VirtualUser
from tests.emulator.activities import APP_HANDLER
from tests.table_stage import LAUNCH_PREFIX, Stage, table_stage


async def opened(stage: Stage, user: VirtualUser, channel_id: int) -> dict[str, object]:
    """The welcome of the table `user` opens in channel `channel_id`."""
    session = str((await stage.sign_in(user))["session"])
    async with TableClient(stage.url) as page:
        return await page.hello(session, channel_id, stage.world.guild.id)


async def test_the_sync_keeps_the_entry_point_command(stage: Stage) -> None:
    commands = {(c["name"], c["type"]): c for c in stage.emu.commands()}
    assert ("gwent", 1) in commands
    assert commands[("launch", 4)]["handler"] == 2  # Discord's own, as the Portal made it


async def test_play_at_the_table_is_on_the_lobby_and_every_board(tmp_path: Path, dist: Path,
                                                                 rng: random.Random) -> None:
    async with table_stage(tmp_path, dist=dist, rng=rng, ready=False) as stage:
        lobby = stage.board
        assert enabled(lobby, LAUNCH_PREFIX) and enabled(lobby, "gw:lobby:")
        alice, bob = stage.players
        launch = await stage.launch(alice)  # from the lobby: the deck choice at the table
        welcome = await opened(stage, alice, launch.activity_channel_id)
        assert (welcome["seat"], welcome["cards"]) == (0, {})  # no faction is public yet
        dave = stage.emu.create_user("dave", guilds=(stage.world.guild,))
        table, board = await open_match(stage.emu, stage.world.channel, stage.spectator, dave)
        assert enabled(board, LAUNCH_PREFIX)
        del table, bob


async def test_the_table_opens_at_the_players_seat_from_the_thread(stage: Stage) -> None:
    alice, bob = stage.players
    launch = await stage.launch(bob)
    thread = stage.table.channel
    assert (launch.channel_id, launch.activity_channel_id) == (thread.id, thread.parent_id)
    assert launch.via == "interaction" and launch.instance_id
    assert (await opened(stage, bob, launch.activity_channel_id))["seat"] == 1
    assert (await opened(stage, alice, thread.id))["seat"] == 0  # an Activity in the thread
    assert (await opened(stage, stage.spectator, thread.id))["seat"] is None


async def test_the_pressed_board_decides_among_a_channels_matches(stage: Stage) -> None:
    first = stage.match_id
    dave = stage.emu.create_user("dave", guilds=(stage.world.guild,))
    erin = stage.emu.create_user("erin", guilds=(stage.world.guild,))
    second, board = await open_match(stage.emu, stage.world.channel, dave, erin)
    parent = stage.world.channel.id
    carol = stage.spectator
    # Without a press, the table of the parent channel shows the match that changed last.
    assert (await opened(stage, carol, parent))["match"] != first
    # Carol presses "Play at the table" on the first match's board: that one opens.
    launch = await stage.launch(carol)
    assert launch.activity_channel_id == parent
    assert (await opened(stage, carol, parent))["match"] == first
    # Each player gets their own match, at their seat, whatever they pressed last.
    welcome = await opened(stage, dave, parent)
    assert welcome["seat"] == 0 and welcome["match"] != first
    del second, board


async def test_the_entry_point_command_opens_the_table(stage: Stage) -> None:
    alice, _ = stage.players
    launch = await alice.open_activity(stage.world.channel)  # Discord's own handler
    assert launch.via == "entry_point"
    assert (await opened(stage, alice, launch.activity_channel_id))["seat"] == 0
    stage.emu.activities.enable(APP_HANDLER)  # the app handles it: the bot launches it
    launch = await alice.open_activity(stage.table.channel)
    assert launch.via == "interaction"
    assert (await opened(stage, alice, launch.activity_channel_id))["seat"] == 0


async def test_a_refused_launch_is_explained(stage: Stage) -> None:
    alice, _ = stage.players
    stage.emu.activities.enabled = False  # Activities switched off in the Developer Portal
    stage.emu.expect_failures("invalid_payload")
    board = stage.newest()
    handle = alice.click(board, custom_id=stage.launch_button(board))
    answer = await handle.message()
    assert answer.ephemeral
    assert answer.content.startswith("The table could not open: Discord refused to launch it.")
