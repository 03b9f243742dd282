"""Test-side views of stored messages: live, read-only, and limited to what a client shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import components as comp
from .errors import EmulatorUsageError
from .models import Message, StoredAttachment


@dataclass(frozen=True)
class AttachmentView:
    """An attachment with its bytes."""

    filename: str
    data: bytes
    content_type: str | None
    description: str | None

    @classmethod
    def of(cls, attachment: StoredAttachment) -> AttachmentView:
        """Build from a stored attachment."""
        return cls(
            attachment.filename, attachment.data, attachment.content_type, attachment.description
        )


class MessageView:
    """A live view of a message: reading an attribute always shows its current state."""

    def __init__(self, message: Message) -> None:
        self._message = message

    def __repr__(self) -> str:
        return f"<MessageView id={self.id} content={self.content!r} ephemeral={self.ephemeral}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MessageView) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    @property
    def model(self) -> Message:
        """The stored message behind this view."""
        return self._message

    @property
    def id(self) -> int:
        """Message id."""
        return self._message.id

    @property
    def channel_id(self) -> int:
        """Channel id."""
        return self._message.channel_id

    @property
    def author_id(self) -> int:
        """Author's user id."""
        return self._message.author.id

    @property
    def content(self) -> str:
        """Text content."""
        return self._message.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Embeds as Discord JSON."""
        return self._message.embeds

    @property
    def components(self) -> list[list[comp.Component]]:
        """Interactive components per action row."""
        return comp.rows(self._message.components)

    @property
    def buttons(self) -> list[comp.Button]:
        """Every button, in order."""
        return [c for c in self._interactive() if isinstance(c, comp.Button)]

    @property
    def selects(self) -> list[comp.Select]:
        """Every select menu, in order."""
        return [c for c in self._interactive() if isinstance(c, comp.Select)]

    def _interactive(self) -> list[comp.Component]:
        """Every interactive component, parsed once per edit of the message's components
        (waiting players look at every message after each change in the emulator)."""
        message = self._message
        parsed = message.parsed_components
        if parsed is None or parsed[0] is not message.components:
            parsed = message.parsed_components = (message.components,
                                                  list(comp.walk(message.components)))
        return parsed[1]

    @property
    def attachments(self) -> list[AttachmentView]:
        """Attachments with their bytes."""
        return [AttachmentView.of(a) for a in self._message.attachments]

    @property
    def ephemeral(self) -> bool:
        """Whether only one user sees it."""
        return self._message.ephemeral

    @property
    def loading(self) -> bool:
        """Whether it is still a deferred 'thinking' placeholder."""
        return self._message.loading

    @property
    def deleted(self) -> bool:
        """Whether it was deleted."""
        return self._message.deleted

    @property
    def edited(self) -> bool:
        """Whether it was edited after being sent."""
        return self._message.edited_timestamp is not None

    @property
    def posted_at(self) -> float:
        """When the message was stored, in emulator-clock seconds (`emu.clock.now()`)."""
        return self._message.posted_at

    def button(self, *, label: str | None = None, custom_id: str | None = None) -> comp.Button:
        """Find a button by label or custom_id; raises if there is none."""
        for button in self.buttons:
            if (label is None or button.label == label) and (
                custom_id is None or button.custom_id == custom_id
            ):
                return button
        shown = [(b.label, b.custom_id) for b in self.buttons]
        raise EmulatorUsageError(
            f"no button label={label!r} custom_id={custom_id!r}; message has {shown}"
        )

    def select(self, key: str) -> comp.Select:
        """Find a select by custom_id or placeholder; raises if there is none."""
        for select in self.selects:
            if key in (select.custom_id, select.placeholder):
                return select
        shown = [(s.custom_id, s.placeholder) for s in self.selects]
        raise EmulatorUsageError(f"no select {key!r}; message has {shown}")
