"""Active leader abilities: when they may be used and what they do."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from engine import events
from engine.cards import WEATHER, Card, LeaderAbility, catalogue
from engine.events import line
from engine.pending import DECK_DRAW, DECK_WEATHER, RESTORE, Pending
from engine.side import LEADER_HORN

if TYPE_CHECKING:
    from engine.match import Match

REVEAL_COUNT = 3


@cache
def _weather_ids() -> frozenset[str]:
    return frozenset(c.id for c in catalogue().cards.values() if c.type == WEATHER)


def _ability(m: Match, p: int) -> LeaderAbility | None:
    if m.sides[p].leader_used:
        return None
    return m.active_leader(p)


def _deck_picks(m: Match, p: int, weather_only: bool) -> tuple[int, ...]:
    """One card number per distinct card in the deck, lowest number first.

    Choosing by the lowest number of each kind keeps the deck's order hidden. With
    weather_only, only weather that would change something is offered.
    """
    seen: dict[str, int] = {}
    for uid in sorted(m.sides[p].deck):
        card = m.cards[uid]
        if weather_only and not _weather_helps(m, card):
            continue
        seen.setdefault(card.id, uid)
    return tuple(seen.values())


def _weather_helps(m: Match, card: Card) -> bool:
    """True when playing this weather card now would change the board's weather."""
    if card.type != WEATHER:
        return False
    if "clear_weather" in card.abilities:
        return bool(m.weather)
    return all(m.card_ids[uid] != card.id for uid, _ in m.weather)


def _grave_picks(m: Match, p: int) -> tuple[int, ...]:
    seen: dict[str, int] = {}
    for uid in m.sides[p].grave:
        seen.setdefault(m.card_ids[uid], uid)
    return tuple(seen.values())


def _agile_moves(m: Match, p: int) -> Iterator[tuple[int, int, int]]:
    """Yield (uid, from_row, to_row) for agile units that would gain by moving."""
    side = m.sides[p]
    for r in (0, 1):
        for i, uid in enumerate(side.rows[r]):
            card = m.cards[uid]
            if not card.agile or card.hero:
                continue
            here = m.strengths()[p][r][i]
            other = 1 - r
            there = m.strengths_if(p, other, [*side.rows[other], uid])[-1]
            if there > here:
                yield uid, r, other


def usable(m: Match, p: int) -> bool:
    """True when the player's leader ability can be used now and would do something."""
    leader = _ability(m, p)
    if leader is None:
        return False
    side, opponent = m.sides[p], m.sides[1 - p]
    kind = leader.ability
    if kind == "weather_from_deck":
        if leader.card is None:
            in_deck = _weather_ids().intersection(map(m.card_ids.__getitem__, side.deck))
            return any(_weather_helps(m, catalogue().card(c)) for c in in_deck)
        return (_weather_helps(m, catalogue().card(leader.card))
                and leader.card in (m.card_ids[u] for u in side.deck))
    if kind == "clear_weather":
        return bool(m.weather)
    if kind == "horn_row":
        assert leader.row is not None
        return side.horns[leader.row] is None
    if kind == "scorch_row":
        assert leader.row is not None
        return bool(m.scorch_row_victims(1 - p, leader.row))
    if kind == "reveal_hand":
        return bool(opponent.hand)
    if kind == "draw_from_deck":
        return bool(side.deck)
    if kind == "restore_from_discard":
        return bool(side.grave)
    if kind == "optimize_agile":
        return any(_agile_moves(m, p))
    if kind == "recycle_graveyards":
        return bool(side.grave or opponent.grave)
    return False


def use(m: Match, p: int) -> None:
    """Use the player's active leader ability (its legality is already checked)."""
    leader = _ability(m, p)
    assert leader is not None
    side = m.sides[p]
    side.leader_used = True
    name = side.name
    m._log(events.USES_LEADER, player=name, leader=side.leader)
    kind = leader.ability
    if kind == "weather_from_deck":
        if leader.card is None:
            m.pending = Pending(DECK_WEATHER, p, _deck_picks(m, p, weather_only=True))
        else:
            uid = min(u for u in side.deck if m.card_ids[u] == leader.card)
            _play_weather_from_deck(m, p, uid)
    elif kind == "clear_weather":
        m._clear_weather()
        m._log(events.SKIES_CLEAR)
    elif kind == "horn_row":
        assert leader.row is not None
        side.horns[leader.row] = LEADER_HORN
        m._changed_row(p, leader.row)
        m._log(events.LEADER_HORN, player=name, row=leader.row)
    elif kind == "scorch_row":
        assert leader.row is not None
        m._destroy(m.scorch_row_victims(1 - p, leader.row))
    elif kind == "reveal_hand":
        seen = m.rng.sample(m.sides[1 - p].hand, REVEAL_COUNT)
        side.revealed = [m.card_ids[u] for u in seen]
        m._log(events.LOOKS_AT_HAND, player=name, count=len(seen),
               opponent=m.sides[1 - p].name, to=p,
               private=line(events.YOU_SEE, cards=tuple(side.revealed)))
    elif kind == "draw_from_deck":
        m.pending = Pending(DECK_DRAW, p, _deck_picks(m, p, weather_only=False))
    elif kind == "restore_from_discard":
        m.pending = Pending(RESTORE, p, _grave_picks(m, p))
    elif kind == "optimize_agile":
        moves = list(_agile_moves(m, p))
        for uid, src, dst in moves:
            side.rows[src].remove(uid)
            side.rows[dst].append(uid)
            m.highlight.append(uid)
        m._changed()
        m._log(events.AGILE_REGROUP, moves=tuple(
            line(events.AGILE_MOVE, card=m.card_ids[u], row=d) for u, _, d in moves))
    elif kind == "recycle_graveyards":
        for s in m.sides:
            s.deck.extend(s.grave)
            s.grave = []
            m.rng.shuffle(s.deck)
        m._changed()
        m._log(events.DISCARDS_RECYCLED)


def _play_weather_from_deck(m: Match, p: int, uid: int) -> None:
    m.sides[p].deck.remove(uid)
    m._log(events.PLAYS_FROM_DECK, player=m.sides[p].name, card=m.card_ids[uid])
    m._play_weather(p, uid)


def resolve_choice(m: Match, p: int, kind: str, uid: int) -> None:
    """Carry out a leader's follow-up choice."""
    side = m.sides[p]
    if kind == DECK_WEATHER:
        _play_weather_from_deck(m, p, uid)
    elif kind == DECK_DRAW:
        side.deck.remove(uid)
        side.hand.append(uid)
        m.rng.shuffle(side.deck)
        m._log(events.DRAWS_OF_CHOICE, player=side.name, to=p,
               private=line(events.YOU_DRAW_CARD, card=m.card_ids[uid]))
    else:
        side.grave.remove(uid)
        side.hand.append(uid)
        m._log(events.TAKES_BACK, player=side.name, card=m.card_ids[uid])

