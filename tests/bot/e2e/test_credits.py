"""/gwent credits through the real discord.py client: the icons' authors, source and licence,
privately, in the member's language."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord.client import GwentBot
from bot.render.art_data import LICENCE_URL, SOURCE_URL, authors
from tests.emulator import Emulator, World, run_bot


async def test_credits_name_every_icon_author_with_the_licence(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bob.set_locale("pl")
    async with run_bot(emu, make_bot()):
        shown = await alice.slash(world.channel, "gwent credits").message()
        polish = await bob.slash(world.channel, "gwent credits").message()
    assert shown.ephemeral and polish.ephemeral
    for name, icons in authors().items():
        assert f"{name} ({len(icons)})" in shown.content
    assert SOURCE_URL in shown.content and LICENCE_URL in shown.content
    assert "CC BY 3.0" in shown.content and "recoloured" in shown.content
    assert polish.content.startswith("**Gwint: autorzy**") and LICENCE_URL in polish.content
