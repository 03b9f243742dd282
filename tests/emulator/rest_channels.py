"""REST: channels, messages (with attachments), threads and DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import errors
from .errors import ApiError
from .httpio import json_response, no_content, read_body
from .messages import apply_body, creation_flags, mark_edited
from .models import DM_CHANNEL, PRIVATE_THREAD, PUBLIC_THREAD, TEXT_CHANNEL, Channel
from .validation import validate_message

if TYPE_CHECKING:
    from .emulator import Emulator

API = "/api/v10"
CHANNEL = API + "/channels/{channel_id:\\d+}"
MESSAGE = CHANNEL + "/messages/{message_id:\\d+}"


class ChannelApi:
    """Handlers for channel, message, thread and DM routes."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store

    def routes(self) -> list[web.RouteDef]:
        """The aiohttp routes served by this class."""
        return [
            web.get(CHANNEL, self.get_channel),
            web.get(CHANNEL + "/messages", self.history),
            web.post(CHANNEL + "/messages", self.create_message),
            web.get(MESSAGE, self.get_message),
            web.patch(MESSAGE, self.edit_message),
            web.delete(MESSAGE, self.delete_message),
            web.post(CHANNEL + "/typing", self.typing),
            web.post(CHANNEL + "/threads", self.create_thread),
            web.post(MESSAGE + "/threads", self.create_thread_from_message),
            web.put(CHANNEL + "/thread-members/{user_id}", self.add_thread_member),
            web.post(API + "/users/@me/channels", self.open_dm),
        ]

    def _channel(self, request: web.Request) -> Channel:
        channel = self.store.channel(int(request.match_info["channel_id"]))
        if channel.type != DM_CHANNEL:
            self.store.require_bot(channel, "view_channel")
        return channel

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[Any]]:
        body, uploads = await read_body(request)
        return body or {}, uploads

    async def get_channel(self, request: web.Request) -> web.Response:
        """GET /channels/{id}."""
        return json_response(self.emu.payloads.channel(self._channel(request)))

    async def history(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages (newest first; limit/before/after)."""
        channel = self._channel(request)
        self.store.require_bot(channel, "read_message_history")
        limit = min(int(request.query.get("limit", 50)), 100)
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        found = [
            m
            for m in reversed(channel.messages.values())
            if after < m.id < before and not m.ephemeral
        ]
        return json_response([self.emu.payloads.message(m) for m in found[:limit]])

    def _check_send(self, channel: Channel) -> None:
        if channel.type == DM_CHANNEL:
            recipient = self.store.recipient(channel)
            if not self.store.shares_guild(recipient):
                raise ApiError(403, errors.NO_MUTUAL_GUILDS)
            if not recipient.dms_open:
                raise ApiError(403, errors.CANNOT_DM_USER)
        elif channel.is_thread:
            self.store.require_bot(channel, "send_messages_in_threads")
        else:
            self.store.require_bot(channel, "send_messages")

    async def create_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages."""
        channel = self._channel(request)
        body, uploads = await self._body(request)
        self._check_send(channel)
        if uploads and channel.type != DM_CHANNEL:
            self.store.require_bot(channel, "attach_files")
        validate_message(body, uploads, creating=True)
        nonce = str(body["nonce"]) if body.get("enforce_nonce") and body.get("nonce") else None
        earlier = self.store.nonced_message(channel, nonce)
        if earlier is not None:  # enforce_nonce: the same post again returns the first one
            return json_response(self.emu.payloads.message(earlier))
        message = self.store.add_message(
            channel, self.store.bot, flags=creation_flags(body, ephemeral_allowed=False)
        )
        apply_body(message, body, uploads, self.store.ids, self.store.files)
        self.store.remember_nonce(channel, nonce, message)
        self.emu.events.message_create(message)
        self.emu.changed()
        return json_response(self.emu.payloads.message(message))

    async def get_message(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages/{mid}."""
        channel = self._channel(request)
        if channel.type != DM_CHANNEL:
            self.store.require_bot(channel, "read_message_history")
        message = self.store.message(channel, int(request.match_info["message_id"]))
        return json_response(self.emu.payloads.message(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}/messages/{mid}: only the bot's own messages."""
        channel = self._channel(request)
        message = self.store.message(channel, int(request.match_info["message_id"]))
        body, uploads = await self._body(request)
        if message.author.id != self.store.bot.id:
            raise ApiError(403, errors.CANNOT_EDIT_OTHERS_MESSAGE)
        validate_message(body, uploads, creating=False)
        apply_body(message, body, uploads, self.store.ids, self.store.files)
        mark_edited(message)
        self.emu.events.message_update(message)
        self.emu.changed()
        return json_response(self.emu.payloads.message(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}/messages/{mid}."""
        channel = self._channel(request)
        message = self.store.message(channel, int(request.match_info["message_id"]))
        if message.author.id != self.store.bot.id and channel.type != DM_CHANNEL:
            self.store.require_bot(channel, "manage_messages")
        self.store.delete_message(message)
        self.emu.events.message_delete(message)
        self.emu.changed()
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/typing."""
        self._channel(request)
        return no_content()

    async def create_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/threads (no starter message)."""
        parent = self._channel(request)
        body, _ = await self._body(request)
        if parent.type != TEXT_CHANNEL:
            raise ApiError(400, errors.INVALID_FORM_BODY, "Cannot create a thread here")
        kind = int(body.get("type") or PRIVATE_THREAD)
        needed = "create_private_threads" if kind == PRIVATE_THREAD else "create_public_threads"
        self.store.require_bot(parent, needed)
        thread = self.store.add_thread(
            parent,
            body.get("name", "thread"),
            kind,
            archive=int(body.get("auto_archive_duration") or 1440),
        )
        return self._thread_created(thread)

    async def create_thread_from_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages/{mid}/threads: the thread takes the message's id."""
        parent = self._channel(request)
        message = self.store.message(parent, int(request.match_info["message_id"]))
        body, _ = await self._body(request)
        self.store.require_bot(parent, "create_public_threads")
        if message.thread_id is not None:
            raise ApiError(400, errors.THREAD_ALREADY_CREATED)
        thread = self.store.add_thread(
            parent,
            body.get("name", "thread"),
            PUBLIC_THREAD,
            thread_id=message.id,
            archive=int(body.get("auto_archive_duration") or 1440),
        )
        message.thread_id = thread.id
        self.emu.events.message_update(message)
        return self._thread_created(thread)

    def _thread_created(self, thread: Channel) -> web.Response:
        self.emu.events.thread_create(thread, self.store.bot.id)
        self.emu.changed()
        member = self.emu.payloads.thread_member(thread, self.store.bot.id)
        data = {**self.emu.payloads.channel(thread), "member": member}
        return json_response(data, status=201)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        """PUT /channels/{id}/thread-members/{user_id}."""
        thread = self._channel(request)
        if not thread.is_thread:
            raise ApiError(400, errors.INVALID_FORM_BODY, "Not a thread")
        ref = request.match_info["user_id"]
        user_id = self.store.bot.id if ref == "@me" else self.store.user(int(ref)).id
        thread.thread_members.add(user_id)
        self.emu.changed()
        return no_content()

    async def open_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels {recipient_id}: works even when the user's DMs are closed."""
        body, _ = await self._body(request)
        user = self.store.user(int(body.get("recipient_id", 0)))
        channel = self.store.dm_channel(user)
        self.emu.changed()
        return json_response(self.emu.payloads.channel(channel))
