"""What the deck builder's components and forms do, and the delete confirmation."""

from __future__ import annotations

from collections import OrderedDict

import discord

from bot.discord.core.context import private_lang, services
from bot.discord.core.forms import Form, FormRouter, text_field
from bot.discord.core.views import Outgoing, clean, clip
from bot.discord.decks import ids
from bot.discord.decks.builder import (
    Draft,
    add_up_to,
    builder_message,
    categories,
    is_unsaved,
    read_add_value,
    with_copies,
)
from bot.i18n import Language, card_name, other_names
from bot.i18n.deck_rules import Broken
from bot.images import deck_png
from bot.service.errors import IllegalMove, NotFound, OutOfDate
from bot.service.saved_decks import NAME_MAX, share_code
from bot.storage.saved_decks import SavedDeck
from engine import Deck, catalogue
from engine.decklist import parse_list
from engine.decks import rule_problems
from engine.sharecode import ShareCodeError, decode_draft

Groups = dict[str, str]
NAME_FIELD, LIST_FIELD = "name", "list"
UNREAD_SHOWN = 12
# The last list each user pasted that could not be used, to fill in the form again (only a
# convenience: lost on a restart). At most PASTES_KEPT users are remembered.
PASTES_KEPT = 500
_pasted: OrderedDict[int, str] = OrderedDict()
# The cards of the pasted list's example.
EXAMPLE = {"unit": "blue_stripes_commando", "other": "dandelion", "special": "decoy",
           "leader": "foltest_the_siegemaster"}


async def draft_of(interaction: discord.Interaction, groups: Groups
                   ) -> tuple[Draft, SavedDeck | None]:
    """The draft a builder component or form carries, and the saved deck it edits (None for
    a new deck, or one deleted meanwhile)."""
    try:
        deck = decode_draft(groups["code"])
    except ShareCodeError as error:
        raise OutOfDate("This deck builder is out of date: open it again with "
                        "`/gwent deck edit`.") from error
    deck_id = int(groups["deck"])
    saved = None
    if deck_id:
        try:
            saved = await services(interaction).decks.owned(interaction.user.id, deck_id)
        except NotFound:
            deck_id = 0
    name = saved.name if saved is not None else ""
    category = groups["cat"] if groups["cat"] in categories(deck.faction) else \
        categories(deck.faction)[0]
    return Draft(deck_id, category, Deck(deck.faction, deck.leader, deck.cards, name)), saved


async def show_builder(interaction: discord.Interaction, draft: Draft, saved: SavedDeck | None,
                       note: str = "", *, confirm_close: bool = False,
                       image: bool = True, lang: Language) -> None:
    """Answer with the builder: a new ephemeral message for a command, else the edited
    builder message (with a fresh deck image unless `image` is False)."""
    png = await deck_png(draft.deck, tag=lang.tag) if image else None
    out = builder_message(draft, saved, note, png, confirm_close, lang=lang)
    if interaction.response.is_done():  # a command's thinking message, or a deferred click
        await interaction.edit_original_response(**out.edit_kwargs(replace_files=image))
    else:
        await interaction.response.edit_message(**out.edit_kwargs(replace_files=image))


async def on_build(interaction: discord.Interaction, groups: Groups, values: list[str]) -> None:
    """A builder component: category, add, remove, leader, or one of the buttons."""
    draft, saved = await draft_of(interaction, groups)
    op = groups["op"]
    cat = catalogue()
    if op in ("cat", "add", "remove", "leader"):
        for value in values:
            _check_choice(op, draft, value)
    lang = await private_lang(interaction)
    if op == "cat":
        await show_builder(interaction, draft.showing(values[0]), saved, image=False, lang=lang)
        return
    if op in ("save", "saveas", "paste") and not (op == "save" and saved is not None):
        await interaction.response.send_modal(_form(op, draft, saved, interaction.user.id, lang))
        return
    if op == "share":
        await _share(interaction, draft, lang)
        return
    if op == "close" and is_unsaved(draft, saved):
        await show_builder(interaction, draft, saved, lang._(
            "You have unsaved changes: press **Discard changes** to close without them, or "
            "**Save**."), confirm_close=True, image=False, lang=lang)
        return
    if op in ("close", "discard"):
        await interaction.response.edit_message(content=lang._("Deck builder closed."),
                                                view=None, attachments=[])
        return
    await interaction.response.defer()
    deck, note = draft.deck, ""
    if op == "add":
        deck, note = added_copies(deck, values, lang)
    elif op == "remove":
        card = cat.card(values[0])
        deck = with_copies(deck, card.id, -1)
        note = lang._("Took out {card} ({count} left).", card=card_name(card.id, lang.tag),
                      count=deck.cards.get(card.id, 0))
    elif op == "leader":
        deck = deck.with_leader(values[0])
        note = lang._("Leader: {card}.", card=card_name(values[0], lang.tag))
    elif op == "save":
        assert saved is not None
        saved = await services(interaction).decks.save(interaction.user.id, draft.deck_id, deck)
        note = "\U0001f4be " + lang._("Saved **{name}**.", name=clean(saved.name))
    await show_builder(interaction, draft.changed(deck), saved, note, image=op != "save",
                       lang=lang)


async def on_build_form(interaction: discord.Interaction, groups: Groups,
                        values: dict[str, str]) -> None:
    """A builder form: the name to save under, or a pasted list."""
    draft, saved = await draft_of(interaction, groups)
    lang = await private_lang(interaction)
    if groups["op"] == "paste":
        await _paste(interaction, draft, saved, values.get(LIST_FIELD, ""), lang)
        return
    created = await services(interaction).decks.create(interaction.user.id,
                                                       values.get(NAME_FIELD, ""), draft.deck)
    await interaction.response.defer()
    moved = Draft(created.id, draft.category, created.deck)
    await show_builder(interaction, moved, created, "\U0001f4be " + lang._(
        "Saved as **{name}**.", name=clean(created.name)), image=False, lang=lang)


async def on_deck_delete(interaction: discord.Interaction, groups: Groups, _: list[str]
                         ) -> None:
    """Delete (or keep) the deck named in a confirmation."""
    deck_id = int(groups["deck"])
    lang = await private_lang(interaction)
    if groups["op"] == "no":
        await interaction.response.edit_message(content=lang._("Nothing was deleted."),
                                                view=None)
        return
    deleted = await services(interaction).decks.delete(interaction.user.id, deck_id)
    await interaction.response.edit_message(
        content="\U0001f5d1\ufe0f " + lang._("Deleted **{name}**. Matches already played with "
                                             "it keep their own copy.",
                                             name=clean(deleted.name)), view=None)


def remember_paste(user_id: int, text: str | None) -> None:
    """Keep (or, with None, forget) the list a user pasted, to fill in the form again."""
    _pasted.pop(user_id, None)
    if text is not None:
        _pasted[user_id] = text
        while len(_pasted) > PASTES_KEPT:
            _pasted.popitem(last=False)


async def _paste(interaction: discord.Interaction, draft: Draft, saved: SavedDeck | None,
                 text: str, lang: Language) -> None:
    await interaction.response.defer()
    found = parse_list(text, draft.deck.faction, draft.deck.leader, other=other_names())
    if not found.lines:
        await show_builder(interaction, draft, saved, lang._(
            "The pasted list was empty: nothing was changed."), image=False, lang=lang)
        return
    if not found.ok:
        remember_paste(interaction.user.id, text)
        # The reasons are the engine's (engine.decklist), in English.
        lines = [f"\u2022 `{clip(u.line, 60).replace('`', '')}`: {clean(clip(u.reason, 200))}"
                 for u in found.unread[:UNREAD_SHOWN]]
        more = len(found.unread) - UNREAD_SHOWN
        if more > 0:
            lines.append("\u2026 " + lang._("and {count} more.", count=more))
        head = "\u26a0\ufe0f " + lang.ngettext(
            "Nothing was changed: {unread} of {count} line could not be used. Fix them and "
            "press **Paste list** again (it keeps your text):",
            "Nothing was changed: {unread} of {count} lines could not be used. Fix them and "
            "press **Paste list** again (it keeps your text):", found.lines,
            unread=len(found.unread))
        await show_builder(interaction, draft, saved, "\n".join([head, *lines]), image=False,
                           lang=lang)
        return
    remember_paste(interaction.user.id, None)
    deck = Deck(draft.deck.faction, found.leader or draft.deck.leader, found.cards)
    total = sum(found.cards.values())
    # i18n: {lines}: how many lines (or comma-separated items) the pasted list had, as a
    # phrase ("3 lines").
    note = lang.ngettext("Pasted {lines}: the deck now holds this {count} card.",
                         "Pasted {lines}: the deck now holds these {count} cards.", total,
                         lines=lang.ngettext("{count} line", "{count} lines", found.lines))
    await show_builder(interaction, draft.changed(deck), saved, f"\U0001f4cb {note}",
                       lang=lang)


async def _share(interaction: discord.Interaction, draft: Draft, lang: Language) -> None:
    code = share_code(draft.deck)
    values = {"code": code, "name": clean(draft.deck.name)}
    # i18n: {code} is a share code, shown in a code block: keep the ``` lines and the command.
    text = (lang._("Share code of **{name}**:\n```\n{code}\n```\nAnyone can add it to their "
                   "decks with `/gwent deck import code:{code}`.", **values) if draft.deck.name
            else lang._("Share code of **this deck**:\n```\n{code}\n```\nAnyone can add it to "
                        "their decks with `/gwent deck import code:{code}`.", **values))
    await interaction.response.send_message(ephemeral=True, **Outgoing(text).send_kwargs())


def _form(op: str, draft: Draft, saved: SavedDeck | None, user_id: int,
          lang: Language) -> Form:
    custom_id = ids.build_form(op, draft.deck_id, draft.category, draft.code)
    if op == "paste":
        return Form(lang.pgettext("modal title", "Paste a deck list"), custom_id, text_field(
            lang.pgettext("text input label", "One card per line or comma: 3x Name"),
            LIST_FIELD, long=True, default=_pasted.get(user_id),
            placeholder=_paste_example(lang)))
    title = (lang.pgettext("modal title", "Save this deck as") if op == "saveas"
             else lang.pgettext("modal title", "Save this deck"))
    placeholder = (lang.pgettext("text input placeholder", "{name} (copy)", name=saved.name)
                   if saved is not None
                   else lang.pgettext("text input placeholder", "A name for the deck"))
    return Form(title, custom_id, text_field(lang.pgettext("text input label", "Deck name"),
                                             NAME_FIELD, max_length=NAME_MAX,
                                             placeholder=placeholder))


def _paste_example(lang: Language) -> str:
    """The pasted list's example, with cards named in the reader's language."""
    names = {key: card_name(card_id, lang.tag) for key, card_id in EXAMPLE.items()}
    # i18n: an example of a pasted deck list (a text input placeholder, at most 100
    # characters). Keep "Leader:" in English: the list reader knows only that word.
    return lang.pgettext("text input placeholder", "3x {unit}, {other}, 2 {special}\nLeader: "
                         "{leader}", **names)


def added_copies(deck: Deck, values: list[str], lang: Language) -> tuple[Deck, str]:
    """The deck with the copies chosen in Add (the most asked for each card, as many as
    the rules let in), and a note saying what went in and what could not."""
    asked: dict[str, int] = {}
    for value in values:
        card_id, count = read_add_value(value)
        asked[card_id] = max(asked.get(card_id, 0), count)
    went: list[tuple[str, int]] = []
    refused: list[str] = []
    for card_id, count in asked.items():
        deck, added = add_up_to(deck, card_id, count)
        if added:
            went.append((card_id, added))
        if added < count:
            name = card_name(card_id, lang.tag)
            # i18n: {problems}: the deck rules it would break, separated by semicolons.
            refused.append(lang._("{card} cannot go in: {problems}.", card=name, problems=Broken(
                rule_problems(with_copies(deck, card_id, +1), draft=True))))
    if [added for _, added in went] == [1]:
        card_id = went[0][0]
        said = [lang._("Added {card} ({count} in the deck).", card=card_name(card_id, lang.tag),
                       count=deck.cards[card_id])]
    elif went:
        said = [lang._("Added {cards}.", cards=lang.join([_copies(deck, card_id, added, lang)
                                                          for card_id, added in went]))]
    else:
        said = []
    return deck, " ".join(said + refused)


def _copies(deck: Deck, card_id: str, added: int, lang: Language) -> str:
    """A card just added, with how many copies at once and how many the deck holds."""
    name, held = card_name(card_id, lang.tag), deck.cards[card_id]
    if added == 1:
        # i18n: a card just added, in a list; {count} is how many copies the deck now holds
        return lang._("{card} ({count} in the deck)", card=name, count=held)
    # i18n: copies of a card just added at once, in a list; {added} is how many were added,
    # {count} how many the deck now holds
    return lang._("{card} \u00d7{added} ({count} in the deck)", card=name, added=added,
                  count=held)


def _check_choice(op: str, draft: Draft, value: str) -> None:
    """Refuse a value no menu of this builder offers (a forged or very old click)."""
    faction = draft.deck.faction
    copies = 1
    if op == "add":
        try:
            value, copies = read_add_value(value)
        except ValueError:
            copies = 0
    allowed = (categories(faction) if op == "cat"
               else [c.id for c in catalogue().leaders(faction)] if op == "leader"
               else [c.id for c in catalogue().cards.values()
                     if c.faction in (faction, "neutral") and not c.side_deck])
    if value not in allowed or (op == "add" and not 1 <= copies <= catalogue().card(value).copies):
        raise IllegalMove("That choice is not part of this deck builder.")


def register_forms(router: FormRouter) -> None:
    """Route the deck builder's forms."""
    router.add(ids.BUILD_FORM, on_build_form)

