"""Card lookup in any language that tolerates typos, and each card explained in sentences
with its related cards (muster group, what it summons or becomes, its rows)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import ENGLISH, Language, Name, card_name, faction_name, row_name, search_cards
from bot.learn.abilities import ABILITIES, HERO, ability_title, explain
from bot.learn.factions import leader_summary, row_words
from bot.learn.glossary import ENGLISH_LANGUAGE
from engine import Card, catalogue
from engine.cards import LEADER, NEUTRAL, UNIT, WEATHER

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


def faction_label(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """The card's faction name, or Neutral."""
    return faction_name(card.faction if card.faction in catalogue().factions else NEUTRAL,
                        lang.tag)


def card_facts(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """The card's faction, type, strength and rows in one line, as the catalogue has them."""
    faction = faction_label(card, lang=lang)
    if card.type == LEADER:
        # i18n: {faction} is a faction's name
        return lang._("{faction} leader", faction=faction)
    facts = [faction]
    if card.is_unit:
        strength = lang.number(card.strength)
        facts.append(lang._("hero, strength {strength}", strength=strength) if card.hero
                     else lang._("unit, strength {strength}", strength=strength))
        facts.append(row_words(card.rows, lang=lang))
    elif card.type == WEATHER and card.rows:
        # i18n: {rows} lists the rows' names ("Ranged Combat and Siege")
        facts.append(lang._("weather on {rows}",
                            rows=lang.join(row_name(r, lang) for r in card.rows)))
    else:
        facts.append(lang._("weather") if card.type == WEATHER else lang._("special card"))
    if card.side_deck:
        facts.append(lang._("never in a deck"))
    else:
        facts.append(lang.ngettext("up to {count} in a deck", "up to {count} in a deck",
                                   card.copies))
    return " \u00b7 ".join(facts)


def abilities_of(card: Card) -> list[str]:
    """The card's abilities in explanation order, Hero first."""
    present = set(card.abilities) | ({HERO} if card.hero else set())
    return [key for key in ABILITY_ORDER if key in present]


def ability_lines(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> list[str]:
    """One "**Ability**: sentences" line per ability of the card."""
    # i18n: an ability's name and what it does
    return [lang._("**{ability}**: {text}", ability=ability_title(key, lang),
                   text=explain(key, on_special=not card.is_unit, lang=lang))
            for key in abilities_of(card)]


def _label(card: Card, lang: Language) -> str:
    name = card_name(card.id, lang.tag)
    if not card.is_unit:
        return name
    rows = row_words(card.rows, lang=lang)
    strength = lang.number(card.strength)
    if card.hero:
        # i18n: a hero unit card: its name, strength and rows
        return lang._("{card} ({strength}, hero, {rows})", card=name, strength=strength,
                      rows=rows)
    # i18n: a unit card: its name, strength and rows
    return lang._("{card} ({strength}, {rows})", card=name, strength=strength, rows=rows)


def _group(group: str) -> list[Card]:
    return [c for c in catalogue().cards.values() if c.muster_group == group]


def related(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> list[str]:
    """Sentences naming the cards this one works with."""
    cards = catalogue().cards.values()
    lines = []

    def listed(found: Iterable[Card]) -> str:
        return ", ".join(_label(c, lang) for c in found)

    if card.musters is not None:
        members = _group(card.musters)
        names = [_label(c, lang) for c in members if c.id != card.id]
        if card in members and card.copies > 1:
            names.insert(0, lang._("its other copies (up to {count} in a deck)",
                                   count=lang.number(card.copies)))
        # i18n: {cards} lists cards, each with its strength and rows
        lines.append(lang._("Muster brings: {cards}.", cards=", ".join(names)))
    callers = [c for c in cards if card.muster_group is not None
               and c.musters == card.muster_group and c.muster_group != card.muster_group]
    if callers:
        lines.append(lang._("Also brought out by: {cards}.", cards=listed(callers)))
    if card.summons is not None:
        lines.append(lang._("When it leaves the battlefield, it is replaced by {card}.",
                            card=_label(catalogue().card(card.summons), lang)))
    if card.transforms_into is not None:
        lines.append(lang._("Under Mardroeme it becomes {card}.",
                            card=_label(catalogue().card(card.transforms_into), lang)))
    sources = [c for c in cards if card.id in (c.summons, c.transforms_into)]
    if sources:
        lines.append(lang._("It comes from: {cards}.", cards=listed(sources)))
    if "mardroeme" in card.abilities or "berserker" in card.abilities:
        partners = [c for c in cards if c.id != card.id and not c.side_deck
                    and ({"mardroeme", "berserker"} - set(card.abilities)) & c.abilities]
        lines.append(lang._("Works with: {cards}.", cards=listed(partners)))
    if card.type == UNIT and card.agile:
        lines.append(lang._("You choose its row: {rows}.", rows=row_words(card.rows, lang=lang)))
    return lines


def explain_card(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """A card in full: facts, every ability in sentences, and related cards."""
    # i18n: a card's name, then its faction, type, strength and rows
    head = lang._("**{card}** ({facts})", card=Name.card(card.id),
                  facts=card_facts(card, lang=lang))
    if card.type == LEADER:
        return f"{head}\n{leader_summary(card, lang=lang)}"
    if card.is_unit:
        none = lang._("No ability: it adds its strength to its row.")
    else:
        none = lang._(card.text)
    body = ability_lines(card, lang=lang) or [none]
    return "\n".join([head, *body, *related(card, lang=lang)])


def is_neutral(card: Card) -> bool:
    """True for cards every faction may use."""
    return card.faction == NEUTRAL
