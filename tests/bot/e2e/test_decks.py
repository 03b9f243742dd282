"""Decks of your own, end to end: build one in the builder, save it, share its code, import
it, choose it in a lobby and play a match with it."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from bot.discord.client import GwentBot
from bot.discord.decks.builder import categories, category_of
from bot.i18n import card_name
from bot.i18n import faction_name as faction_name_in
from bot.render.deck_screen import W as DECK_W
from bot.service.decks import saved_key
from engine import Deck, Match, catalogue, starter_deck
from engine.decklist import format_list
from engine.sharecode import decode_draft, encode
from tests.bot.e2e.driver import newest, open_match, signature
from tests.bot.e2e.test_practice import _lobby, _match_id
from tests.emulator import Emulator, InteractionHandle, MessageView, VirtualUser, World, run_bot

CODE = re.compile(r"\b(GW[0-9A-Z]{20,})\b")


def menu(message: MessageView, op: str) -> str:
    """The custom_id of the builder select or button whose operation is `op`."""
    for item in [*message.selects, *message.buttons]:
        if item.custom_id is not None and item.custom_id.endswith(":" + op):
            return item.custom_id
    raise AssertionError(f"no {op} component in {message.content!r}")


async def changed(emu: Emulator, message: MessageView, handle: InteractionHandle,
                  before: tuple[object, ...], what: str) -> None:
    """Wait until the builder message changed after a click; fail on a refusal."""
    await emu.wait_for(lambda: signature(message) != before or handle.followups, 10, what)
    assert not handle.followups, handle.followups[0].content


async def pick(emu: Emulator, user: VirtualUser, builder: MessageView, op: str,
               value: str) -> None:
    before = signature(builder)
    handle = user.select(builder, menu(builder, op), [value])
    await changed(emu, builder, handle, before, f"the builder after {op} {value}")


def the_deck() -> Deck:
    """The deck this test builds: the Northern Realms starter deck with Geralt in place of a
    Decoy, led by Foltest: King of Temeria."""
    base = starter_deck("northern_realms")
    cards = dict(base.cards)
    cards["decoy"] -= 1
    cards["geralt_of_rivia"] = 1
    return Deck("northern_realms", "foltest_king_of_temeria", cards)


def image_of(message: MessageView) -> Image.Image:
    [attachment] = [a for a in message.attachments if a.filename == "deck.png"]
    return Image.open(io.BytesIO(attachment.data))


async def build_and_save(emu: Emulator, alice: VirtualUser, world: World) -> MessageView:
    """Build the_deck() in the builder, through every kind of component, and save it."""
    builder = await alice.slash(world.channel, "gwent deck new",
                                faction="northern_realms").message()
    assert builder.ephemeral and "**New deck** (Northern Realms)" in builder.content
    assert "Units **0/22** \u274c \u00b7 Specials **0/10** \u2705 \u00b7 0 cards" in builder.content
    assert image_of(builder).width == DECK_W

    await pick(emu, alice, builder, "cat", "heroes")
    assert "Geralt of Rivia" in {o.label for o in builder.select(menu(builder, "add")).options}
    await pick(emu, alice, builder, "add", "geralt_of_rivia")
    assert "Added Geralt of Rivia (1 in the deck)." in builder.content
    assert "geralt_of_rivia" not in {o.value for o in builder.select(menu(builder, "add")).options}

    # A pasted list with a line it cannot read changes nothing and says which line.
    text = format_list(the_deck()) + "\nBlue Strips Comando\nRoach the horse"
    opened = alice.click(builder, label="Paste list")
    assert (await opened.response()).modal is not None
    before = signature(builder)
    handle = alice.submit_modal(opened, {"list": text})
    await changed(emu, builder, handle, before, "the paste report")
    assert "Nothing was changed: 2 of" in builder.content
    assert "`Blue Strips Comando`: Blue Stripes Commando: 4 copies" in builder.content
    assert "`Roach the horse`: no card called" in builder.content
    assert "Units **1/22**" in builder.content
    # The form comes back with the text to fix.
    again = alice.click(builder, label="Paste list")
    form = (await again.response()).modal
    assert form is not None
    assert form["components"][0]["components"][0]["value"] == text
    fixed = format_list(the_deck()).replace("Foltest: King of Temeria", "foltest king of temeria")
    before = signature(builder)
    handle = alice.submit_modal(again, {"list": fixed})
    await changed(emu, builder, handle, before, "the pasted deck")
    assert "Pasted" in builder.content
    assert "Units **28/22** \u2705 \u00b7 Specials **6/10**" in builder.content

    await pick(emu, alice, builder, "cat", "special")
    await pick(emu, alice, builder, "remove", "scorch")
    assert "Took out Scorch (0 left)." in builder.content
    await pick(emu, alice, builder, "add", "scorch")
    await pick(emu, alice, builder, "leader", "foltest_the_steel_forged")
    await pick(emu, alice, builder, "leader", "foltest_king_of_temeria")
    assert "*unsaved changes*" in builder.content

    saving = alice.click(builder, label="Save")
    assert (await saving.response()).modal is not None
    before = signature(builder)
    handle = alice.submit_modal(saving, {"name": "Blue Wall"})
    await changed(emu, builder, handle, before, "the saved deck")
    assert "Saved as **Blue Wall**" in builder.content and "unsaved" not in builder.content
    assert "**Blue Wall** (Northern Realms)" in builder.content
    return builder


async def test_build_save_share_import_choose_and_play(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        await build_and_save(emu, alice, world)
        [saved] = await bot.services.decks.all(alice.id)
        assert (saved.deck.leader, saved.deck.cards) == (the_deck().leader, the_deck().cards)

        listed = await alice.slash(world.channel, "gwent deck list").message()
        assert "**Blue Wall** \u00b7 Northern Realms \u00b7 28 units, 6 specials \u00b7 ready" \
            in listed.content
        exported = await alice.slash(world.channel, "gwent deck export",
                                     name="blue wall").message()
        assert exported.ephemeral and image_of(exported).width == DECK_W
        code = CODE.search(exported.content)
        assert code is not None, exported.content

        imported = await bob.slash(world.channel, "gwent deck import", code=code.group(1),
                                   name="Borrowed").message()
        assert "Saved as **Borrowed**" in imported.content
        [borrowed] = await bot.services.decks.all(bob.id)
        assert borrowed.deck.cards == saved.deck.cards

        # Both choose their deck in a challenge's lobby, then play to the end.
        table, lobby = await open_match(emu, world.channel, alice, bob, ready=False,
                                        faction="northern_realms")
        match_id = _match_id(lobby)
        for user, deck_id, name in ((alice, saved.id, "Blue Wall"),
                                    (bob, borrowed.id, "Borrowed")):
            choice = await user.click(lobby, label="Choose deck").message()
            if "Northern Realms" not in choice.content.split("\n")[1]:
                before = choice.content
                user.select(choice, "Faction", ["northern_realms"])
                await emu.wait_for(lambda c=choice, b=before: c.content != b, 5, "the faction")
            options = {o.value: o.label for o in choice.select("Deck").options}
            assert options[saved_key(deck_id)] == name
            user.select(choice, "Deck", [saved_key(deck_id)])
            await emu.wait_for(lambda c=choice, n=name: f"Deck: **{n}** (your deck)" in c.content,
                               5, "the saved deck chosen")
            assert "Foltest: King of Temeria" in choice.content
            before = choice.content
            user.click(choice, label="Ready")  # the second one sees their hand instead
            await emu.wait_for(lambda c=choice, b=before: c.content != b, 5, "ready")
        assert "Blue Wall" not in lobby.content  # a chosen deck stays private
        result = await table.play_to_the_end(random.Random(21))
        assert "wins the match" in result.content or "draw" in result.content

        async with bot.services.db.reading() as repo:
            state = await repo.state(match_id)
            match = await repo.match(match_id)
        assert state is not None and match is not None
        engine = Match.from_json(state)
        for seat in (0, 1):
            assert engine.decks[seat].cards == the_deck().cards
            assert engine.decks[seat].leader == the_deck().leader
            assert json.loads(match.seats[seat].deck_list or "{}")["cards"] == the_deck().cards
        # Deleting the deck afterwards leaves the played match exact.
        confirm = await alice.slash(world.channel, "gwent deck delete", name="Blue Wall").message()
        alice.click(confirm, label="Delete")
        await emu.wait_for(lambda: "Deleted **Blue Wall**" in confirm.content, 5, "deleted")
        async with bot.services.db.reading() as repo:
            again = await repo.match(match_id)
        assert again is not None and again.seats[0].deck_list == match.seats[0].deck_list
        assert all(m.ephemeral or "Blue Wall" not in m.content
                   for m in carol.visible_messages(table.channel))


async def test_builder_refusals_and_confirmations(emu: Emulator, world: World,
                                                  make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        builder = await alice.slash(world.channel, "gwent deck new", faction="monsters",
                                    from_starter=True).message()
        assert "Units **27/22** \u2705" in builder.content
        shared = await alice.click(builder, label="Share").message()
        assert shared.ephemeral and CODE.search(shared.content)

        await pick(emu, alice, builder, "cat", "close")
        await pick(emu, alice, builder, "remove", "ghoul")
        closing = alice.click(builder, label="Close")
        await emu.wait_for(lambda: "Discard changes" in [b.label for b in builder.buttons], 5,
                           "the close confirmation")
        assert not closing.followups and "unsaved changes" in builder.content
        alice.click(builder, label="Discard changes")
        await emu.wait_for(lambda: builder.content == "Deck builder closed.", 5, "closed")
        assert not builder.buttons and not builder.attachments
        assert await bot.services.decks.all(alice.id) == []

        # An unfinished deck can be saved, but not shared, and not chosen in a lobby.
        thin = await alice.slash(world.channel, "gwent deck new", faction="skellige").message()
        await pick(emu, alice, thin, "cat", "heroes")
        await pick(emu, alice, thin, "add", "cerys")
        refused = alice.click(thin, label="Share")
        text = (await refused.message()).content
        assert "not ready to share yet: 1 unit card; a deck needs at least 22" in text
        saving = alice.click(thin, label="Save")
        await saving.response()
        before = signature(thin)
        handle = alice.submit_modal(saving, {"name": "Half a Deck"})
        await changed(emu, thin, handle, before, "saved")
        exported = await alice.slash(world.channel, "gwent deck export",
                                     name="Half a Deck").message()
        assert "not ready to share yet" in exported.content
        offered = await alice.autocomplete(world.channel, "gwent deck edit", "name", "half")
        assert [c.name for c in offered] == ["Half a Deck"]
        assert await bob.autocomplete(world.channel, "gwent deck edit", "name", "") == []

        # A second deck under the same name is refused and the builder stays as it was.
        saving = alice.click(thin, label="Save as")
        await saving.response()
        clash = alice.submit_modal(saving, {"name": "half a deck"})
        assert "already have a deck called" in (await clash.message()).content

        for bad, why in (("GW045268Z3XG", "cut short"), ("hello", "not a deck share code"),
                         ("GW0452U8Z3XGWZQRMGA4001541JEJ0", "\u201cU\u201d")):
            answer = await bob.slash(world.channel, "gwent deck import", code=bad).message()
            assert why in answer.content and answer.ephemeral
        missing = await bob.slash(world.channel, "gwent deck show", name="Half a Deck").message()
        assert "You have no deck called" in missing.content  # Alice's decks are hers alone

        confirm = await alice.slash(world.channel, "gwent deck delete",
                                    name="half a deck").message()
        alice.click(confirm, label="Keep it")
        await emu.wait_for(lambda: confirm.content == "Nothing was deleted.", 5, "kept")
        assert len(await bot.services.decks.all(alice.id)) == 1
        posted = await alice.slash(world.channel, "gwent deck show", name="Half a Deck",
                                   post=True).message()
        assert not posted.ephemeral and "Alice's deck" in posted.content
        assert image_of(posted).width == DECK_W


async def test_practice_with_a_saved_deck_against_a_generated_deck(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    bot = make_bot()
    async with run_bot(emu, bot):
        await bot.services.decks.create(alice.id, "Practice Wall", the_deck())
        started = await alice.slash(world.channel, "gwent practice", faction="northern_realms",
                                    difficulty="easy", computer_deck="generated",
                                    computer_faction="skellige").message()
        table = await _lobby(emu, started, alice)
        lobby = newest(table.visible(), "Ready")
        assert lobby is not None
        match_id = _match_id(lobby)
        choice = await alice.click(lobby, label="Choose deck").message()
        [saved] = await bot.services.decks.all(alice.id)
        alice.select(choice, "Deck", [saved_key(saved.id)])
        await emu.wait_for(lambda: "Practice Wall" in choice.content, 5, "the deck chosen")
        record = await bot.services.matches.get(match_id)
        assert record.seats[1].faction == "skellige" and record.seats[1].deck == "generated"
        before = choice.content
        alice.click(choice, label="Ready")  # the computer is ready: the hand is shown
        await emu.wait_for(lambda: choice.content != before, 5, "the match started")
        await bot.services.computer.idle()
        async with bot.services.db.reading() as repo:
            state = await repo.state(match_id)
        assert state is not None
        engine = Match.from_json(state)
        assert engine.decks[0].cards == the_deck().cards
        assert engine.decks[1].faction == "skellige"
        assert engine.decks[1].cards != starter_deck("skellige").cards
        await alice.slash(world.channel, "gwent forfeit").message()


async def test_decks_are_the_same_in_every_server_and_in_direct_messages(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    other = emu.create_guild("Another server")
    elsewhere = emu.create_text_channel(other, "general")
    emu.store.add_member(other, alice.user)
    bot = make_bot()
    async with run_bot(emu, bot):
        await bot.services.decks.create(alice.id, "Travelling Deck", the_deck())
        dm = alice.open_dm()
        listed = await alice.slash(dm, "gwent deck list").message()
        assert "**Travelling Deck**" in listed.content
        builder = await alice.slash(dm, "gwent deck edit", name="Travelling Deck").message()
        assert "**Travelling Deck** (Northern Realms)" in builder.content
        await pick(emu, alice, builder, "cat", "special")
        shown = await alice.slash(elsewhere, "gwent deck show", name="travelling deck").message()
        assert "**Travelling Deck**" in shown.content


async def test_the_builder_and_its_forms_keep_working_after_a_restart(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot()):
        builder = await alice.slash(world.channel, "gwent deck new", faction="scoiatael").message()
        opened = alice.click(builder, label="Paste list")
        assert (await opened.response()).modal is not None
    bot = make_bot()
    async with run_bot(emu, bot):
        before = signature(builder)
        handle = alice.submit_modal(opened, {"list": "3x Dol Blathanna Scout, Barclay Els"})
        await changed(emu, builder, handle, before, "the list pasted after the restart")
        assert "Units **4/22**" in builder.content
        await pick(emu, alice, builder, "cat", "agile")
        await pick(emu, alice, builder, "remove", "barclay_els")
        assert "Units **3/22**" in builder.content
        saving = alice.click(builder, label="Save")
        await saving.response()
        before = signature(builder)
        handle = alice.submit_modal(saving, {"name": "Scouts"})
        await changed(emu, builder, handle, before, "saved")
        [saved] = await bot.services.decks.all(alice.id)
        assert saved.deck.cards == {"dol_blathanna_scout": 3}


async def test_a_list_pasted_in_polish_or_russian_fills_the_builder(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users  # their Discord is in English: the names pasted are not
    deck = the_deck()
    polish = [f"Leader: {card_name(deck.leader, 'pl')}",
              *(f"{n}x {card_name(card_id, 'pl')}" for card_id, n in deck.cards.items())]
    async with run_bot(emu, make_bot()):
        builder = await alice.slash(world.channel, "gwent deck new",
                                    faction="northern_realms").message()
        opened = alice.click(builder, label="Paste list")
        assert (await opened.response()).modal is not None
        before = signature(builder)
        handle = alice.submit_modal(opened, {"list": "\n".join(polish)})
        await changed(emu, builder, handle, before, "the Polish list")
        assert f"Pasted {len(polish)} lines" in builder.content
        assert "Units **28/22** \u2705 \u00b7 Specials **6/10**" in builder.content

        # Russian, with a Cyrillic letter for the "x" of a count, a card of another faction
        # and a misspelt name.
        builder = await bob.slash(world.channel, "gwent deck new",
                                  faction="northern_realms").message()
        russian = ["Фольтест: Король Темерии", "3\u0445 Боец Синих Полосок", "Лютик",
                   "Лето из Гулеты", "2 Чучила"]
        opened = bob.click(builder, label="Paste list")
        assert (await opened.response()).modal is not None
        before = signature(builder)
        handle = bob.submit_modal(opened, {"list": "\n".join(russian)})
        await changed(emu, builder, handle, before, "the Russian paste report")
        assert "Nothing was changed: 2 of 5 lines" in builder.content
        assert ("`Лето из Гулеты`: Letho of Gulet belongs to Nilfgaard, not Northern Realms"
                in builder.content)
        assert ("`2 Чучила`: no card called “Чучила” in a Northern Realms deck (did you mean "
                "Чучело?)" in builder.content)
        again = bob.click(builder, label="Paste list")
        form = (await again.response()).modal
        assert form is not None
        assert form["components"][0]["components"][0]["value"] == "\n".join(russian)
        before = signature(builder)
        handle = bob.submit_modal(again, {"list": "\n".join([*russian[:3], "2 Чучело"])})
        await changed(emu, builder, handle, before, "the Russian list")
        assert "Pasted 4 lines: the deck now holds these 6 cards." in builder.content
        assert "Units **4/22**" in builder.content and "Specials **2/10**" in builder.content


@dataclass
class Taps:
    """What building a deck cost: interactions the bot answered, and taps on a phone (a
    select: open it, tap each option chosen, and close it when it takes several; a button:
    one tap)."""

    interactions: int = 0
    taps: int = 0


def the_draft(builder: MessageView) -> Deck:
    """The deck the builder's components carry."""
    found = re.search(r":(GW[0-9A-Z]+):", menu(builder, "save"))
    assert found is not None
    return decode_draft(found.group(1))


async def build_by_taps(emu: Emulator, user: VirtualUser, builder: MessageView,
                        deck: Deck) -> Taps:
    """Build `deck` from the builder as a player would with the fewest taps: category by
    category, choosing for each card the option that adds the most copies still wanted, all
    cards at once when the Add select takes several."""
    cost = Taps()

    async def choose(op: str, values: list[str]) -> None:
        several = builder.select(menu(builder, op)).max_values > 1
        cost.interactions += 1
        cost.taps += 2 + len(values) if several else 2
        await pick_several(emu, user, builder, op, values)

    cards = catalogue().cards
    for category in categories(deck.faction):
        wanted = {c: n for c, n in deck.cards.items() if category_of(cards[c]) == category}
        while any(the_draft(builder).cards.get(c, 0) < n for c, n in wanted.items()):
            if f":{category}:" not in menu(builder, "add"):
                await choose("cat", [category])
            menu_ = builder.select(menu(builder, "add"))
            best: dict[str, tuple[int, str]] = {}
            for o in menu_.options:
                card_id, _, count = o.value.partition("*")
                need = wanted.get(card_id, 0) - the_draft(builder).cards.get(card_id, 0)
                copies = int(count or 1)
                if 0 < copies <= need and copies > best.get(card_id, (0, ""))[0]:
                    best[card_id] = (copies, o.value)
            values = [v for _, v in best.values()]
            await choose("add", values if menu_.max_values > 1 else values[:1])
    if the_draft(builder).leader != deck.leader:
        await choose("leader", [deck.leader])
    return cost


async def pick_several(emu: Emulator, user: VirtualUser, builder: MessageView, op: str,
                       values: list[str]) -> None:
    before = signature(builder)
    handle = user.select(builder, menu(builder, op), values)
    await changed(emu, builder, handle, before, f"the builder after {op} {values}")


async def test_several_copies_are_one_action_the_starter_deck_in_nine_choices(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot()):
        builder = await alice.slash(world.channel, "gwent deck new",
                                    faction="northern_realms").message()
        starter = starter_deck("northern_realms")
        cost = await build_by_taps(emu, alice, builder, starter)
        built = the_draft(builder)
        assert (built.leader, built.cards) == (starter.leader, starter.cards)
        assert "Units **27/22** \u2705 \u00b7 Specials **7/10** \u2705" in builder.content
        # Before, every copy was a choice of its own: 38 choices and 76 taps.
        assert (cost.interactions, cost.taps) == (9, 41), cost


async def test_a_deck_imported_without_a_name_is_named_in_the_readers_language(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    _, bob, _ = world.users
    bob.set_locale("pl")
    async with run_bot(emu, make_bot()):
        code = encode(starter_deck("northern_realms"))
        imported = await bob.slash(world.channel, "gwent deck import", code=code).message()
        name = "Zaimportowana talia: " + faction_name_in("northern_realms", "pl")
        assert f"**{name}**" in imported.content
        again = await bob.slash(world.channel, "gwent deck import", code=code).message()
        assert f"**{name} 2**" in again.content
