"""The fake Discord's stored world: users, guilds, channels, messages, commands, interactions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import errors
from .models import (
    DM_CHANNEL,
    PRIVATE_THREAD,
    TEXT_CHANNEL,
    AppCommand,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    StoredAttachment,
    User,
)
from .permissions import BITS, BOT_DEFAULT, EVERYONE_DEFAULT, bits_of
from .snowflake import Snowflakes, iso_now

# How long Discord remembers an enforced message nonce ("the past few minutes").
NONCE_SECONDS = 300.0


class Store:
    """Holds every stored object and answers the access questions Discord would."""

    def __init__(self, ids: Snowflakes, bot: User, now: Callable[[], float]) -> None:
        self.ids = ids
        self.now = now
        self.bot = bot
        self.users: dict[int, User] = {bot.id: bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.commands: dict[int, AppCommand] = {}
        self.interactions: dict[int, Interaction] = {}
        self.dm_by_user: dict[int, int] = {}
        self.files: dict[int, StoredAttachment] = {}
        # (channel id, nonce) -> the bot's message sent with enforce_nonce, for a while.
        self.nonces: dict[tuple[int, str], Message] = {}

    def add_user(self, username: str, *, dms_open: bool = True) -> User:
        """Create a user account."""
        user = User(self.ids.next(), username, global_name=username.title(), dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> Guild:
        """Create a guild with an @everyone role and the bot as a member; `shard` (id, count)
        picks an id that Discord's sharding sends to that shard."""
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(guild_id, name, owner_id=self.bot.id, created_at=iso_now())
        guild.roles[guild_id] = Role(guild_id, "@everyone", EVERYONE_DEFAULT)
        bot_role = Role(self.ids.next(), self.bot.username, BOT_DEFAULT, position=1)
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild_id] = guild
        guild.members[self.bot.id] = Member(self.bot, [bot_role.id], iso_now())
        return guild

    def add_member(self, guild: Guild, user: User) -> Member:
        """Make `user` a member of `guild`."""
        member = Member(user, [], iso_now())
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str) -> Channel:
        """Create a text channel in `guild`."""
        channel = Channel(
            self.ids.next(),
            TEXT_CHANNEL,
            name,
            guild.id,
            iso_now(),
            position=len(guild.channel_ids),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(
        self,
        parent: Channel,
        name: str,
        kind: int,
        *,
        thread_id: int | None = None,
        archive: int = 1440,
    ) -> Channel:
        """Create a thread under `parent`, owned and joined by the bot."""
        thread = Channel(
            thread_id or self.ids.next(),
            kind,
            name,
            parent.guild_id,
            iso_now(),
            parent_id=parent.id,
            owner_id=self.bot.id,
            auto_archive_duration=archive,
            thread_members={self.bot.id},
        )
        self.channels[thread.id] = thread
        return thread

    def dm_channel(self, user: User) -> Channel:
        """Return the bot's DM channel with `user`, creating it if needed."""
        existing = self.dm_by_user.get(user.id)
        if existing is not None:
            return self.channels[existing]
        channel = Channel(self.ids.next(), DM_CHANNEL, None, None, iso_now(), recipient_id=user.id)
        self.channels[channel.id] = channel
        self.dm_by_user[user.id] = channel.id
        return channel

    def recipient(self, channel: Channel) -> User:
        """The user at the other end of a DM channel."""
        if channel.recipient_id is None:
            raise ValueError(f"channel {channel.id} is not a DM")
        return self.users[channel.recipient_id]

    def user(self, user_id: int) -> User:
        """Return a user or raise 10013."""
        try:
            return self.users[user_id]
        except KeyError:
            raise errors.ApiError(404, errors.UNKNOWN_USER) from None

    def channel(self, channel_id: int) -> Channel:
        """Return a channel or raise 10003."""
        try:
            return self.channels[channel_id]
        except KeyError:
            raise errors.ApiError(404, errors.UNKNOWN_CHANNEL) from None

    def message(self, channel: Channel, message_id: int) -> Message:
        """Return a message the bot can fetch through the channel, or raise 10008."""
        message = channel.messages.get(message_id)
        if message is None or message.ephemeral:
            raise errors.ApiError(404, errors.UNKNOWN_MESSAGE)
        return message

    def guild_of(self, channel: Channel) -> Guild | None:
        """Return the guild a channel belongs to."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def shares_guild(self, user: User) -> bool:
        """Whether the bot and `user` have a guild in common."""
        return any(user.id in guild.members for guild in self.guilds.values())

    def can_see_channel(self, user_id: int, channel: Channel) -> bool:
        """Whether the user can see the channel."""
        if channel.type == DM_CHANNEL:
            return user_id in (channel.recipient_id, self.bot.id)
        guild = self.guild_of(channel)
        if guild is None or user_id not in guild.members:
            return False
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.thread_members
        return True

    def can_see_message(self, user_id: int, message: Message) -> bool:
        """Whether the user's client shows the message."""
        if message.deleted or not self.can_see_channel(user_id, self.channels[message.channel_id]):
            return False
        return message.ephemeral_for is None or message.ephemeral_for == user_id

    def bot_permissions(self, channel: Channel) -> int:
        """The bot's effective permissions in a channel."""
        if channel.type == DM_CHANNEL:
            return BOT_DEFAULT
        denied = set(channel.bot_denied)
        if channel.parent_id is not None:
            denied |= self.channels[channel.parent_id].bot_denied
        return BOT_DEFAULT & ~bits_of(denied)

    def require_bot(self, channel: Channel, permission: str) -> None:
        """Raise 50001 if the bot cannot see `channel`, 50013 if it lacks `permission`."""
        granted = self.bot_permissions(channel)
        if not granted & BITS["view_channel"]:
            raise errors.ApiError(403, errors.MISSING_ACCESS)
        if not granted & BITS[permission]:
            raise errors.ApiError(403, errors.MISSING_PERMISSIONS)

    def member_permissions(self, guild: Guild, member: Member) -> int:
        """A member's guild-level permission bits."""
        bits = guild.roles[guild.id].permissions
        for role_id in member.roles:
            bits |= guild.roles[role_id].permissions
        return bits

    def add_message(self, channel: Channel, author: User, **fields: Any) -> Message:
        """Store a new message in `channel`."""
        message = Message(
            self.ids.next(),
            channel.id,
            channel.guild_id,
            author,
            iso_now(),
            posted_at=self.now(),
            **fields,
        )
        channel.messages[message.id] = message
        return message

    def nonced_message(self, channel: Channel, nonce: str | None) -> Message | None:
        """The bot's message created in the last NONCE_SECONDS with this enforced nonce."""
        if nonce is None:
            return None
        earlier = self.nonces.get((channel.id, nonce))
        if earlier is None or self.now() - earlier.posted_at > NONCE_SECONDS:
            return None
        return earlier

    def remember_nonce(self, channel: Channel, nonce: str | None, message: Message) -> None:
        """Record an enforced nonce (Discord checks them over the past few minutes)."""
        if nonce is not None:
            self.nonces[(channel.id, nonce)] = message

    def delete_message(self, message: Message) -> None:
        """Remove a message from its channel."""
        message.deleted = True
        self.channels[message.channel_id].messages.pop(message.id, None)

    def commands_in(self, guild_id: int | None) -> list[AppCommand]:
        """Commands usable in a guild (guild + global) or in DMs (global only)."""
        found = [c for c in self.commands.values() if c.guild_id == guild_id]
        if guild_id is not None:
            names = {c.name for c in found}
            found += [
                c for c in self.commands.values() if c.guild_id is None and c.name not in names
            ]
        return found
