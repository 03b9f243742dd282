"""Virtual users: act on the emulator only the way a person in a Discord client could."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import components as comp
from .activities import DISCORD_LAUNCH_ACTIVITY, ENTRY_POINT, LAUNCH_ACTIVITY, Launch
from .errors import EmulatorUsageError
from .models import (
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    AppCommand,
    Channel,
    Interaction,
    Message,
    StoredAttachment,
    User,
)
from .slash import SlashBuilder
from .views import MessageView

if TYPE_CHECKING:
    from .emulator import Emulator

ChannelRef = Channel | int
MessageRef = MessageView | Message


@dataclass(frozen=True)
class AutocompleteChoice:
    """One suggestion the bot offered for an autocomplete option."""

    name: str
    value: str | int | float


@dataclass(frozen=True)
class ResponseView:
    """An interaction's first acknowledgement as the user sees it."""

    type: int
    message: MessageView | None
    modal: dict[str, Any] | None
    choices: list[AutocompleteChoice] | None = None
    # The Activity a LAUNCH_ACTIVITY answer (type 12) opened.
    launch: Launch | None = None


class InteractionHandle:
    """A dispatched interaction whose answers can be awaited."""

    def __init__(self, emu: Emulator, interaction: Interaction) -> None:
        self._emu = emu
        self.interaction = interaction

    @property
    def id(self) -> int:
        """Interaction id."""
        return self.interaction.id

    @property
    def delivered(self) -> bool:
        """Whether a connected bot received it."""
        return self.interaction.delivered

    @property
    def followups(self) -> list[MessageView]:
        """Follow-up messages so far (after a type-5 defer the first is the edited placeholder)."""
        return [MessageView(m) for m in self.interaction.followups]

    async def response(self, timeout: float = 5.0) -> ResponseView:
        """Wait for the first acknowledgement."""
        response = await self._emu.wait_for(
            lambda: self.interaction.response,
            timeout=timeout,
            what=f"a response to {self._describe()}",
        )
        message = MessageView(response.message) if response.message is not None else None
        choices = None
        if response.choices is not None:
            choices = [AutocompleteChoice(c["name"], c["value"]) for c in response.choices]
        return ResponseView(response.type, message, response.modal, choices, response.launch)

    async def choices(self, timeout: float = 5.0) -> list[AutocompleteChoice]:
        """Wait for the answer to an autocomplete interaction and return the offered choices."""
        if self.interaction.type != APPLICATION_COMMAND_AUTOCOMPLETE:
            raise EmulatorUsageError(f"{self._describe()} is not an autocomplete interaction")
        response = await self.response(timeout)
        assert response.choices is not None, "an autocomplete can only be answered with type 8"
        return response.choices

    async def message(self, timeout: float = 5.0) -> MessageView:
        """Wait for the original response message to exist and stop 'thinking'."""
        original = await self._emu.wait_for(
            lambda: (o := self.interaction.original) is not None and not o.loading and o,
            timeout=timeout,
            what=f"a settled original response to {self._describe()}",
        )
        return MessageView(original)

    async def followup(self, index: int = 0, timeout: float = 5.0) -> MessageView:
        """Wait for the follow-up number `index`."""
        found = await self._emu.wait_for(
            lambda: len(self.interaction.followups) > index and self.interaction.followups[index],
            timeout=timeout,
            what=f"follow-up #{index} of {self._describe()}",
        )
        return MessageView(found)

    def _describe(self) -> str:
        delivered = "" if self.interaction.delivered else " (never delivered: no bot was connected)"
        return f"interaction {self.interaction.id} type {self.interaction.type}{delivered}"


class VirtualUser:
    """A human Discord user driving the bot through the emulator."""

    def __init__(self, emu: Emulator, user: User) -> None:
        self._emu = emu
        self.user = user

    def __repr__(self) -> str:
        return f"<VirtualUser {self.user.username} id={self.user.id}>"

    @property
    def id(self) -> int:
        """User id."""
        return self.user.id

    @property
    def name(self) -> str:
        """Username."""
        return self.user.username

    def set_dms_open(self, open_: bool) -> None:
        """Open or close this user's DMs to the bot."""
        self.user.dms_open = open_

    def set_locale(self, locale: str) -> None:
        """Set the language of this user's Discord client (a locale such as "pl"), sent as
        `locale` with every interaction from now on."""
        self.user.locale = locale

    def _channel(self, ref: ChannelRef) -> Channel:
        channel = self._emu.store.channels.get(ref if isinstance(ref, int) else ref.id)
        if channel is None or not self._emu.store.can_see_channel(self.id, channel):
            raise EmulatorUsageError(f"{self.name} cannot see channel {ref!r}")
        return channel

    def _message(self, ref: MessageRef) -> Message:
        message = ref.model if isinstance(ref, MessageView) else ref
        if not self._emu.store.can_see_message(self.id, message):
            raise EmulatorUsageError(f"{self.name} cannot see message {message.id}")
        return message

    def slash(self, channel: ChannelRef, command: str, **options: Any) -> InteractionHandle:
        """Run `/command [group] [sub]`, e.g. slash(ch, "gwent challenge", opponent=bob)."""
        target = self._channel(channel)
        found, path = self._command(target, command)
        builder = SlashBuilder(self._emu.payloads, self._emu.store.guild_of(target))
        data = builder.build(found, path, options)
        return self._interact(APPLICATION_COMMAND, target, data)

    def autocomplete_handle(
        self, channel: ChannelRef, command: str, option: str, typed: str, /, **options: Any
    ) -> InteractionHandle:
        """Type `typed` into the autocomplete `option` of `/command`, other options as given."""
        target = self._channel(channel)
        found, path = self._command(target, command)
        builder = SlashBuilder(self._emu.payloads, self._emu.store.guild_of(target))
        data = builder.build_autocomplete(found, path, option, typed, options)
        return self._interact(APPLICATION_COMMAND_AUTOCOMPLETE, target, data)

    async def autocomplete(
        self, channel: ChannelRef, command: str, option: str, typed: str, /, **options: Any
    ) -> list[AutocompleteChoice]:
        """Type into an autocomplete option and return the choices the bot answered."""
        handle = self.autocomplete_handle(channel, command, option, typed, **options)
        return await handle.choices()

    def click(
        self, message: MessageRef, *, label: str | None = None, custom_id: str | None = None
    ) -> InteractionHandle:
        """Click a button found by label or custom_id."""
        source = self._message(message)
        button = MessageView(source).button(label=label, custom_id=custom_id)
        if button.disabled:
            raise EmulatorUsageError(f"button {button.label or button.custom_id!r} is disabled")
        if button.custom_id is None:
            raise EmulatorUsageError(f"button {button.label!r} is a link, not an interaction")
        data = {"custom_id": button.custom_id, "component_type": comp.BUTTON}
        return self._interact(MESSAGE_COMPONENT, self._source_channel(source), data, source)

    def select(self, message: MessageRef, select: str, values: list[str]) -> InteractionHandle:
        """Choose `values` in the string select found by custom_id or placeholder."""
        source = self._message(message)
        menu = MessageView(source).select(select)
        if menu.disabled:
            raise EmulatorUsageError(f"select {select!r} is disabled")
        if menu.type != comp.STRING_SELECT:
            raise EmulatorUsageError("only string selects are emulated")
        allowed = {o.value for o in menu.options}
        if not set(values) <= allowed or not menu.min_values <= len(values) <= menu.max_values:
            raise EmulatorUsageError(
                f"cannot choose {values} in {select!r}: options {sorted(allowed)}, "
                f"{menu.min_values}-{menu.max_values} values"
            )
        data = {"custom_id": menu.custom_id, "component_type": menu.type, "values": list(values)}
        return self._interact(MESSAGE_COMPONENT, self._source_channel(source), data, source)

    def submit_modal(self, handle: InteractionHandle, values: dict[str, str]) -> InteractionHandle:
        """Fill in and submit the modal the bot opened in answer to `handle`.

        As in the client: every text input is sent, a field not in `values` keeps the value
        the bot filled in (or stays empty), a required field cannot be left empty, a value
        must respect min_length and max_length, and a modal is submitted once at most.
        """
        response = handle.interaction.response
        if response is None or response.modal is None:
            raise EmulatorUsageError("the bot did not open a modal for this interaction")
        if handle.interaction.user.id != self.id:
            raise EmulatorUsageError("only the user who triggered a modal can submit it")
        if handle.interaction.modal_submitted:
            raise EmulatorUsageError("this modal was already submitted (the client closed it)")
        modal = response.modal
        rows = []
        known = set()
        for row in modal.get("components") or []:
            inner = row.get("components") or [row.get("component") or {}]
            for field in inner:
                custom_id = field.get("custom_id")
                known.add(custom_id)
                value = values.get(custom_id, field.get("value") or "")
                _check_text_input(field, value)
                submitted = {"type": field["type"], "custom_id": custom_id, "value": value}
                rows.append({"type": row["type"], **_wrap(row["type"], submitted)})
        unknown = set(values) - known
        if unknown:
            raise EmulatorUsageError(f"the modal has no text input {sorted(unknown)}")
        handle.interaction.modal_submitted = True
        data = {"custom_id": modal["custom_id"], "components": rows}
        source = handle.interaction.source_message
        return self._interact(MODAL_SUBMIT, handle.interaction.channel, data, source)

    async def open_activity(self, channel: ChannelRef) -> Launch:
        """Run the app's Entry Point command in a channel (the App Launcher): Discord opens
        the Activity itself, or, when the app handles the command, dispatches it to the bot,
        which must answer LAUNCH_ACTIVITY."""
        target = self._channel(channel)
        activities = self._emu.activities
        command = activities.entry_point()
        if command is None or not activities.enabled:
            raise EmulatorUsageError("the app has no Activity (emu.activities.enable())")
        if command.payload.get("handler", DISCORD_LAUNCH_ACTIVITY) == DISCORD_LAUNCH_ACTIVITY:
            return activities.launch(self.user, target, "entry_point")
        data = {"id": str(command.id), "name": command.name, "type": ENTRY_POINT}
        response = await self._interact(APPLICATION_COMMAND, target, data).response()
        if response.type != LAUNCH_ACTIVITY or response.launch is None:
            raise AssertionError(f"the bot answered the Entry Point with type {response.type}")
        return response.launch

    def send(self, channel: ChannelRef, content: str) -> MessageView:
        """Post a plain message in a channel (or DM with the bot)."""
        target = self._channel(channel)
        message = self._emu.store.add_message(target, self.user, content=content)
        self._emu.events.message_create(message)
        self._emu.changed()
        return MessageView(message)

    def upload(self, filename: str, data: bytes) -> StoredAttachment:
        """Upload a file to use as an attachment option of a slash command."""
        store = self._emu.store
        attachment = StoredAttachment(store.ids.next(), filename, data)
        store.files[attachment.id] = attachment
        return attachment

    def visible_messages(self, channel: ChannelRef) -> list[MessageView]:
        """Messages this user sees in a channel, oldest first (their ephemerals included)."""
        target = self._channel(channel)
        store = self._emu.store
        return [
            MessageView(m) for m in target.messages.values() if store.can_see_message(self.id, m)
        ]

    def dms(self) -> list[MessageView]:
        """Messages of this user's DM channel with the bot."""
        channel_id = self._emu.store.dm_by_user.get(self.id)
        return [] if channel_id is None else self.visible_messages(channel_id)

    def open_dm(self) -> Channel:
        """Open this user's DM with the bot (they must share a guild), as the client does."""
        if not self._emu.store.shares_guild(self.user):
            raise EmulatorUsageError(f"{self.name} shares no guild with the bot")
        channel = self._emu.store.dm_channel(self.user)
        self._emu.changed()
        return channel

    def dm_channel(self) -> Channel | None:
        """This user's DM channel with the bot, if one was opened."""
        channel_id = self._emu.store.dm_by_user.get(self.id)
        return None if channel_id is None else self._emu.store.channels[channel_id]

    def ephemerals(self) -> list[MessageView]:
        """Ephemeral messages shown to this user, oldest first."""
        found = [
            m
            for channel in self._emu.store.channels.values()
            for m in channel.messages.values()
            if m.ephemeral_for == self.id and not m.deleted
        ]
        return [MessageView(m) for m in sorted(found, key=lambda m: m.id)]

    def _command(self, target: Channel, command: str) -> tuple[AppCommand, list[str]]:
        name, *path = command.split()
        store = self._emu.store
        guild = store.guild_of(target)
        found = [
            c
            for c in store.commands_in(guild.id if guild else None)
            if c.name == name and c.type == 1
        ]
        if guild is None:
            found = [c for c in found if _usable_in_dms(c.payload)]
        if not found:
            raise EmulatorUsageError(
                f"no slash command /{name} is registered for {target.name or 'DMs'}"
            )
        return found[0], path

    def _source_channel(self, message: Message) -> Channel:
        return self._emu.store.channels[message.channel_id]

    def _interact(
        self, kind: int, channel: Channel, data: dict[str, Any], source: Message | None = None
    ) -> InteractionHandle:
        interaction = self._emu.flow.create(kind, self.user, channel, data, source)
        return InteractionHandle(self._emu, interaction)


def _usable_in_dms(payload: dict[str, Any]) -> bool:
    contexts = payload.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return payload.get("dm_permission", True) is not False


def _wrap(row_type: int, submitted: dict[str, Any]) -> dict[str, Any]:
    return {"components": [submitted]} if row_type == 1 else {"component": submitted}


def _check_text_input(field: dict[str, Any], value: str) -> None:
    """What the client enforces before it lets a modal be submitted."""
    name = field.get("label") or field.get("custom_id")
    required = field.get("required", True)
    low, high = field.get("min_length", 0), field.get("max_length", 4000)
    if not value:
        if required:
            raise EmulatorUsageError(f"the text input {name!r} is required")
        return
    if not low <= len(value) <= high:
        raise EmulatorUsageError(
            f"the text input {name!r} takes {low}-{high} characters, not {len(value)}"
        )
