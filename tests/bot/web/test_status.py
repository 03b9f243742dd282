"""The table's status line for a spectator agrees with how many players it names."""

from __future__ import annotations

from tests.bot.web.client import TableClient
from tests.table_stage import Stage


async def test_a_spectator_reads_the_redraw_in_the_plural_for_two_players(stage: Stage) -> None:
    launch = await stage.launch(stage.spectator)
    session = str((await stage.sign_in(stage.spectator))["session"])
    async with TableClient(stage.url) as carol:
        await carol.hello(session, launch.activity_channel_id, launch.guild_id, locale="de")
        view = (await carol.of("state"))["view"]
        assert view["phase"] == "mulligan" and len(view["to_act"]) == 2
        assert "dürfen je bis zu 2 Karten neu ziehen" in view["status"]
