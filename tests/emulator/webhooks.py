"""The interaction webhook: follow-ups and edits through the token, valid for 15 minutes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import errors
from .errors import ApiError
from .httpio import Upload
from .interactions import response_message
from .messages import apply_body, creation_flags, mark_edited
from .models import APPLICATION_COMMAND_AUTOCOMPLETE, LOADING, Interaction, Message
from .validation import validate_message

if TYPE_CHECKING:
    from .emulator import Emulator

TOKEN_LIFETIME = 15 * 60.0


class WebhookFlow:
    """Answers /webhooks/{app}/{token} for acknowledged interactions."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store

    def by_token(self, application_id: int, token: str) -> Interaction:
        """The acknowledged interaction behind a token; 10015, or 50027 once expired."""
        found = next((i for i in self.store.interactions.values() if i.token == token), None)
        if application_id != self.store.bot.id or found is None:
            raise ApiError(404, errors.UNKNOWN_WEBHOOK)
        if found.type == APPLICATION_COMMAND_AUTOCOMPLETE:
            detail = "an autocomplete interaction has no follow-ups or response messages"
            raise ApiError(404, errors.UNKNOWN_WEBHOOK, detail=detail, kind="autocomplete_followup")
        if found.response is None:
            raise ApiError(404, errors.UNKNOWN_WEBHOOK)
        age = self.emu.clock.now() - found.created_at
        if age > TOKEN_LIFETIME:
            detail = f"token used {age:.0f}s after dispatch"
            raise ApiError(401, errors.INVALID_WEBHOOK_TOKEN, detail=detail)
        return found

    def followup(
        self, interaction: Interaction, body: dict[str, Any], uploads: list[Upload]
    ) -> Message:
        """Send a follow-up; the first one after a type-5 defer replaces the loading message."""
        validate_message(body, uploads, creating=True)
        original = interaction.original
        if original is not None and original.loading and not original.deleted:
            # The placeholder keeps the ephemeral flag chosen at the defer, whatever is sent now.
            apply_body(original, body, uploads, self.store.ids, self.store.files)
            original.flags &= ~LOADING
            interaction.followups.append(original)
            self.emu.events.message_update(original)
            self.emu.changed()
            return original
        flags = creation_flags(body, ephemeral_allowed=True)
        message = response_message(self.emu, interaction, flags)
        apply_body(message, body, uploads, self.store.ids, self.store.files)
        interaction.followups.append(message)
        self.emu.events.message_create(message)
        self.emu.changed()
        return message

    def message(self, interaction: Interaction, ref: str) -> Message:
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
        """Edit an interaction message; editing a loading placeholder settles it."""
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
        """Delete an interaction message."""
        self.store.delete_message(message)
        self.emu.events.message_delete(message)
        self.emu.changed()
