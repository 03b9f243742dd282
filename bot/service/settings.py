"""Server settings (turn timer, language), user settings (hands by DM, language), and which
slash commands were last synced to Discord."""

from __future__ import annotations

import time

from bot.i18n import LANGUAGES, NATIVE_NAMES, private_language, public_language, supported
from bot.service.errors import InvalidSetting
from bot.storage import Database
from bot.storage.records import UserSettings
from bot.storage.repository import Repository

DEFAULT_TURN_SECONDS = 180
MIN_TURN_SECONDS = 30
MAX_TURN_SECONDS = 24 * 3600


def validate_turn_seconds(seconds: int) -> int:
    """Return the turn timer if it is within the accepted range, else raise InvalidSetting."""
    if not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        raise InvalidSetting(f"The turn timer must be between {MIN_TURN_SECONDS} seconds and "
                             f"{MAX_TURN_SECONDS // 3600} hours, not {seconds} seconds.")
    return seconds


async def turn_seconds_in(repo: Repository, guild_id: int) -> int:
    """Return a server's turn timer, or the default."""
    stored = await repo.turn_seconds(guild_id)
    return DEFAULT_TURN_SECONDS if stored is None else stored


def validate_language(language: str | None) -> str | None:
    """The language tag as bot.i18n spells it ("pt-br" is pt-BR), None for None (back to
    Discord's language), else InvalidSetting naming the languages there are."""
    if language is None:
        return None
    found = supported(language)
    if found is None:
        known = ", ".join(f"{tag} ({NATIVE_NAMES[tag]})" for tag in LANGUAGES)
        raise InvalidSetting(f"There is no language {language!r}. The languages are: {known}.")
    return found


def warning_lead(turn_seconds: int) -> int:
    """How long before the deadline the player is warned."""
    return min(30, turn_seconds // 3)


class SettingsService:
    """Reads and writes settings."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def turn_seconds(self, guild_id: int) -> int:
        """Return a server's turn timer in seconds."""
        async with self._db.reading() as repo:
            return await turn_seconds_in(repo, guild_id)

    async def set_turn_seconds(self, guild_id: int, seconds: int) -> int:
        """Change a server's turn timer (from the next turn on)."""
        validate_turn_seconds(seconds)
        async with self._db.transaction() as repo:
            await repo.set_turn_seconds(guild_id, seconds)
        return seconds

    async def server_language(self, guild_id: int) -> str | None:
        """The language a server chose for its public texts, or None (Discord's
        guild_locale applies)."""
        async with self._db.reading() as repo:
            return await repo.guild_language(guild_id)

    async def set_server_language(self, guild_id: int, language: str | None) -> str | None:
        """Choose a server's language for public texts (None: follow Discord's guild_locale
        again); returns the stored tag."""
        tag = validate_language(language)
        async with self._db.transaction() as repo:
            await repo.set_guild_language(guild_id, tag)
        return tag

    async def public_language(self, guild_id: int | None, guild_locale: str | None) -> str:
        """The language of a server's public texts: its choice, else its guild_locale."""
        stored = None if guild_id is None else await self.server_language(guild_id)
        return public_language(guild_locale, stored)

    async def language_override(self, user_id: int) -> str | None:
        """The language a user chose for their private texts, or None (their client's)."""
        async with self._db.reading() as repo:
            return await repo.user_language(user_id)

    async def set_language_override(self, user_id: int, language: str | None) -> str | None:
        """Choose a user's language for private texts (None: follow their Discord client
        again); returns the stored tag."""
        tag = validate_language(language)
        async with self._db.transaction() as repo:
            await repo.update_user_settings(user_id, language=tag)
        return tag

    async def private_language(self, user_id: int, user_locale: str | None) -> str:
        """The language of a user's private texts: their choice, else their client's."""
        return private_language(user_locale, await self.language_override(user_id))

    async def commands_digest(self, application_id: int, scope: str) -> str | None:
        """The digest of the slash commands last synced to a scope ('global' or a server)."""
        async with self._db.reading() as repo:
            return await repo.commands_digest(application_id, scope)

    async def set_commands_digest(self, application_id: int, scope: str, digest: str) -> None:
        """Remember that these slash commands were synced to the scope."""
        async with self._db.transaction() as repo:
            await repo.set_commands_digest(application_id, scope, digest, time.time())

    async def user(self, user_id: int) -> UserSettings:
        """Return a user's settings."""
        async with self._db.reading() as repo:
            return await repo.user_settings(user_id)

    async def set_hands_by_dm(self, user_id: int, on: bool) -> None:
        """Switch hands by DM on or off; switching on re-arms the closed-DM notice."""
        async with self._db.transaction() as repo:
            await repo.update_user_settings(user_id, hands_by_dm=int(on), dm_closed_noted=0)

    async def note_dms_closed(self, user_id: int) -> bool:
        """Record that the user's DMs are closed; True the first time since they opted in."""
        async with self._db.transaction() as repo:
            settings = await repo.user_settings(user_id)
            if settings.dm_closed_noted:
                return False
            await repo.update_user_settings(user_id, dm_closed_noted=1)
            return True
