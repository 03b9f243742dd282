"""Server settings (turn timer), user settings (hands by DM), and which slash commands were
last synced to Discord."""

from __future__ import annotations

import time

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
