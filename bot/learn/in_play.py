"""The hand's Rules button: one line per card in the player's hand and on the board, and
More: every ability there explained in full.

Built from the player's own observation only (their hand, both boards, weather and both
leaders), so it shows nothing that player may not see.
"""

from __future__ import annotations

from bot.learn.abilities import ABILITIES, HERO, explain
from bot.learn.cards import ABILITY_ORDER
from bot.learn.factions import leader_use
from engine import Observation, catalogue
from engine.observation import CardView

TEXT_MAX = 4096  # an embed description
NAMES_MAX = 4  # card names listed per ability before "and N more"


def _visible(obs: Observation) -> tuple[list[CardView], list[CardView]]:
    """The viewer's hand, and every card on the board (rows, horns, Mardroeme, weather)."""
    assert obs.viewer is not None
    hand = list(obs.sides[obs.viewer].hand or ())
    board = [c for side in obs.sides for row in side.rows for c in row.cards]
    board += [c for side in obs.sides for row in side.rows
              for c in (row.horn, row.mardroeme) if c is not None]
    return hand, board + list(obs.weather)


def _abilities(card: CardView) -> set[str]:
    return set(card.abilities) | ({HERO} if card.hero else set())


def _names(cards: list[CardView]) -> str:
    names = list(dict.fromkeys(c.name for c in cards))
    more = len(names) - NAMES_MAX
    shown = ", ".join(names[:NAMES_MAX])
    return shown + (f" and {more} more" if more > 0 else "")


def abilities_in_view(obs: Observation) -> list[str]:
    """The abilities of the cards the viewer can see, in explanation order."""
    hand, board = _visible(obs)
    present = set().union(*(_abilities(c) for c in hand + board)) if hand + board else set()
    return [key for key in ABILITY_ORDER if key in present]


def _leader_lines(obs: Observation) -> list[str]:
    """Both leaders: whose, its name, whether it can still be used, and what it does."""
    lines = []
    for side in obs.sides:
        card = catalogue().cards.get(side.leader.card_id)
        state = ("cancelled" if side.leader.cancelled else "used" if side.leader.used
                 else leader_use(card).split(",")[0].lower() if card else "")
        owner = "Your" if side.player == obs.viewer else "Their"
        lines.append(f"**{owner} leader, {side.leader.name}** ({state}): {side.leader.text}")
    return lines


def cards_in_view(obs: Observation) -> str:
    """One line per card with an ability in the hand, then on the board (cards whose rules
    read the same share a line), then both leaders."""
    hand, board = _visible(obs)
    parts: list[str] = []
    seen: set[str] = set()
    for title, cards in (("In your hand", hand), ("On the board", board)):
        same: dict[str, list[str]] = {}
        for card in cards:
            known = catalogue().cards.get(card.card_id)
            if known is not None and known.text and card.card_id not in seen:
                seen.add(card.card_id)
                same.setdefault(known.text, []).append(f"**{card.name}**")
        if same:
            lines = [f"{', '.join(names)}: {text}" for text, names in same.items()]
            parts.append("\n".join([f"__{title}__", *lines]))
    parts.append("\n".join(["__Leaders__", *_leader_lines(obs)]))
    text = "\n\n".join(parts)
    return text if len(text) <= TEXT_MAX else text[:TEXT_MAX - 1] + "\u2026"


def rules_in_view(obs: Observation, short: bool = False) -> str:
    """One paragraph per ability in the hand and on the board, then both leaders."""
    hand, board = _visible(obs)
    lines = []
    for key in abilities_in_view(obs):
        where = []
        mine = [c for c in hand if key in _abilities(c)]
        shown = [c for c in board if key in _abilities(c)]
        if mine:
            where.append(f"in your hand: {_names(mine)}")
        if shown:
            where.append(f"on the board: {_names(shown)}")
        special = all(c.base is None for c in mine + shown)
        text = (catalogue().abilities[key].text if short and key in catalogue().abilities
                else explain(key, on_special=special))
        lines.append(f"**{ABILITIES[key].name}** ({'; '.join(where)}): {text}")
    text = "\n\n".join(lines + _leader_lines(obs))
    if len(text) > TEXT_MAX and not short:
        return rules_in_view(obs, short=True)
    return text if len(text) <= TEXT_MAX else text[:TEXT_MAX - 1] + "\u2026"
