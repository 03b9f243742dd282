"""The client secret stays on the server: it is in no frame, no page, no answer of the API
and no log line (at DEBUG), whatever happens to a sign-in."""

from __future__ import annotations

import logging

import aiohttp
import pytest

from bot.config import load_config
from tests.bot.web.test_hidden import open_seat
from tests.table_stage import Stage


async def test_the_client_secret_reaches_no_browser_and_no_log(
        stage: Stage, caplog: pytest.LogCaptureFixture) -> None:
    secret = stage.emu.client_secret
    caplog.set_level(logging.DEBUG)
    seen: list[str] = []
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/api/config", "/watch/x", "/assets/app.1a2b.js"):
            async with http.get(stage.url + path) as response:
                seen.append(await response.text())
        stage.emu.expect_failures("injected")
        for code, fault in (("bad", None), (stage.code(stage.players[0]), None),
                            (stage.code(stage.players[0]), 503)):
            if fault is not None:
                stage.emu.inject("POST", "/oauth2/token", fault)
            async with http.post(f"{stage.url}/api/token", json={"code": code},
                                 headers={"Origin": stage.url}) as response:
                seen.append(await response.text())
    page = await open_seat(stage, 0)
    await page.move("keep", page.view()["action_count"])
    await page.close()
    seen.extend(page.raw)
    seen.extend(caplog.text.splitlines())
    seen.extend(str(record.args) for record in caplog.records)
    assert len(seen) > 20
    assert not [text for text in seen if secret in text]
    config = load_config({"DISCORD_TOKEN": "t", "DISCORD_CLIENT_SECRET": secret})
    assert config.client_secret == secret and secret not in repr(config)
    assert stage.bot.table is not None and secret not in repr(stage.bot.table.options)
