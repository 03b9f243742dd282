"""How many unit names the hand shows whole, per language: each name fitted to a hand token
(faces.HAND_TOKEN) as the player's view draws it (text.fit_name).

    python -m bot.render --name-fit
"""

from __future__ import annotations

from bot.i18n.languages import LANGUAGES
from bot.render.faces import HAND_TOKEN
from bot.render.text import fit_name
from bot.render.words import card_label
from engine.cards import catalogue


def hand_name_room() -> int:
    """The width a hand token's name may take."""
    return HAND_TOKEN.w - 2 * HAND_TOKEN.border - 4


def whole_names(tag: str) -> tuple[int, int, list[str]]:
    """In the language tag: how many unit names show whole in the hand, of how many, and
    the names shortened."""
    units = [c for c in catalogue().cards.values() if c.type == "unit"]
    cut = [name for name in (card_label(c.id, c.name, tag) for c in units)
           if not fit_name(name, hand_name_room(), HAND_TOKEN.name_font)[2]]
    return len(units) - len(cut), len(units), cut


def report() -> str:
    """One line per language: the share of unit names shown whole, and those shortened."""
    lines = []
    for tag in LANGUAGES:
        whole, total, cut = whole_names(tag)
        lines.append(f"{tag:<6} {whole:>3}/{total} whole ({100 * whole / total:.0f}%)"
                     + (f"; shortened: {', '.join(cut)}" if cut else ""))
    return "\n".join(lines)


__all__ = ["hand_name_room", "report", "whole_names"]
