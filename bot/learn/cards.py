"""Card lookup in any language that tolerates typos, and each card explained in sentences
with its related cards (muster group, what it summons or becomes, its rows)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import ENGLISH, search_cards
from bot.learn.abilities import ABILITIES, HERO, explain
from bot.learn.factions import leader_summary, row_words
from engine import Card, catalogue
from engine.cards import LEADER, NEUTRAL, ROW_TITLES, UNIT, WEATHER

ABILITY_ORDER = (HERO, *(key for key in ABILITIES if key != HERO))


def find_cards(text: str, kinds: Iterable[str] | None = None, language: str = ENGLISH
               ) -> list[Card]:
    """Cards for what someone typed in any language, best first: the card with that id,
    then as bot.i18n.search_cards finds them (names in `language` and English equal to it,
    starting with it, with a word starting with it, containing it; else names in the other
    languages; else names in `language` or English that look like it: "yenefer", "blue
    stripe", "vilentretenmerth"). `kinds` limits card types."""
    cards = catalogue().cards
    wanted = None if kinds is None else frozenset(kinds)
    exact = cards.get(text.strip())
    first = [exact] if exact is not None and (wanted is None or exact.type in wanted) else []
    found = [cards[card_id] for card_id in search_cards(text, language, wanted)]
    return first + [card for card in found if card not in first]


def faction_label(card: Card) -> str:
    """The card's faction name, or Neutral."""
    factions = catalogue().factions
    return factions[card.faction].name if card.faction in factions else "Neutral"


def card_facts(card: Card) -> str:
    """The card's faction, type, strength and rows in one line, as the catalogue has them."""
    if card.type == LEADER:
        return f"{faction_label(card)} leader"
    facts = [faction_label(card)]
    if card.is_unit:
        facts.append(("hero" if card.hero else "unit") + f", strength {card.strength}")
        facts.append(row_words(card.rows))
    elif card.type == WEATHER and card.rows:
        facts.append("weather on " + row_words(card.rows).replace(" or ", " and "))
    else:
        facts.append("weather" if card.type == WEATHER else "special card")
    if card.side_deck:
        facts.append("never in a deck")
    else:
        facts.append(f"up to {card.copies} in a deck")
    return " \u00b7 ".join(facts)


def abilities_of(card: Card) -> list[str]:
    """The card's abilities in explanation order, Hero first."""
    present = set(card.abilities) | ({HERO} if card.hero else set())
    return [key for key in ABILITY_ORDER if key in present]


def ability_lines(card: Card) -> list[str]:
    """One "**Ability**: sentences" line per ability of the card."""
    return [f"**{ABILITIES[key].name}**: {explain(key, on_special=not card.is_unit)}"
            for key in abilities_of(card)]


def _label(card: Card) -> str:
    if card.is_unit:
        hero = ", hero" if card.hero else ""
        return f"{card.name} ({card.strength}{hero}, {row_words(card.rows)})"
    return card.name


def _group(group: str) -> list[Card]:
    return [c for c in catalogue().cards.values() if c.muster_group == group]


def related(card: Card) -> list[str]:
    """Sentences naming the cards this one works with."""
    cards = catalogue().cards.values()
    lines = []
    if card.musters is not None:
        members = _group(card.musters)
        names = [_label(c) for c in members if c.id != card.id]
        if card in members and card.copies > 1:
            names.insert(0, f"its other copies (up to {card.copies} in a deck)")
        lines.append(f"Muster brings: {', '.join(names)}.")
    callers = [c for c in cards if card.muster_group is not None
               and c.musters == card.muster_group and c.muster_group != card.muster_group]
    if callers:
        lines.append("Also brought out by: " + ", ".join(_label(c) for c in callers) + ".")
    for other_id, verb in ((card.summons, "When it leaves the battlefield, it is replaced by"),
                           (card.transforms_into, "Under Mardroeme it becomes")):
        if other_id is not None:
            lines.append(f"{verb} {_label(catalogue().card(other_id))}.")
    sources = [c for c in cards if card.id in (c.summons, c.transforms_into)]
    if sources:
        lines.append("It comes from: " + ", ".join(_label(c) for c in sources) + ".")
    if "mardroeme" in card.abilities or "berserker" in card.abilities:
        partners = [c for c in cards if c.id != card.id and not c.side_deck
                    and ({"mardroeme", "berserker"} - set(card.abilities)) & c.abilities]
        lines.append("Works with: " + ", ".join(_label(c) for c in partners) + ".")
    if card.type == UNIT and card.agile:
        lines.append(f"You choose its row: {' or '.join(ROW_TITLES[r] for r in card.rows)}.")
    return lines


def explain_card(card: Card) -> str:
    """A card in full: facts, every ability in sentences, and related cards."""
    head = f"**{card.name}** ({card_facts(card)})"
    if card.type == LEADER:
        return f"{head}\n{leader_summary(card)}"
    body = ability_lines(card) or ["No ability: it adds its strength to its row."
                                   if card.is_unit else card.text]
    return "\n".join([head, *body, *related(card)])


def is_neutral(card: Card) -> bool:
    """True for cards every faction may use."""
    return card.faction == NEUTRAL
