"""Server settings (turn timer, ranked or casual challenges, language), user settings (hands
by DM, language), and which slash commands were last synced to Discord."""

from __future__ import annotations

import time

from bot.i18n import (
    LANGUAGES,
    NATIVE_NAMES,
    Language,
    Said,
    private_language,
    public_language,
    supported,
)
from bot.learn.glossary import duration
from bot.service.errors import InvalidSetting
from bot.storage import Database
from bot.storage.records import UserSettings
from bot.storage.repository import Repository

# The turn timers a server may choose, in seconds: 1, 3, 10 and 30 minutes; 1, 6 and 24 hours.
TURN_CHOICES = (60, 180, 600, 1800, 3600, 6 * 3600, 24 * 3600)
# A chat game: players step away for a few minutes, and a timeout costs them the round.
DEFAULT_TURN_SECONDS = 600
# Language settings are read at almost every click: kept this long, so that another process's
# change shows within this time.
LANGUAGE_CACHE_SECONDS = 30.0
# How many servers' and users' languages are kept at most (the oldest read is dropped first).
LANGUAGE_CACHE_SIZE = 10_000
# Challenges are casual unless the server or the challenger asks for a ranked match.
DEFAULT_RANKED = False


class Durations(Said):
    """Lengths of time in seconds as a placeholder value, written in the reader's language
    ("1 minute, 3 minutes")."""

    __slots__ = ("seconds",)

    def __init__(self, seconds: tuple[int, ...]) -> None:
        self.seconds = seconds

    def said_by(self, lang: Language) -> str:
        """The lengths of time, listed."""
        return ", ".join(duration(s, lang) for s in self.seconds)


def validate_turn_seconds(seconds: int) -> int:
    """Return the turn timer if it is one of TURN_CHOICES, else raise InvalidSetting."""
    if seconds not in TURN_CHOICES:
        # i18n: {choices} are lengths of time, listed; {seconds} is a length of time.
        raise InvalidSetting("The turn timer can be {choices}, not {seconds}.",
                             choices=Durations(TURN_CHOICES), seconds=Durations((seconds,)))
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
        # i18n: {known} lists the languages' tags and names: "pl (polski), ...".
        raise InvalidSetting("There is no language {language}. The languages are: {known}.",
                             language=repr(language), known=known)
    return found
async def ranked_challenges_in(repo: Repository, guild_id: int) -> bool:
    """Return whether a server's challenges are ranked unless the challenger says."""
    stored = await repo.ranked_challenges(guild_id)
    return DEFAULT_RANKED if stored is None else stored


def warning_lead(turn_seconds: int) -> int:
    """How long before the deadline the player is warned: a fifth of the turn, at least 30
    seconds and at most an hour, and never more than a third of it."""
    return min(max(30, turn_seconds // 5), turn_seconds // 3, 3600)


class SettingsService:
    """Reads and writes settings."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._languages: dict[tuple[str, int], tuple[float, str | None]] = {}

    async def _language(self, kind: str, key: int) -> str | None:
        cached = self._languages.get((kind, key))
        if cached is not None and cached[0] > time.monotonic():
            return cached[1]
        async with self._db.reading() as repo:
            stored = await (repo.guild_language(key) if kind == "server"
                            else repo.user_language(key))
        self._languages.pop((kind, key), None)
        self._languages[(kind, key)] = (time.monotonic() + LANGUAGE_CACHE_SECONDS, stored)
        if len(self._languages) > LANGUAGE_CACHE_SIZE:
            del self._languages[next(iter(self._languages))]
        return stored

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
        return await self._language("server", guild_id)

    async def set_server_language(self, guild_id: int, language: str | None) -> str | None:
        """Choose a server's language for public texts (None: follow Discord's guild_locale
        again); returns the stored tag."""
        tag = validate_language(language)
        async with self._db.transaction() as repo:
            await repo.set_guild_language(guild_id, tag)
        self._languages.pop(("server", guild_id), None)
        return tag

    async def public_language(self, guild_id: int | None, guild_locale: str | None) -> str:
        """The language of a server's public texts: its choice, else its guild_locale."""
        stored = None if guild_id is None else await self.server_language(guild_id)
        return public_language(guild_locale, stored)

    async def language_override(self, user_id: int) -> str | None:
        """The language a user chose for their private texts, or None (their client's)."""
        return await self._language("user", user_id)

    async def set_language_override(self, user_id: int, language: str | None) -> str | None:
        """Choose a user's language for private texts (None: follow their Discord client
        again); returns the stored tag."""
        tag = validate_language(language)
        async with self._db.transaction() as repo:
            await repo.update_user_settings(user_id, language=tag)
        self._languages.pop(("user", user_id), None)
        return tag

    async def private_language(self, user_id: int, user_locale: str | None) -> str:
        """The language of a user's private texts: their choice, else their client's."""
        return private_language(user_locale, await self.language_override(user_id))
    async def ranked_challenges(self, guild_id: int) -> bool:
        """Whether a server's challenges are ranked unless the challenger says."""
        async with self._db.reading() as repo:
            return await ranked_challenges_in(repo, guild_id)

    async def set_ranked_challenges(self, guild_id: int, ranked: bool) -> None:
        """Make a server's challenges ranked or casual by default (from the next one on)."""
        async with self._db.transaction() as repo:
            await repo.set_ranked_challenges(guild_id, ranked)

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
