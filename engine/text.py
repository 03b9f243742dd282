"""Plain-text descriptions of observations and actions, for terminals and menus."""

from __future__ import annotations

from engine.actions import CHOOSE, FIRST, FORFEIT, KEEP, LEADER, MULLIGAN, PASS, PLAY, Action
from engine.cards import ROW_TITLES
from engine.observation import CardView, Observation, SideView


def _find(obs: Observation, uid: int | None) -> CardView | None:
    for side in obs.sides:
        for group in (side.hand or (), side.graveyard, *(r.cards for r in side.rows)):
            for view in group:
                if view.uid == uid:
                    return view
    if obs.pending is not None:
        for view in obs.pending.options:
            if view.uid == uid:
                return view
    return None


def card_label(view: CardView) -> str:
    """Return "Name (strength)" for units, the name alone otherwise."""
    if view.base is None:
        return view.name
    hero = " hero" if view.hero else ""
    return f"{view.name} ({view.base}{hero})"


def describe_action(obs: Observation, a: Action) -> str:
    """Return a short description of an action for a menu, from the actor's view."""
    card = _find(obs, a.card)
    label = card_label(card) if card else f"card #{a.card}"
    where = f" on {ROW_TITLES[a.row]}" if a.row is not None else ""
    if a.kind == PLAY:
        if a.target is not None:
            target = _find(obs, a.target)
            return f"{label}: take back {target.name if target else f'#{a.target}'}"
        if card is not None and "spy" in card.abilities:
            return f"{label} as a spy on your opponent's side"
        return f"{label}{where}"
    if a.kind == CHOOSE:
        return f"Choose {label}{where}"
    if a.kind == MULLIGAN:
        return f"Redraw {label}"
    if a.kind == KEEP:
        return "Keep this hand"
    if a.kind == LEADER:
        return f"Use leader: {obs.sides[a.player].leader.name}"
    if a.kind == PASS:
        return "Pass the round"
    if a.kind == FIRST:
        return "Go first" if a.target == a.player else "Let your opponent go first"
    if a.kind == FORFEIT:
        return "Forfeit the match"
    return str(a)


def _side_text(side: SideView) -> list[str]:
    leader = "used" if side.leader.used else "ready"
    if side.leader.passive:
        leader = "passive"
    if side.leader.cancelled:
        leader = "cancelled"
    lines = [f"{side.name} ({side.faction_name}) total {side.total}  gems {side.gems}  "
             f"hand {side.hand_count}  deck {side.deck_count}  discard {len(side.graveyard)}"
             f"{'  PASSED' if side.passed else ''}",
             f"  leader {side.leader.name} [{leader}]"]
    for r, row in enumerate(side.rows):
        marks = "".join(m for m, on in (("H", row.horned), ("W", row.weather),
                                        ("M", row.mardroeme is not None)) if on)
        cards = " ".join(f"{v.name}:{v.strength}" if v.strength is not None else v.name
                         for v in row.cards)
        lines.append(f"  {ROW_TITLES[r]:<13} {row.score:>3} {marks:<3} {cards}")
    return lines


def board_text(obs: Observation) -> str:
    """Return the board as text, opponent first."""
    me = obs.viewer if obs.viewer is not None else 0
    lines = [f"--- Round {obs.round} ---" if obs.round else "--- Before round 1 ---"]
    lines += _side_text(obs.sides[1 - me])
    if obs.weather:
        lines.append("  weather: " + ", ".join(v.name for v in obs.weather))
    lines += _side_text(obs.sides[me])
    return "\n".join(lines)


def hand_text(obs: Observation) -> str:
    """Return the viewer's hand as text."""
    if obs.viewer is None:
        return ""
    hand = obs.sides[obs.viewer].hand or ()
    return "Your hand: " + ", ".join(card_label(v) for v in hand)
