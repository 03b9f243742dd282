"""Learning Gwent through the emulator: help, the rules browser (pages, Share), faction,
leader and card lookups by misspelt names, Rules on a hand, and a whole tutorial match."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from bot.discord.client import GwentBot
from bot.i18n import card_name, faction_name, language
from bot.learn.rules import topic
from bot.service.tutorial import TUTOR_NAME
from engine import Observation
from tests.bot.e2e.driver import Table, board_count, newest, open_match, to_act
from tests.bot.e2e.oracle import check_public_messages, state_at
from tests.bot.learn.test_messages import card_lines
from tests.emulator import AutocompleteChoice, Emulator, MessageView, World, run_bot

THREAD = re.compile(r"<#(\d+)>")
HINT = "\U0001f4a1 **Tutorial:**"
HELP_SCREEN = 800  # characters: about one phone screen
PRIMARY, SECONDARY = 1, 2  # Discord's button styles


async def test_help_and_the_rules_browser_with_share(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    async with run_bot(emu, make_bot()):
        help_ = await alice.slash(world.channel, "gwent help").message()
        assert help_.ephemeral and "/gwent tutorial" in help_.content
        assert len(help_.content) <= HELP_SCREEN and not help_.embeds
        # The tabs: all usable, the one shown highlighted (primary) and pinned.
        assert [(b.label, b.style, b.disabled, b.emoji is not None) for b in help_.buttons] == [
            ("Start", PRIMARY, False, True), ("Your match", SECONDARY, False, False),
            ("Stuck?", SECONDARY, False, False), ("Commands", SECONDARY, False, False)]
        again = alice.click(help_, label="Start")
        assert (await again.response()).type == 7 and not again.followups  # shown again
        alice.click(help_, label="Commands")
        await emu.wait_for(lambda: bool(help_.embeds), 5, "the commands page")
        commands = help_.embeds[0]["description"]
        for name in ("challenge", "practice", "tutorial", "rules", "card", "faction", "leader",
                     "help", "forfeit", "settings", "config"):
            assert f"`/gwent {name}`" in commands, name
        alice.click(help_, label="Stuck?")
        await emu.wait_for(lambda: "stuck" in help_.content, 5, "the stuck page")
        assert not help_.embeds and "Refresh" in help_.content
        assert [b.label for b in help_.buttons if b.style == PRIMARY] == ["Stuck?"]
        assert [b.label for b in help_.buttons if b.emoji] == ["Stuck?"]
        assert not any(b.disabled for b in help_.buttons)

        rules = await alice.slash(world.channel, "gwent rules").message()
        assert rules.ephemeral and rules.content.startswith("**Gwent rules: Overview**")
        before = rules.content
        alice.click(rules, label="Next")
        await emu.wait_for(lambda: rules.content != before, 5, "the next page")
        assert rules.content.startswith("**Gwent rules: Setup and redraws**")
        alice.select(rules, "Choose a topic", ["abilities"])
        await emu.wait_for(lambda: "Unit abilities" in rules.content, 5, "the abilities topic")
        pages = len(topic("abilities").pages)
        assert pages > 1 and f"page 1 of {pages}" in rules.content
        before = rules.content
        alice.click(rules, label="Next")
        await emu.wait_for(lambda: rules.content != before, 5, "page 2")
        assert f"Unit abilities** \u00b7 page 2 of {pages}" in rules.content
        page = rules.content.split("\n", 1)[1]
        shared = await alice.click(rules, label="Share").message()
        assert not shared.ephemeral and "Alice shared a page" in shared.content
        assert page in shared.content and shared in bob.visible_messages(world.channel)
        assert rules not in bob.visible_messages(world.channel)
        alice.click(rules, label="Previous")
        await emu.wait_for(lambda: f"page 1 of {pages}" in rules.content, 5, "page 1 again")


async def test_faction_leader_and_card_lookups_forgive_typos(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot()):
        offered = await alice.autocomplete(world.channel, "gwent faction", "name", "nilf")
        assert offered == [AutocompleteChoice("Nilfgaard", "nilfgaard")]
        faction = await alice.slash(world.channel, "gwent faction",
                                    name=offered[0].value).message()
        assert faction.ephemeral and "**Perk:**" in faction.content
        assert "The White Flame" in faction.content and "always on" in faction.content
        assert faction.content.count("differs from The Witcher 3") == 1
        assert "The Relentless** (once per match; differs from The Witcher 3)" in faction.content
        assert [a.filename for a in faction.attachments] == ["deck.png"]
        assert faction.attachments[0].data.startswith(b"\x89PNG")

        offered = await alice.autocomplete(world.channel, "gwent leader", "name", "eredin dest")
        assert offered[0].name == "Eredin: Destroyer of Worlds"
        leader = await alice.slash(world.channel, "gwent leader",
                                   name="eredin destroyr").message()
        assert "Eredin: Destroyer of Worlds" in leader.content
        assert "once per match" in leader.content and "does the same here" in leader.content
        assert "**Differs from The Witcher 3.** There it made you discard two cards" in \
            leader.content
        same = await alice.slash(world.channel, "gwent leader", name="bringer of death").message()
        assert "Eredin: Bringer of Death" in same.content and "Witcher 3" not in same.content

        for typed, expected in (("yenefer", "Yennefer of Vengerberg"),
                                ("blue stripe", "Blue Stripes Commando")):
            offered = await alice.autocomplete(world.channel, "gwent card", "name", typed)
            assert offered and offered[0].name == expected
            card = await alice.slash(world.channel, "gwent card", name=typed).message()
            assert card.ephemeral and card.content.startswith(f"**{expected}** (")
            assert [a.filename for a in card.attachments] == ["card.png"]
        assert "**Tight Bond**:" in card.content
        missing = await alice.slash(world.channel, "gwent leader", name="zzz").message()
        assert "no leader called" in missing.content


def _match_id(board: MessageView) -> int:
    custom_id = board.button(label="Show my hand").custom_id
    assert custom_id is not None
    return int(custom_id.split(":")[2])


def _lines(text: str) -> set[str]:
    """The card names a Rules message lists one per line (leaders aside)."""
    return card_lines(text)


def _listed(text: str) -> set[str]:
    """The card names More on a Rules message lists under "in your hand" and "on the
    board"."""
    named: set[str] = set()
    for paragraph in text.split("\n\n"):
        where = re.match(r"\*\*[^*]+\*\* \(((?:in your hand|on the board).*?)\): ", paragraph)
        if where is not None:
            listed = re.sub(r"(in your hand|on the board): |; | and \d+ more", ",",
                            where.group(1))
            named |= {n.strip() for n in listed.split(",") if n.strip()}
    return named


def _seen(obs: Observation) -> set[str]:
    assert obs.viewer is not None
    names = {v.name for v in obs.sides[obs.viewer].hand or ()} | {v.name for v in obs.weather}
    for side in obs.sides:
        for row in side.rows:
            names |= {v.name for v in (*row.cards, *(c for c in (row.horn, row.mardroeme) if c))}
    return names


async def test_rules_on_a_hand_explain_only_what_its_player_sees(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        hand = await table.open_hand(alice, board)
        rules = await alice.click(hand, label="Rules").message()
        assert rules.ephemeral and rules not in bob.visible_messages(table.channel)
        short = rules.embeds[0]["description"]
        assert "Your leader" in short and "Their leader" in short
        match_id = _match_id(board)
        engine = await state_at(bot.services, match_id, board_count(board))
        seen = _seen(engine.observation(0))
        bob_only = {engine.card(u).name for u in engine.sides[1].hand} - seen
        lines = _lines(short)
        assert lines and lines <= seen and not lines & bob_only
        alice.click(rules, label="More")
        await emu.wait_for(lambda: rules.embeds[0]["description"] != short, 5, "More")
        full = rules.embeds[0]["description"]
        listed = _listed(full)
        assert listed and listed <= seen and not listed & bob_only
        alice.click(rules, label="Less")
        await emu.wait_for(lambda: rules.embeds[0]["description"] == short, 5, "Less")
        assert rules not in carol.visible_messages(table.channel)


async def test_a_tutorial_from_the_command_to_the_result(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, _, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        started = await alice.slash(world.channel, "gwent tutorial").message()
        assert "learning Gwent" in started.content and "/gwent forfeit" in started.content
        found = THREAD.search(started.content)
        assert found is not None
        table = Table(emu, {alice.id: alice}, emu.store.channels[int(found.group(1))])
        assert table.channel.name == f"Gwent tutorial: Alice vs {TUTOR_NAME}"
        board = await table.board_after(-1)
        assert newest(table.visible(), "Ready") is None  # no lobby: dealt at once
        match_id = _match_id(board)
        hand = await table.open_hand(alice, board)
        assert HINT in hand.content and "you may redraw up to two" in hand.content
        assert hand not in carol.visible_messages(table.channel)

        rng = random.Random(8)
        hints: list[str] = []
        result: MessageView | None = None
        for _ in range(300):
            await bot.services.computer.idle()
            count = (await bot.services.matches.get(match_id)).action_count
            board = await table.board_after(count - 1)
            if any(b.label == "Rematch" for b in board.buttons):
                result = board
                break
            assert to_act(board) == [alice.id], board.content
            hand = await table.open_hand(alice, board)
            hints += [line for line in hand.content.splitlines() if line.startswith(HINT)]
            await table.play_one(alice, hand, rng, pass_bias=0.2)
        assert result is not None and "Round 1:" in result.content
        assert "What next" in result.content and "`/gwent deck new`" in result.content
        # A hint at every decision, each naming its move in bold.
        assert len(hints) >= 3 and all("**" in h.removeprefix(HINT) for h in hints), hints
        public = carol.visible_messages(table.channel)
        assert not any(HINT in m.content for m in public)
        assert await check_public_messages(bot.services, public) >= 1


async def test_lookups_in_the_users_language_and_by_names_in_any_language(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    alice.set_locale("pl")
    bob.set_locale("ru")
    bot = make_bot()
    async with run_bot(emu, bot):
        # Suggestions match the user's language and English, shown in the user's language
        # with the English name.
        for user, typed, expected in (
                (alice, "geralt z", ("Geralt z Rivii (Geralt of Rivia)", "geralt_of_rivia")),
                (alice, "jaskier", ("Jaskier (Dandelion)", "dandelion")),
                (alice, "dandelion", ("Jaskier (Dandelion)", "dandelion")),
                (alice, "myszowur", ("Myszowór (Ermion)", "ermion")),
                (bob, "геральт", ("Геральт из Ривии (Geralt of Rivia)", "geralt_of_rivia")),
                (bob, "ЛЮТИК", ("Лютик (Dandelion)", "dandelion")),
                (bob, "利维亚的杰洛特", ("Геральт из Ривии (Geralt of Rivia)", "geralt_of_rivia")),
                (carol, "Jaskier", ("Dandelion", "dandelion"))):
            offered = await user.autocomplete(world.channel, "gwent card", "name", typed)
            assert offered[0] == AutocompleteChoice(*expected), (typed, offered)
        offered = await bob.autocomplete(world.channel, "gwent leader", "name", "фольтест")
        assert len(offered) == 5 and all(o.name.startswith("Фольтест: ") for o in offered)
        assert AutocompleteChoice("Фольтест: Король Темерии (Foltest: King of Temeria)",
                                  "foltest_king_of_temeria") in offered
        assert await bob.autocomplete(world.channel, "gwent faction", "name", "чудо") == [
            AutocompleteChoice("Чудовища (Monsters)", "monsters")]
        assert await alice.autocomplete(world.channel, "gwent faction", "name", "") == [
            AutocompleteChoice(name, key) for key, name in (
                ("northern_realms", "Królestwa Północy (Northern Realms)"),
                ("nilfgaard", "Nilfgaard"), ("monsters", "Potwory (Monsters)"),
                ("scoiatael", "Scoia'tael"), ("skellige", "Skellige"))]

        # The commands find what was typed in any language, and answer in the user's.
        for user, command, typed, head in (
                (alice, "gwent card", "Jaskier", f"**{card_name('dandelion', 'pl')}** ("),
                (bob, "gwent card", "Казнь", f"**{card_name('scorch', 'ru')}** ("),
                (alice, "gwent card", "利维亚的杰洛特",
                 f"**{card_name('geralt_of_rivia', 'pl')}** ("),
                (bob, "gwent card", "Horn des Kommandanten",
                 f"**{card_name('commanders_horn', 'ru')}** ("),
                (carol, "gwent card", "Ведьма: Кухарка", "**Crone: Brewess** ("),
                (alice, "gwent leader", "Eredin: Bringer des Todes",
                 f"{language('pl')._('{faction} leader', faction=faction_name('monsters', 'pl'))}"
                 f"\n**{card_name('eredin_bringer_of_death', 'pl')}** ("),
                (bob, "gwent faction", "Королевства Севера",
                 f"**{faction_name('northern_realms', 'ru')}**\n")):
            reply = await user.slash(world.channel, command, name=typed).message()
            assert reply.ephemeral and reply.content.startswith(head), (typed, reply.content)

        # An override chosen in /gwent settings beats the client's language.
        await bot.services.settings.set_language_override(bob.id, "de")
        offered = await bob.autocomplete(world.channel, "gwent card", "name", "лютик")
        assert offered[0] == AutocompleteChoice("Rittersporn (Dandelion)", "dandelion")
