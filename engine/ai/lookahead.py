"""The normal level's policy: every distinct move is tried on a model of the match and the
position it leads to is judged by the learned evaluation (engine.ai.value).

Follow-up choices (a Medic's revival, a leader's pick) are answered by the hand-written
policy, inside the lookahead too.
"""

from __future__ import annotations

import random

from engine.actions import CHOOSE, PASS, Action
from engine.ai.playout import move_key, playout_copy
from engine.ai.policy import SHARP, choose_action, choose_option
from engine.ai.value import Network, win_chance, wins_ties
from engine.match import Match


def after(m: Match, a: Action) -> Match:
    """Return a copy of the match after the move, with p's own follow-up choices made."""
    c = playout_copy(m)
    c.apply(a)
    p = a.player
    while c.pending is not None and c.pending.player == p and not c.is_over:
        c.apply(choose_option(c, p, [x for x in c.legal_actions(p) if x.kind == CHOOSE]))
    return c


def value_after(m: Match, a: Action, net: Network | None = None) -> float:
    """p's chance to win after the move.

    When p is to move again (the opponent passed), passing next ends the round, and the
    evaluation judges a fresh round more surely than a round half played: ahead, p would
    pass, so the position after that pass is judged; behind, the better of the two."""
    p = a.player
    c = after(m, a)
    if c.is_over or c.pending is not None or c.current != p or not c.sides[1 - p].passed:
        return win_chance(c, p, net)
    closed = win_chance(after(c, Action(p, PASS)), p, net)
    lead = c.total(p) - c.total(1 - p)
    if lead > 0 or (lead == 0 and wins_ties(c, p)):
        return closed
    return max(closed, win_chance(c, p, net))


def move_values(m: Match, p: int, net: Network | None = None) -> list[tuple[Action, float]]:
    """Return each distinct move of p (forfeit aside) with p's chance to win after it."""
    seen: dict[tuple[object, ...], Action] = {}
    for a in m.legal_actions(p)[:-1]:
        seen.setdefault(move_key(m, a), a)
    return [(a, value_after(m, a, net)) for a in seen.values()]


def choose_lookahead(m: Match, p: int, rng: random.Random, net: Network | None = None,
                     ) -> Action:
    """Return the move whose resulting position the evaluation likes best."""
    if m.pending is not None:
        return choose_action(m, p, SHARP, rng)
    values = move_values(m, p, net)
    return max(values, key=lambda av: av[1])[0]

