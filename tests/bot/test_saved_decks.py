"""Saved decks on a real database of each backend: limits, names, share codes, choosing one
in a lobby, and matches keeping their own copy of every deck."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path

import asyncpg
import pytest

from bot.i18n import language
from bot.service import Player, Services
from bot.service.decks import GENERATED, saved_key, seat_choice
from bot.service.errors import InvalidSetting, NotFound, Refusal
from bot.service.saved_decks import MAX_DECKS, NAME_MAX, deck_name, share_code
from bot.storage import Database
from bot.storage.migrations import load_migrations
from engine import Deck, Match, starter_deck
from engine.decks import problems
from engine.sharecode import encode
from tests.bot.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    play_randomly,
    start_match,
)
from tests.bot.test_practice import BOT_ID, practice

NR = starter_deck("northern_realms")


def tweaked(deck: Deck = NR) -> Deck:
    """The Northern Realms starter deck with Geralt in place of a Decoy."""
    cards = dict(deck.cards)
    cards["decoy"] -= 1
    cards["geralt_of_rivia"] = 1
    return Deck(deck.faction, deck.leader, cards, deck.name)


async def test_create_list_find_rename_delete(services: Services) -> None:
    decks = services.decks
    saved = await decks.create(ALICE.user_id, "  Temerian   Wall ", NR)
    assert saved.name == "Temerian Wall" and saved.deck.cards == NR.cards
    assert [d.name for d in await decks.all(ALICE.user_id)] == ["Temerian Wall"]
    assert await decks.all(BOB.user_id) == []
    assert (await decks.named(ALICE.user_id, "temerian wall")).id == saved.id
    with pytest.raises(NotFound, match="no deck called \u201cnothing\u201d"):
        await decks.named(ALICE.user_id, "nothing")
    renamed, old = await decks.rename(ALICE.user_id, "TEMERIAN WALL", "Blue Stripes")
    assert (renamed.name, old) == ("Blue Stripes", "Temerian Wall")
    with pytest.raises(NotFound):
        await decks.owned(BOB.user_id, saved.id)
    deleted = await decks.delete(ALICE.user_id, saved.id)
    assert deleted.name == "Blue Stripes" and await decks.all(ALICE.user_id) == []
    with pytest.raises(NotFound, match="already deleted"):
        await decks.delete(ALICE.user_id, saved.id)


async def test_decks_are_listed_in_the_same_order_on_either_backend(
        database: Path | str, request: pytest.FixtureRequest, clock: FakeClock,
        rng: random.Random) -> None:
    """By the code points of the folded names, also on a PostgreSQL database whose locale
    sorts accented letters among the plain ones."""
    if isinstance(database, str):
        server = request.getfixturevalue("postgres_server")
        name = f"gwent_icu_{uuid.uuid4().hex}"
        conn = await asyncpg.connect(server.url())
        try:
            await conn.execute(f"CREATE DATABASE {name} TEMPLATE template0 LOCALE 'C' "
                               "LOCALE_PROVIDER icu ICU_LOCALE 'en'")
        finally:
            await conn.close()
        database = server.url(name)
    services = await Services.open(database, RecordingNotifier(), clock, think_seconds=0,
                                   rng=rng)
    try:
        for deck in ("\u00c9clair", "Foltest's", "Ard Feainn", "eagle"):
            await services.decks.create(ALICE.user_id, deck, NR)
        assert [d.name for d in await services.decks.all(ALICE.user_id)] == [
            "Ard Feainn", "eagle", "Foltest's", "\u00c9clair"]
    finally:
        await services.close()


async def test_names_are_unique_per_user_and_checked(services: Services) -> None:
    decks = services.decks
    await decks.create(ALICE.user_id, "Wild Hunt", NR)
    with pytest.raises(Refusal, match="already have a deck called \u201cwild hunt\u201d"):
        await decks.create(ALICE.user_id, "wild hunt", NR)
    await decks.create(BOB.user_id, "Wild Hunt", NR)  # another user's name is free
    other = await decks.create(ALICE.user_id, "Other", NR)
    with pytest.raises(Refusal, match="already have a deck"):
        await decks.rename(ALICE.user_id, "Other", "WILD HUNT")
    await decks.rename(ALICE.user_id, "Other", "other")  # its own name in another case
    assert (await decks.owned(ALICE.user_id, other.id)).name == "other"
    with pytest.raises(InvalidSetting, match="at least one letter"):
        deck_name(" \n\t\u200b ")
    with pytest.raises(InvalidSetting, match=f"at most {NAME_MAX} characters"):
        deck_name("x" * (NAME_MAX + 1))
    assert deck_name("a\nb\u0000c") == ("a b c", "a b c")


async def test_twenty_decks_at_most(services: Services) -> None:
    for number in range(MAX_DECKS):
        await services.decks.create(ALICE.user_id, f"Deck {number}", NR)
    with pytest.raises(Refusal, match=f"already have {MAX_DECKS} decks"):
        await services.decks.create(ALICE.user_id, "One more", NR)
    with pytest.raises(Refusal, match=f"already have {MAX_DECKS} decks"):
        await services.decks.import_code(ALICE.user_id, encode(NR))
    await services.decks.create(BOB.user_id, "Bob's first", NR)


async def test_a_deck_being_built_may_be_saved_but_not_shared(services: Services) -> None:
    short = Deck("northern_realms", NR.leader, {"ves": 1, "decoy": 2})
    saved = await services.decks.create(ALICE.user_id, "Draft", short)
    assert problems(saved.deck) == ["1 unit card; a deck needs at least 22"]
    with pytest.raises(Refusal, match="Draft is not ready to share yet: 1 unit card;"):
        share_code(saved.deck)
    assert await services.decks.playable(ALICE.user_id, "northern_realms") == []
    broken = Deck("northern_realms", NR.leader, {"letho_of_gulet": 1})
    with pytest.raises(Refusal, match="Letho of Gulet belongs to Nilfgaard"):
        await services.decks.save(ALICE.user_id, saved.id, broken)


async def test_save_replaces_cards_and_keeps_the_faction(services: Services) -> None:
    saved = await services.decks.create(ALICE.user_id, "Mine", NR)
    again = await services.decks.save(ALICE.user_id, saved.id, tweaked().with_leader(
        "foltest_king_of_temeria"))
    assert again.deck.cards["geralt_of_rivia"] == 1 and again.name == "Mine"
    assert again.deck.leader == "foltest_king_of_temeria"
    with pytest.raises(Refusal, match="keeps its faction"):
        await services.decks.save(ALICE.user_id, saved.id, starter_deck("monsters"))
    with pytest.raises(NotFound):
        await services.decks.save(BOB.user_id, saved.id, NR)


async def test_import_and_export_round_trip(services: Services) -> None:
    code = share_code(tweaked())
    first = await services.decks.import_code(BOB.user_id, code)
    second = await services.decks.import_code(BOB.user_id, code.lower())
    named = await services.decks.import_code(BOB.user_id, code, "From Alice")
    assert [first.name, second.name, named.name] == [
        "Imported Northern Realms deck", "Imported Northern Realms deck 2", "From Alice"]
    assert first.deck.cards == tweaked().cards and share_code(first.deck) == code
    with pytest.raises(Refusal, match="cut short"):
        await services.decks.import_code(BOB.user_id, code[:-3])
    with pytest.raises(Refusal, match="mistyped"):
        await services.decks.import_code(BOB.user_id, code[:8] + ("A" if code[8] != "A" else "B")
                                         + code[9:])
    assert len(await services.decks.all(BOB.user_id)) == 3


async def test_a_code_of_a_deck_breaking_the_rules_says_which_in_the_readers_words(
        services: Services) -> None:
    thin = Deck(NR.faction, NR.leader, {"ves": 1})
    with pytest.raises(Refusal) as refused:
        await services.decks.import_code(BOB.user_id, encode(thin))
    assert refused.value.text(language("pl")).endswith(
        ": 1 karta jednostki; talia potrzebuje co najmniej 22.")
    assert str(refused.value) == ("That share code is for a deck that breaks the rules: "
                                  "1 unit card; a deck needs at least 22.")


async def test_a_saved_deck_is_chosen_in_the_lobby_and_played(services: Services,
                                                              rng: random.Random) -> None:
    saved = await services.decks.create(ALICE.user_id, "Geralt's Own", tweaked())
    await services.decks.create(ALICE.user_id, "Monster Mash", starter_deck("monsters"))
    match = await start_match(services, ready=False)
    assert [d.name for d in await services.decks.playable(ALICE.user_id, "northern_realms")
            ] == ["Geralt's Own"]
    with pytest.raises(NotFound):  # Bob cannot pick Alice's deck
        await services.matches.choose_deck(match.id, BOB.user_id, deck=saved_key(saved.id))
    await services.matches.choose_deck(match.id, ALICE.user_id, faction="northern_realms")
    record = await services.matches.choose_deck(match.id, ALICE.user_id,
                                                deck=saved_key(saved.id))
    seat = record.seats[0]
    assert seat.deck == saved_key(saved.id) and seat_choice(seat).cards == saved.deck
    record = await services.matches.choose_deck(match.id, ALICE.user_id,
                                                leader="foltest_the_steel_forged")
    assert seat_choice(record.seats[0]).cards == saved.deck  # a new leader keeps the list
    # Editing and then deleting the saved deck does not change the deck chosen.
    await services.decks.save(ALICE.user_id, saved.id, NR)
    await services.decks.delete(ALICE.user_id, saved.id)
    await services.matches.ready(match.id, ALICE.user_id)
    await services.matches.ready(match.id, BOB.user_id)
    engine = Match.from_json(await _state(services, match.id))
    assert engine.decks[0].cards == tweaked().cards
    assert engine.decks[0].leader == "foltest_the_steel_forged"
    final = await play_randomly(services, match.id, rng)
    stored = json.loads(final.seats[0].deck_list or "{}")
    assert stored["cards"] == tweaked().cards and stored["name"] == "Geralt's Own"
    assert json.loads(final.seats[1].deck_list or "{}")["cards"] == Match.from_json(
        await _state(services, match.id)).decks[1].cards
    settings = await services.settings.user(ALICE.user_id)
    assert settings.last_deck == saved_key(saved.id)


async def test_the_last_saved_deck_is_chosen_again_while_it_exists(services: Services) -> None:
    saved = await services.decks.create(ALICE.user_id, "Favourite", tweaked())
    match = await start_match(services, ready=False)
    await services.matches.choose_deck(match.id, ALICE.user_id, faction="northern_realms")
    await services.matches.choose_deck(match.id, ALICE.user_id, deck=saved_key(saved.id))
    await services.matches.ready(match.id, ALICE.user_id)
    await services.matches.ready(match.id, BOB.user_id)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    again = await start_match(services, channel=CHANNEL + 1, ready=False)
    assert again.seats[0].deck == saved_key(saved.id)
    assert seat_choice(again.seats[0]).cards == saved.deck
    await services.matches.forfeit(GUILD, ALICE.user_id)
    await services.decks.delete(ALICE.user_id, saved.id)
    third = await start_match(services, channel=CHANNEL + 2, ready=False)
    assert third.seats[0].deck == "northern_realms" and third.seats[0].deck_list is None


async def test_an_illegal_or_foreign_saved_deck_cannot_be_chosen(services: Services) -> None:
    draft = await services.decks.create(ALICE.user_id, "Draft",
                                        Deck("northern_realms", NR.leader, {"ves": 1}))
    monsters = await services.decks.create(ALICE.user_id, "Beasts", starter_deck("monsters"))
    match = await start_match(services, ready=False)
    await services.matches.choose_deck(match.id, ALICE.user_id, faction="northern_realms")
    with pytest.raises(InvalidSetting, match="breaks the rules"):
        await services.matches.choose_deck(match.id, ALICE.user_id, deck=saved_key(draft.id))
    with pytest.raises(InvalidSetting, match="another faction"):
        await services.matches.choose_deck(match.id, ALICE.user_id, deck=saved_key(monsters.id))
    with pytest.raises(InvalidSetting, match="not available"):
        await services.matches.choose_deck(match.id, ALICE.user_id, deck="saved:x")


async def test_practice_against_a_generated_deck(services: Services) -> None:
    async def venue() -> tuple[int, int]:
        return CHANNEL + 50, CHANNEL

    match = await services.practice.start(GUILD, CHANNEL, Player(ALICE.user_id, ALICE.name),
                                          "easy", BOT_ID, venue, computer_faction="skellige",
                                          computer_deck=GENERATED)
    computer = match.seats[1]
    assert computer.faction == "skellige" and computer.deck == GENERATED
    deck = seat_choice(computer).cards
    assert deck is not None and problems(deck) == [] and deck != starter_deck("skellige")
    with pytest.raises(Refusal, match="no computer deck \u201cbest\u201d"):
        await services.practice.start(GUILD, CHANNEL + 1, Player(BOB.user_id, BOB.name), "easy",
                                      BOT_ID, venue, computer_deck="best")
    await services.matches.forfeit(GUILD, ALICE.user_id)
    rematch = await services.practice.rematch(match.id, ALICE.user_id)
    assert rematch.seats[1].deck == GENERATED
    plain = await practice(services, person=BOB, channel=CHANNEL + 2)
    assert plain.seats[1].deck == plain.seats[1].faction and plain.seats[1].deck_list is None


async def test_an_older_database_keeps_its_matches_readable(database: Path | str,
                                                            clock: FakeClock,
                                                            rng: random.Random) -> None:
    """A match stored before saved decks existed (no deck lists) is read and played on."""
    old = [m for m in load_migrations() if m.version <= 3]
    db = await Database.open(database, old)
    try:
        async with db.transaction() as repo:
            await repo.connection.execute(
                "INSERT INTO matches (id, guild_id, channel_id, parent_channel_id, status, "
                "seed, created_at, updated_at) VALUES (1, ?, ?, ?, 'choosing', 7, 0, 0)",
                (GUILD, CHANNEL, CHANNEL))
            for seat, player, faction in ((0, ALICE, "monsters"), (1, BOB, "skellige")):
                await repo.connection.execute(
                    "INSERT INTO seats (match_id, seat, user_id, name, faction, leader, deck, "
                    "ready) VALUES (1, ?, ?, ?, ?, ?, ?, 0)",
                    (seat, player.user_id, player.name, faction, starter_deck(faction).leader,
                     faction))
    finally:
        await db.close()
    services = await Services.open(database, RecordingNotifier(), clock, think_seconds=0,
                                   rng=rng)
    try:
        record = await services.matches.get(1)
        assert [s.deck_list for s in record.seats] == [None, None]
        await services.matches.ready(1, ALICE.user_id)
        await services.matches.ready(1, BOB.user_id)
        engine = Match.from_json(await _state(services, 1))
        assert engine.decks[0].cards == starter_deck("monsters").cards
        await play_randomly(services, 1, rng)
    finally:
        await services.close()


async def _state(services: Services, match_id: int) -> str:
    async with services.db.reading() as repo:
        state = await repo.state(match_id)
    assert state is not None
    return state
