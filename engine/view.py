"""Building observations: the only place where hidden information is removed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.cards import SPECIAL, UNIT, WEATHER, Card, catalogue
from engine.events import seen_by
from engine.observation import (
    MULLIGAN,
    CardView,
    LeaderView,
    Observation,
    PendingView,
    RoundResult,
    RowView,
    SideView,
)
from engine.pending import PROMPTS
from engine.side import LEADER_HORN

if TYPE_CHECKING:
    from engine.match import Match


def card_view(uid: int, card: Card, strength: int | None = None) -> CardView:
    """Describe one card; strength defaults to the printed one for units."""
    unit = card.type == UNIT
    return CardView(
        uid=uid, card_id=card.id, name=card.name, type=card.type, faction=card.faction,
        strength=(card.strength if strength is None else strength) if unit else None,
        base=card.strength if unit else None, hero=card.hero, rows=card.rows,
        abilities=tuple(sorted(card.abilities)),
    )


_HAND_GROUPS = {SPECIAL: 0, WEATHER: 1, UNIT: 2}


def hand_order(cards: Iterable[CardView]) -> list[CardView]:
    """The hand in the order a player sees it, as The Witcher 3 lays out its hand row.

    From left to right: special cards (Commander's Horn, Decoy, Mardroeme, Scorch...), then
    weather cards, then units, the weakest first by printed strength (so heroes end up on the
    right); cards of equal standing go by name. Copies of a card are next to each other, in
    the order the match holds them. Card number i of a hand image, and of the card menu, is
    hand_order(hand)[i - 1]. The match's own order is left as it is (replays and the
    computer players depend on it): this orders what is shown only.
    """
    return sorted(cards, key=lambda c: (_HAND_GROUPS.get(c.type, len(_HAND_GROUPS)),
                                        c.base if c.type == UNIT and c.base is not None else 0,
                                        c.name.casefold(), c.card_id))


def observation(m: Match, viewer: int | None) -> Observation:
    """Return what `viewer` (0, 1, or None for a spectator) may see of the match."""
    stormy = m.weather_rows()
    strengths = m.strengths()
    cat = catalogue()
    sides = []
    for p, side in enumerate(m.sides):
        rows = []
        for r in range(3):
            horn = side.horns[r]
            mardroeme = side.mardroeme[r]
            rows.append(RowView(
                cards=tuple(card_view(u, m.cards[u], s)
                            for u, s in zip(side.rows[r], strengths[p][r], strict=True)),
                score=sum(strengths[p][r]),
                horn=None if horn in (None, LEADER_HORN) else card_view(horn, m.cards[horn]),
                leader_horn=horn == LEADER_HORN,
                horned=m.row_horned(p, r),
                mardroeme=None if mardroeme is None else card_view(mardroeme, m.cards[mardroeme]),
                weather=r in stormy,
            ))
        leader = cat.card(side.leader)
        assert leader.leader is not None
        own = viewer == p
        sides.append(SideView(
            player=p, name=side.name, faction=side.faction,
            faction_name=cat.factions[side.faction].name,
            leader=LeaderView(card_id=leader.id, name=leader.name, text=leader.text,
                              ability=leader.leader.ability, passive=leader.leader.passive,
                              used=side.leader_used, cancelled=m.leader_cancelled(p)),
            gems=side.gems, total=sum(sum(r) for r in strengths[p]), passed=side.passed,
            rows=(rows[0], rows[1], rows[2]),
            hand_count=len(side.hand), deck_count=len(side.deck) + len(side.set_aside),
            graveyard=tuple(card_view(u, m.cards[u]) for u in side.grave),
            hand=tuple(card_view(u, m.cards[u]) for u in side.hand) if own else None,
            mulligans_left=side.mulligans_left if own and m.phase == MULLIGAN else None,
            revealed=tuple(card_view(-1, cat.card(c)) for c in side.revealed) if own else (),
        ))
    pending = None
    if m.pending is not None:
        mine = m.pending.player == viewer
        pending = PendingView(
            kind=m.pending.kind, player=m.pending.player, prompt=PROMPTS[m.pending.kind],
            options=tuple(card_view(u, m.cards[u]) for u in m.pending.options) if mine else (),
        )
    events, lines = seen_by(m.events, viewer)
    return Observation(
        viewer=viewer, phase=m.phase, round=m.round,
        turn=m.current if m.phase == "playing" else None,
        action_count=len(m.history), sides=(sides[0], sides[1]),
        weather=tuple(card_view(u, m.cards[u]) for u, _ in m.weather),
        rounds=tuple(RoundResult(scores, winner) for scores, winner in m.results),
        winner=m.winner, forfeited_by=m.forfeited_by,
        events=events, last_events=events[m.mark:], highlight=tuple(m.highlight),
        pending=pending,
        legal=tuple(m.legal_actions(viewer)) if viewer is not None else (),
        event_log=lines, last_event_log=lines[m.mark:],
    )
