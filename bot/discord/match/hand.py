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
from bot.discord.match.public import moves_text
from bot.i18n import N_, Language, Name, ability_name, card_name, row_name
from bot.images import player_view_png
from bot.learn.glossary import score
from bot.learn.turn import what_now
from bot.service import Snapshot
from engine import Action, Observation, catalogue
from engine.actions import CHOOSE, FIRST, KEEP, LEADER, MULLIGAN, PASS, PLAY
from engine.ai.model import lead_gains
from engine.observation import CHOOSE_FIRST, OVER, CardView
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from engine.pending import DECK_DRAW, DECK_WEATHER, MEDIC, RESTORE
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


async def hand_view_png(obs: Observation, *, lang: Language) -> bytes:
    """The image of a player's private view, in their language: the board from their side,
    marked as theirs, and their hand, numbered as shown_hand orders it. (Every private
    view's image is drawn here.)"""
    return await player_view_png(obs, tag=lang.tag)


async def view_png(snapshot: Snapshot, *, asked: bool, lang: Language) -> bytes | None:
    """The image a player's view shows: only while they must act, or when they asked for it
    (Show my hand, Refresh). A waiting player follows the match on the public board; their
    image is drawn again when their turn comes back, not after each move."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    if asked or obs.viewer in snapshot.to_act:
        return await hand_view_png(obs, lang=lang)
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


def card_label(view: CardView, *, lang: Language) -> str:
    """A card's name in a language, with its base strength for units ("Geralt (15 hero)")."""
    name = card_name(view.card_id, lang.tag)
    if view.base is None:
        return name
    strength = lang.number(view.base)
    # i18n: a unit card in a list; {strength} is its base strength, "hero" a hero unit.
    return (lang._("{card} ({strength} hero)", card=name, strength=strength) if view.hero
            else lang._("{card} ({strength})", card=name, strength=strength))


def card_choices(obs: Observation, *, lang: Language) -> list[CardChoice]:
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
        choices.append(CardChoice(uids[0], place + card_label(view, lang=lang),
                                  card_text(view, lang=lang), len(uids)))
    return choices


def card_text(view: CardView, *, lang: Language) -> str:
    """A card's rules text for the select description."""
    card = catalogue().cards.get(view.card_id)
    if card is not None and card.text:
        return lang._(card.text)
    rows = "/".join(row_name(r, lang) for r in view.rows)
    return ", ".join(x for x in (rows, *(ability_name(a, lang.tag) for a in view.abilities))
                     if x)


def actions_for(obs: Observation, uid: int) -> list[Action]:
    """The legal card actions that use this card."""
    return [a for a in obs.legal if a.card == uid and a.kind in CARD_KINDS]


def _chunks(items: list[CardChoice], size: int) -> Iterable[list[CardChoice]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


# A pending choice (engine.pending), as the card select's placeholder.
CHOICES = {
    MEDIC: N_("Choose a unit from your discard pile to play"),
    RESTORE: N_("Choose a card from your discard pile to take back"),
    DECK_DRAW: N_("Choose a card from your deck to draw"),
    DECK_WEATHER: N_("Choose a weather card from your deck to play"),
}


def _placeholder(obs: Observation, lang: Language) -> str:
    kinds = {a.kind for a in obs.legal}
    if MULLIGAN in kinds:
        return lang.pgettext("select placeholder", "Choose a card to redraw")
    if CHOOSE in kinds and obs.pending is not None:
        return lang._(CHOICES[obs.pending.kind])
    return lang.pgettext("select placeholder", "Choose a card to play")


def _status(snapshot: Snapshot, lang: Language) -> str:
    """What the player can do now, and the time left."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    if obs.phase == OVER:
        return lang._("The match is over.")
    text, deciding = what_now(obs, clean(obs.sides[1 - obs.viewer].name), lang)
    deadline = snapshot.match.deadline
    if not deciding or not deadline:
        return text
    # i18n: {when} is a live Discord time, like "in 10 minutes".
    return text + " " + lang._("Time runs out {when}.", when=when(deadline))


def hand_message(snapshot: Snapshot, png: bytes | None, hint: str | None = None, *,
                 lang: Language) -> Outgoing:
    """The hand image (if any: see view_png) with what the player can do now (and a tutorial
    hint, if any)."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    match = snapshot.match
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    round_name = (lang._("Round {number}", number=lang.number(obs.round)) if obs.round
                  else lang._("Before round 1"))
    # i18n: the hand's title; {round} is like "Round 2", {score} like 12-9 (the reader's
    # total first), {opponent} a player's name.
    lines = [lang._("**Your hand** \u00b7 {round} \u00b7 You **{score}** {opponent}",
                    round=round_name, score=score(me.total, them.total, lang),
                    opponent=clean(them.name)), _status(snapshot, lang)]
    if obs.last_event_log:
        lines.append(lang._("Last move: {moves}",
                            moves=clean(moves_text(obs.last_event_log, lang=lang))))
    if me.revealed:
        # i18n: {cards} are cards' names, listed.
        lines.append(lang._("Seen in their hand: {cards}", cards=", ".join(
            card_label(v, lang=lang) for v in me.revealed)))
    if hint:
        # i18n: {hint} is a hint of the tutorial.
        lines.append("\U0001f4a1 " + lang._("**Tutorial:** {hint}", hint=hint))
    if png is None and me.hand and obs.phase != OVER:
        lines.append(lang._("Your cards show here again when you must act, or with "
                            "**Refresh**."))
    n = obs.action_count
    items: list[discord.ui.Item[StaticView]] = []
    choices = card_choices(obs, lang=lang)
    for page, chunk in enumerate(_chunks(choices, OPTIONS_MAX)):
        if page == MAX_SELECTS:
            break
        options = [option(c.label + (f" \u00d7{c.count}" if c.count > 1 else ""), str(c.uid),
                          c.description) for c in chunk]
        items.append(select(ids.card(match.id, n, page), _placeholder(obs, lang), options,
                            row=page))
    items.extend(_buttons(obs, match.id, lang))
    return Outgoing("\n".join(lines), StaticView(*items),
                    files=(("hand.png", png),) if png is not None else ())


def moved_message(*, lang: Language) -> Outgoing:
    """What a player's view says once a newer view below replaced it (Show my hand): one
    line, without an image or anything to click, so that nothing stale stays live."""
    return Outgoing(lang._("Your hand moved below."))


def _buttons(obs: Observation, match_id: int, lang: Language
             ) -> list[discord.ui.Item[StaticView]]:
    assert obs.viewer is not None
    n = obs.action_count
    kinds = {a.kind for a in obs.legal}
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    out: list[discord.ui.Item[StaticView]] = []
    if FIRST in kinds:
        out.append(button(lang.pgettext("button", "Go first"),
                          ids.move(match_id, n, f"first {obs.viewer}"),
                          style=discord.ButtonStyle.primary, row=3))
        # i18n: {opponent} is a player's name.
        out.append(button(lang.pgettext("button", "Let {opponent} go first", opponent=them.name),
                          ids.move(match_id, n, f"first {1 - obs.viewer}"), row=3))
    if KEEP in kinds:
        out.append(button(lang.pgettext("button", "Keep this hand"), ids.move(match_id, n, "keep"),
                          style=discord.ButtonStyle.success, row=3))
    if PASS in kinds:
        out.append(button(lang.pgettext("button", "Pass"), ids.move(match_id, n, "pass"),
                          style=discord.ButtonStyle.danger, row=3))
    if obs.phase not in (OVER, CHOOSE_FIRST, MULLIGAN_PHASE) and not me.leader.passive:
        # i18n: {leader} is a leader card's name.
        out.append(button(lang.pgettext("button", "Leader: {leader}",
                                        leader=Name.card(me.leader.card_id)),
                          ids.move(match_id, n, "leader"), style=discord.ButtonStyle.primary,
                          disabled=LEADER not in kinds, row=3))
    out.append(button(lang.pgettext("button", "Refresh"), ids.hand(match_id, n),
                      disabled=obs.phase == OVER, row=4))
    out.append(button(lang.pgettext("button", "Rules"), rules_ids.hand_rules(match_id), row=4))
    return out


def followup_message(snapshot: Snapshot, uid: int, actions: list[Action], *,
                     lang: Language) -> Outgoing:
    """Ask the one question a card needs: which row, or which unit Decoy takes back."""
    obs = snapshot.observation
    assert obs is not None and obs.viewer is not None
    match_id, n = snapshot.match.id, obs.action_count
    view = _card_views(obs)[uid]
    back = button(lang.pgettext("button", "Back"), ids.hand(match_id, n), row=4)
    if any(a.target is not None for a in actions):
        options = _decoy_options(obs, actions, lang)
        # i18n: {card} is a card's name (a Decoy).
        return Outgoing(lang._("Which unit should **{card}** take back to your hand?",
                               card=Name.card(view.card_id)),
                        StaticView(select(ids.pick(match_id, n, 0),
                                          lang.pgettext("select placeholder", "Choose a unit"),
                                          options, row=0), back))
    gains = lead_gains(obs, actions)
    rows = [button(row_name(a.row, lang) + (f" {lang.signed(gains[a])}" if a in gains else ""),
                   ids.move(match_id, n, move_text(a)), style=discord.ButtonStyle.primary, row=0)
            for a in actions if a.row is not None]
    # i18n: {card} is a card's name, with its strength for units.
    return Outgoing(lang._("Where should **{card}** go? Each row shows what it adds to your "
                           "lead at once.", card=card_label(view, lang=lang)),
                    StaticView(*rows, back))


def _decoy_options(obs: Observation, actions: list[Action], lang: Language
                   ) -> list[discord.SelectOption]:
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
            # i18n: a unit Decoy may take back: its name, strength and row.
            options[key] = option(lang.pgettext("select option", "{card} ({strength}) on {row}",
                                                card=Name.card(view.card_id),
                                                strength=lang.number(view.strength or 0),
                                                row=row_name(r, lang)),
                                  move_text(action), card_text(view, lang=lang))
    return list(options.values())[:OPTIONS_MAX]
