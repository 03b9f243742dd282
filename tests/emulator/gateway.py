"""The gateway websocket: HELLO, IDENTIFY, heartbeats, READY, GUILD_CREATE and dispatches.

Sharding as Discord does it: a session that IDENTIFYs with `shard: [id, count]` gets only the
guilds, guild events and guild interactions of shard (guild_id >> 22) % count, and direct
messages (events and interactions) only on shard 0. A session without `shard` gets all.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .payloads import Payloads
from .snowflake import shard_of
from .state import Store

HEARTBEAT_INTERVAL_MS = 41250

GUILDS = 1 << 0
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

AUTHENTICATION_FAILED = 4004
DECODE_ERROR = 4002


class GatewaySession:
    """One connected client; frames are written in order by a single writer task."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.intents = 0
        self.shard: tuple[int, int] | None = None
        self.ready = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write_loop())

    async def _write_loop(self) -> None:
        while (frame := await self.queue.get()) is not None:
            try:
                await self.ws.send_str(frame)
            except ConnectionError:
                return

    def send(self, op: int, data: Any) -> None:
        """Queue a non-dispatch frame."""
        self.queue.put_nowait(json.dumps({"op": op, "d": data, "s": None, "t": None}))

    def dispatch(self, event: str, data: Any) -> None:
        """Queue a dispatch (op 0) with the next sequence number."""
        self.seq += 1
        self.queue.put_nowait(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))

    def covers(self, guild_id: int | None) -> bool:
        """Whether this session's shard gets a guild's traffic (None: direct messages)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else shard_of(guild_id, count))

    async def close(self, code: int = 1000) -> None:
        """Stop writing and close the socket."""
        self.queue.put_nowait(None)
        await self.writer
        await self.ws.close(code=code)


def _required_intent(event: str, data: dict[str, Any]) -> int:
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if data.get("guild_id") else DIRECT_MESSAGES
    if event.startswith(("GUILD_", "CHANNEL_", "THREAD_")) and event != "GUILD_MEMBERS_CHUNK":
        return GUILDS
    return 0


def _guild_of(data: dict[str, Any]) -> int | None:
    """The guild an event or interaction belongs to, if any."""
    if data.get("guild_id"):
        return int(data["guild_id"])
    return None


def _redact(data: dict[str, Any], bot_id: str) -> dict[str, Any]:
    """Strip what the MESSAGE_CONTENT intent guards from someone else's guild message."""
    author = data.get("author", {}).get("id")
    mentioned = any(u.get("id") == bot_id for u in data.get("mentions", []))
    if not data.get("guild_id") or author == bot_id or mentioned:
        return data
    return {**data, "content": "", "embeds": [], "attachments": [], "components": []}


class Gateway:
    """Accepts gateway connections and fans events out to identified sessions."""

    def __init__(
        self, store: Store, payloads: Payloads, token: str, url: str, changed: Callable[[], None]
    ) -> None:
        self.store = store
        self.payloads = payloads
        self.token = token
        self.url = url
        self.changed = changed
        self.sessions: list[GatewaySession] = []

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one gateway websocket connection."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws)
        self.sessions.append(session)
        session.send(10, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    await session.close(DECODE_ERROR)
                    break
                await self._on_frame(session, frame)
        finally:
            self.sessions.remove(session)
            session.ready = False
            session.queue.put_nowait(None)
            await session.writer
            self.changed()
        return ws

    async def _on_frame(self, session: GatewaySession, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            session.send(11, None)
        elif op == 2:
            await self._identify(session, data or {})
        elif op == 6:
            # Resuming is not emulated: the client is told to identify afresh.
            session.send(9, False)
        elif op == 8:
            self._members_chunk(session, data or {})

    async def _identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await session.close(AUTHENTICATION_FAILED)
            return
        session.intents = int(data.get("intents", 0))
        if "shard" in data:
            shard_id, count = (int(x) for x in data["shard"])
            session.shard = (shard_id, count)
        bot_guilds = [g for g in self.store.guilds.values()
                      if self.store.bot.id in g.members and session.covers(g.id)]
        shard = {"shard": data["shard"]} if "shard" in data else {}
        session.dispatch(
            "READY",
            {
                **shard,
                "v": 10,
                "user": self.payloads.me(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in bot_guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.url,
                "session_type": "normal",
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "application": {"id": str(self.store.bot.id), "flags": 0},
            },
        )
        all_members = bool(session.intents & GUILD_PRESENCES)
        for guild in bot_guilds:
            session.dispatch(
                "GUILD_CREATE", self.payloads.guild_create(guild, all_members=all_members)
            )
        session.ready = True
        self.changed()

    def _members_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.store.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [m for m in guild.members.values() if not wanted or m.user.id in wanted]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [self.payloads.member(guild, m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to every ready session whose intents cover it."""
        needed = _required_intent(event, data)
        bot_id = str(self.store.bot.id)
        guild_id = _guild_of(data)
        for session in self.sessions:
            if not session.ready or (needed and not session.intents & needed):
                continue
            if not session.covers(guild_id):
                continue
            body = data
            if (
                event in ("MESSAGE_CREATE", "MESSAGE_UPDATE")
                and not session.intents & MESSAGE_CONTENT
            ):
                body = _redact(data, bot_id)
            session.dispatch(event, body)

    def deliver_interaction(self, payload: dict[str, Any]) -> bool:
        """Send INTERACTION_CREATE to one ready session of the guild's shard (shard 0 in
        direct messages), as Discord does; False if none."""
        guild_id = _guild_of(payload)
        for session in self.sessions:
            if session.ready and session.covers(guild_id):
                session.dispatch("INTERACTION_CREATE", payload)
                return True
        return False

    async def close_all(self) -> None:
        """Close every open session."""
        for session in list(self.sessions):
            await session.close()
