"""What the bot cost Discord and the players, counted from the emulator's request log.

- Requests against the global rate limit: every REST request made with the bot token, as the
  emulator classifies them (`RequestRecord.counts_globally`: interaction endpoints are
  exempt).
- Public posts: new messages everyone in a channel sees (edits and ephemeral messages are not
  posts).
- Pings: users a new public message mentions and its allowed_mentions lets notify (an edit
  never notifies).
- "Out of date" answers: the private answers telling a player that what they clicked no
  longer applies.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tests.emulator import Emulator
from tests.emulator.models import EPHEMERAL, Interaction
from tests.emulator.records import RequestRecord

MENTION = re.compile(r"<@!?(\d+)>")
CHANNEL_POST = re.compile(r"^/channels/(\d+)/messages$")
FOLLOW_UP = re.compile(r"^/webhooks/\d+/([^/]+)$")
CALLBACK = re.compile(r"^/interactions/\d+/([^/]+)/callback$")
CHANNEL_MESSAGE_WITH_SOURCE = 4


def by_limit(records: Iterable[RequestRecord]) -> Counter[str]:
    """How many requests were bound to the global limit ("global") and exempt ("exempt")."""
    return Counter("global" if r.counts_globally else "exempt" for r in records)


@dataclass(frozen=True)
class Post:
    """A public message the bot created: where, whom it notified, and what it is, from the
    custom_id of its first component (`kind`: "lobby", "hand" for a board, "rematch" for a
    result, "ch" for a challenge; "" for a message without one, such as a tournament's
    pairings or a turn timer's warning)."""

    channel_id: int
    pinged: frozenset[int]
    kind: str = ""
    content: str = ""


def _pinged(body: dict[str, Any]) -> frozenset[int]:
    mentioned = {int(u) for u in MENTION.findall(str(body.get("content") or ""))}
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return frozenset(mentioned)
    users = {int(u) for u in allowed.get("users") or ()}
    if "users" in (allowed.get("parse") or ()):
        users = mentioned
    return frozenset(mentioned & users)


def _kind(body: dict[str, Any]) -> str:
    for row in body.get("components") or ():
        for item in row.get("components") or ():
            parts = str(item.get("custom_id") or "").split(":")
            if len(parts) > 1:
                return parts[1]
    return ""


def _filled_loading(interaction: Interaction) -> bool:
    original = interaction.original
    return original is not None and any(m is original for m in interaction.followups)


def public_posts(emu: Emulator, records: Iterable[RequestRecord]) -> list[Post]:
    """Every public message the bot created in these requests, in order."""
    by_token = {i.token: i for i in emu.store.interactions.values()}
    seen: Counter[str] = Counter()
    nonces: set[tuple[int, str]] = set()
    posts = []
    for record in records:
        if record.method != "POST" or not 200 <= record.status < 300:
            continue
        body = record.body if isinstance(record.body, dict) else {}
        if found := CHANNEL_POST.match(record.path):
            channel_id = int(found[1])
            if body.get("enforce_nonce") and body.get("nonce"):
                if (channel_id, str(body["nonce"])) in nonces:
                    continue  # a retry: Discord returned the message already posted
                nonces.add((channel_id, str(body["nonce"])))
        elif found := FOLLOW_UP.match(record.path):
            interaction = by_token.get(found[1])
            seen[found[1]] += 1
            if interaction is None or (seen[found[1]] == 1 and _filled_loading(interaction)):
                continue  # the first follow-up after a deferral filled the loading message
            channel_id = interaction.channel.id
        elif found := CALLBACK.match(record.path):
            interaction = by_token.get(found[1])
            if interaction is None or body.get("type") != CHANNEL_MESSAGE_WITH_SOURCE:
                continue
            channel_id = interaction.channel.id
            body = body.get("data") or {}
        else:
            continue
        if int(body.get("flags") or 0) & EPHEMERAL:
            continue
        posts.append(Post(channel_id, _pinged(body), _kind(body), str(body.get("content") or "")))
    return posts


def pings(posts: Iterable[Post]) -> int:
    """How many notifications these posts sent (one per user pinged per post)."""
    return sum(len(post.pinged) for post in posts)


def pings_by_user(posts: Iterable[Post]) -> Counter[int]:
    """How many notifications each user got from these posts."""
    return Counter(user for post in posts for user in post.pinged)


def out_of_date_answers(emu: Emulator) -> int:
    """How many private answers told a player that what they clicked is out of date."""
    return sum(1 for channel in emu.store.channels.values()
               for message in channel.messages.values()
               if message.ephemeral and "out of date" in message.content.lower())


@dataclass(frozen=True)
class MatchCost:
    """What one match cost: its moves (actions), the public posts in its channel and the
    pings they sent, the players' taps on its components (Show my hand among them), and the
    bot's requests against the global limit and exempt from it."""

    moves: int
    posts: int
    pings: int
    taps: int
    show_my_hand: int
    global_requests: int
    exempt_requests: int

    def per_move(self, count: int) -> float:
        """A count divided by the moves."""
        return count / self.moves


def match_cost(emu: Emulator, channel_id: int, match_id: int, moves: int,
               since: int = 0) -> MatchCost:
    """The cost of the match `match_id` played in `channel_id` with `moves` actions, from the
    request log from index `since` on (requests of other matches must not be in it)."""
    records = emu.log[since:]
    posts = [p for p in public_posts(emu, records) if p.channel_id == channel_id]
    play = re.compile(rf"gw:(?:hand|card|move|pick):{match_id}:\d+(?::.*)?")
    taps = [i for i in emu.store.interactions.values()
            if play.fullmatch(str(i.payload.get("data", {}).get("custom_id", "")))]
    show = [i for i in taps if i.source_message is not None and not i.source_message.ephemeral
            and str(i.payload["data"]["custom_id"]).startswith("gw:hand:")]
    limits = by_limit(records)
    return MatchCost(moves, len(posts), pings(posts), len(taps), len(show), limits["global"],
                     limits["exempt"])
