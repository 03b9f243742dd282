"""The lobby's private deck choice in every language, through the emulator: select
descriptions shortened at a word boundary, never mid-word, and the leaders whose ability is
not The Witcher 3's marked as such."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from bot.discord.client import GwentBot
from bot.i18n import LANGUAGES, card_name, language
from engine import catalogue
from tests.bot.e2e.test_practice import _lobby
from tests.emulator import Emulator, World, run_bot

ELLIPSIS = "\u2026"
# Leaders that work here as the 2025 rulebook says, not as in The Witcher 3.
NOT_AS_IN_WITCHER3 = {"emhyr_var_emreis_the_relentless", "eredin_destroyer_of_worlds"}


def wide(char: str) -> bool:
    """A character of a script written without spaces between words (Chinese)."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def cut_between_words(shown: str, full: str) -> bool:
    """True when `shown` is `full`, or its beginning cut where a word ends, with an
    ellipsis."""
    if shown == full:
        return True
    kept = shown.removesuffix(ELLIPSIS)
    if kept == shown or not full.startswith(kept) or not kept:
        return False
    rest = full[len(kept):]
    return (rest[0].isspace() or rest[0] in ",;:.\u3001\uff0c\uff1b\uff1a\u3002"
            or (wide(kept[-1]) and wide(rest[0])))


async def test_lobby_descriptions_end_at_a_word_boundary_and_leaders_unlike_witcher3_are_marked(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    cat = catalogue()
    async with run_bot(emu, make_bot()):
        started = await alice.slash(world.channel, "gwent practice",
                                    faction="northern_realms").message()
        table = await _lobby(emu, started, alice)
        lobby = table.visible()[-1]
        long_ones = 0
        marked: dict[str, set[str]] = {}
        for tag in LANGUAGES:
            lang = language(tag)
            alice.set_locale(tag)
            choice = await alice.click(lobby, label="Choose deck").message()
            faction_menu, leader_menu = choice.selects[0], choice.selects[1]
            for o in faction_menu.options:
                full = lang._(cat.factions[o.value].perk)
                assert o.description is not None and len(o.description) <= 100
                assert cut_between_words(o.description, full), (tag, o.description)
                long_ones += o.description != full
            for faction in (f for f in cat.factions if f != "neutral"):
                before = leader_menu.options
                if faction not in {c.faction for c in cat.cards.values()
                                   if c.id in {o.value for o in before}}:
                    alice.select(choice, faction_menu.custom_id or "", [faction])
                    await emu.wait_for(lambda c=choice, b=before: c.selects[1].options != b, 5,
                                       f"the leaders of {faction}")
                    faction_menu, leader_menu = choice.selects[0], choice.selects[1]
                for o in leader_menu.options:
                    if o.label != card_name(o.value, tag):
                        marked.setdefault(tag, set()).add(o.value)
                        assert o.label == lang.pgettext(
                            "select option", "{leader} (differs from The Witcher 3)",
                            leader=card_name(o.value, tag))
                    full = lang._(cat.card(o.value).text)
                    assert o.description is not None and len(o.description) <= 100
                    assert cut_between_words(o.description, full), (tag, o.description)
                    long_ones += o.description != full
        assert long_ones > 40  # many texts are longer than Discord's 100 characters
        assert marked == {tag: NOT_AS_IN_WITCHER3 for tag in LANGUAGES}
