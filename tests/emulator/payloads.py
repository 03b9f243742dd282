"""Turns stored objects into the JSON payloads Discord sends."""

from __future__ import annotations

from typing import Any

from .models import (
    DM_CHANNEL,
    PRIVATE_THREAD,
    AppCommand,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    StoredAttachment,
    User,
)
from .state import Store


class Payloads:
    """Serializes stored objects; attachment URLs point back at the emulator."""

    def __init__(self, store: Store, base_url: str) -> None:
        self.store = store
        self.base_url = base_url

    def user(self, user: User) -> dict[str, Any]:
        """A user object."""
        data: dict[str, Any] = {
            "id": str(user.id),
            "username": user.username,
            "global_name": user.global_name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if user.bot:
            data["bot"] = True
        return data

    def me(self) -> dict[str, Any]:
        """The bot's own user object (GET /users/@me, READY)."""
        return {
            **self.user(self.store.bot),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
        }

    def member(self, guild: Guild, member: Member, *, with_user: bool = True) -> dict[str, Any]:
        """A guild member object."""
        data: dict[str, Any] = {
            "roles": [str(r) for r in member.roles],
            "joined_at": member.joined_at,
            "nick": member.nick,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
        }
        if with_user:
            data["user"] = self.user(member.user)
        return data

    def interaction_member(self, guild: Guild, member: Member) -> dict[str, Any]:
        """A member object as interactions carry it, with its permissions."""
        perms = self.store.member_permissions(guild, member)
        return {**self.member(guild, member), "permissions": str(perms)}

    def role(self, role: Role) -> dict[str, Any]:
        """A role object."""
        return {
            "id": str(role.id),
            "name": role.name,
            "permissions": str(role.permissions),
            "position": role.position,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    def channel(self, channel: Channel) -> dict[str, Any]:
        """A channel object (text channel, thread or DM)."""
        last = channel.last_message_id
        data: dict[str, Any] = {
            "id": str(channel.id),
            "type": channel.type,
            "last_message_id": str(last) if last else None,
            "flags": 0,
        }
        if channel.type == DM_CHANNEL:
            data["recipients"] = [self.user(self.store.recipient(channel))]
            return data
        data.update(
            guild_id=str(channel.guild_id),
            name=channel.name,
            rate_limit_per_user=0,
        )
        if channel.is_thread:
            data.update(
                parent_id=str(channel.parent_id),
                owner_id=str(channel.owner_id),
                message_count=len(channel.messages),
                total_message_sent=len(channel.messages),
                member_count=len(channel.thread_members),
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": channel.created_at,
                    "create_timestamp": channel.created_at,
                    "locked": False,
                    **({"invitable": True} if channel.type == PRIVATE_THREAD else {}),
                },
            )
        else:
            data.update(
                position=channel.position,
                parent_id=None,
                permission_overwrites=[],
                topic=None,
                nsfw=False,
            )
        return data

    def thread_member(self, thread: Channel, user_id: int) -> dict[str, Any]:
        """A thread member object."""
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": thread.created_at,
            "flags": 0,
        }

    def guild_create(self, guild: Guild, *, all_members: bool) -> dict[str, Any]:
        """A GUILD_CREATE payload; without the presences intent only the bot member is sent."""
        members = [
            m for m in guild.members.values() if all_members or m.user.id == self.store.bot.id
        ]
        channels = [self.store.channels[cid] for cid in guild.channel_ids]
        threads = [
            c for c in self.store.channels.values() if c.guild_id == guild.id and c.is_thread
        ]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "features": [],
            "roles": [self.role(r) for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "joined_at": guild.members[self.store.bot.id].joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [self.member(guild, m) for m in members],
            "channels": [self.channel(c) for c in channels],
            "threads": [self.channel(t) for t in threads],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def attachment(self, attachment: StoredAttachment, channel_id: int) -> dict[str, Any]:
        """An attachment object; its URL serves the bytes from the emulator."""
        url = f"{self.base_url}/attachments/{channel_id}/{attachment.id}/{attachment.filename}"
        data: dict[str, Any] = {
            "id": str(attachment.id),
            "filename": attachment.filename,
            "size": len(attachment.data),
            "url": url,
            "proxy_url": url,
            "content_type": attachment.content_type,
        }
        if attachment.description:
            data["description"] = attachment.description
        return data

    def message(self, message: Message) -> dict[str, Any]:
        """A message object as REST answers and gateway events carry it."""
        data: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": self.user(message.author),
            "content": message.content,
            "timestamp": message.timestamp,
            "edited_timestamp": message.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [self.attachment(a, message.channel_id) for a in message.attachments],
            "embeds": message.embeds,
            "components": message.components,
            "pinned": False,
            "type": message.type,
            "flags": message.flags,
        }
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        if message.webhook_id is not None:
            data["webhook_id"] = str(message.webhook_id)
        if message.application_id is not None:
            data["application_id"] = str(message.application_id)
        if message.interaction_metadata is not None:
            data["interaction_metadata"] = message.interaction_metadata
        if message.thread_id is not None and message.thread_id in self.store.channels:
            data["thread"] = self.channel(self.store.channels[message.thread_id])
        return data

    def message_event(self, message: Message) -> dict[str, Any]:
        """A MESSAGE_CREATE/UPDATE payload: a guild message also carries the author's member."""
        data = self.message(message)
        guild = self.store.guilds.get(message.guild_id or 0)
        if guild is not None and message.author.id in guild.members and message.webhook_id is None:
            data["member"] = self.member(guild, guild.members[message.author.id], with_user=False)
        return data

    def command(self, command: AppCommand) -> dict[str, Any]:
        """An application command object as returned by the API."""
        data = {
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "options": [],
            "description": "",
            **command.payload,
            "id": str(command.id),
            "application_id": str(self.store.bot.id),
            "version": str(command.id),
            "type": command.type,
            "name": command.name,
        }
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        else:
            data.setdefault("dm_permission", True)
        return data
