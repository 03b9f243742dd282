"""Saved decks: each user keeps up to 20 named decks, usable in every server."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from bot.i18n.deck_rules import Broken
from bot.service.clock import Clock
from bot.service.errors import InvalidSetting, NotFound, Refusal
from bot.storage import Database
from bot.storage.saved_decks import DeckRepository, SavedDeck
from engine import Deck, catalogue
from engine.decks import problems, rule_problems
from engine.sharecode import BREAKS_RULES, ShareCodeError, decode, decode_draft, encode

MAX_DECKS = 20
NAME_MAX = 40


def deck_name(text: str) -> tuple[str, str]:
    """Return a deck name as it will be shown (single spaces, no control characters) and its
    folded form, which must be unique among a user's decks; raise InvalidSetting if unusable."""
    kept = "".join(" " if unicodedata.category(ch).startswith(("C", "Z")) else ch
                   for ch in text)
    name = " ".join(kept.split())
    if not name:
        raise InvalidSetting("A deck needs a name with at least one letter or digit in it.")
    if len(name) > NAME_MAX:
        raise InvalidSetting("A deck name can have at most {most} characters; that one "
                             "has {count}.", most=NAME_MAX, count=len(name))
    return name, name.casefold()


def share_code(saved: Deck) -> str:
    """The share code of a legal deck; a Refusal naming the problems otherwise."""
    found = rule_problems(saved)
    if found:
        if saved.name:
            # i18n: {problems}: the deck rules it breaks, separated by semicolons.
            raise Refusal("{name} is not ready to share yet: {problems}.", name=saved.name,
                          problems=Broken(found))
        raise Refusal("This deck is not ready to share yet: {problems}.",
                      problems=Broken(found))
    return encode(saved)


class SavedDecks:
    """Creates, changes, lists and deletes users' decks."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    async def all(self, user_id: int) -> list[SavedDeck]:
        """Return a user's decks, by name."""
        async with self._db.reading() as repo:
            return await repo.sharing(DeckRepository).decks_of(user_id)

    async def playable(self, user_id: int, faction: str) -> list[SavedDeck]:
        """Return a user's legal decks of one faction, by name."""
        async with self._db.reading() as repo:
            found = await repo.sharing(DeckRepository).decks_of(user_id, faction)
        return [saved for saved in found if not problems(saved.deck)]

    async def named(self, user_id: int, name: str) -> SavedDeck:
        """Return the user's deck of that name (any case), or raise NotFound."""
        async with self._db.reading() as repo:
            found = await repo.sharing(DeckRepository).deck_named(user_id, _key(name))
        if found is None:
            raise NotFound("You have no deck called \u201c{name}\u201d. `/gwent deck list` shows "
                           "your decks.", name=_shown(name))
        return found

    async def owned(self, user_id: int, deck_id: int) -> SavedDeck:
        """Return one of the user's decks by id, or raise NotFound."""
        async with self._db.reading() as repo:
            found = await repo.sharing(DeckRepository).saved_deck(deck_id)
        if found is None or found.user_id != user_id:
            raise NotFound("That deck no longer exists: it was deleted. `/gwent deck list` "
                           "shows your decks.")
        return found

    async def create(self, user_id: int, name: str, deck: Deck) -> SavedDeck:
        """Save a new deck (possibly still short of units) under a new name."""
        shown, key = deck_name(name)
        _check_draft(deck)
        async with self._db.transaction() as repo:
            decks = repo.sharing(DeckRepository)
            if await decks.count_of(user_id) >= MAX_DECKS:
                raise Refusal("You already have {count} decks, the most anyone can keep: "
                              "delete one with `/gwent deck delete` first.", count=MAX_DECKS)
            if await decks.deck_named(user_id, key) is not None:
                raise Refusal("You already have a deck called \u201c{name}\u201d: choose "
                              "another name.", name=_shown(shown))
            named = Deck(deck.faction, deck.leader, dict(deck.cards), shown)
            deck_id = await decks.insert_deck(user_id, key, named, self._clock())
            saved = await decks.saved_deck(deck_id)
        assert saved is not None
        return saved

    async def save(self, user_id: int, deck_id: int, deck: Deck) -> SavedDeck:
        """Replace the leader and cards of one of the user's decks."""
        _check_draft(deck)
        async with self._db.transaction() as repo:
            decks = repo.sharing(DeckRepository)
            found = await decks.saved_deck(deck_id)
            if found is None or found.user_id != user_id:
                raise NotFound("That deck no longer exists: it was deleted. Use **Save as** to "
                               "keep this one under a new name.")
            if found.deck.faction != deck.faction:
                raise Refusal("A saved deck keeps its faction: use **Save as** instead.")
            await decks.update_deck(deck_id, deck, self._clock())
            saved = await decks.saved_deck(deck_id)
        assert saved is not None
        return saved

    async def rename(self, user_id: int, name: str, new_name: str) -> tuple[SavedDeck, str]:
        """Rename a deck; return it renamed and its old name."""
        shown, key = deck_name(new_name)
        async with self._db.transaction() as repo:
            decks = repo.sharing(DeckRepository)
            found = await decks.deck_named(user_id, _key(name))
            if found is None:
                raise NotFound("You have no deck called \u201c{name}\u201d. `/gwent deck list` "
                               "shows your decks.", name=_shown(name))
            clash = await decks.deck_named(user_id, key)
            if clash is not None and clash.id != found.id:
                raise Refusal("You already have a deck called \u201c{name}\u201d: choose "
                              "another name.", name=_shown(shown))
            await decks.rename_deck(found.id, shown, key, self._clock())
            renamed = await decks.saved_deck(found.id)
        assert renamed is not None
        return renamed, found.name

    async def delete(self, user_id: int, deck_id: int) -> SavedDeck:
        """Delete one of the user's decks and return what it was."""
        async with self._db.transaction() as repo:
            decks = repo.sharing(DeckRepository)
            found = await decks.saved_deck(deck_id)
            if found is None or found.user_id != user_id:
                raise NotFound("That deck was already deleted.")
            await decks.delete_deck(deck_id)
        return found

    async def import_code(self, user_id: int, code: str, name: str | None = None, *,
                          unnamed: Callable[[str], str] | None = None) -> SavedDeck:
        """Save the deck a share code carries, under `name` or, without one, a new name made
        by `unnamed` from its faction (else "Imported Monsters deck"), numbered if taken."""
        try:
            deck = decode(code)
        except ShareCodeError as error:
            if error.template == BREAKS_RULES:  # the rules it breaks, in the reader's words
                raise Refusal(BREAKS_RULES, broken=Broken(rule_problems(decode_draft(code)))
                              ) from error
            raise Refusal(error.template, **error.values) from error
        if name is None:
            base = (unnamed(deck.faction) if unnamed is not None
                    else f"Imported {_faction(deck.faction)} deck")
            name = await self._free_name(user_id, base)
        return await self.create(user_id, name, deck)

    async def _free_name(self, user_id: int, base: str) -> str:
        taken = {saved.name.casefold() for saved in await self.all(user_id)}
        number = 1
        name = base
        while name.casefold() in taken:
            number += 1
            name = f"{base} {number}"
        return name


def _check_draft(deck: Deck) -> None:
    found = rule_problems(deck, draft=True)
    if found:
        # i18n: {problems}: the deck rules it breaks, separated by semicolons.
        raise Refusal("This deck breaks the rules: {problems}.", problems=Broken(found))


def _key(name: str) -> str:
    try:
        return deck_name(name)[1]
    except InvalidSetting:
        return ""


def _shown(name: str) -> str:
    """A name the user typed, on one line and cut short, to quote in a refusal."""
    return " ".join(name.split())[:NAME_MAX * 2]


def _faction(faction: str) -> str:
    return catalogue().factions[faction].name
