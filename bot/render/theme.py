"""Colours, faction palettes and names shared by every image."""

from __future__ import annotations

from typing import NamedTuple

RGB = tuple[int, int, int]

# The board: dark wood and leather with gold accents.
WOOD_DARK: RGB = (27, 18, 12)
WOOD_LIGHT: RGB = (62, 42, 26)
LANE: RGB = (20, 14, 10)
LANE_EDGE: RGB = (92, 70, 40)
PANEL: RGB = (36, 25, 17)
GOLD: RGB = (214, 174, 84)
GOLD_LIGHT: RGB = (246, 214, 128)
GOLD_DARK: RGB = (120, 90, 40)
TEXT: RGB = (244, 233, 206)
TEXT_MUTED: RGB = (190, 172, 140)
PARCHMENT: RGB = (240, 230, 205)
INK: RGB = (24, 18, 12)
BUFF: RGB = (24, 128, 40)  # strength above the printed value
NERF: RGB = (196, 30, 24)  # strength below the printed value
BUFF_LIGHT: RGB = (110, 230, 110)
NERF_LIGHT: RGB = (255, 110, 96)
HERO_BADGE: RGB = (16, 14, 12)
GEM_ON: RGB = (220, 40, 40)
GEM_OFF: RGB = (60, 44, 36)
TURN_GLOW: RGB = (255, 210, 90)
HIGHLIGHT_GLOW: RGB = (255, 226, 120)
PASSED: RGB = (170, 40, 30)

# Row tints when weather is active on a row (close, ranged, siege).
WEATHER_TINT: tuple[RGB, RGB, RGB] = ((120, 180, 235), (170, 170, 180), (90, 120, 170))
WEATHER_ICON = ("frost", "fog", "rain")


class Palette(NamedTuple):
    """The colours of one faction's card frames."""

    frame: RGB
    accent: RGB
    body: RGB


FACTION_PALETTES: dict[str, Palette] = {
    "northern_realms": Palette((52, 98, 168), (150, 190, 240), (18, 30, 52)),
    "nilfgaard": Palette((44, 42, 40), (222, 184, 70), (22, 20, 18)),
    "monsters": Palette((156, 40, 34), (240, 130, 110), (44, 14, 12)),
    "scoiatael": Palette((58, 128, 52), (160, 220, 120), (16, 40, 16)),
    "skellige": Palette((104, 70, 160), (190, 160, 240), (30, 20, 48)),
    "neutral": Palette((128, 118, 104), (220, 210, 190), (38, 34, 30)),
}
DEFAULT_PALETTE = FACTION_PALETTES["neutral"]

FACTION_NAMES: dict[str, str] = {
    "northern_realms": "Northern Realms",
    "nilfgaard": "Nilfgaardian Empire",
    "monsters": "Monsters",
    "scoiatael": "Scoia'tael",
    "skellige": "Skellige",
    "neutral": "Neutral",
}

# Fallback names and short descriptions, used when the card catalogue does not
# provide them (the catalogue's own texts win when it is present).
ABILITY_NAMES: dict[str, str] = {
    "agile": "Agile",
    "medic": "Medic",
    "morale_boost": "Morale Boost",
    "muster": "Muster",
    "spy": "Spy",
    "tight_bond": "Tight Bond",
    "scorch": "Scorch",
    "scorch_close": "Scorch - Close Combat",
    "scorch_ranged": "Scorch - Ranged",
    "scorch_siege": "Scorch - Siege",
    "commanders_horn": "Commander's Horn",
    "summon_avenger": "Summon Avenger",
    "berserker": "Berserker",
    "mardroeme": "Mardroeme",
    "decoy": "Decoy",
    "weather": "Weather",
    "clear_weather": "Clear Weather",
}

ABILITY_TEXTS: dict[str, str] = {
    "agile": "Can be placed in either the Close Combat or the Ranged Combat row.",
    "medic": "Choose one card from your discard pile and play it instantly "
    "(no heroes or special cards).",
    "morale_boost": "Adds +1 to all units in the row (excluding itself).",
    "muster": "Find any cards with the same name in your hand and deck and play them "
    "instantly.",
    "spy": "Place on your opponent's battlefield (counts towards their total) "
    "and draw 2 cards from your deck.",
    "tight_bond": "Place next to a card with the same name to double the strength of both.",
    "scorch": "Discard after playing. Kills the strongest card(s) on the battlefield.",
    "scorch_close": "Destroys your enemy's strongest Close Combat unit(s) if their "
    "Close Combat units' combined strength is 10 or more.",
    "scorch_ranged": "Destroys your enemy's strongest Ranged Combat unit(s) if their "
    "Ranged Combat units' combined strength is 10 or more.",
    "scorch_siege": "Destroys your enemy's strongest Siege unit(s) if their "
    "Siege units' combined strength is 10 or more.",
    "commanders_horn": "Doubles the strength of all unit cards in that row. Limited to 1 per row.",
    "summon_avenger": "When this card is removed from the battlefield, it summons "
    "a powerful new unit card to take its place.",
    "berserker": "Transforms into a bear when a Mardroeme card is on its row.",
    "mardroeme": "Triggers transformation of all Berserker cards on the same row.",
    "decoy": "Swap with a card on the battlefield to return it to your hand.",
    "weather": "Sets the strength of all non-hero units on the affected "
    "rows to 1 for both players.",
    "clear_weather": "Removes all Weather Card effects.",
}

def palette(faction: str) -> Palette:
    """Return the frame colours for a faction id (neutral for unknown ids)."""
    return FACTION_PALETTES.get(faction, DEFAULT_PALETTE)


def faction_name(faction: str) -> str:
    """Return a display name for a faction id."""
    return FACTION_NAMES.get(faction, faction.replace("_", " ").title())


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
