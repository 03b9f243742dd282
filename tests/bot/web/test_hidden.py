"""Hidden information on the wire: a whole match played at the table while a spectator (a
member of the server in the Activity) and a watcher (a watch link) look on. Every frame each
socket received is checked against the real match at that state: no card number of a hand
(but the player's own) or of a deck is ever in it, and only a player's own view has a hand."""

from __future__ import annotations

import random

from bot.service.tutorial import decks_of
from engine import Action, Match
from tests.bot.web.client import Frame, TableClient
from tests.bot.web.play import hidden_from, play_at_table, uids_in
from tests.table_stage import Stage


async def open_seat(stage: Stage, index: int) -> TableClient:
    """A player's page, signed in, showing their seat."""
    user = stage.players[index]
    launch = await stage.launch(user)
    answer = await stage.sign_in(user)
    client = await TableClient(stage.url).__aenter__()
    welcome = await client.hello(str(answer["session"]), launch.activity_channel_id,
                                 launch.guild_id, launch.instance_id)
    assert welcome["t"] == "welcome" and welcome["seat"] is not None, welcome
    await client.of("state")
    return client


async def engines_by_count(stage: Stage) -> dict[int, Match]:
    """The real match at every action count it went through."""
    record = await stage.bot.services.matches.get(stage.match_id)
    engine = Match.new(decks_of(record), record.seed, (record.seats[0].name,
                                                       record.seats[1].name))
    found = {0: engine.clone()}
    for number, text, _ in await stage.bot.services.matches.actions(record.id):
        engine.apply(Action.parse(text))
        found[number] = engine.clone()
    return found


def check(frames: list[Frame], engines: dict[int, Match], viewer: int | None) -> int:
    """Check every state frame against the match at its state; how many were checked."""
    checked = 0
    for frame in frames:
        if frame["t"] != "state":
            assert not set(uids_in(frame)), frame["t"]  # welcome, cards, acks: no card number
            continue
        view = frame["view"]
        hidden = hidden_from(engines[view["action_count"]], viewer)
        leaked = set(uids_in(view)) & hidden
        assert not leaked, (viewer, view["action_count"], leaked)
        for seat, side in enumerate(view["sides"]):
            if seat != viewer:
                assert side.get("hand") is None and side.get("mulligans_left") is None
        checked += 1
    return checked


async def test_no_frame_holds_a_hidden_card(stage: Stage, rng: random.Random) -> None:
    alice, bob = stage.players
    seats = {0: await open_seat(stage, 0), 1: await open_seat(stage, 1)}
    spectator = TableClient(stage.url)
    watcher = TableClient(stage.url)
    async with spectator, watcher:
        launch = await stage.launch(stage.spectator)
        session = str((await stage.sign_in(stage.spectator))["session"])
        welcome = await spectator.hello(session, launch.activity_channel_id, launch.guild_id)
        assert (welcome["t"], welcome["seat"]) == ("welcome", None)
        await watcher.send({"t": "watch", "token": stage.watch_url().rsplit("/", 1)[1]})
        assert (await watcher.of("welcome"))["watch"] is True
        final = await play_at_table(seats, rng)
        assert final["phase"] == "over"
        await spectator.view_at(final["action_count"])
        await watcher.closed.wait()  # the watch link stops at the match's end
        engines = await engines_by_count(stage)
        counts = {check(spectator.frames, engines, None), check(watcher.frames, engines, None)}
        assert min(counts) > 10
        for seat, client in seats.items():
            assert check(client.frames, engines, seat) > 10
            await client.close()
    # What the spectator saw is what the players did: the same states, in order.
    seen = [v["action_count"] for v in spectator.states()]
    assert seen == sorted(seen) and seen[-1] == final["action_count"]
    del alice, bob
