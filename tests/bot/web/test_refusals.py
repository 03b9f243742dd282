"""What the table refuses, on the wire: a foreign seat, a stale move, a malformed frame, an
illegal move, a bad session, a flood. Each gets a clear error frame, nothing changes, and
the socket goes on: the next good move is played."""

from __future__ import annotations

import asyncio
import json

from tests.bot.web.client import TableClient
from tests.bot.web.test_hidden import open_seat
from tests.table_stage import Stage


async def test_a_spectator_cannot_act(stage: Stage) -> None:
    launch = await stage.launch(stage.spectator)
    session = str((await stage.sign_in(stage.spectator))["session"])
    async with TableClient(stage.url) as carol:
        assert (await carol.hello(session, launch.activity_channel_id,
                                  launch.guild_id))["seat"] is None
        view = (await carol.of("state"))["view"]
        before = await stage.bot.services.matches.actions(stage.match_id)
        for frame in ({"t": "move", "id": 7, "expected": view["action_count"], "move": "keep"},
                      {"t": "forfeit", "id": 8}):
            since = len(carol.frames)
            await carol.send(frame)
            error = await carol.of("error", since)
            assert (error["code"], error["id"]) == ("not_a_player", frame["id"])
            assert error["message"] == ("You are watching this match: only its two players "
                                        "can act.")
        assert await stage.bot.services.matches.actions(stage.match_id) == before


async def test_a_stale_move_is_refused_and_the_table_catches_up(stage: Stage) -> None:
    pages = [await open_seat(stage, 0), await open_seat(stage, 1)]
    count = pages[0].view()["action_count"]
    for page in pages:  # both redraw at once: the second keep crosses the first, and counts
        assert (await page.move("keep", count))["t"] == "ack"
    view = await pages[0].view_at(count + 2)
    mover = pages[view["to_act"][0]]
    view = await mover.view_at(view["action_count"])
    move = next(m["move"] for m in view["legal"] if m["kind"] == "play")
    assert (await mover.move(move, view["action_count"]))["t"] == "ack"
    # The same page sends again on the state the match has left: out of date.
    stale = await mover.move("pass", view["action_count"])
    assert stale["code"] == "stale"
    assert stale["message"].startswith("The table was behind the match: nothing was played.")
    after = await mover.view_at(view["action_count"] + 1)
    assert after["action_count"] == view["action_count"] + 1
    assert [a for _, a, _ in await stage.bot.services.matches.actions(stage.match_id)][-1] == (
        f"{view['seat']} {move}")
    for page in pages:
        await page.close()


async def test_malformed_frames_get_an_error_and_change_nothing(stage: Stage) -> None:
    alice = await open_seat(stage, 0)
    count = alice.view()["action_count"]
    bad = ["not json", "[1, 2]", json.dumps({"t": "dance"}), json.dumps({"no": "type"}),
           json.dumps({"t": "move", "id": 3, "move": "keep"}),
           json.dumps({"t": "move", "id": 4, "expected": "0", "move": "keep"}),
           json.dumps({"t": "move", "id": 5, "expected": count, "move": "keep; drop table"}),
           json.dumps({"t": "move", "id": 6, "expected": -1, "move": "keep"}),
           json.dumps({"t": "hello", "session": 5, "channel_id": "1"}),
           json.dumps({"t": "hello", "session": "x", "channel_id": 12})]
    ids = []
    for text in bad:
        since = len(alice.frames)
        await alice.send_text(text)
        error = await alice.of("error", since)
        assert error["code"] == "malformed", text
        assert error["message"] == ("The table sent something the bot did not understand: "
                                    "nothing was played.")
        ids.append(error["id"])
    assert ids == [None, None, None, None, 3, 4, 5, 6, None, None]  # numbered when known
    assert await stage.bot.services.matches.actions(stage.match_id) == []
    since = len(alice.frames)
    await alice.send({"t": "ping"})
    await alice.of("pong", since)
    assert (await alice.move("keep", count))["t"] == "ack"  # and the socket plays on
    await alice.close()


async def test_an_illegal_move_and_a_move_after_the_end(stage: Stage) -> None:
    alice = await open_seat(stage, 0)
    count = alice.view()["action_count"]
    hand = alice.view()["sides"][0]["hand"]
    theirs = max(c["uid"] for c in hand) + 1000
    for move in (f"mulligan {theirs}", "pass", "play 3 on 4"):
        error = await alice.move(move, count)
        assert error["code"] == "illegal", (move, error)
        assert error["message"]
    since = len(alice.frames)
    await alice.send({"t": "forfeit", "id": 99})
    assert (await alice.wait(lambda f: f.get("id") == 99, since))["t"] == "ack"
    over = await alice.view_at(count + 1)
    assert (over["phase"], over["winner"], over["forfeited_by"]) == ("over", 1, 0)
    error = await alice.move("keep", over["action_count"])
    assert (error["code"], error["message"]) == ("over", "This match is over.")
    await alice.close()


async def test_a_bad_session_and_an_empty_channel(stage: Stage) -> None:
    async with TableClient(stage.url) as page:
        assert (await page.hello("forged.session", 1, 2))["code"] == "unauthorized"
        session = str((await stage.sign_in(stage.spectator))["session"])
        other = stage.emu.create_text_channel(stage.world.guild, "elsewhere")
        error = await page.hello(session, other.id, stage.world.guild.id)
        assert error["code"] == "no_match"
        assert error["message"] == "No match is being played in this channel."
        # Then the right channel opens on the same socket.
        welcome = await page.hello(session, stage.world.channel.id, stage.world.guild.id)
        assert welcome["t"] == "welcome"


async def test_a_flood_is_rate_limited_then_closed(stage: Stage) -> None:
    alice = await open_seat(stage, 0)
    for _ in range(40):
        await alice.send({"t": "ping"})
    await asyncio.sleep(0.3)
    kinds = [f["t"] for f in alice.frames]
    assert 10 <= kinds.count("pong") <= 20
    assert [f["code"] for f in alice.frames if f["t"] == "error"] == ["rate_limited"]
    # A move refused for the rate is always answered, with its number: none goes unanswered.
    count = alice.view()["action_count"]
    for _ in range(30):
        await alice.send({"t": "ping"})
    for number in (101, 102, 103):
        await alice.send({"t": "move", "id": number, "expected": count, "move": "keep"})
    for number in (101, 102, 103):
        answer = await alice.wait(lambda f, n=number: f.get("id") == n)
        assert (answer["t"], answer["code"]) == ("error", "rate_limited")
    assert await stage.bot.services.matches.actions(stage.match_id) == []
    for _ in range(400):
        await alice.send_text("x")
        if alice.closed.is_set():
            break
    await asyncio.wait_for(alice.closed.wait(), 5)
    await alice.close()


async def test_only_the_activity_and_the_public_url_may_open_a_socket(stage: Stage) -> None:
    for origin in ("https://evil.example", ""):
        try:
            async with TableClient(stage.url, origin=origin):
                raise AssertionError(f"a socket opened from {origin!r}")
        except Exception as error:  # the handshake is refused (403)
            assert "403" in str(error), error
    async with TableClient(stage.url, origin=f"https://{stage.emu.bot.id}.discordsays.com") as ok:
        await ok.send({"t": "ping"})
        await ok.of("pong")


async def test_a_table_opened_where_no_match_runs_shows_none(stage: Stage) -> None:
    alice = await open_seat(stage, 0)
    count = alice.view()["action_count"]
    session = str((await stage.sign_in(stage.players[0]))["session"])
    other = stage.emu.create_text_channel(stage.world.guild, "elsewhere")
    assert (await alice.hello(session, other.id, None))["code"] == "no_match"
    error = await alice.move("keep", count)  # not played in the match shown before
    assert error["code"] == "no_match"
    assert await stage.bot.services.matches.actions(stage.match_id) == []
    await alice.close()
