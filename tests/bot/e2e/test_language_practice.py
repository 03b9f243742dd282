"""A player whose Discord speaks another language, in a server that does too, plays a
practice match through the real client: every text they see (the thread, the lobby, their
view, edited after the computer's moves without a click of theirs, the boards) is in their
language. The bot's languages are replaced by marked ones (every message reads ⟦English⟧),
so English left untranslated shows whatever the catalogues hold."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.discord.client import GwentBot
from bot.discord.core import context
from bot.i18n import ENGLISH, Language, language, resolve
from tests.bot.e2e.driver import shown_texts, view_count
from tests.bot.i18n.marked import marked_language, unmarked
from tests.emulator import Emulator, MessageView, World, run_bot

NAMES = ["Alice", "Computer"]


def marked(locale: str | None) -> Language:
    """The marked language for every language but English."""
    tag = resolve(locale)
    return language(tag) if tag == ENGLISH else marked_language(tag)


def english_in(message: MessageView) -> list[str]:
    """English words outside the marks of a message and its components."""
    return [word for text in shown_texts(message)
            for word in unmarked(text.replace("\u2026", "\u27e7"), allowed=NAMES)]


def ready_id(message: MessageView) -> str | None:
    return next((b.custom_id for b in message.buttons
                 if (b.custom_id or "").endswith(":ready")), None)


async def test_a_practice_match_in_russian_shows_no_english(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice = world.users[0]
    alice.set_locale("ru")
    world.guild.locale = "ru"
    monkeypatch.setattr(context, "language", marked)
    bot = make_bot()
    async with run_bot(emu, bot):
        started = await alice.slash(world.channel, "gwent practice", faction="monsters",
                                    difficulty="easy").message()
        assert english_in(started) == []
        thread = next(c for c in emu.store.channels.values() if c.name and "Computer" in c.name)
        assert unmarked(thread.name, allowed=NAMES) == []
        lobby = await emu.wait_for(
            lambda: next((m for m in alice.visible_messages(thread) if ready_id(m)), None), 5,
            "the lobby")
        match_id = int((ready_id(lobby) or "").split(":")[2])
        view = await alice.click(lobby, custom_id=ready_id(lobby)).message(timeout=30)
        edits = 0
        for _ in range(8):
            await bot.services.computer.idle()
            match = await bot.services.matches.get(match_id)
            if not match.is_live:
                break
            await emu.wait_for(lambda: view_count(view) >= match.action_count, 10,  # noqa: B023
                               "the view brought up to date")
            assert english_in(view) == [], view.content
            edits += view.edited
            keep = [b for b in view.buttons if (b.custom_id or "").endswith(":keep")]
            rows = [b for b in view.buttons if (b.custom_id or "").startswith("gw:move:")
                    and " " in (b.custom_id or "").rsplit(":", 1)[1]]
            if keep:
                handle = alice.click(view, custom_id=keep[0].custom_id)
            elif rows:
                handle = alice.click(view, custom_id=rows[0].custom_id)
            else:
                menu = view.selects[0]
                handle = alice.select(view, menu.custom_id, [menu.options[0].value])
            await emu.wait_for(lambda: handle.interaction.answered_at is not None,  # noqa: B023
                               10, "the click's answer")
        # The view, edited after the computer's moves, knows the player's language.
        views = await bot.services.matches.views(match_id)
        assert edits and [v.locale for v in views.values()] == ["ru"]
        seen = [*alice.visible_messages(thread), *alice.visible_messages(world.channel)]
        assert len(seen) >= 4
        assert [(m.content, english_in(m)) for m in seen if english_in(m)] == []
