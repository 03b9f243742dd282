"""Interaction lifecycle: dispatch, the 3-second acknowledgement, follow-ups within 15 minutes."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from . import errors
from .errors import ApiError, FormErrors
from .httpio import Upload
from .messages import apply_body, creation_flags, mark_edited
from .models import (
    APPLICATION_COMMAND,
    EPHEMERAL,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    Interaction,
    InteractionResponse,
    Message,
    User,
)
from .validation import MAX_FILE_BYTES, validate_message, validate_modal

if TYPE_CHECKING:
    from .emulator import Emulator

ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0

MESSAGE = 4
DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6
UPDATE_MESSAGE = 7
MODAL = 9

ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
CHAT_INPUT_COMMAND_MESSAGE = 20


class InteractionFlow:
    """Creates interactions and answers the callback and webhook endpoints for them."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store

    def create(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None = None,
    ) -> Interaction:
        """Store an interaction and dispatch INTERACTION_CREATE to the bot."""
        interaction_id = self.store.ids.next()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload = self._payload(interaction_id, token, kind, user, channel, data, source)
        interaction = Interaction(
            interaction_id, token, kind, user, channel, payload, self.emu.clock.now(), source_message=source
        )
        self.store.interactions[interaction_id] = interaction
        interaction.delivered = self.emu.gateway.deliver_interaction(payload)
        self.emu.changed()
        return interaction

    def _payload(
        self,
        interaction_id: int,
        token: str,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
    ) -> dict[str, Any]:
        payloads = self.emu.payloads
        guild = self.store.guild_of(channel)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.store.bot.id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": payloads.channel(channel),
            "app_permissions": str(self.store.bot_permissions(channel)),
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": MAX_FILE_BYTES,
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
        }
        if guild is not None:
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=payloads.interaction_member(guild, guild.members[user.id]),
            )
        else:
            payload["user"] = payloads.user(user)
        if source is not None:
            payload["message"] = payloads.message(source)
        return payload

    def _metadata(self, interaction: Interaction) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": self.emu.payloads.user(interaction.user),
            "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
        }
        if interaction.source_message is not None:
            data["interacted_message_id"] = str(interaction.source_message.id)
        if interaction.original is not None:
            data["original_response_message_id"] = str(interaction.original.id)
        return data

    def _new_message(self, interaction: Interaction, flags: int, **fields: Any) -> Message:
        message = self.store.add_message(
            interaction.channel,
            self.store.bot,
            flags=flags,
            webhook_id=self.store.bot.id,
            application_id=self.store.bot.id,
            interaction_metadata=self._metadata(interaction),
            ephemeral_for=interaction.user.id if flags & EPHEMERAL else None,
            **fields,
        )
        return message

    def callback(
        self, interaction_id: int, token: str, body: dict[str, Any], uploads: list[Upload]
    ) -> dict[str, Any]:
        """Acknowledge an interaction; returns the `with_response` body."""
        interaction = self.store.interactions.get(interaction_id)
        if interaction is None or interaction.token != token:
            raise ApiError(404, errors.UNKNOWN_INTERACTION, detail="no such interaction")
        if interaction.response is not None:
            raise ApiError(400, errors.ALREADY_ACKNOWLEDGED, detail=f"already answered with type {interaction.response.type}")
        age = self.emu.clock.now() - interaction.created_at
        if age > ACK_DEADLINE:
            raise ApiError(404, errors.UNKNOWN_INTERACTION, detail=f"acknowledged {age:.2f}s after dispatch")
        kind = body.get("type")
        data = body.get("data") or {}
        if kind not in ALLOWED_RESPONSES[interaction.type]:
            errs = FormErrors()
            errs.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", f"Invalid response type {kind}")
            errs.raise_if_any()
        if kind in (UPDATE_MESSAGE, DEFERRED_UPDATE) and interaction.source_message is None:
            raise ApiError(400, errors.INVALID_FORM_BODY, "Interaction has no message to update")
        interaction.response = self._respond(interaction, kind, data, uploads)
        self.emu.changed()
        return self._callback_body(interaction)

    def _respond(
        self, interaction: Interaction, kind: int, data: dict[str, Any], uploads: list[Upload]
    ) -> InteractionResponse:
        events = self.emu.events
        if kind == MODAL:
            validate_modal(data)
            return InteractionResponse(kind, modal=data)
        if kind == DEFERRED_UPDATE:
            interaction.original = interaction.source_message
            return InteractionResponse(kind, interaction.source_message)
        if kind == UPDATE_MESSAGE:
            validate_message(data, uploads, creating=False)
            message = interaction.source_message
            assert message is not None
            apply_body(message, data, uploads, self.store.ids, self.store.files)
            mark_edited(message)
            interaction.original = message
            events.message_update(message)
            return InteractionResponse(kind, message)
        message_type = CHAT_INPUT_COMMAND_MESSAGE if interaction.type == APPLICATION_COMMAND else 0
        if kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(interaction, flags, type=message_type)
        else:
            validate_message(data, uploads, creating=True)
            message = self._new_message(
                interaction, creation_flags(data, ephemeral_allowed=True), type=message_type
            )
            apply_body(message, data, uploads, self.store.ids, self.store.files)
        interaction.original = message
        events.message_create(message)
        return InteractionResponse(kind, message)

    def _callback_body(self, interaction: Interaction) -> dict[str, Any]:
        response = interaction.response
        assert response is not None
        body: dict[str, Any] = {"interaction": {"id": str(interaction.id), "type": interaction.type}}
        if response.type in (MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE) and response.message:
            message = response.message
            body["interaction"].update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            body["resource"] = {"type": response.type, "message": self.emu.payloads.message(message)}
        return body

    def by_token(self, application_id: int, token: str) -> Interaction:
        """The acknowledged interaction behind a webhook token; 10015/50027 otherwise."""
        found = next((i for i in self.store.interactions.values() if i.token == token), None)
        if application_id != self.store.bot.id or found is None or found.response is None:
            raise ApiError(404, errors.UNKNOWN_WEBHOOK)
        age = self.emu.clock.now() - found.created_at
        if age > TOKEN_LIFETIME:
            raise ApiError(401, errors.INVALID_WEBHOOK_TOKEN, detail=f"token used {age:.0f}s after dispatch")
        return found

    def followup(
        self, interaction: Interaction, body: dict[str, Any], uploads: list[Upload]
    ) -> Message:
        """Send a follow-up; the first one after a type-5 defer replaces the loading message."""
        validate_message(body, uploads, creating=True)
        original = interaction.original
        if original is not None and original.loading and not original.deleted:
            apply_body(original, body, uploads, self.store.ids, self.store.files)
            original.flags &= ~LOADING
            interaction.followups.append(original)
            self.emu.events.message_update(original)
            self.emu.changed()
            return original
        message = self._new_message(interaction, creation_flags(body, ephemeral_allowed=True))
        apply_body(message, body, uploads, self.store.ids, self.store.files)
        interaction.followups.append(message)
        self.emu.events.message_create(message)
        self.emu.changed()
        return message

    def webhook_message(self, interaction: Interaction, ref: str) -> Message:
        """Resolve `@original` or a follow-up id of this interaction; 10008 otherwise."""
        if ref == "@original":
            message = interaction.original
        else:
            owned = [interaction.original, *interaction.followups]
            message = next((m for m in owned if m is not None and str(m.id) == ref), None)
        if message is None or message.deleted:
            raise ApiError(404, errors.UNKNOWN_MESSAGE)
        return message

    def edit(self, message: Message, body: dict[str, Any], uploads: list[Upload]) -> Message:
        """Edit an interaction message through its token."""
        validate_message(body, uploads, creating=False)
        apply_body(message, body, uploads, self.store.ids, self.store.files)
        if message.loading:
            message.flags &= ~LOADING
        else:
            mark_edited(message)
        self.emu.events.message_update(message)
        self.emu.changed()
        return message

    def delete(self, message: Message) -> None:
        """Delete an interaction message through its token."""
        self.store.delete_message(message)
        self.emu.events.message_delete(message)
        self.emu.changed()
