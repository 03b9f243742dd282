"""Test-side knowledge of what was hidden when a public message was posted."""

from __future__ import annotations

import re

from bot.service import Services
from bot.service.decks import build_deck, seat_choice
from engine import Action, Match, Observation, catalogue
from tests.emulator import MessageView

HAND_ID = re.compile(r"gw:hand:(\d+):(\d+)")
REMATCH_ID = re.compile(r"gw:rematch:(\d+)")


def public_names(obs: Observation) -> set[str]:
    """Every card name a spectator can see (board, piles, weather, leaders, the log)."""
    names = {s.leader.name for s in obs.sides}
    names |= {v.name for v in obs.weather}
    for side in obs.sides:
        names |= {v.name for v in side.graveyard}
        for row in side.rows:
            names |= {v.name for v in row.cards}
            names |= {v.name for v in (row.horn, row.mardroeme) if v is not None}
    log = " ".join(obs.events)
    return names | {n for n in _all_names() if n in log}


def _all_names() -> set[str]:
    return {c.name for c in catalogue().cards.values()}


async def state_at(services: Services, match_id: int, count: int | None) -> Match:
    """Replay a match from its stored log up to `count` actions (all when None)."""
    record = await services.matches.get(match_id)
    decks = tuple(build_deck(seat_choice(s)) for s in record.seats)
    engine = Match.new((decks[0], decks[1]), record.seed, (record.seats[0].name,
                                                           record.seats[1].name))
    for _, text, _ in (await services.matches.actions(match_id))[:count]:
        engine.apply(Action.parse(text))
    return engine


def hidden_names(engine: Match) -> set[str]:
    """Names of cards in hands and decks that a spectator cannot see anywhere."""
    secret = {engine.card(u).name for side in engine.sides for u in (*side.hand, *side.deck)}
    return secret - public_names(engine.observation(None))


def leaks(message: MessageView, hidden: set[str], visible: set[str]) -> set[str]:
    """Hidden card names found in a message's text, labels or option texts."""
    texts = [message.content, *(b.label or "" for b in message.buttons)]
    for menu in message.selects:
        texts += [menu.placeholder or ""]
        texts += [f"{o.label} {o.description or ''}" for o in menu.options]
    text = " ".join(texts)
    for name in sorted(visible, key=len, reverse=True):
        text = text.replace(name, "")
    return {name for name in hidden if re.search(rf"\b{re.escape(name)}\b", text)}


async def check_public_messages(services: Services, messages: list[MessageView]) -> int:
    """Assert no public board or result names a hidden card; return how many were checked."""
    checked = 0
    for message in messages:
        if message.ephemeral:
            continue
        custom_ids = [b.custom_id or "" for b in message.buttons]
        board = next((m for c in custom_ids if (m := HAND_ID.fullmatch(c))), None)
        result = next((m for c in custom_ids if (m := REMATCH_ID.fullmatch(c))), None)
        if board is not None:
            engine = await state_at(services, int(board.group(1)), int(board.group(2)))
        elif result is not None:
            engine = await state_at(services, int(result.group(1)), None)
        else:
            continue
        visible = public_names(engine.observation(None))
        assert not leaks(message, hidden_names(engine), visible), message.content
        checked += 1
    return checked
