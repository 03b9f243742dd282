"""Strength of the cards in one row: weather, then Tight Bond, Commander's Horn, Morale Boost."""

from __future__ import annotations

from engine.cards import UNIT, Card


def links(card: Card) -> bool:
    """True when the card changes other cards' strengths in its row (Morale Boost, Tight
    Bond, a unit's horn); a row without such cards scores each card on its own."""
    return card.links


def row_strengths(
    row: list[Card],
    horn_slot: bool,
    weather: bool,
    half_weather: bool,
    double_spies: bool,
) -> list[int]:
    """Return the current strength of each card in a row, in row order.

    Non-unit cards (a Decoy standing in the row) count 0. Heroes keep their printed
    strength. For other units: spies may be doubled, weather sets strength to 1
    (or halves it, rounding up, under King Bran), then Tight Bond multiplies, a horn
    doubles and each Morale Boost of another card adds 1.
    """
    morale = 0
    bond: dict[str, int] = {}
    horn_at = -1
    for i, card in enumerate(row):
        if not card.links:
            continue
        abilities = card.abilities
        if "morale_boost" in abilities:
            morale += 1
        if "tight_bond" in abilities:
            bond[card.id] = bond.get(card.id, 0) + 1
        if horn_at < 0 and "commanders_horn" in abilities:
            horn_at = i
    if not (morale or bond or horn_at >= 0 or horn_slot or weather or double_spies):
        return [card.strength for card in row]  # non-units have strength 0
    out: list[int] = []
    for i, card in enumerate(row):
        if card.type != UNIT:
            out.append(0)
            continue
        if card.hero:
            out.append(card.strength)
            continue
        s = card.strength
        abilities = card.abilities
        if double_spies and "spy" in abilities:
            s *= 2
        if weather:
            s = (s + 1) // 2 if half_weather else min(s, 1)
        if bond:
            s *= bond.get(card.id, 1)
        if horn_slot or (horn_at >= 0 and i != horn_at):
            s *= 2
        if morale:
            s += morale - 1 if "morale_boost" in abilities else morale
        out.append(s)
    return out


def lone_strength(
    card: Card,
    horn_slot: bool,
    weather: bool,
    half_weather: bool,
    double_spies: bool,
) -> int:
    """Return the strength of a card in a row where no card links the strengths of others."""
    if not (horn_slot or weather or double_spies):
        return card.strength
    return row_strengths([card], horn_slot, weather, half_weather, double_spies)[0]
