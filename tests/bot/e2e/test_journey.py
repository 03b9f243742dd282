"""The whole user journey through the emulator: challenge, decks, redraws, turns, result."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.discord.client import GwentBot
from bot.discord.core.format import faction_name
from bot.discord.match import publisher
from engine import Observation
from tests.bot.e2e.driver import Table, newest
from tests.bot.e2e.oracle import check_public_messages
from tests.bot.e2e.replay_check import check_replay_frames
from tests.bot.e2e.tally import match_cost
from tests.emulator import Emulator, World, run_bot


@pytest.fixture
def public_images(monkeypatch: pytest.MonkeyPatch) -> list[Observation]:
    """Record every observation the public images are drawn from."""
    seen: list[Observation] = []
    for name in ("board_png", "result_png"):
        real = getattr(publisher, name)

        async def spy(obs: Observation, real: Callable[..., object] = real, *,
                      tag: str) -> bytes:
            seen.append(obs)
            return await real(obs, tag=tag)  # type: ignore[misc, no-any-return]

        monkeypatch.setattr(publisher, name, spy)
    return seen


@pytest.mark.parametrize("factions, seed", [
    (("monsters", "scoiatael"), 3),
    (("nilfgaard", "skellige"), 4),
    (("northern_realms", "monsters"), 5),
])
async def test_a_complete_match_from_challenge_to_result(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        public_images: list[Observation], factions: tuple[str, str], seed: int) -> None:
    alice, bob, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        started = len(emu.log)
        challenge = await alice.slash(world.channel, "gwent challenge", opponent=bob,
                                      faction=factions[0]).message()
        assert f"<@{bob.id}>" in challenge.content
        assert f"plays {faction_name(factions[0])}" in challenge.content
        accept = bob.click(challenge, label="Accept")
        assert (await accept.response()).type == 6
        await emu.wait_for(lambda: "accepted" in challenge.content, 5, "the accepted challenge")
        assert not challenge.buttons and accept.followups == []
        thread = next(c for c in emu.store.channels.values() if c.name and "vs" in c.name)
        assert thread.name == "Gwent: Alice vs Bob"
        table = Table(emu, {alice.id: alice, bob.id: bob}, thread)
        lobby = await emu.wait_for(lambda: newest(table.visible(), "Ready"), 5, "the lobby")

        # Bob picks his faction and a leader privately, then gets ready from there.
        deck = await bob.click(lobby, label="Choose deck").message()
        assert deck.ephemeral and deck not in carol.visible_messages(thread)
        before = deck.content
        bob.select(deck, "Faction", [factions[1]])
        await emu.wait_for(lambda: deck.content != before, 5, "the faction change")
        leaders = deck.select("Leader").options
        assert [o.default for o in leaders].count(True) == 1
        other = next(o for o in leaders if not o.default)
        before = deck.content
        bob.select(deck, "Leader", [other.value])
        await emu.wait_for(lambda: deck.content != before, 5, "the leader change")
        assert other.label in deck.content
        bob.click(deck, label="Ready")
        await emu.wait_for(lambda: "You are ready" in deck.content, 5, "Bob ready")
        await emu.wait_for(lambda: "Bob is ready" in lobby.content, 5, "the lobby update")
        # Bob's deck choice becomes his hand once the match starts; Alice's Ready opens hers.
        table.views[bob.id] = deck
        table.views[alice.id] = await alice.click(lobby, label="Ready").message()

        result = await table.play_to_the_end(random.Random(seed))
        assert "wins the match" in result.content or "draw" in result.content
        assert [a.filename for a in result.attachments] == ["result.png", "board.png"]
        assert "Round 1:" in result.content
        assert "Decks are chosen" in lobby.content and not lobby.buttons

        public = carol.visible_messages(thread)
        boards = [m for m in public if any(b.label == "Show my hand" for b in m.buttons)]
        assert public[-1] == result, "the result is the newest message"
        match_id = int(result.buttons[0].custom_id.split(":")[2])
        moves = len(await bot.services.matches.actions(match_id))
        cost = match_cost(emu, thread.id, match_id, moves, since=started)
        # One board per move (redraws edit the first), a ping only when the turn changes
        # hands to a player who is not looking (here both always are: in the thread, the
        # lobby pings both, boards never), Show my hand only to open the views (Ready opened them
        # here), and (thread, lobby and challenge aside) nothing against Discord's global
        # rate limit.
        assert cost.per_move(cost.posts) <= 1.1, cost
        assert cost.pings == 2, cost
        assert cost.show_my_hand == 0, cost
        assert cost.per_move(cost.taps) <= 1.5, cost
        assert cost.per_move(cost.global_requests) <= 0.25, (cost, [
            f"{r.method} {r.path}" for r in emu.log[started:] if r.counts_globally])
        assert await check_public_messages(bot.services, public) >= len(boards)
        assert await check_replay_frames(bot, public) == len(boards) + 1
        assert public_images and all(o.viewer is None and all(s.hand is None for s in o.sides)
                                     for o in public_images)
        stored = await bot.services.matches.result(int(result.buttons[0].custom_id.split(":")[2]))
        assert stored is not None and stored.factions == factions
