"""Which language a text is shown in: Discord's locale, the user's override, the server's
setting, and the fallbacks."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, NATIVE_NAMES, private_language, public_language, resolve
from bot.i18n.languages import supported


@pytest.mark.parametrize(("locale", "expected"), [
    ("pl", "pl"), ("ru", "ru"), ("de", "de"), ("fr", "fr"), ("pt-BR", "pt-BR"),
    ("es-ES", "es-ES"), ("zh-CN", "zh-CN"), ("en-US", "en"), ("en-GB", "en"),
    ("pt-PT", "pt-BR"), ("es-419", "es-ES"), ("zh-TW", "en"), ("zh-HK", "en"),
    ("zh-Hant-TW", "en"), ("zh", "zh-CN"), ("ja", "en"), ("uk", "en"), ("PT_br", "pt-BR"),
    ("", "en"), (None, "en"),
])
def test_a_discord_locale_resolves_to_a_language_we_have(locale: str | None,
                                                         expected: str) -> None:
    assert resolve(locale) == expected


def test_private_text_follows_the_override_then_the_client() -> None:
    assert private_language("ru") == "ru"
    assert private_language("ru", override="pl") == "pl"
    assert private_language("es-419", override=None) == "es-ES"
    # A stored override we no longer have (a language removed) falls back to the client.
    assert private_language("de", override="xx") == "de"


def test_public_text_follows_the_server_setting_then_the_guild_locale() -> None:
    assert public_language("pl") == "pl"
    assert public_language("pl", server_language="ru") == "ru"
    assert public_language("zh-TW") == "en"
    assert public_language(None) == "en"


def test_a_setting_is_accepted_only_for_a_language_we_have() -> None:
    assert supported("PT-br") == "pt-BR"
    assert supported("zh_cn") == "zh-CN"
    assert supported("pt-PT") is None
    assert supported("klingon") is None
    assert supported("") is None


def test_every_language_has_a_name_in_itself() -> None:
    assert set(NATIVE_NAMES) == set(LANGUAGES)
