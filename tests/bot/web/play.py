"""Playing at the table as pages would: random legal moves sent over the sockets, each at the
action count its page shows; and what a frame must never hold."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

from engine import Match
from tests.bot.web.client import Frame, TableClient


def choose(legal: list[Frame], rng: random.Random, pass_bias: float) -> Frame:
    """A random legal move: passing (or keeping the hand) with `pass_bias`."""
    quiet = [m for m in legal if m["kind"] in ("pass", "keep")]
    others = [m for m in legal if m["kind"] not in ("pass", "keep")]
    if quiet and (not others or rng.random() < pass_bias):
        return quiet[0]
    return rng.choice(others)


async def play_at_table(clients: dict[int, TableClient], rng: random.Random, *,
                        pass_bias: float = 0.15, moves: int | None = None,
                        max_moves: int = 500) -> Frame:
    """Random legal moves by the seats in `clients` (a computer plays any other seat) until
    the match is over, or until `moves` moves were made; the newest view then."""
    made = 0
    for _ in range(max_moves * 4):
        newest = max((c.view() for c in clients.values()), key=lambda v: v["action_count"])
        if newest["phase"] == "over" or made == moves:
            return newest
        count = newest["action_count"]
        movers = [s for s in newest["to_act"] if s in clients]
        if not movers:  # the computer's turn
            await next(iter(clients.values())).view_at(count + 1)
            continue
        client = clients[movers[0]]
        view = await client.view_at(count)
        if view["action_count"] != count or not view["legal"]:
            continue
        answer = await client.move(choose(view["legal"], rng, pass_bias)["move"], count)
        if answer["t"] == "error":
            assert answer["code"] in ("stale", "rate_limited"), answer
            if answer["code"] == "rate_limited":  # as a page would: wait, then try again
                await asyncio.sleep(0.25)
            continue
        await client.view_at(count + 1)
        made += 1
    raise AssertionError("the match did not end")


def uids_in(data: Any) -> Iterator[int]:
    """Every card number a frame holds (under uid, target, uids and last)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "target" and data.get("kind") == "first":
                continue  # a seat, not a card
            if key in ("uid", "target") and isinstance(value, int):
                yield value
            elif key in ("uids", "last") and isinstance(value, list):
                yield from (v for v in value if isinstance(v, int))
            else:
                yield from uids_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from uids_in(item)


def hidden_from(engine: Match, viewer: int | None) -> set[int]:
    """The card numbers `viewer` (None: a spectator) may not see now: every hand but their
    own, and both decks (a choice from their own deck shows its options to them alone)."""
    hidden: set[int] = set()
    for seat, side in enumerate(engine.sides):
        if seat != viewer:
            hidden |= set(side.hand)
        hidden |= set(side.deck) | set(side.set_aside)
    if viewer is not None and engine.pending is not None and engine.pending.player == viewer:
        hidden -= set(engine.pending.options)
    return hidden
