"""One vocabulary: no text the bot builds uses a retired word (bot.learn.glossary.RETIRED),
or writes a score, a record or a quoted name in any format but the glossary's.

The texts are the ones the bot really builds: every message of a match played through the
services on a real database (challenge, lobby, deck choice, boards, hands, warnings, the
result with its ranked lines, the replay viewer at every move), every learning text (help
pages, rules pages, faction, leader and card guides, Rules on the hand, the tutorial's hints
and last words), ranked messages, and refusals that quote what someone typed.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import discord
import pytest

from bot.discord.client import GwentBot
from bot.discord.core.views import Outgoing
from bot.discord.learn import guides as learn
from bot.discord.learn.rules import rules_message
from bot.discord.match.deck_choice import deck_message
from bot.discord.match.hand import hand_message
from bot.discord.match.public import (
    board_message,
    challenge_closed_message,
    challenge_message,
    lobby_closed_message,
    lobby_message,
    practice_started_message,
    result_message,
    tutorial_started_message,
    warning_message,
)
from bot.discord.ranked.messages import (
    history_message,
    leaderboard_message,
    profile_message,
    ranked_lines,
    with_ranked_lines,
)
from bot.discord.replays.messages import shared_message, viewer_message
from bot.i18n import ENGLISH, language
from bot.learn.glossary import RETIRED, quoted, record, score
from bot.learn.help import PAGES
from bot.learn.rules import topics
from bot.learn.tutorial import next_steps
from bot.ranking.seasons import Season, UnknownSeason
from bot.render.ranked_samples import leaderboard_ladder, profile_full
from bot.service import Services
from bot.service.errors import Refusal
from bot.storage.records import MatchRecord
from engine import catalogue
from engine.actions import FORFEIT
from engine.decklist import parse_list
from tests.bot.helpers import ALICE, BOB, CHANNEL, GUILD, move_text, thread_venue
from tests.bot.learn.newcomer import play_tutorial

EN = language(ENGLISH)

RETIRED_WORD = re.compile(rf"\b({'|'.join(RETIRED)})\b", re.I)
OTHER_FORMATS = {
    "a score with a hyphen": re.compile(r"(?<![\d\w])\d{1,3} ?[-\u2212] ?\d{1,3}(?![\d\w])"),
    "a score with a spaced dash": re.compile(r"(?<!\d)\d{1,3} [\u2013\u2014] \d{1,3}(?!\d)"),
    "a record as W-L-D": re.compile(r"\b\d+-\d+-\d+\b"),
    "a record without its draws": re.compile(r"\b\d+W \d+L\b(?! \d+D)"),
    "a name in straight quotes": re.compile(r"(?<!\w)'[^'\n]+'(?!\w)|\"[^\"\n]+\""),
}


def problems(text: str) -> list[str]:
    """What in a text breaks the vocabulary (markdown bold aside)."""
    plain = text.replace("**", "")
    found = [f"retired word {m.group(0)!r}" for m in RETIRED_WORD.finditer(plain)]
    for what, pattern in OTHER_FORMATS.items():
        found += [f"{what}: {m.group(0)!r}" for m in pattern.finditer(plain)]
    return found


def texts_of(out: Outgoing) -> Iterator[str]:
    """Everything a message shows in words: its text, embeds and components."""
    yield out.content
    for embed in out.embeds:
        yield embed.title or ""
        yield embed.description or ""
    for item in out.view.children if out.view is not None else ():
        if isinstance(item, discord.ui.Button):
            yield item.label or ""
        elif isinstance(item, discord.ui.Select):
            yield item.placeholder or ""
            for option in item.options:
                yield option.label
                yield option.description or ""


def check(texts: dict[str, list[str]]) -> None:
    found = {where: sorted({p for text in said for p in problems(text)})
             for where, said in texts.items()}
    assert not {where: p for where, p in found.items() if p}


def test_the_checks_catch_every_other_format() -> None:
    for bad in ("Round 1 ends 12-9.", "You 12 \u2013 9 Bob", "12 - 9", "a 0-1-0 record",
                "3W 1L", "no card called 'xyzzy'", 'no card called "xyzzy"',
                "Mulligan: redraw up to 2"):
        assert problems(bad), bad
    for good in (score(12, 9), f"**{score(0, 68)}**", record(3, 1, 0), quoted("xyzzy"),
                 "Scoia'tael", "Commander's Horn", "players' hands", "season 2025-01",
                 "MMR 1200 \u2192 1074 (\u2212126)", "<t:1700000000:R>"):
        assert not problems(good), good


def _commands() -> list[tuple[str, str]]:
    gwent = next(c for c in GwentBot(":memory:").tree.get_commands()  # type: ignore[arg-type]
                 if c.name == "gwent")
    assert isinstance(gwent, discord.app_commands.Group)
    out = []
    for command in gwent.walk_commands():
        if isinstance(command, discord.app_commands.Command):
            out.append((command.qualified_name, command.description))
    return out


def test_learning_texts_keep_to_the_vocabulary() -> None:
    texts: dict[str, list[str]] = {}
    commands = _commands()
    texts["help"] = [t for page in PAGES for t in texts_of(learn.help_message(page.key,
                                                                              commands, lang=EN))]
    texts["rules"] = [t for topic in topics() for page in range(len(topic.pages))
                      for t in texts_of(rules_message(topic.key, page, lang=EN))]
    texts["factions"] = [learn.faction_message(f, b"", lang=EN).content
                         for f in catalogue().factions]
    cards = list(catalogue().cards.values())
    texts["cards"] = [learn.card_message(c, [], b"", lang=EN).content for c in cards]
    texts["leaders"] = [learn.leader_message(c, b"", lang=EN).content
                        for c in cards if c.type == "leader"]
    texts["tutorial"] = [next_steps(True, lang=EN), next_steps(False, lang=EN)]
    for start in range(4):
        played = play_tutorial(start * 104_729)
        texts["tutorial"] += [hint.text for hint, _, _ in played.hints]
        for _, obs, _ in played.hints[::3]:
            for full in (False, True):
                texts["tutorial"] += list(texts_of(learn.rules_in_play_message(1, obs, full,
                                                                               lang=EN)))
    check(texts)


def test_refusals_quote_what_was_typed_one_way() -> None:
    said = []
    for find in (learn.find_card, learn.find_leader, learn.find_faction):
        with pytest.raises(Refusal) as refused:
            find("xyzzy")
        said.append(str(refused.value))
    with pytest.raises(UnknownSeason) as unknown:
        Season.parse("kraken", Season(2025, 1))
    said.append(str(unknown.value))
    said += [line.reason for line in parse_list("2 Roach the horse", "northern_realms",
                                                 "foltest_the_siegemaster").unread]
    check({"refusals": said})
    assert all(quoted("xyzzy") in text for text in said[:3]), said


def test_ranked_messages_keep_to_the_vocabulary() -> None:
    page = leaderboard_ladder()
    profile = profile_full()
    en = language(ENGLISH)
    texts = {"leaderboard": list(texts_of(leaderboard_message(page, b"", [page.season],
                                                              lang=en))),
             "profile": list(texts_of(profile_message(profile, b"", lang=en))),
             "history": list(texts_of(history_message(1, "Alice", profile.recent, 0, True,
                                                      lang=en)))}
    check(texts)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_every_message_of_a_played_match_keeps_to_the_vocabulary(
        services: Services) -> None:
    texts: dict[str, list[str]] = {"match": []}
    said = texts["match"]
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    said += texts_of(challenge_message(challenge, lang=EN))
    match = await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    challenge = await services.challenges.get(challenge.id)
    said += texts_of(lobby_message(await services.matches.public(match.id), lang=EN))
    said += texts_of(deck_message(match, 0, lang=EN))
    await services.matches.ready(match.id, ALICE.user_id)
    match = await services.matches.ready(match.id, BOB.user_id)
    said += texts_of(lobby_closed_message(match, lang=EN))
    rng = random.Random(3)
    while (record_ := await services.matches.get(match.id)).is_live:
        public = await services.matches.public(match.id)
        assert public.observation is not None
        said += texts_of(board_message(public, b"", public.observation.event_log, moves=2, lang=EN))
        said += texts_of(warning_message(public, public.to_act, lang=EN))
        seat = rng.choice(public.to_act)
        private = await services.matches.private(match.id, record_.seats[seat].user_id)
        assert private.observation is not None
        said += texts_of(hand_message(private, b"", lang=EN))
        action = rng.choice([a for a in private.observation.legal if a.kind != FORFEIT])
        await services.matches.act(match.id, record_.seats[seat].user_id, move_text(action),
                                   record_.action_count)
    final = await services.matches.public(match.id)
    names = (record_.seats[0].name, record_.seats[1].name)
    stored = await services.matches.result(match.id)
    assert stored is not None
    said += texts_of(with_ranked_lines(result_message(final, stored, b"", b"", lang=EN),
                                       ranked_lines(await services.ranked.outcome(match.id),
                                                    names, lang=EN)))
    said += texts_of(challenge_closed_message(challenge, record_, lang=EN))
    said += texts_of(practice_started_message(_as_practice(record_), None, lang=EN))
    said += texts_of(tutorial_started_message(_as_practice(record_), None, lang=EN))
    replay = await services.replays.open(match.id, GUILD)
    for number in range(replay.last + 1):
        for viewer in (None, 0):
            shown = replay.observation(number, viewer)
            said += texts_of(viewer_message(replay, shown, b"", None, player=True,
                                            lang=language(ENGLISH)))
    said += texts_of(shared_message(replay, b"", lang=language(ENGLISH)))
    check(texts)


def _as_practice(match: MatchRecord) -> MatchRecord:
    """The same match as if its second seat were the computer's."""
    computer = dataclasses.replace(match.seats[1], ai_level="easy")
    return dataclasses.replace(match, seats=(match.seats[0], computer))
