"""Watch links: /gwent watch posts one in the match's thread; it shows the public table in
any browser with no login, live, and stops working when the match ends."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.discord.client import GwentBot
from tests.bot.web.client import TableClient
from tests.bot.web.test_hidden import open_seat
from tests.emulator import Emulator, World, run_bot
from tests.table_stage import Stage

LINK = re.compile(r"(http://\S+/watch/(\S+))")


async def test_a_watch_link_works_until_the_match_ends(stage: Stage) -> None:
    carol = stage.spectator
    posted = await carol.slash(stage.table.channel, "gwent watch").message()
    assert not posted.ephemeral  # in the thread, for everyone
    found = LINK.search(posted.content)
    assert found is not None, posted.content
    url, token = found.groups()
    assert url == stage.watch_url()
    assert "until the match ends" in posted.content
    alice = await open_seat(stage, 0)
    async with TableClient(stage.url) as watcher:
        await watcher.send({"t": "watch", "token": token, "locale": "pl"})
        welcome = await watcher.of("welcome")
        assert (welcome["seat"], welcome["user"], welcome["lang"]) == (None, None, "pl")
        assert welcome["texts"]["pass"] == "Pasuj"
        view = (await watcher.of("state"))["view"]
        assert all(side["hand"] is None for side in view["sides"])
        # Live: alice's move at the table reaches the watcher.
        assert (await alice.move("keep", view["action_count"]))["t"] == "ack"
        await watcher.view_at(view["action_count"] + 1)
        # The match ends: the final state, then the link stops.
        since = len(watcher.frames)
        await alice.send({"t": "forfeit", "id": 1})
        final = await watcher.view_at(view["action_count"] + 2, since)
        assert final["phase"] == "over"
        error = await watcher.of("error", since)
        assert error["code"] == "watch_expired"
        await watcher.closed.wait()
    async with TableClient(stage.url) as late:
        await late.send({"t": "watch", "token": token})
        assert (await late.of("error"))["code"] == "watch_expired"
        assert not [f for f in late.frames if f["t"] == "state"]
        await late.closed.wait()
    await alice.close()


async def test_a_made_up_token_shows_nothing(stage: Stage) -> None:
    token = stage.watch_url().rsplit("/", 1)[1]
    match_id, signature = token.split("-", 1)
    for guess in (f"{int(match_id) + 1}-{signature}", f"{match_id}-{signature[::-1]}", "1-x"):
        async with TableClient(stage.url) as page:
            await page.send({"t": "watch", "token": guess})
            assert (await page.of("error"))["code"] == "watch_expired"
            assert [f["t"] for f in page.frames] == ["error"]


async def test_watch_is_refused_outside_a_match(stage: Stage) -> None:
    carol = stage.spectator
    answer = await carol.slash(stage.world.channel, "gwent watch").message()
    assert answer.ephemeral
    assert answer.content == "No match is being played here: use this in a match's thread."


async def test_without_the_client_secret_there_is_no_table(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    from tests.bot.e2e.driver import open_match
    alice, bob, carol = world.users
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        assert not [b for b in board.buttons if (b.custom_id or "").startswith("gw:table:")]
        answer = await carol.slash(table.channel, "gwent watch").message()
        assert answer.ephemeral
        assert answer.content.startswith("The table isn't set up on this bot")
