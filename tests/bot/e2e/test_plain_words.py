"""Plain words for casual players, through the emulator: a practice match's result names no
MMR, rank or ladder."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.discord.client import GwentBot
from tests.bot.e2e.driver import newest
from tests.bot.e2e.test_practice import _lobby
from tests.emulator import Emulator, World, run_bot

RANKED_WORDS = re.compile(r"MMR|\brank|ladder", re.I)


async def test_a_practice_result_says_it_is_not_rated_in_plain_words(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot()):
        started = await alice.slash(world.channel, "gwent practice").message()
        table = await _lobby(emu, started, alice)
        await alice.slash(table.channel, "gwent forfeit").message()
        result = await emu.wait_for(lambda: newest(table.visible(), "Rematch"), 10,
                                    "the result")
        await emu.wait_for(lambda: "nothing is rated" in result.content, 5, "the unrated line")
        assert result.content.splitlines()[-1] == ("\U0001f3af A practice match against the "
                                                   "computer is unranked: nothing is rated.")
        assert not RANKED_WORDS.search(result.content), result.content
