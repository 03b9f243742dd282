"""The languages the bot speaks, and which one a private or a public text is shown in.

Tags are Discord's locale codes (`interaction.locale`, `interaction.guild_locale`). A private
text follows the reader: their own override, else their Discord client's language. A public
text follows the server: its chosen language, else Discord's guild_locale. Whatever we do not
have falls back to English; a regional variant falls back to the variant we have of its
language (pt-PT to pt-BR, es-419 to es-ES), except traditional Chinese, which stays English
until zh-TW is added.
"""

from __future__ import annotations

from functools import lru_cache

ENGLISH = "en"
# Every language with a catalogue, English (the source) first.
LANGUAGES: tuple[str, ...] = (ENGLISH, "pl", "ru", "de", "pt-BR", "es-ES", "fr", "zh-CN")
# Each language's name in itself, for menus.
NATIVE_NAMES: dict[str, str] = {
    "en": "English", "pl": "Polski", "ru": "Русский", "de": "Deutsch",
    "pt-BR": "Português do Brasil", "es-ES": "Español", "fr": "Français",
    "zh-CN": "中文(简体)",
}
# Variants that must not fall back to their base language's catalogue.
_NOT_THE_BASE = frozenset({"zh-tw", "zh-hk", "zh-mo", "zh-hant"})
_BY_KEY = {tag.lower(): tag for tag in LANGUAGES}
_BY_BASE = {tag.split("-")[0].lower(): tag for tag in reversed(LANGUAGES)}


def supported(tag: str | None) -> str | None:
    """The language tag exactly as we spell it when `tag` names one we have (any case, `_` or
    `-`), else None. Used to validate a stored or typed setting."""
    if not tag:
        return None
    return _BY_KEY.get(tag.strip().replace("_", "-").lower())


@lru_cache(maxsize=256)
def resolve(locale: str | None) -> str:
    """The language to use for a Discord locale: itself, its language's variant, or English."""
    if not locale:
        return ENGLISH
    key = locale.strip().replace("_", "-").lower()
    if key in _BY_KEY:
        return _BY_KEY[key]
    if any(key == bad or key.startswith(bad + "-") for bad in _NOT_THE_BASE):
        return ENGLISH
    return _BY_BASE.get(key.split("-")[0], ENGLISH)


def private_language(user_locale: str | None, override: str | None = None) -> str:
    """The language of a text only one user sees: their override, else their client's."""
    return supported(override) or resolve(user_locale)


def public_language(guild_locale: str | None, server_language: str | None = None) -> str:
    """The language of a text everyone in a server sees: the server's setting, else
    Discord's guild_locale."""
    return supported(server_language) or resolve(guild_locale)
