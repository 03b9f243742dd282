"""Follow-up choices a match may wait for after a card or leader ability."""

from __future__ import annotations

from typing import NamedTuple

MEDIC = "medic"
RESTORE = "restore"
DECK_DRAW = "deck_draw"
DECK_WEATHER = "deck_weather"

PROMPTS = {
    MEDIC: "a unit from your discard pile to play",
    RESTORE: "a card from your discard pile to take back",
    DECK_DRAW: "a card from your deck to draw",
    DECK_WEATHER: "a weather card from your deck to play",
}


class Pending(NamedTuple):
    """A follow-up choice: what kind, whose, and the card numbers to pick from."""

    kind: str
    player: int
    options: tuple[int, ...]
