"""Settings, config, rules, card lookup, hands by DM, challenge expiry and rematches."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import discord

from bot.discord.client import GwentBot
from bot.discord.settings.commands import language_line
from bot.i18n import language
from bot.service.challenges import CHALLENGE_SECONDS
from engine import catalogue
from tests.bot.e2e.driver import board_count, newest, open_match, to_act
from tests.bot.helpers import FakeClock
from tests.emulator import AutocompleteChoice, Emulator, VirtualUser, World, run_bot
from tests.emulator.models import Role

MANAGE_GUILD = 1 << 5


async def test_config_needs_manage_server(emu: Emulator, world: World,
                                          make_bot: Callable[[], GwentBot]) -> None:
    alice, _, carol = world.users
    admins = Role(emu.store.ids.next(), "Admins", MANAGE_GUILD, position=1)
    world.guild.roles[admins.id] = admins
    world.guild.members[carol.id].roles.append(admins.id)
    async with run_bot(emu, make_bot()) as run:
        shown = await alice.slash(world.channel, "gwent config").message()
        assert shown.ephemeral and "**Turn timer: 10 minutes.**" in shown.content
        assert "**Challenges: casual**" in shown.content
        refused = await alice.slash(world.channel, "gwent config", turn_timer=60).message()
        assert "Manage Server" in refused.content
        done = await carol.slash(world.channel, "gwent config", turn_timer=1800,
                                 challenges="ranked").message()
        assert done.content.startswith("Turn timer set to 30 minutes, from the next turn on.\n"
                                       "Challenges are now ranked unless the challenger says "
                                       "otherwise.")
        assert "**Challenges: ranked** unless the challenger adds `ranked:False`" in done.content
        assert await run.bot.services.settings.turn_seconds(world.guild.id) == 1800
        # The command offers the seven timers by name, not seconds.
        [command] = [c for c in run.bot.tree.get_commands() if c.name == "gwent"]
        config = next(c for c in command.walk_commands() if c.name == "config")
        timer = next(p for p in config.parameters if p.name == "turn_timer")
        assert [c.name for c in timer.choices] == ["1 minute", "3 minutes", "10 minutes",
                                                   "30 minutes", "1 hour", "6 hours",
                                                   "24 hours"]
        # A challenge that does not say is now ranked, and says so.
        challenge = await alice.slash(world.channel, "gwent challenge", opponent=carol).message()
        assert "a ranked match of Gwent" in challenge.content


async def test_settings_rules_and_card_lookup(emu: Emulator, world: World,
                                              make_bot: Callable[[], GwentBot]) -> None:
    alice, _, _ = world.users
    async with run_bot(emu, make_bot()):
        off = await alice.slash(world.channel, "gwent settings").message()
        assert off.ephemeral and "off" in off.content
        on = await alice.slash(world.channel, "gwent settings", hands_by_dm=True).message()
        assert "**on**" in on.content
        rules = await alice.slash(world.channel, "gwent rules").message()
        assert rules.ephemeral and "Overview" in rules.content
        before = rules.content
        alice.select(rules, "Choose a topic", ["factions"])
        await emu.wait_for(lambda: rules.content != before, 5, "another rules topic")
        assert "Nilfgaard" in rules.content
        card = await alice.slash(world.channel, "gwent card", name="geralt").message()
        assert card.ephemeral and "Geralt of Rivia" in card.content
        assert [a.filename for a in card.attachments] == ["card.png"]
        missing = await alice.slash(world.channel, "gwent card", name="zzz").message()
        assert "no card" in missing.content


async def card_names(user: VirtualUser, world: World, typed: str) -> list[AutocompleteChoice]:
    """What /gwent card offers while `typed` is in its name option."""
    return await user.autocomplete(world.channel, "gwent card", "name", typed)


async def test_card_name_autocomplete_offers_cards_containing_the_text(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot()):
        tri = await card_names(alice, world, "tri")
        assert tri == [AutocompleteChoice("Triss Merigold", "triss_merigold"),
                       AutocompleteChoice("Blue Stripes Commando", "blue_stripes_commando"),
                       AutocompleteChoice("Cockatrice", "cockatrice")]
        assert await card_names(alice, world, " TRISS ") == tri[:1]
        many = await card_names(alice, world, "a")
        assert len(many) == 25 and all("a" in c.name.casefold() for c in many)
        for nonsense in ("zzz", "trit", "qqq qqq"):
            assert await card_names(alice, world, nonsense) == [], nonsense
        # Punctuation and small typos are forgiven.
        for typed in ("triss merigold!", "tris merigold"):
            assert await card_names(alice, world, typed) == tri[:1], typed


async def test_card_name_autocomplete_without_text_offers_the_first_25_cards(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    first = [AutocompleteChoice(c.name, c.id) for c in list(catalogue().cards.values())[:25]]
    async with run_bot(emu, make_bot()):
        assert await card_names(alice, world, "") == first
        assert await card_names(alice, world, "   ") == first


async def test_an_offered_card_name_looks_the_card_up(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    async with run_bot(emu, make_bot()):
        [triss] = await card_names(alice, world, "tris")
        card = await alice.slash(world.channel, "gwent card", name=triss.value).message()
    assert card.ephemeral and card.content.startswith("**Triss Merigold** (")
    assert [a.filename for a in card.attachments] == ["card.png"]
    assert card not in bob.visible_messages(world.channel)


async def test_hands_by_dm_and_closed_dms(emu: Emulator, world: World,
                                          make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bob.set_dms_open(False)
    async with run_bot(emu, make_bot()):
        for user in (alice, bob):
            await user.slash(world.channel, "gwent settings", hands_by_dm=True).message()
        table, board = await open_match(emu, world.channel, alice, bob)
        dm = await emu.wait_for(lambda: next(iter(alice.dms()), None), 5, "Alice's DM hand")
        assert "Your hand" in dm.content and dm.attachments[0].filename == "hand.png"
        await emu.wait_for(lambda: "can't send you direct messages" in board.content, 5,
                           "the closed-DM note")
        assert f"<@{bob.id}>" in board.content.split("\n")[-1]
        # Alice plays from her DM.
        count = board_count(board)
        alice.click(dm, label="Keep this hand")
        board = await table.board_after(count)
        assert "Alice" in board.content and "Keep this hand" not in {b.label for b in dm.buttons}
        assert bob.dms() == []


async def test_challenges_expire(emu: Emulator, world: World, db_path: Path) -> None:
    alice, bob, _ = world.users
    clock = FakeClock()
    bot = GwentBot(db_path, clock=clock)
    async with run_bot(emu, bot):
        challenge = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        clock.advance(CHALLENGE_SECONDS)
        await bot.services.timers.run_due()
        await emu.wait_for(lambda: "expired" in challenge.content, 5, "the expiry")
        assert not challenge.buttons


async def test_forfeit_and_rematch(emu: Emulator, world: World,
                                   make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        nothing = await carol.slash(world.channel, "gwent forfeit").message()
        assert "no match running" in nothing.content
        gone = await bob.slash(world.channel, "gwent forfeit").message()
        assert gone.ephemeral and "forfeited" in gone.content
        result = await table.board_after(board_count(board))
        assert "Bob forfeited" in result.content
        refused = carol.click(result, label="Rematch")
        assert "Only the two players" in (await refused.response()).message.content
        rematch = await alice.click(result, label="Rematch").message()
        assert "rematch" in rematch.content and rematch.channel_id == table.channel.id
        bob.click(rematch, label="Accept")
        await emu.wait_for(lambda: "accepted" in rematch.content, 5, "the rematch accepted")
        # Posted in the match's thread, the acceptance does not link to that thread.
        assert rematch.content.endswith("the match is on in this thread.")
        assert f"<#{table.channel.id}>" not in rematch.content
        lobby = await emu.wait_for(
            lambda: newest(table.visible(), "Ready"), 5, "the rematch lobby")
        assert lobby.channel_id == table.channel.id, "the rematch stays in the same thread"
        assert to_act(board)


async def test_commands_are_synced_only_when_they_changed(emu: Emulator, world: World,
                                                          db_path: Path) -> None:
    def syncs() -> list[str]:
        return [r.path for r in emu.log if r.method == "PUT" and r.path.endswith("/commands")]

    async with run_bot(emu, GwentBot(db_path)):
        pass
    assert len(syncs()) == 1
    # A restart with the same commands leaves Discord alone, and the commands still work.
    async with run_bot(emu, GwentBot(db_path)):
        rules = await world.users[0].slash(world.channel, "gwent rules").message()
        assert rules.ephemeral
    assert len(syncs()) == 1
    # Another scope is synced once; so are changed commands.
    guild_bot = GwentBot(db_path, dev_guild_id=world.guild.id)
    async with run_bot(emu, guild_bot):
        pass
    assert len(syncs()) == 2 and syncs()[-1].endswith(f"/guilds/{world.guild.id}/commands")
    changed = GwentBot(db_path)

    @changed.tree.command(name="gwent-extra", description="A command added since the last sync")
    async def extra(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("extra", ephemeral=True)

    async with run_bot(emu, changed):
        pass
    assert len(syncs()) == 3 and "guilds" not in syncs()[-1]


async def test_languages_are_chosen_by_each_member_and_by_the_server(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    admins = Role(emu.store.ids.next(), "Admins", MANAGE_GUILD, position=1)
    world.guild.roles[admins.id] = admins
    world.guild.members[carol.id].roles.append(admins.id)
    world.guild.locale = "de"
    alice.set_locale("pl")
    async with run_bot(emu, make_bot()) as run:
        settings = run.bot.services.settings
        shown = await alice.slash(world.channel, "gwent settings").message()
        assert language_line(language("pl"), "pl", None, private=True) in shown.content
        assert "**Polski**" in shown.content
        chosen = await alice.slash(world.channel, "gwent settings", language="ru").message()
        assert language_line(language("ru"), "ru", "ru", private=True) in chosen.content
        assert "**Русский**" in chosen.content
        assert await settings.language_override(alice.id) == "ru"
        config = await bob.slash(world.channel, "gwent config").message()
        # Said in Bob's own language (English), about the server's (German).
        assert language_line(language("en"), "de", None, private=False) in config.content
        assert "**Deutsch**, the server's language in Discord" in config.content
        refused = await bob.slash(world.channel, "gwent config", language="fr").message()
        assert "Manage Server" in refused.content
        assert await settings.server_language(world.guild.id) is None
        done = await carol.slash(world.channel, "gwent config", language="zh-CN").message()
        assert language_line(language("en"), "zh-CN", "zh-CN", private=False) in done.content
        assert await settings.server_language(world.guild.id) == "zh-CN"
        back = await alice.slash(world.channel, "gwent settings", language="discord").message()
        assert language_line(language("pl"), "pl", None, private=True) in back.content
        assert await settings.language_override(alice.id) is None
        [command] = [c for c in run.bot.tree.get_commands() if c.name == "gwent"]
        setting = next(c for c in command.walk_commands() if c.name == "settings")
        option = next(p for p in setting.parameters if p.name == "language")
        assert [c.value for c in option.choices] == [
            "discord", "en", "pl", "ru", "de", "pt-BR", "es-ES", "fr", "zh-CN"]
