"""Platform rules checked without a bot: payload validation, error shapes, 429 headers, auth."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from .emulator import Emulator
from .errors import ApiError
from .faults import compile_route
from .httpio import Upload
from .validation import MAX_FILE_BYTES, validate_message
from .world import World


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(options: int, *, description: str = "", custom_id: str = "pick") -> dict[str, Any]:
    choices = [
        {"label": f"o{i}", "value": f"v{i}", "description": description} for i in range(options)
    ]
    return {"type": 3, "custom_id": custom_id, "options": choices}


def rejected(components: list[dict[str, Any]]) -> ApiError:
    with pytest.raises(ApiError) as caught:
        validate_message({"content": "x", "components": components}, [], creating=True)
    assert caught.value.status == 400 and caught.value.code == 50035
    return caught.value


def test_valid_components_pass() -> None:
    buttons = [button(f"b{i}") for i in range(5)]
    validate_message(
        {"components": [row(*buttons), row(select(25, description="d" * 100))]}, [], creating=True
    )


@pytest.mark.parametrize(
    "components",
    [
        [row(button(f"b{i}")) for i in range(6)],
        [row(*[button(f"b{i}") for i in range(6)])],
        [row(select(3), button("b"))],
        [row(select(26))],
        [row(select(2, description="d" * 101))],
        [row(button("x" * 101))],
        [row(button(""))],
        [row(button("b", label="l" * 81))],
        [row(button("same"), button("same"))],
        [button("not-in-a-row")],
    ],
    ids=[
        "six-rows",
        "six-buttons",
        "select-plus-button",
        "26-options",
        "long-description",
        "long-custom-id",
        "empty-custom-id",
        "long-label",
        "duplicate-id",
        "no-row",
    ],
)
def test_invalid_components_are_50035(components: list[dict[str, Any]]) -> None:
    assert rejected(components).errors


def test_error_tree_points_at_the_field() -> None:
    error = rejected([row(button("ok"), button("b", label="l" * 81))])
    assert error.errors == {
        "components": {
            "0": {
                "components": {
                    "1": {
                        "label": {
                            "_errors": [
                                {
                                    "code": "BASE_TYPE_MAX_LENGTH",
                                    "message": "Must be 80 or fewer in length.",
                                }
                            ]
                        }
                    }
                }
            }
        }
    }


def test_empty_and_oversized_messages() -> None:
    with pytest.raises(ApiError) as empty:
        validate_message({"content": ""}, [], creating=True)
    assert empty.value.code == 50006
    with pytest.raises(ApiError) as large:
        validate_message({}, [Upload(0, "big.bin", b"\0" * (MAX_FILE_BYTES + 1))], creating=True)
    assert (large.value.status, large.value.code) == (413, 40005)


def test_route_templates_match_paths() -> None:
    pattern = compile_route("/channels/{channel_id}/messages")
    assert pattern.match("/channels/123/messages")
    assert not pattern.match("/channels/123/messages/456")
    assert compile_route("/channels/123/messages").match("/channels/123/messages")


async def test_json_content_type_is_exact(emu: Emulator, http: aiohttp.ClientSession) -> None:
    async with http.get("users/@me") as response:
        assert response.headers["Content-Type"] == "application/json"
        assert (await response.json())["id"] == str(emu.bot.id)


async def test_missing_token_is_401(emu: Emulator) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(emu.api_base + "/users/@me") as response,
    ):
        assert response.status == 401


async def test_unknown_channel_and_unsupported_route(
    emu: Emulator, http: aiohttp.ClientSession
) -> None:
    async with http.get("channels/42") as response:
        assert response.status == 404 and await response.json() == {
            "message": "Unknown Channel",
            "code": 10003,
        }
    async with http.get("voice/regions") as response:
        assert response.status == 404
    assert [f.kind for f in emu.failures] == ["api_error", "unsupported_route"]
    with pytest.raises(AssertionError, match="unsupported_route"):
        emu.assert_clean()
    emu.expect_failures("unsupported_route")


async def test_429_carries_discord_headers(
    emu: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    emu.inject("POST", "/channels/{channel_id}/messages", 429, retry_after=1.5)
    async with http.post(
        f"channels/{world.channel.id}/messages", json={"content": "hi"}
    ) as response:
        body = await response.json()
        headers = response.headers
    assert response.status == 429 and body["retry_after"] == 1.5 and body["global"] is False
    assert headers["Retry-After"] == "2" and headers["Via"]
    assert headers["X-RateLimit-Remaining"] == "0" and "X-RateLimit-Bucket" in headers


async def test_webhooks_need_an_ack_and_ephemerals_are_not_fetchable(
    emu: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    ping = [{"name": "ping", "description": "Ping", "type": 1}]
    async with http.put(f"applications/{emu.bot.id}/commands", json=ping) as response:
        assert response.status == 200
    handle = world.users[0].slash(world.channel, "ping")
    assert not handle.delivered, "no bot is connected"
    token = handle.interaction.token
    async with http.post(f"webhooks/{emu.bot.id}/{token}", json={"content": "x"}) as response:
        assert (await response.json())["code"] == 10015
    answer = {"type": 4, "data": {"content": "pong", "flags": 64}}
    async with http.post(f"interactions/{handle.id}/{token}/callback", json=answer) as response:
        assert response.status == 204, "without ?with_response the callback has no body"
    message = await handle.message()
    assert message.content == "pong" and message.ephemeral
    async with http.get(f"channels/{world.channel.id}/messages/{message.id}") as response:
        assert (await response.json())["code"] == 10008
