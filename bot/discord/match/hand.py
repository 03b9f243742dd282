"""The private hand: shown only in an ephemeral message or the player's DMs.

Built from the player's own observation. One select lists the cards that can be played (or
redrawn, or chosen), numbered as the image numbers them; choosing one plays it, and a
follow-up question (a row, a Decoy target) appears only when a card has more than one way to
be played. Row choices say what each adds to the player's lead, worked out from the player's
own observation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import discord

from bot.discord.core.format import when
from bot.discord.core.views import OPTIONS_MAX, Outgoing, StaticView, button, clean, option, select
from bot.discord.learn import ids as rules_ids
from bot.discord.match import ids
from bot.images import player_view_png
from bot.learn.glossary import score
from bot.service import Snapshot
from engine import Action, ActionError, Observation, catalogue
from engine.actions import CHOOSE, FIRST, KEEP, LEADER, MULLIGAN, PASS, PLAY
from engine.ai.model import board_model, gain
from engine.cards import ROW_TITLES
from engine.observation import CHOOSE_FIRST, OVER, CardView
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from engine.text import card_label
from engine.view import hand_order

CARD_KINDS = (PLAY, CHOOSE, MULLIGAN)
# Rows 0-2 hold card selects, rows 3-4 the buttons.
MAX_SELECTS = 3


def move_text(action: Action) -> str:
    """An action's text without its seat, as components carry it ("play 12 ranged")."""
    return str(action).split(" ", 1)[1]


@dataclass(frozen=True)
class CardChoice:
    """One entry of the card select: identical cards are listed once, with a count."""

    uid: int
    label: str
    description: str
    count: int


def shown_hand(obs: Observation) -> tuple[CardView, ...]:
    """The viewer's hand in the order it is shown: card i of the image and of the card select
    is shown_hand(obs)[i - 1] (engine.view.hand_order)."""
    assert obs.viewer is not None
    return tuple(hand_order(obs.sides[obs.viewer].hand or ()))


async def hand_view_png(obs: Observation) -> bytes:
    """The image of a player's private view: the board from their side, marked as theirs,
    and their hand, numbered as shown_hand orders it. (Every private view's image is drawn
    here.)"""
    # TODO(i18n): the language of this image (the player's)
    return await player_view_png(obs, tag="en")


async def view_png(snapshot: Snapshot, *, asked: bool) -> bytes | None:
    """The image a player's view shows: only while they must act, or when they asked for it
    (Show my hand, Refresh). A waiting player follows the match on the public board; their
    image is drawn again when their turn comes back, not after each move."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    if asked or obs.viewer in snapshot.to_act:
        return await hand_view_png(obs)
    return None


def _card_views(obs: Observation) -> dict[int, CardView]:
    views = {v.uid: v for v in shown_hand(obs)}
    if obs.pending is not None:
        views.update({v.uid: v for v in obs.pending.options})
    return views


def _places(numbers: list[int]) -> str:
    """Hand positions as a label prefix: "3. ", or "3-4. " for copies side by side."""
    if not numbers:
        return ""
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 1:
        return f"{numbers[0]}\u2013{numbers[-1]}. "
    return ", ".join(map(str, numbers)) + ". "


def card_choices(obs: Observation) -> list[CardChoice]:
    """The distinct cards the viewer can act with now, in the order shown (hand, then a
    pending choice's options).

    Hand cards are labelled with their positions, as numbered on the hand image.
    """
    assert obs.viewer is not None
    positions = {v.uid: i for i, v in enumerate(shown_hand(obs), start=1)}
    views = _card_views(obs)
    shapes: dict[int, list[tuple[str, int | None, int | None]]] = {}
    for a in obs.legal:
        if a.kind in CARD_KINDS and a.card is not None:
            shapes.setdefault(a.card, []).append((a.kind, a.row, a.target))
    groups: dict[tuple[object, ...], list[int]] = {}
    for uid, view in views.items():
        if uid in shapes:
            key = (view.card_id, view.strength, tuple(shapes[uid]))
            groups.setdefault(key, []).append(uid)
    choices = []
    for uids in groups.values():
        view = views[uids[0]]
        place = _places([positions[u] for u in uids if u in positions])
        choices.append(CardChoice(uids[0], place + card_label(view), card_text(view), len(uids)))
    return choices


def card_text(view: CardView) -> str:
    """A card's rules text for the select description."""
    card = catalogue().cards.get(view.card_id)
    if card is not None and card.text:
        return card.text
    rows = "/".join(ROW_TITLES[r] for r in view.rows)
    return ", ".join(x for x in (rows, *view.abilities) if x)


def actions_for(obs: Observation, uid: int) -> list[Action]:
    """The legal card actions that use this card."""
    return [a for a in obs.legal if a.card == uid and a.kind in CARD_KINDS]


def _chunks(items: list[CardChoice], size: int) -> Iterable[list[CardChoice]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _placeholder(obs: Observation) -> str:
    kinds = {a.kind for a in obs.legal}
    if MULLIGAN in kinds:
        return "Choose a card to redraw"
    if CHOOSE in kinds and obs.pending is not None:
        return f"Choose {obs.pending.prompt}"
    return "Choose a card to play"


def _status(snapshot: Snapshot) -> str:
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    deadline = snapshot.match.deadline
    time_left = f" Time runs out {when(deadline)}." if deadline else ""
    kinds = {a.kind for a in obs.legal}
    if obs.phase == OVER:
        return "The match is over."
    if FIRST in kinds:
        return "You lead the Scoia'tael: decide who goes first." + time_left
    if KEEP in kinds:
        left = me.mulligans_left or 0
        if left:
            return (f"Redraw up to {left} more card{'s' if left != 1 else ''}, one at a time, "
                    f"or keep this hand.{time_left}")
        return "Keep this hand to finish your redraws." + time_left
    if CHOOSE in kinds and obs.pending is not None:
        return f"Choose {obs.pending.prompt}.{time_left}"
    if PASS in kinds:
        passed = f" {clean(them.name)} has passed." if them.passed else ""
        return f"Your turn: play a card, use your leader, or pass.{passed}{time_left}"
    if obs.phase == CHOOSE_FIRST:
        return f"Waiting for {clean(them.name)} to decide who goes first."
    if obs.phase == MULLIGAN_PHASE:
        return f"Waiting for {clean(them.name)} to finish redrawing."
    if me.passed:
        return f"You have passed this round. Waiting for {clean(them.name)}."
    return f"Waiting for {clean(them.name)}."


def hand_message(snapshot: Snapshot, png: bytes | None, hint: str | None = None) -> Outgoing:
    """The hand image (if any: see view_png) with what the player can do now (and a tutorial
    hint, if any)."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    match = snapshot.match
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    round_name = f"Round {obs.round}" if obs.round else "Before round 1"
    lines = [f"**Your hand** \u00b7 {round_name} \u00b7 You **{score(me.total, them.total)}** "
             f"{clean(them.name)}", _status(snapshot)]
    if obs.last_events:
        lines.append("Last move: " + clean(" ".join(obs.last_events)))
    if me.revealed:
        lines.append("Seen in their hand: " + ", ".join(card_label(v) for v in me.revealed))
    if hint:
        lines.append(f"\U0001f4a1 **Tutorial:** {hint}")
    if png is None and me.hand and obs.phase != OVER:
        lines.append("Your cards show here again when you must act, or with **Refresh**.")
    n = obs.action_count
    items: list[discord.ui.Item[StaticView]] = []
    choices = card_choices(obs)
    for page, chunk in enumerate(_chunks(choices, OPTIONS_MAX)):
        if page == MAX_SELECTS:
            break
        options = [option(c.label + (f" \u00d7{c.count}" if c.count > 1 else ""), str(c.uid),
                          c.description) for c in chunk]
        items.append(select(ids.card(match.id, n, page), _placeholder(obs), options, row=page))
    items.extend(_buttons(obs, match.id))
    return Outgoing("\n".join(lines), StaticView(*items),
                    files=(("hand.png", png),) if png is not None else ())


def _buttons(obs: Observation, match_id: int) -> list[discord.ui.Item[StaticView]]:
    assert obs.viewer is not None
    n = obs.action_count
    kinds = {a.kind for a in obs.legal}
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    out: list[discord.ui.Item[StaticView]] = []
    if FIRST in kinds:
        out.append(button("Go first", ids.move(match_id, n, f"first {obs.viewer}"),
                          style=discord.ButtonStyle.primary, row=3))
        out.append(button(f"Let {them.name} go first",
                          ids.move(match_id, n, f"first {1 - obs.viewer}"), row=3))
    if KEEP in kinds:
        out.append(button("Keep this hand", ids.move(match_id, n, "keep"),
                          style=discord.ButtonStyle.success, row=3))
    if PASS in kinds:
        out.append(button("Pass", ids.move(match_id, n, "pass"),
                          style=discord.ButtonStyle.danger, row=3))
    if obs.phase not in (OVER, CHOOSE_FIRST, MULLIGAN_PHASE) and not me.leader.passive:
        out.append(button(f"Leader: {me.leader.name}", ids.move(match_id, n, "leader"),
                          style=discord.ButtonStyle.primary, disabled=LEADER not in kinds,
                          row=3))
    out.append(button("Refresh", ids.hand(match_id, n), disabled=obs.phase == OVER, row=4))
    out.append(button("Rules", rules_ids.hand_rules(match_id), row=4))
    return out


def followup_message(snapshot: Snapshot, uid: int, actions: list[Action]) -> Outgoing:
    """Ask the one question a card needs: which row, or which unit Decoy takes back."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    match_id, n = snapshot.match.id, obs.action_count
    view = _card_views(obs)[uid]
    back = button("Back", ids.hand(match_id, n), row=4)
    if any(a.target is not None for a in actions):
        options = _decoy_options(obs, actions)
        return Outgoing(f"Which unit should **{view.name}** take back to your hand?",
                        StaticView(select(ids.pick(match_id, n, 0), "Choose a unit", options,
                                          row=0), back))
    gains = lead_gains(obs, actions)
    rows = [button(ROW_TITLES[a.row] + (f" {gains[a]:+d}" if a in gains else ""),
                   ids.move(match_id, n, move_text(a)), style=discord.ButtonStyle.primary, row=0)
            for a in actions if a.row is not None]
    return Outgoing(f"Where should **{card_label(view)}** go? Each row shows what it adds to "
                    "your lead at once.", StaticView(*rows, back))


def lead_gains(obs: Observation, actions: list[Action]) -> dict[Action, int]:
    """What each action adds to the viewer's lead at once, played on a model of the match
    built from the viewer's own observation (engine.ai.model), so that no hidden card (the
    opponent's hand, a deck's order) can show through; an action the model cannot play is
    left out."""
    model = board_model(obs)
    gains = {}
    for action in actions:
        try:
            gains[action] = gain(model, action)
        except ActionError:
            continue
    return gains


def _decoy_options(obs: Observation, actions: list[Action]) -> list[discord.SelectOption]:
    assert obs.viewer is not None
    where: dict[int, tuple[CardView, int]] = {}
    for r, row in enumerate(obs.sides[obs.viewer].rows):
        for view in row.cards:
            where[view.uid] = (view, r)
    options: dict[tuple[str, int | None, int], discord.SelectOption] = {}
    for action in actions:
        assert action.target is not None
        view, r = where[action.target]
        key = (view.card_id, view.strength, r)
        if key not in options:
            options[key] = option(f"{view.name} ({view.strength}) on {ROW_TITLES[r]}",
                                  move_text(action), card_text(view))
    return list(options.values())[:OPTIONS_MAX]
