"""Interaction lifecycle: dispatch and the single acknowledgement within 3 seconds."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from . import errors
from .errors import ApiError, FormErrors
from .httpio import Upload
from .interaction_payloads import interaction_create, response_metadata
from .messages import apply_body, creation_flags, mark_edited
from .models import (
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
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
from .validation import validate_autocomplete, validate_message, validate_modal

if TYPE_CHECKING:
    from .emulator import Emulator

ACK_DEADLINE = 3.0

MESSAGE = 4
DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
LAUNCH_ACTIVITY = 12

ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL,
                        LAUNCH_ACTIVITY},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, LAUNCH_ACTIVITY},
    APPLICATION_COMMAND_AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
}
CHAT_INPUT_COMMAND_MESSAGE = 20
# Real interaction tokens start with base64("interaction:").
TOKEN_PREFIX = "aW50ZXJhY3Rpb246"


def response_message(emu: Emulator, interaction: Interaction, flags: int, **fields: Any) -> Message:
    """Store a message the application sends in answer to `interaction`."""
    store = emu.store
    return store.add_message(
        interaction.channel,
        store.bot,
        flags=flags,
        webhook_id=store.bot.id,
        application_id=store.bot.id,
        interaction_metadata=response_metadata(emu.payloads, interaction),
        ephemeral_for=interaction.user.id if flags & EPHEMERAL else None,
        **fields,
    )


class InteractionFlow:
    """Creates interactions and answers their callback endpoint."""

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
        ids = (self.store.ids.next(), TOKEN_PREFIX + secrets.token_urlsafe(48))
        payload = interaction_create(self.emu.payloads, ids, kind, user, channel, data, source)
        interaction = Interaction(
            *ids, kind, user, channel, payload, self.emu.clock.now(), source_message=source
        )
        self.store.interactions[interaction.id] = interaction
        interaction.delivered = self.emu.gateway.deliver_interaction(payload)
        self.emu.changed()
        return interaction

    def callback(
        self, interaction_id: int, token: str, body: dict[str, Any], uploads: list[Upload]
    ) -> dict[str, Any]:
        """Acknowledge an interaction; returns the `with_response` body."""
        interaction = self.store.interactions.get(interaction_id)
        if interaction is None or interaction.token != token:
            raise ApiError(404, errors.UNKNOWN_INTERACTION, detail="no such interaction")
        if interaction.response is not None:
            detail = f"already answered with type {interaction.response.type}"
            raise ApiError(400, errors.ALREADY_ACKNOWLEDGED, detail=detail)
        age = self.emu.clock.now() - interaction.created_at
        if age > ACK_DEADLINE:
            detail = f"acknowledged {age:.2f}s after dispatch"
            raise ApiError(404, errors.UNKNOWN_INTERACTION, detail=detail)
        kind = body.get("type")
        if kind not in ALLOWED_RESPONSES[interaction.type]:
            errs = FormErrors()
            errs.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", f"Invalid type {kind}")
            errs.raise_if_any()
        if kind in (UPDATE_MESSAGE, DEFERRED_UPDATE) and interaction.source_message is None:
            raise ApiError(400, errors.INVALID_FORM_BODY, "Interaction has no message to update")
        interaction.response = self._respond(interaction, kind, body.get("data") or {}, uploads)
        interaction.acknowledged_at = self.emu.clock.now()
        if kind not in (DEFERRED_MESSAGE, DEFERRED_UPDATE):
            interaction.answered_at = interaction.acknowledged_at
        self.emu.changed()
        return self._callback_body(interaction)

    def _respond(
        self, interaction: Interaction, kind: int, data: dict[str, Any], uploads: list[Upload]
    ) -> InteractionResponse:
        if kind == LAUNCH_ACTIVITY:
            activities = self.emu.activities
            activities.check_launch()
            launch = activities.launch(interaction.user, interaction.channel, "interaction")
            return InteractionResponse(kind, launch=launch)
        if kind == MODAL:
            validate_modal(data)
            return InteractionResponse(kind, modal=data)
        if kind == AUTOCOMPLETE_RESULT:
            validate_autocomplete(data)
            return InteractionResponse(kind, choices=list(data["choices"]))
        source = interaction.source_message
        if kind == DEFERRED_UPDATE:
            interaction.original = source
            return InteractionResponse(kind, source)
        if kind == UPDATE_MESSAGE and source is not None:
            validate_message(data, uploads, creating=False)
            apply_body(source, data, uploads, self.store.ids, self.store.files)
            mark_edited(source)
            interaction.original = source
            self.emu.events.message_update(source)
            return InteractionResponse(kind, source)
        message_type = CHAT_INPUT_COMMAND_MESSAGE if interaction.type == APPLICATION_COMMAND else 0
        if kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = response_message(self.emu, interaction, flags, type=message_type)
        else:
            validate_message(data, uploads, creating=True)
            flags = creation_flags(data, ephemeral_allowed=True)
            message = response_message(self.emu, interaction, flags, type=message_type)
            apply_body(message, data, uploads, self.store.ids, self.store.files)
        interaction.original = message
        self.emu.events.message_create(message)
        return InteractionResponse(kind, message)

    def _callback_body(self, interaction: Interaction) -> dict[str, Any]:
        response = interaction.response
        assert response is not None
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        body: dict[str, Any] = {"interaction": summary}
        if response.launch is not None:
            summary["activity_instance_id"] = response.launch.instance_id
            body["resource"] = {"type": LAUNCH_ACTIVITY,
                                "activity_instance": {"id": response.launch.instance_id}}
        if response.type in (MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE) and response.message:
            message = response.message
            summary.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            body["resource"] = {
                "type": response.type,
                "message": self.emu.payloads.message(message),
            }
        return body
