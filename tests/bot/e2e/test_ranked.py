"""Ranked play through the emulator: two matches between members, then the leaderboard,
profiles and histories as each player (and a bystander) sees them."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

from PIL import Image

from bot.discord.client import GwentBot
from bot.discord.ranked.messages import ladder_score_explained, mmr_note
from bot.i18n import ENGLISH, language
from bot.service.ranked import CASUAL
from tests.bot.e2e.driver import newest, open_match
from tests.emulator import Emulator, MessageView, World, run_bot

EN = language(ENGLISH)


def image(message: MessageView, name: str) -> Image.Image:
    """An attached PNG, decoded (a broken file fails here)."""
    [attachment] = [a for a in message.attachments if a.filename == name]
    return Image.open(io.BytesIO(attachment.data)).convert("RGB")


async def test_two_matches_then_leaderboard_stats_and_history(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    async with run_bot(emu, make_bot()) as run:
        # Carol never played: every ranked command says so in a sentence.
        empty = await carol.slash(world.channel, "gwent leaderboard").message()
        assert empty.ephemeral and "No ranked match has been played in this server" in \
            empty.content
        nobody = await carol.slash(world.channel, "gwent stats").message()
        assert "You have not played Gwent in this server yet" in nobody.content

        # Match 1 is played to the end; in match 2 Bob forfeits at the start (still rated).
        table, _ = await open_match(emu, world.channel, alice, bob, faction="monsters",
                                    ranked=True)
        first = await table.play_to_the_end(random.Random(7), pass_bias=0.4)
        assert "faction MMR 1200 \u2192" in first.content, first.content
        assert first.content.count("faction MMR") >= 2
        assert first.content.splitlines()[-1] == mmr_note(EN)
        table2, _ = await open_match(emu, world.channel, alice, bob, faction="skellige",
                                     ranked=True)
        await bob.slash(table2.channel, "gwent forfeit").message()
        second = await emu.wait_for(
            lambda: next((m for m in table2.visible() if "forfeited" in m.content), None), 10,
            "the forfeit result")
        await emu.wait_for(lambda: "MMR" in second.content, 5, "the ranked lines")
        assert re.search(r"\*\*Alice\*\* \(Skellige\): faction MMR 1200 \u2192 \d+ \(\+\d+, "
                         r"provisional: 1 of 5 games\)", second.content), second.content
        assert re.search(r"Alice.*rank 30, [12] of 5 pieces \(\+1 piece\)", second.content)
        assert "Counted at 50%: these two already played 1 rated match" in second.content

        services = run.bot.services
        season = services.ranked.season()
        results = [await services.matches.result(int(m.buttons[0].custom_id.split(":")[2]))
                   for m in (first, second)]
        assert all(r is not None for r in results)
        won = {alice.id: 0, bob.id: 0}
        for result in results:
            assert result is not None
            winner = 1 - result.forfeited_by if result.forfeited_by is not None else result.winner
            if winner is not None:
                won[result.player_ids[winner]] += 1
        names = {alice.id: "Alice", bob.id: "Bob"}
        for user, other in ((alice, bob), (bob, alice)):
            board_message = await user.slash(world.channel, "gwent leaderboard").message()
            assert board_message.ephemeral and board_message not in other.visible_messages(
                world.channel)
            assert board_message.content.startswith(f"**{season.title(EN)} \u00b7 Ladder**")
            assert "1. " in board_message.content and "2. " in board_message.content
            assert {"Alice", "Bob"} <= set(re.findall(r"\d+\. (\w+),", board_message.content))
            assert image(board_message, "leaderboard.png").width == 720
            labels = [b.label for b in board_message.buttons]
            assert labels == ["\u25c0 Previous", "Next \u25b6", "Me", "Share"]

            profile = await user.slash(world.channel, "gwent stats").message()
            assert profile.ephemeral and profile.content.startswith(f"**{names[user.id]}** \u00b7 ")
            draws = 2 - won[alice.id] - won[bob.id]
            assert (f"Ranked {won[user.id]}W {won[other.id]}L {draws}D"
                    in profile.content), profile.content
            assert image(profile, "profile.png").width == 720
            # The ladder score (51 after one game with an MMR of 1265) is explained there.
            assert re.search(r"\(ladder score \d+\)", profile.content), profile.content
            assert profile.content.splitlines()[-2] == "-# " + ladder_score_explained(EN)
            assert "counting 4% after its first game" in profile.content

            history = await user.slash(world.channel, "gwent history").message()
            lines = history.content.splitlines()
            assert lines[0].startswith(f"**{names[user.id]}'s matches")
            assert len(lines) == 3
            assert "by forfeit" in lines[1] and f"<#{table2.channel.id}>" in lines[1]
            assert f"<#{table.channel.id}>" in lines[2]
            for line in lines[1:]:
                assert re.search(rf"MMR {names[user.id]} [+\u2212]\d+, {names[other.id]} "
                                 r"[+\u2212]\d+$", line), line

        # Alice looks at Bob's profile; Carol sees the same ladder and is told she is not on it.
        bobs = await alice.slash(world.channel, "gwent stats", member=bob).message()
        assert bobs.content.startswith("**Bob** \u00b7 ")
        assert f"Ranked {won[bob.id]}W {won[alice.id]}L" in bobs.content
        ladder = await carol.slash(world.channel, "gwent leaderboard").message()
        assert "1. " in ladder.content and "Alice" in ladder.content
        carol.click(ladder, label="Me")
        told = await emu.wait_for(lambda: next(
            (m for m in carol.ephemerals() if "not on its ladder" in m.content), None), 5,
            "the Me refusal")
        assert "You have not played a ranked match in" in told.content

        # The faction select: Alice's Skellige board has her alone.
        before = ladder.content
        carol.select(ladder, "Ladder or faction", ["skellige"])
        await emu.wait_for(lambda: ladder.content != before, 5, "the Skellige board")
        assert "Skellige MMR" in ladder.content and "Alice" in ladder.content
        bob_skellige = any(r is not None and r.factions[1] == "skellige" for r in results)
        assert ("Bob" in ladder.content) == bob_skellige

        # Share posts the page for everyone; an unknown season gets a sentence.
        bob.click(board_message, label="Share")  # Bob's own ladder, from the loop above
        shared = await emu.wait_for(lambda: next(
            (m for m in carol.visible_messages(world.channel)
             if m.content.startswith(f"<@{bob.id}> shared:")), None), 5, "the shared ladder")
        assert not shared.ephemeral and shared.attachments[0].filename == "leaderboard.png"
        unknown = await alice.slash(world.channel, "gwent leaderboard",
                                    season="kraken").message()
        assert "There is no season called \u201ckraken\u201d" in unknown.content
        offered = await alice.autocomplete(world.channel, "gwent leaderboard", "season", "")
        assert [c.name for c in offered] == [season.title(EN)]

        # Sharing a profile and a history page posts them for everyone.
        alice.click(bobs, label="Share")
        card = await emu.wait_for(lambda: next(
            (m for m in carol.visible_messages(world.channel)
             if m.content.startswith(f"<@{alice.id}> shared: **Bob**")), None), 5,
            "the shared profile")
        assert [a.filename for a in card.attachments] == ["profile.png"]
        bob.click(history, label="Share")  # Bob's own history, from the loop above
        await emu.wait_for(lambda: any(
            m.content.startswith(f"<@{bob.id}> shared: **Bob's matches")
            for m in carol.visible_messages(world.channel)), 5, "the shared history")


async def test_a_casual_challenge_changes_no_rating_but_shows_in_stats(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    async with run_bot(emu, make_bot()):
        table, _ = await open_match(emu, world.channel, alice, bob)
        challenge = next(m for m in alice.visible_messages(world.channel)
                         if "challenges you" in m.content or "accepted" in m.content)
        assert "accepted" in challenge.content  # the casual challenge was answered
        await alice.slash(table.channel, "gwent forfeit").message()
        result = await emu.wait_for(lambda: newest(table.visible(), "Rematch"), 10,
                                    "the result")
        assert result.content.startswith("\U0001f3f3\ufe0f Alice forfeited: **Bob** wins")
        await emu.wait_for(lambda: "casual" in result.content, 5, "the casual line")
        assert result.content.splitlines()[-1] == EN.say(CASUAL)
        assert result.content.splitlines()[-1] == "\U0001f91d A casual match, for fun: nothing " \
            "is rated."
        assert not re.search(r"MMR|\brank|ladder", result.content), result.content  # plain words
        ladder = await carol.slash(world.channel, "gwent leaderboard").message()
        assert "No ranked match has been played in this server" in ladder.content
        stats = await bob.slash(world.channel, "gwent stats").message()
        assert "Ranked 0W 0L 0D \u00b7 casual 1W 0L 0D" in stats.content, stats.content
        history = await bob.slash(world.channel, "gwent history").message()
        assert history.content.splitlines()[1].endswith("\u00b7 casual")
        # Rematch stays casual, and the challenge says so.
        bob.click(result, label="Rematch")
        rematch = await emu.wait_for(lambda: next(
            (m for m in table.visible() if "rematch" in m.content and "challenges you" in
             m.content), None), 5, "the rematch challenge")
        assert "to a casual rematch!" in rematch.content
        assert "\U0001f91d **Casual**: not rated" in rematch.content
