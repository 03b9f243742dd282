"""What the deck builder's components and forms do, and the delete confirmation."""

from __future__ import annotations

from collections import OrderedDict

import discord

from bot.discord.core.context import services
from bot.discord.core.forms import Form, FormRouter, text_field
from bot.discord.core.views import Outgoing, clean, clip
from bot.discord.decks import ids
from bot.discord.decks.builder import Draft, builder_message, categories, is_unsaved
from bot.i18n import other_names
from bot.images import deck_png
from bot.service.errors import IllegalMove, NotFound, OutOfDate
from bot.service.saved_decks import NAME_MAX, share_code
from bot.storage.saved_decks import SavedDeck
from engine import Deck, catalogue
from engine.decklist import parse_list
from engine.decks import can_add, draft_problems
from engine.sharecode import ShareCodeError, decode_draft

Groups = dict[str, str]
NAME_FIELD, LIST_FIELD = "name", "list"
UNREAD_SHOWN = 12
# The last list each user pasted that could not be used, to fill in the form again (only a
# convenience: lost on a restart). At most PASTES_KEPT users are remembered.
PASTES_KEPT = 500
_pasted: OrderedDict[int, str] = OrderedDict()


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
                       image: bool = True) -> None:
    """Answer with the builder: a new ephemeral message for a command, else the edited
    builder message (with a fresh deck image unless `image` is False)."""
    # TODO(i18n): the language of this image (the user's)
    png = await deck_png(draft.deck, tag="en") if image else None
    out = builder_message(draft, saved, note, png, confirm_close)
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
        _check_choice(op, draft, values[0])
    if op == "cat":
        await show_builder(interaction, draft.showing(values[0]), saved, image=False)
        return
    if op in ("save", "saveas", "paste") and not (op == "save" and saved is not None):
        await interaction.response.send_modal(_form(op, draft, saved, interaction.user.id))
        return
    if op == "share":
        await _share(interaction, draft)
        return
    if op == "close" and is_unsaved(draft, saved):
        await show_builder(interaction, draft, saved, "You have unsaved changes: press **Discard "
                           "changes** to close without them, or **Save**.", confirm_close=True,
                           image=False)
        return
    if op in ("close", "discard"):
        await interaction.response.edit_message(content="Deck builder closed.", view=None,
                                                attachments=[])
        return
    await interaction.response.defer()
    deck, note = draft.deck, ""
    if op == "add":
        card = cat.card(values[0])
        if can_add(deck, card.id):
            deck = _counted(deck, card.id, +1)
            note = f"Added {card.name} ({deck.cards[card.id]} in the deck)."
        else:
            more = _counted(deck, card.id, +1)
            note = f"{card.name} cannot go in: {'; '.join(draft_problems(more))}."
    elif op == "remove":
        card = cat.card(values[0])
        deck = _counted(deck, card.id, -1)
        note = f"Took out {card.name} ({deck.cards.get(card.id, 0)} left)."
    elif op == "leader":
        deck = deck.with_leader(values[0])
        note = f"Leader: {cat.card(values[0]).name}."
    elif op == "save":
        assert saved is not None
        saved = await services(interaction).decks.save(interaction.user.id, draft.deck_id, deck)
        note = f"\U0001f4be Saved **{clean(saved.name)}**."
    await show_builder(interaction, draft.changed(deck), saved, note, image=op != "save")


async def on_build_form(interaction: discord.Interaction, groups: Groups,
                        values: dict[str, str]) -> None:
    """A builder form: the name to save under, or a pasted list."""
    draft, saved = await draft_of(interaction, groups)
    if groups["op"] == "paste":
        await _paste(interaction, draft, saved, values.get(LIST_FIELD, ""))
        return
    created = await services(interaction).decks.create(interaction.user.id,
                                                       values.get(NAME_FIELD, ""), draft.deck)
    await interaction.response.defer()
    moved = Draft(created.id, draft.category, created.deck)
    await show_builder(interaction, moved, created, f"\U0001f4be Saved as "
                       f"**{clean(created.name)}**.", image=False)


async def on_deck_delete(interaction: discord.Interaction, groups: Groups, _: list[str]
                         ) -> None:
    """Delete (or keep) the deck named in a confirmation."""
    deck_id = int(groups["deck"])
    if groups["op"] == "no":
        await interaction.response.edit_message(content="Nothing was deleted.", view=None)
        return
    deleted = await services(interaction).decks.delete(interaction.user.id, deck_id)
    await interaction.response.edit_message(
        content=f"\U0001f5d1\ufe0f Deleted **{clean(deleted.name)}**. Matches already played "
                "with it keep their own copy.", view=None)


def remember_paste(user_id: int, text: str | None) -> None:
    """Keep (or, with None, forget) the list a user pasted, to fill in the form again."""
    _pasted.pop(user_id, None)
    if text is not None:
        _pasted[user_id] = text
        while len(_pasted) > PASTES_KEPT:
            _pasted.popitem(last=False)


async def _paste(interaction: discord.Interaction, draft: Draft, saved: SavedDeck | None,
                 text: str) -> None:
    await interaction.response.defer()
    found = parse_list(text, draft.deck.faction, draft.deck.leader, other=other_names())
    if not found.lines:
        await show_builder(interaction, draft, saved, "The pasted list was empty: nothing was "
                           "changed.", image=False)
        return
    if not found.ok:
        remember_paste(interaction.user.id, text)
        lines = [f"\u2022 `{clip(u.line, 60).replace('`', '')}`: {clean(clip(u.reason, 200))}"
                 for u in found.unread[:UNREAD_SHOWN]]
        more = len(found.unread) - UNREAD_SHOWN
        if more > 0:
            lines.append(f"\u2026 and {more} more.")
        head = (f"\u26a0\ufe0f Nothing was changed: {len(found.unread)} of {found.lines} lines "
                "could not be used. Fix them and press **Paste list** again (it keeps your "
                "text):")
        await show_builder(interaction, draft, saved, "\n".join([head, *lines]), image=False)
        return
    remember_paste(interaction.user.id, None)
    deck = Deck(draft.deck.faction, found.leader or draft.deck.leader, found.cards)
    total = sum(found.cards.values())
    await show_builder(interaction, draft.changed(deck), saved,
                       f"\U0001f4cb Pasted {found.lines} lines: the deck now holds these "
                       f"{total} cards.")


async def _share(interaction: discord.Interaction, draft: Draft) -> None:
    code = share_code(draft.deck)
    name = clean(draft.deck.name) if draft.deck.name else "this deck"
    await interaction.response.send_message(ephemeral=True, **Outgoing(
        f"Share code of **{name}**:\n```\n{code}\n```\nAnyone can add it to their decks with "
        f"`/gwent deck import code:{code}`.").send_kwargs())


def _form(op: str, draft: Draft, saved: SavedDeck | None, user_id: int) -> Form:
    custom_id = ids.build_form(op, draft.deck_id, draft.category, draft.code)
    if op == "paste":
        return Form("Paste a deck list", custom_id, text_field(
            "One card per line or comma: 3x Name", LIST_FIELD, long=True,
            default=_pasted.get(user_id),
            placeholder="3x Blue Stripes Commando, Dandelion, 2 Decoy\nLeader: Foltest: The "
                        "Siegemaster"))
    title = "Save this deck as" if op == "saveas" else "Save this deck"
    placeholder = f"{saved.name} (copy)" if saved is not None else "A name for the deck"
    return Form(title, custom_id, text_field("Deck name", NAME_FIELD, max_length=NAME_MAX,
                                             placeholder=placeholder))


def _check_choice(op: str, draft: Draft, value: str) -> None:
    """Refuse a value no menu of this builder offers (a forged or very old click)."""
    faction = draft.deck.faction
    allowed = (categories(faction) if op == "cat"
               else [c.id for c in catalogue().leaders(faction)] if op == "leader"
               else [c.id for c in catalogue().cards.values()
                     if c.faction in (faction, "neutral") and not c.side_deck])
    if value not in allowed:
        raise IllegalMove("That choice is not part of this deck builder.")


def _counted(deck: Deck, card_id: str, change: int) -> Deck:
    cards = dict(deck.cards)
    cards[card_id] = cards.get(card_id, 0) + change
    if cards[card_id] <= 0:
        del cards[card_id]
    return Deck(deck.faction, deck.leader, cards, deck.name)


def register_forms(router: FormRouter) -> None:
    """Route the deck builder's forms."""
    router.add(ids.BUILD_FORM, on_build_form)

