"""Words for why an action is refused, so players get a specific answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import leaders
from engine.actions import CHOOSE, FIRST, KEEP, LEADER, MULLIGAN, PASS, PLAY, Action
from engine.cards import ROW_NAMES, ROW_TITLES, UNIT
from engine.observation import CHOOSE_FIRST, OVER
from engine.pending import PROMPTS

if TYPE_CHECKING:
    from engine.match import Match


def explain(m: Match, a: Action) -> str:
    """Return why the action is not legal now."""
    p = a.player
    side = m.sides[p]
    if m.phase == OVER:
        return "The match is over."
    if m.phase == CHOOSE_FIRST:
        if a.kind != FIRST:
            return "The Scoia'tael player must first decide who goes first."
        return "Only the Scoia'tael player decides who goes first."
    if a.kind in (MULLIGAN, KEEP):
        if m.round:
            return "Redraws happen only before the first round."
        if side.ready:
            return "You have finished redrawing; waiting for your opponent."
        if a.card not in side.hand:
            return f"Card #{a.card} is not in your hand."
        return "You cannot redraw any more cards."
    if a.kind == FIRST:
        return "Who goes first has already been decided."
    if m.round == 0:
        return "The match has not started: finish redrawing first."
    if m.pending is not None:
        who = m.sides[m.pending.player].name
        prompt = PROMPTS[m.pending.kind]
        if m.pending.player != p:
            return f"Waiting for {who} to choose {prompt}."
        if a.kind != CHOOSE:
            return f"First choose {prompt}."
        if a.card not in m.pending.options:
            return "That card is not one of the choices."
        card = m.cards[a.card]
        if card.agile and a.row not in card.rows:
            return f"Choose a row for {card.name}: close or ranged."
        return "That choice is not allowed."
    if a.kind == CHOOSE:
        return "There is nothing to choose right now."
    if side.passed:
        return "You have passed this round."
    if p != m.current:
        return f"It is not your turn: {m.sides[m.current].name} is playing."
    if a.kind == LEADER:
        leader = m.leader_card(p)
        if leader.leader is not None and leader.leader.passive:
            return f"{leader.name} has a passive ability; it is always in effect."
        if side.leader_used:
            return f"{leader.name} has already been used this match."
        if m.leader_cancelled(p):
            return f"{leader.name} is cancelled by {m.leader_card(1 - p).name}."
        if not leaders.usable(m, p):
            return f"{leader.name} would have no effect right now."
    if a.kind == PLAY:
        return _explain_play(m, a)
    if a.kind == PASS:
        return "You cannot pass right now."
    return "That move is not allowed now."


def _explain_play(m: Match, a: Action) -> str:
    side = m.sides[a.player]
    if a.card not in side.hand:
        return f"Card #{a.card} is not in your hand."
    card = m.cards[a.card]
    if card.type == UNIT:
        if card.agile and "spy" not in card.abilities:
            if a.row is None:
                return f"Choose a row for {card.name}: close or ranged."
            if a.row not in card.rows:
                return f"{card.name} cannot go on the {ROW_NAMES[a.row]} row."
        return f"{card.name} goes to its own row; do not name a row or target."
    if "decoy" in card.abilities:
        return "Decoy must replace one of your own non-hero units on the board."
    for ability, slots, what in (("commanders_horn", side.horns, "a horn"),
                                 ("mardroeme", side.mardroeme, "Mardroeme")):
        if ability in card.abilities:
            if a.row is None:
                return f"Choose a row for {card.name}."
            if slots[a.row] is not None:
                return f"Your {ROW_TITLES[a.row]} row already has {what}."
    if a.target is not None:
        return f"{card.name} takes no target."
    return f"{card.name} takes no row or target."
