"""Gateway events emitted when stored objects change."""

from __future__ import annotations

from .gateway import Gateway
from .models import Channel, Message
from .payloads import Payloads


class Events:
    """Dispatches MESSAGE_* and THREAD_CREATE like Discord; ephemerals are never dispatched."""

    def __init__(self, gateway: Gateway, payloads: Payloads) -> None:
        self.gateway = gateway
        self.payloads = payloads

    def message_create(self, message: Message) -> None:
        """Dispatch MESSAGE_CREATE."""
        if not message.ephemeral:
            self.gateway.dispatch("MESSAGE_CREATE", self.payloads.message_event(message))

    def message_update(self, message: Message) -> None:
        """Dispatch MESSAGE_UPDATE."""
        if not message.ephemeral:
            self.gateway.dispatch("MESSAGE_UPDATE", self.payloads.message_event(message))

    def message_delete(self, message: Message) -> None:
        """Dispatch MESSAGE_DELETE."""
        if message.ephemeral:
            return
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        self.gateway.dispatch("MESSAGE_DELETE", data)

    def thread_create(self, thread: Channel, creator_id: int) -> None:
        """Dispatch THREAD_CREATE for a newly created thread."""
        data = {
            **self.payloads.channel(thread),
            "newly_created": True,
            "member": self.payloads.thread_member(thread, creator_id),
        }
        self.gateway.dispatch("THREAD_CREATE", data)
