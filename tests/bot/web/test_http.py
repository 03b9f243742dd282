"""The table's HTTP side on the real bot: the OAuth2 exchange at the emulated Discord (a good
code, a bad or used one, Discord down), the Origin check, the page's files and their caching,
and /api/config."""

from __future__ import annotations

import io

import aiohttp
from PIL import Image

from bot.i18n import language
from bot.web.static import IMMUTABLE, REVALIDATE
from bot.web.texts import SIGN_IN_ERRORS, page_texts
from tests.bot.web.conftest import PAGE
from tests.table_stage import Stage


async def post_token(stage: Stage, body: object, origin: str | None = None,
                     forwarded: str | None = None) -> tuple[int, dict[str, object]]:
    headers = {"Origin": stage.url if origin is None else origin}
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    async with aiohttp.ClientSession() as http, http.post(
            f"{stage.url}/api/token", json=body, headers=headers) as response:
        return response.status, await response.json()


async def test_a_good_code_gives_the_access_token_a_session_and_the_user(stage: Stage) -> None:
    alice = stage.players[0]
    status, answer = await post_token(stage, {"code": stage.code(alice)})
    assert status == 200
    assert answer["user"] == {"id": str(alice.id), "name": alice.user.global_name}
    assert stage.emu.activities.exchanges == 1
    # The access token is Discord's own: it names alice at /users/@me (the SDK's authenticate).
    async with aiohttp.ClientSession() as http, http.get(
            f"{stage.emu.api_base}/users/@me",
            headers={"Authorization": f"Bearer {answer['access_token']}"}) as response:
        assert (await response.json())["id"] == str(alice.id)
    assert stage.bot.table is not None
    assert stage.bot.table.signer.user_of(str(answer["session"])).id == alice.id  # type: ignore[union-attr]


async def test_a_bad_or_used_code_is_refused(stage: Stage) -> None:
    alice = stage.players[0]
    code = stage.code(alice)
    assert (await post_token(stage, {"code": code}))[0] == 200
    for bad in (code, "not-a-code"):
        status, answer = await post_token(stage, {"code": bad})
        assert (status, answer["error"]) == (401, "unauthorized")
        assert "session" not in answer and "access_token" not in answer


async def test_discord_down_is_said_and_nothing_is_signed(stage: Stage) -> None:
    alice = stage.players[0]
    stage.emu.expect_failures("injected")
    for method, route, status in (("POST", "/oauth2/token", 503),
                                  ("GET", "/users/@me", 502),
                                  ("POST", "/oauth2/token", 0)):
        stage.emu.inject(method, route, status)
        code, answer = await post_token(stage, {"code": stage.code(alice)})
        assert (code, answer["error"]) == (502, "discord_unavailable"), (method, route)
        assert "session" not in answer
    assert (await post_token(stage, {"code": stage.code(alice)}))[0] == 200  # back up


async def test_only_the_activity_and_the_public_url_may_sign_in(stage: Stage) -> None:
    alice = stage.players[0]
    activity = f"https://{stage.emu.bot.id}.discordsays.com"
    assert (await post_token(stage, {"code": stage.code(alice)}, activity))[0] == 200
    for origin in ("https://evil.example", "http://127.0.0.1:1", "null", ""):
        status, answer = await post_token(stage, {"code": stage.code(alice)}, origin)
        assert (status, answer["error"]) == (403, "forbidden"), origin


async def test_a_body_without_a_code_is_a_bad_request(stage: Stage) -> None:
    for body in ({}, {"code": 12}, ["code"], {"code": "x" * 600}):
        status, answer = await post_token(stage, body)
        assert (status, answer["error"]) == (400, "bad_request"), body


async def test_sign_ins_are_rate_limited_per_address(stage: Stage) -> None:
    statuses = [(await post_token(stage, {"code": "nope"}))[0] for _ in range(10)]
    assert statuses[:6] == [401] * 6 and 429 in statuses[6:]
    # Behind a reverse proxy, each browser's address (X-Forwarded-For) has its own.
    assert (await post_token(stage, {"code": "nope"}, forwarded="203.0.113.9, 10.0.0.1"))[0] == 401
    good = await post_token(stage, {"code": stage.code(stage.players[0])}, forwarded="198.51.100.7")
    assert good[0] == 200


async def test_the_page_and_its_files_are_served_with_their_caching(stage: Stage) -> None:
    async with aiohttp.ClientSession() as http:
        for path in ("/", f"/watch/{stage.watch_url().rsplit('/', 1)[1]}"):
            async with http.get(stage.url + path) as response:
                assert response.status == 200 and await response.text() == PAGE
                assert response.headers["Cache-Control"] == REVALIDATE
                assert "Last-Modified" in response.headers
        async with http.get(stage.url + "/watch/anything") as response:
            assert response.headers["Referrer-Policy"] == "no-referrer"
        async with http.get(stage.url + "/assets/app.1a2b.js") as response:
            assert response.status == 200
            assert response.headers["Cache-Control"] == IMMUTABLE
            assert response.headers["Content-Encoding"] == "gzip"  # its .gz, for gzip readers
            assert await response.text() == "console.log('table')"
        for path in ("/assets/missing.js", "/../conftest.py", "/%2e%2e/conftest.py",
                     "/assets/../../dist/index.html/x"):
            async with http.get(stage.url + path) as response:
                assert response.status == 404, path


async def test_the_config_names_the_application_and_gives_the_early_words(
        stage: Stage) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(stage.url + "/api/config") as response:
            config = await response.json()
            assert response.headers["Cache-Control"] == "no-store"
        assert config["client_id"] == str(stage.emu.bot.id) and config["lang"] == "en"
        english = config["texts"]
        assert english["connecting"] == "Opening the table\u2026"
        assert english["error_unauthorized"].startswith("Discord did not accept this sign-in")
        # The words of every code a sign-in is refused with, and of a failure it is not.
        assert {f"error_{code}" for code in SIGN_IN_ERRORS} | {"error_failed"} <= set(english)
        async with http.get(stage.url + "/api/config?locale=de-DE") as response:
            german = await response.json()
        assert german["lang"] == "de" and german["texts"].keys() == english.keys()
        assert german["texts"]["connecting"] == page_texts(language("de"))["connecting"]
        for key, text in german["texts"].items():
            assert text and text != english[key], key  # each one in German
        status, refused = await post_token(stage, {"code": "not-a-code"})
        assert status == 401 and refused["message"] == SIGN_IN_ERRORS["unauthorized"]
        async with http.get(stage.url + "/api/config?locale=" + "x" * 5000) as response:
            assert (await response.json())["lang"] == "en"


async def test_card_portraits_are_served_and_kept(stage: Stage) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(stage.url + "/art/geralt_of_rivia.png") as response:
            assert response.status == 200 and response.content_type == "image/png"
            png = await response.read()
            etag = response.headers["ETag"]
            assert response.headers["Cache-Control"] == "public, max-age=86400"
        assert Image.open(io.BytesIO(png)).size == (256, 256)
        async with http.get(stage.url + "/art/geralt_of_rivia.png?size=128") as response:
            assert Image.open(io.BytesIO(await response.read())).size == (128, 128)
        async with http.get(stage.url + "/art/geralt_of_rivia.png",
                            headers={"If-None-Match": etag}) as response:
            assert response.status == 304
        for path in ("/art/not_a_card.png", "/art/geralt_of_rivia.png?size=4000",
                     "/art/..%2Fsecret.png"):
            async with http.get(stage.url + path) as response:
                assert response.status == 404, path
