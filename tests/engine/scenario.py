"""Build match positions directly, for rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import CHOOSE, FIRST, KEEP, LEADER, PASS, PLAY, Action
from engine.cards import catalogue
from engine.decks import starter_deck
from engine.events import Event
from engine.match import Match
from engine.observation import PLAYING
from engine.rng import Rng
from engine.side import Side

Cards = Sequence[str]


def default_leader(faction: str) -> str:
    """Return the first leader of a faction whose ability is active (no passive effect)."""
    return next(c.id for c in catalogue().leaders(faction)
                if c.leader is not None and not c.leader.passive)


def scenario(
    *,
    factions: tuple[str, str] = ("northern_realms", "nilfgaard"),
    leaders: tuple[str | None, str | None] = (None, None),
    hands: tuple[Cards, Cards] = ((), ()),
    decks: tuple[Cards, Cards] = ((), ()),
    graves: tuple[Cards, Cards] = ((), ()),
    rows: tuple[tuple[Cards, Cards, Cards], tuple[Cards, Cards, Cards]] = (((), (), ()),
                                                                           ((), (), ())),
    weather: Sequence[str | tuple[str, int]] = (),
    current: int = 0,
    round: int = 1,
    seed: int = 0,
    filler: bool = True,
    passed: tuple[bool, bool] = (False, False),
    weather_owner: int = 0,
    horns: tuple[Sequence[int], Sequence[int]] = ((), ()),
    mardroeme: tuple[Sequence[int], Sequence[int]] = ((), ()),
) -> Match:
    """Return a match in play with exactly these cards (card ids) in these zones.

    Decks are listed bottom first: the last card is drawn first. A player with nothing
    to play passes automatically, so with `filler` each hand also holds a Vesemir
    (neutral, 6, close) that keeps the round going. `passed` marks players as having
    passed already (so the other can play several cards in a row); weather cards belong
    to `weather_owner` unless given as (card id, owner). `horns` and `mardroeme` list, per
    player, the rows that already hold a Commander's Horn or a Mardroeme special card.
    """
    m = Match()
    m.seed, m.rng = seed, Rng(seed)
    m.decks = tuple(starter_deck(f) for f in factions)
    for p in (0, 1):
        leader = leaders[p] or default_leader(factions[p])
        side = Side(("Alice", "Bob")[p], factions[p], leader)
        side.ready = True
        side.passed = passed[p]
        side.hand = [m._add_card(c) for c in [*hands[p], *(["vesemir"] if filler else [])]]
        side.deck = [m._add_card(c) for c in decks[p]]
        side.grave = [m._add_card(c) for c in graves[p]]
        side.rows = [[m._add_card(c) for c in row] for row in rows[p]]
        for r in horns[p]:
            side.horns[r] = m._add_card("commanders_horn")
        for r in mardroeme[p]:
            side.mardroeme[r] = m._add_card("mardroeme")
        m.sides.append(side)
    m.weather = [[m._add_card(w), weather_owner] if isinstance(w, str)
                 else [m._add_card(w[0]), w[1]] for w in weather]
    m.originals = len(m.card_ids)
    m.phase, m.round, m.current, m.first = PLAYING, round, current, 0
    return m


def uid_of(m: Match, card_id: str, zone: list[int]) -> int:
    """Return the first card number in a zone with that card id."""
    return next(u for u in zone if m.card_ids[u] == card_id)


def names(m: Match, zone: list[int]) -> list[str]:
    """Return the card ids in a zone, in order."""
    return [m.card_ids[u] for u in zone]


# ------------------------------------------------------------------ more helpers

ROWS = {"close": 0, "ranged": 1, "siege": 2}


def _row(row: int | str | None) -> int | None:
    return ROWS[row] if isinstance(row, str) else row


def hand_uid(m: Match, player: int, card_id: str) -> int:
    """Return the first card number in a player's hand with that card id."""
    return uid_of(m, card_id, m.sides[player].hand)


def play(m: Match, card_id: str, row: int | str | None = None, target: int | None = None,
         player: int | None = None) -> list[Event]:
    """Play a card from a hand (the current player's by default); return its events."""
    p = m.current if player is None else player
    return m.apply(Action(p, PLAY, hand_uid(m, p, card_id), _row(row), target))


def choose(m: Match, card_id: str, row: int | str | None = None) -> list[Event]:
    """Answer the pending choice by card id; return the events."""
    assert m.pending is not None, "nothing is pending"
    uid = next(u for u in m.pending.options if m.card_ids[u] == card_id)
    return m.apply(Action(m.pending.player, CHOOSE, uid, _row(row)))


def pass_turn(m: Match, player: int | None = None) -> list[Event]:
    """Pass for a player (the current one by default)."""
    return m.apply(Action(m.current if player is None else player, PASS))


def use_leader(m: Match, player: int | None = None) -> list[Event]:
    """Use a player's leader ability (the current player's by default)."""
    return m.apply(Action(m.current if player is None else player, LEADER))


def row_of(m: Match, player: int, row: int | str) -> list[str]:
    """Return the card ids on one row of one side."""
    return names(m, m.sides[player].rows[_row(row)])  # type: ignore[index]


def power(m: Match, player: int, row: int | str) -> list[int]:
    """Return the current strengths on one row of one side."""
    return m.strengths()[player][_row(row)]  # type: ignore[index]


def texts(events: Sequence[Event]) -> list[str]:
    """Return the public text of events."""
    return [e.text for e in events]


def kinds(actions: Sequence[Action]) -> set[str]:
    """Return the kinds of a list of actions."""
    return {a.kind for a in actions}


def starter_match(factions: tuple[str, str] = ("northern_realms", "nilfgaard"),
                  leaders: tuple[str | None, str | None] = (None, None),
                  seed: int = 0, names: tuple[str, str] = ("Alice", "Bob")) -> Match:
    """Return Match.new() with the factions' starter decks, optionally other leaders."""
    decks = []
    for faction, leader in zip(factions, leaders, strict=True):
        deck = starter_deck(faction)
        decks.append(deck.with_leader(leader) if leader else deck)
    return Match.new((decks[0], decks[1]), seed, names)


def keep_both(m: Match) -> None:
    """Finish the redraw phase without redrawing (and choose first if asked)."""
    if m.phase == "choose_first":
        assert m.chooser is not None
        m.apply(Action(m.chooser, FIRST, target=m.chooser))
    for p in (0, 1):
        if not m.sides[p].ready:
            m.apply(Action(p, KEEP))
