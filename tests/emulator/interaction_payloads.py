"""INTERACTION_CREATE payloads and the interaction metadata of response messages."""

from __future__ import annotations

from typing import Any

from .models import Channel, Interaction, Message, User
from .payloads import Payloads
from .validation import MAX_FILE_BYTES


def interaction_create(
    payloads: Payloads,
    ids: tuple[int, str],
    kind: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    source: Message | None,
) -> dict[str, Any]:
    """The INTERACTION_CREATE body for interaction `ids` (id, token) of type `kind`."""
    store = payloads.store
    interaction_id, token = ids
    guild = store.guild_of(channel)
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(store.bot.id),
        "type": kind,
        "data": data,
        "token": token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": payloads.channel(channel),
        "app_permissions": str(store.bot_permissions(channel)),
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": MAX_FILE_BYTES,
        "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
        "context": 0 if guild else 1,
    }
    if guild is not None:
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member=payloads.interaction_member(guild, guild.members[user.id]),
        )
    else:
        payload["user"] = payloads.user(user)
    if source is not None:
        payload["message"] = payloads.message(source)
    return payload


def response_metadata(payloads: Payloads, interaction: Interaction) -> dict[str, Any]:
    """The `interaction_metadata` of a message sent in answer to `interaction`."""
    data: dict[str, Any] = {
        "id": str(interaction.id),
        "type": interaction.type,
        "user": payloads.user(interaction.user),
        "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
    }
    if interaction.source_message is not None:
        data["interacted_message_id"] = str(interaction.source_message.id)
    if interaction.original is not None:
        data["original_response_message_id"] = str(interaction.original.id)
    return data
