"""Replay test helpers: finished matches played through the service, and what a view of a
match shows."""

from __future__ import annotations

import random

from bot.service import Services
from engine import Match, Observation
from engine.actions import FORFEIT
from tests.bot.helpers import ALICE, BOB, move_text, start_match

Seen = dict[int, tuple[Observation, Observation, Observation]]


async def play_and_watch(services: Services, match_id: int, rng: random.Random
                         ) -> Seen:
    """Play random legal moves to the end; return what the spectators and each player saw
    after every move, by action count."""
    seen = {}
    while True:
        record = await services.matches.get(match_id)
        public = (await services.matches.public(match_id)).observation
        mine = [(await services.matches.private(match_id, seat.user_id)).observation
                for seat in record.seats]
        assert public is not None and mine[0] is not None and mine[1] is not None
        seen[record.action_count] = (public, mine[0], mine[1])
        if not record.is_live:
            return seen
        moves = [(s, a) for s in (0, 1) for a in mine[s].legal if a.kind != FORFEIT]
        seat, action = rng.choice(moves)
        await services.matches.act(match_id, record.seats[seat].user_id, move_text(action),
                                   record.action_count)


async def finished_match(services: Services, seed: int,
                         factions: tuple[str, str] = ("monsters", "northern_realms")
                         ) -> tuple[int, Seen]:
    """Play a match with these factions to the end; return its id and what was seen."""
    match = await start_match(services, ready=False)
    for user, faction in zip((ALICE, BOB), factions, strict=True):
        await services.matches.choose_deck(match.id, user.user_id, faction=faction)
        await services.matches.ready(match.id, user.user_id)
    return match.id, await play_and_watch(services, match.id, random.Random(seed))


def hidden_uids(engine: Match) -> set[int]:
    """Cards in hands and decks: what no spectator may see."""
    return {u for side in engine.sides for u in (*side.hand, *side.deck)}


def shown_uids(obs: Observation) -> set[int]:
    """Every card a view of the match shows."""
    views = [*obs.weather, *(obs.pending.options if obs.pending else ())]
    for side in obs.sides:
        views += [*side.graveyard, *(side.hand or ()), *side.revealed]
        for row in side.rows:
            views += [*row.cards, *(v for v in (row.horn, row.mardroeme) if v is not None)]
    return {v.uid for v in views}
