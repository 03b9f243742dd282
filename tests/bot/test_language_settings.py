"""The language settings: a server's language for public texts and a user's own language
for private texts, stored on SQLite and PostgreSQL, and what they resolve to."""

from __future__ import annotations

import pytest

from bot.service import Services
from bot.service.errors import InvalidSetting
from tests.bot.helpers import ALICE, BOB, GUILD

OTHER_GUILD = GUILD + 1


async def test_a_server_language_is_stored_and_overrides_the_guild_locale(
        services: Services) -> None:
    settings = services.settings
    assert await settings.server_language(GUILD) is None
    assert await settings.public_language(GUILD, "de") == "de"
    assert await settings.set_server_language(GUILD, "pt-br") == "pt-BR"
    assert await settings.server_language(GUILD) == "pt-BR"
    assert await settings.public_language(GUILD, "de") == "pt-BR"
    assert await settings.server_language(OTHER_GUILD) is None
    assert await settings.set_server_language(GUILD, "ru") == "ru"
    assert await settings.public_language(GUILD, None) == "ru"
    # Back to Discord's guild_locale.
    assert await settings.set_server_language(GUILD, None) is None
    assert await settings.server_language(GUILD) is None
    assert await settings.public_language(GUILD, "es-419") == "es-ES"
    assert await settings.public_language(None, "zh-TW") == "en"


async def test_a_users_language_is_stored_and_overrides_their_client(
        services: Services) -> None:
    settings = services.settings
    assert await settings.language_override(ALICE.user_id) is None
    assert await settings.private_language(ALICE.user_id, "pl") == "pl"
    await settings.set_hands_by_dm(ALICE.user_id, True)
    assert await settings.set_language_override(ALICE.user_id, "ZH-cn") == "zh-CN"
    assert await settings.private_language(ALICE.user_id, "pl") == "zh-CN"
    assert await settings.private_language(BOB.user_id, "pl") == "pl"
    # The other user settings are kept, both ways.
    assert (await settings.user(ALICE.user_id)).hands_by_dm
    await settings.set_hands_by_dm(ALICE.user_id, False)
    assert await settings.language_override(ALICE.user_id) == "zh-CN"
    assert await settings.set_language_override(ALICE.user_id, None) is None
    assert await settings.private_language(ALICE.user_id, "ru") == "ru"


@pytest.mark.parametrize("language", ["klingon", "pt-PT", "zh-TW", ""])
async def test_a_language_we_do_not_have_is_refused_and_nothing_changes(
        services: Services, language: str) -> None:
    settings = services.settings
    await settings.set_server_language(GUILD, "fr")
    await settings.set_language_override(ALICE.user_id, "de")
    with pytest.raises(InvalidSetting, match="The languages are: en \\(English\\), pl"):
        await settings.set_server_language(GUILD, language)
    with pytest.raises(InvalidSetting):
        await settings.set_language_override(ALICE.user_id, language)
    assert await settings.server_language(GUILD) == "fr"
    assert await settings.language_override(ALICE.user_id) == "de"
