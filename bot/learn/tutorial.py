"""The tutorial's hints: a pure function from the player's own observation, and the hints
already given, to the next hint.

Hints read only what that observation shows (the player's hand, the board, public counts),
so they can never reveal the computer's hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine import Observation
from engine.actions import KEEP, PASS, PLAY
from engine.observation import MULLIGAN, PLAYING, CardView

REDRAW, ROUND_END, PASSING = "redraw", "round1_end", "pass"
SPY, MEDIC, WEATHER, HORN = "spy", "medic", "weather", "horn"
KEYS = (REDRAW, ROUND_END, PASSING, SPY, MEDIC, WEATHER, HORN)
# Ahead by this much in round 1 with at least as many cards: passing is the lesson.
COMFORTABLE_LEAD = 10


@dataclass(frozen=True)
class Hint:
    """One hint: its key (given once per tutorial) and its words."""

    key: str
    text: str


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _board(obs: Observation) -> list[CardView]:
    cards = [c for side in obs.sides for row in side.rows for c in row.cards]
    cards += [c for side in obs.sides for row in side.rows
              for c in (row.horn, row.mardroeme) if c is not None]
    return cards + list(obs.weather)


def _redraw(obs: Observation) -> str | None:
    if obs.phase != MULLIGAN or not any(a.kind == KEEP for a in obs.legal):
        return None
    return ("These ten cards must last the whole match: you will hardly draw again. You may "
            "send back up to two, one at a time, for new ones from your deck. A good first "
            "match: keep spies, weather, horns and medics, and send back a lone weak unit. "
            "Then press **Keep this hand**.")


def _round_end(obs: Observation) -> str | None:
    assert obs.viewer is not None
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    if obs.round != 1 or not any(a.kind == PASS for a in obs.legal):
        return None
    lead, cards = me.total - them.total, me.hand_count - them.hand_count
    keep = f"keep your {_plural(me.hand_count, 'card')} for rounds 2 and 3"
    if them.passed and lead > 0:
        return (f"{them.name} has passed and you are ahead by {lead}: press **Pass**. You win "
                f"round 1 and {keep}.")
    if them.passed:
        return (f"{them.name} has passed and you are behind by {-lead}. Win the round only if "
                f"one or two cheap cards will do it; otherwise pass and {keep}. Losing a round "
                "with more cards left is often the better deal.")
    if lead >= COMFORTABLE_LEAD and cards > 0:
        return (f"You are ahead by {lead} with {_plural(cards, 'card')} more than "
                f"{them.name}: pass. To win round 1 now they must spend cards, and you go "
                "into the next rounds with the bigger hand.")
    return None


def _passing(obs: Observation) -> str | None:
    if obs.phase != PLAYING or not any(a.kind == PASS for a in obs.legal):
        return None
    return ("Your turn: play one card from the select, or press **Pass**. Passing ends the "
            "round for you only; the cards in your hand stay there for later rounds. The "
            "higher total wins a round, and two rounds win the match, so you never need to "
            "win all three.")


def _card_hint(obs: Observation, ability: str) -> tuple[CardView, bool] | None:
    """A card with the ability that the player can play now (True), or that stands on the
    board (False)."""
    assert obs.viewer is not None
    playable = {a.card for a in obs.legal if a.kind == PLAY}
    for card in obs.sides[obs.viewer].hand or ():
        if card.uid in playable and ability in card.abilities:
            return card, True
    if any(a.kind == PASS for a in obs.legal):
        for card in _board(obs):
            if ability in card.abilities:
                return card, False
    return None


# Per card hint: the ability, what to say when the player can play such a card ({name} and
# {base} are the card's), and what to say when one stands on the board.
_CARD_HINTS = {
    SPY: ("spy",
          "**{name}** is a spy: it goes to your opponent's side, adding {base} to their total, "
          "and you draw two cards. Two cards for a few points is a good trade, best made early.",
          "**{name}** on the board is a spy: whoever played it gave the other side its "
          "strength and drew two cards."),
    MEDIC: ("medic",
            "**{name}** is a medic: it brings a non-hero unit of your choice back from your "
            "discard pile. It is worth more once a good unit (or a spy) is there, usually from "
            "round 2 on.",
            "**{name}** on the board is a medic: it brought a unit back from a discard pile."),
    WEATHER: ("weather",
              "**{name}** is weather: non-hero units on its row drop to 1, on both sides. Play "
              "it when your opponent has more strength on that row than you. Clear Weather "
              "lifts it.",
              "**{name}** is in play: non-hero units on its row are down to 1 on both sides "
              "until Clear Weather or the end of the round."),
    HORN: ("commanders_horn",
           "**{name}** doubles a row: keep it for the row where most of your strength already "
           "stands, ideally in a round you mean to win.",
           "**{name}** on the board doubles the non-hero units of its row (one horn per row)."),
}


def _card_rule(key: str) -> Callable[[Observation], str | None]:
    ability, playable, on_board = _CARD_HINTS[key]

    def rule(obs: Observation) -> str | None:
        found = _card_hint(obs, ability)
        if found is None:
            return None
        card, mine = found
        return (playable if mine else on_board).format(name=card.name, base=card.base)

    return rule


_RULES = ((REDRAW, _redraw), (ROUND_END, _round_end), (PASSING, _passing),
          *((key, _card_rule(key)) for key in (SPY, MEDIC, WEATHER, HORN)))


def next_hint(obs: Observation, shown: Iterable[str]) -> Hint | None:
    """The first hint that applies to this observation and was not given yet, if any."""
    if obs.viewer is None:
        raise ValueError("hints are for a player's own observation")
    given = set(shown)
    for key, rule in _RULES:
        if key in given:
            continue
        text = rule(obs)
        if text is not None:
            return Hint(key, text)
    return None
