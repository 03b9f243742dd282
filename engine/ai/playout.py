"""Playouts: matches copied without their event log and played to the end by the policy."""

from __future__ import annotations

import random

from engine.actions import Action
from engine.ai.policy import Style, choose_action
from engine.match import Match

MAX_STEPS = 400  # safety bound on a playout's length


class PlayoutMatch(Match):
    """A match for playouts: the same rules, without the event log (nobody reads it)."""

    def _log(self, *args: object, **kwargs: object) -> None:
        pass

    def _tag_delta(self, *args: object) -> None:
        pass


def playout_copy(m: Match) -> Match:
    """Return a copy of the match that skips the event log."""
    c = m.clone()
    c.__class__ = PlayoutMatch
    c.events = []
    return c


def outcome(m: Match, me: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss (an unfinished match counts as a draw)."""
    if not m.is_over or m.winner is None:
        return 0.5
    return 1.0 if m.winner == me else 0.0


def playout(m: Match, me: int, style: Style, rng: random.Random) -> float:
    """Play the match to its end with the policy for both players; return me's result."""
    steps = 0
    while not m.is_over and steps < MAX_STEPS:
        p = m.to_act()[0]
        m.apply(choose_action(m, p, style, rng))
        steps += 1
    return outcome(m, me)


def move_key(m: Match, a: Action) -> tuple[object, ...]:
    """Moves that do the same thing (copies of a card, equal decoy targets) share a key."""
    card = m.card_ids[a.card] if a.card is not None else None
    target = m.card_ids[a.target] if a.target is not None else None
    return (a.kind, card, a.row, target)
