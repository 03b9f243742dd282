"""The private deck builder: the deck image, an always-visible status line, and selects and
buttons to change the deck.

Every component carries the deck being built as a share code (see ids.BUILD), so the
builder keeps no state of its own: a click is answered from the clicked message alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.discord.core.views import (
    OPTIONS_MAX,
    Outgoing,
    StaticView,
    button,
    clean,
    clip,
    option,
    select,
)
from bot.discord.decks import ids
from bot.i18n import N_, Language, ability_name, card_name, faction_name, row_name
from bot.learn.factions import leader_label
from bot.render.deck_screen import section_counts
from bot.storage.saved_decks import SavedDeck
from engine import Card, Deck, catalogue
from engine.cards import LEADER, NEUTRAL, ROW_NAMES
from engine.decks import MAX_SPECIALS, MIN_UNITS, can_add, summary
from engine.sharecode import encode

# i18n: the deck builder's categories of cards (a select's options).
CATEGORIES = {"close": N_("Close Combat"), "ranged": N_("Ranged Combat"), "siege": N_("Siege"),
              "agile": N_("Agile"), "heroes": N_("Heroes"),
              "special": N_("Specials and weather"), "neutral": N_("Neutral")}
# i18n: what a category of the deck builder holds (a select option's description, at most
# 100 characters).
CATEGORY_HINTS = {"close": N_("Units of your faction for the close combat row"),
                  "ranged": N_("Units of your faction for the ranged combat row"),
                  "siege": N_("Units of your faction for the siege row"),
                  "agile": N_("Units that go to the close or the ranged row"),
                  "heroes": N_("Heroes of your faction and neutral heroes: no effect touches "
                               "them"),
                  "special": N_("Decoys, horns, Scorch, Mardroeme and weather"),
                  "neutral": N_("Units any faction may use")}
NOTHING = "none"
OK, NOT_OK = "\u2705", "\u274c"
COPIES = "*"  # an Add option's value: the card's id, or "<id>*<n>" for n copies at once


def category_of(card: Card) -> str:
    """The builder category a card is listed under."""
    if card.is_special:
        return "special"
    if card.hero:
        return "heroes"
    if card.faction == NEUTRAL:
        return "neutral"
    if card.agile:
        return "agile"
    return ROW_NAMES[card.rows[0]] if card.rows else "close"


def usable_cards(faction: str) -> list[Card]:
    """Every card a deck of this faction may hold, in catalogue order."""
    return [c for c in catalogue().cards.values()
            if c.faction in (faction, NEUTRAL) and c.type != LEADER and not c.side_deck]


def categories(faction: str) -> list[str]:
    """The categories that hold cards for this faction, in the builder's order."""
    found = {category_of(c) for c in usable_cards(faction)}
    return [key for key in CATEGORIES if key in found]


@dataclass(frozen=True)
class Draft:
    """A deck in the builder: the saved deck it edits (0 for a new one), the category
    shown, and the deck as it stands (named after the saved deck, if any)."""

    deck_id: int
    category: str
    deck: Deck

    @property
    def code(self) -> str:
        """The deck as a share code, as the builder's components carry it."""
        return encode(self.deck)

    def showing(self, category: str) -> Draft:
        """The same deck, another category."""
        return Draft(self.deck_id, category, self.deck)

    def changed(self, deck: Deck) -> Draft:
        """The draft with other cards or another leader (same name and category)."""
        return Draft(self.deck_id, self.category,
                     Deck(deck.faction, deck.leader, dict(deck.cards), self.deck.name))


def with_copies(deck: Deck, card_id: str, change: int) -> Deck:
    """The deck with `change` more (or fewer) copies of a card."""
    cards = dict(deck.cards)
    cards[card_id] = cards.get(card_id, 0) + change
    if cards[card_id] <= 0:
        del cards[card_id]
    return Deck(deck.faction, deck.leader, cards, deck.name)


def add_up_to(deck: Deck, card_id: str, most: int) -> tuple[Deck, int]:
    """The deck with up to `most` more copies of a card, added one after another while the
    rules let them in, and how many went in."""
    added = 0
    while added < most and can_add(deck, card_id):
        deck, added = with_copies(deck, card_id, +1), added + 1
    return deck, added


def addable(deck: Deck, card_id: str) -> int:
    """How many more copies of a card the deck may take, one after another."""
    return add_up_to(deck, card_id, catalogue().card(card_id).copies)[1]


def add_value(card_id: str, count: int) -> str:
    """The Add option that adds `count` copies of a card."""
    return card_id if count == 1 else f"{card_id}{COPIES}{count}"


def read_add_value(value: str) -> tuple[str, int]:
    """The card and the number of copies an Add option adds (ValueError if malformed)."""
    card_id, _, count = value.partition(COPIES)
    copies = int(count) if count else 1
    if copies < 1:
        raise ValueError(value)
    return card_id, copies


def is_unsaved(draft: Draft, saved: SavedDeck | None) -> bool:
    """True when the draft differs from the deck it edits (a new deck: once it has cards)."""
    if saved is None:
        return bool(draft.deck.cards)
    return (saved.deck.leader, saved.deck.cards) != (draft.deck.leader, draft.deck.cards)


def status_line(deck: Deck, lang: Language) -> str:
    """Units and specials against the limits, and the card count."""
    counts = summary(deck)
    # i18n: {units_ok} and {specials_ok} are a tick or a cross: whether the deck keeps
    # within each limit.
    return lang.ngettext("Units **{units}/{min_units}** {units_ok} \u00b7 Specials "
                         "**{specials}/{max_specials}** {specials_ok} \u00b7 {count} card",
                         "Units **{units}/{min_units}** {units_ok} \u00b7 Specials "
                         "**{specials}/{max_specials}** {specials_ok} \u00b7 {count} cards",
                         counts.cards, units=counts.units, min_units=MIN_UNITS,
                         units_ok=OK if counts.units >= MIN_UNITS else NOT_OK,
                         specials=counts.specials, max_specials=MAX_SPECIALS,
                         specials_ok=OK if counts.specials <= MAX_SPECIALS else NOT_OK)


def _rows(card: Card, lang: Language) -> str:
    """The rows a unit may go to: "Close Combat or Ranged Combat"."""
    names = [row_name(r, lang) for r in card.rows]
    said = names[0] if names else ""
    for name in names[1:]:
        # i18n: rows a unit may go to; {rows} is one row or several already joined.
        said = lang._("{rows} or {row}", rows=said, row=name)
    return said


def card_details(card: Card, lang: Language) -> str:
    """A card's strength, rows and abilities in a few words (its text for specials)."""
    if not card.is_unit:
        return lang._(card.text) if card.text else ""
    abilities = catalogue().abilities
    facts = [lang._("Hero") if card.hero else "",
             lang._("Strength {strength}", strength=card.strength), _rows(card, lang),
             *(ability_name(a, lang.tag) if a in abilities else a
               for a in sorted(card.abilities) if a != "agile")]
    return " \u00b7 ".join(f for f in facts if f)


def deck_head(deck: Deck, name: str, lang: Language) -> str:
    """"**Name** (Faction) · Leader: Leader's name"."""
    leader = card_name(deck.leader, lang.tag) if deck.leader in catalogue().cards \
        else deck.leader
    return lang._("**{name}** ({faction}) \u00b7 Leader: {leader}", name=name,
                  faction=faction_name(deck.faction, lang.tag), leader=leader)


def builder_message(draft: Draft, saved: SavedDeck | None, note: str = "",
                    png: bytes | None = None, confirm_close: bool = False, *,
                    lang: Language) -> Outgoing:
    """The builder: title, status line, a note about the last change, the deck image (when
    given: otherwise the message keeps its image) and the components."""
    deck = draft.deck
    title = clean(saved.name) if saved is not None else lang._("New deck")
    head = deck_head(deck, title, lang)
    if is_unsaved(draft, saved):
        head = lang._("{deck} \u00b7 *unsaved changes*", deck=head)
    lines = [f"\U0001f0cf {head}", status_line(deck, lang)]
    if note:
        lines.append(note)
    files = (("deck.png", png),) if png is not None else ()
    return Outgoing(clip("\n".join(lines), 2000), builder_view(draft, confirm_close, lang=lang),
                    files)


def builder_view(draft: Draft, confirm_close: bool = False, *, lang: Language) -> StaticView:
    """Category, Add, Remove and leader selects, and the Save, Save as, Share, Paste list
    and Close buttons."""
    deck, code, key = draft.deck, draft.code, draft.category

    def cid(op: str) -> str:
        return ids.build(draft.deck_id, key, code, op)

    shown = [c for c in usable_cards(deck.faction) if category_of(c) == key]
    in_deck = {c.id: deck.cards.get(c.id, 0) for c in shown}
    names = {c.id: card_name(c.id, lang.tag) for c in shown}
    adds = _add_options(deck, shown, lang)
    removes = [option(f"{names[c.id]} \u00d7{in_deck[c.id]}", c.id, card_details(c, lang))
               for c in shown if in_deck[c.id]]
    counts = {k: sum(n for c, n in deck.cards.items() if c in catalogue().cards
                     and category_of(catalogue().cards[c]) == k) for k in CATEGORIES}
    counts |= section_counts(deck)  # rows and specials counted as the deck image counts them
    category = lang._(CATEGORIES[key])
    items: list[discord.ui.Item[StaticView]] = [
        select(cid("cat"), lang.pgettext("select placeholder", "Category"),
               [option(lang.pgettext("select option", "{category} ({count} in deck)",
                                     category=lang._(CATEGORIES[k]), count=counts[k]),
                       k, lang._(CATEGORY_HINTS[k]), default=k == key)
                for k in categories(deck.faction)], row=0),
        _select_or_empty(cid("add"), lang.pgettext("select placeholder", "Add: {category}",
                                                   category=category), adds,
                         lang.pgettext("select option", "Nothing more of this category can go "
                                       "in"), row=1, several=True),
        _select_or_empty(cid("remove"), lang.pgettext("select placeholder", "Remove: {category}",
                                                      category=category), removes,
                         lang.pgettext("select option", "No cards of this category in the "
                                       "deck"), row=2),
        select(cid("leader"), lang.pgettext("select placeholder", "Leader"),
               [option(leader_label(c, lang=lang), c.id, lang._(c.text) if c.text else None,
                       default=c.id == deck.leader)
                for c in catalogue().leaders(deck.faction)], row=3),
        button(lang.pgettext("button", "Save"), cid("save"), style=discord.ButtonStyle.success,
               row=4),
        button(lang.pgettext("button", "Save as"), cid("saveas"), row=4),
        button(lang.pgettext("button", "Share"), cid("share"), style=discord.ButtonStyle.primary,
               row=4),
        button(lang.pgettext("button", "Paste list"), cid("paste"), row=4),
        button(lang.pgettext("button", "Discard changes") if confirm_close
               else lang.pgettext("button", "Close"),
               cid("discard" if confirm_close else "close"),
               style=discord.ButtonStyle.danger, row=4),
    ]
    return StaticView(*items)


def _add_options(deck: Deck, shown: list[Card], lang: Language) -> list[discord.SelectOption]:
    """The Add options of a category: for each card that can still go in, one copy (its
    strength, rows and abilities described) and then each larger number of copies that can
    go in at once (only the most, if every number would not fit in one select)."""
    most = {c.id: addable(deck, c.id) for c in shown}
    counts = [(c, n) for c in shown for n in range(1, most[c.id] + 1)]
    if len(counts) > OPTIONS_MAX:
        counts = [(c, n) for c, n in counts if n in (1, most[c.id])]
    options = []
    for card, n in counts[:OPTIONS_MAX]:
        name, held = card_name(card.id, lang.tag), deck.cards.get(card.id, 0)
        if n == 1:
            label = name + (f" ({held}/{card.copies})" if card.copies > 1 else "")
            options.append(option(label, add_value(card.id, 1), card_details(card, lang)))
            continue
        # i18n: an option adding several copies of a card at once; {total} is how many the
        # deck then holds, {copies} the most it may hold
        said = lang.npgettext("select description", "{count} copy at once: {total} of "
                              "{copies} in the deck", "{count} copies at once: {total} of "
                              "{copies} in the deck", n, total=held + n, copies=card.copies)
        options.append(option(lang.pgettext("select option", "{card} \u00d7{count}", card=name,
                                            count=n), add_value(card.id, n), said))
    return options


def _select_or_empty(custom_id: str, placeholder: str, options: list[discord.SelectOption],
                     empty: str, row: int, several: bool = False
                     ) -> discord.ui.Select[StaticView]:
    """A select (`several`: of one or more options at once), or a disabled one saying why
    there is nothing to choose."""
    if options:
        menu = select(custom_id, placeholder, options, row=row)
        if several:
            menu.max_values = len(options)
        return menu
    menu = select(custom_id, clip(empty, 100), [option(empty, NOTHING)], row=row)
    menu.disabled = True
    return menu
