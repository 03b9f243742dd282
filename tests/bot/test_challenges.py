"""Challenges: who may challenge whom, answering, expiry and rematches."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Player, Services
from bot.service.challenges import CHALLENGE_SECONDS
from bot.service.errors import Busy, NotAParticipant, Refusal
from bot.storage.records import ACCEPTED, CANCELLED, CHOOSING, DECLINED, EXPIRED, OPEN
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    channel_venue,
    start_match,
    thread_venue,
)

DAVE = Player(14, "Dave")


async def test_challenge_and_accept_opens_a_match_in_deck_choice(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    assert challenge.status == OPEN and challenge.opponent_name == "Bob"
    match = await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    assert match.status == CHOOSING and match.in_thread
    assert match.parent_channel_id == CHANNEL
    assert match.user_ids == (ALICE.user_id, BOB.user_id)
    assert (await services.challenges.get(challenge.id)).status == ACCEPTED


async def test_refusals(services: Services) -> None:
    with pytest.raises(Refusal, match="yourself"):
        await services.challenges.create(GUILD, CHANNEL, ALICE, ALICE)
    with pytest.raises(Refusal, match="Bots"):
        await services.challenges.create(GUILD, CHANNEL, ALICE, Player(99, "Robot"),
                                         opponent_is_bot=True)
    waiting = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    with pytest.raises(Busy, match="You already challenged Bob in this server: cancel") as mine:
        await services.challenges.create(GUILD, CHANNEL, ALICE, CAROL)
    with pytest.raises(Busy, match="Alice already challenged you in this server") as theirs:
        await services.challenges.create(GUILD, CHANNEL, BOB, CAROL)
    # Both refusals carry the challenge in the way, so they can link to it.
    assert mine.value.challenge == theirs.value.challenge == waiting
    with pytest.raises(Busy, match="Bob already has a challenge"):
        await services.challenges.create(GUILD, CHANNEL, CAROL, BOB)
    # Another server is another story.
    await services.challenges.create(GUILD + 1, CHANNEL + 1, ALICE, CAROL)


async def test_players_in_a_match_are_busy(services: Services) -> None:
    match = await start_match(services)
    with pytest.raises(Busy, match="Alice already has a match") as caught:
        await services.challenges.create(GUILD, CHANNEL, CAROL, ALICE)
    assert caught.value.channel_id == match.channel_id


async def test_one_match_per_channel(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    match = await services.challenges.accept(challenge.id, BOB.user_id, channel_venue)
    assert not match.in_thread
    with pytest.raises(Busy, match="already running in this channel") as caught:
        await services.challenges.create(GUILD, CHANNEL, CAROL, DAVE)
    assert caught.value.channel_id == CHANNEL
    # A challenge made elsewhere that would land in the busy channel is refused on accept.
    other = await services.challenges.create(GUILD, CHANNEL + 5, CAROL, DAVE)

    async def busy_channel(_: object) -> tuple[int, int]:
        return CHANNEL, CHANNEL

    with pytest.raises(Busy):
        await services.challenges.accept(other.id, DAVE.user_id, busy_channel)
    assert (await services.challenges.get(other.id)).status == OPEN


async def test_only_the_right_people_answer(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    with pytest.raises(Refusal, match="Only the challenged member can accept"):
        await services.challenges.accept(challenge.id, ALICE.user_id, thread_venue)
    with pytest.raises(NotAParticipant, match="isn't for you"):
        await services.challenges.accept(challenge.id, CAROL.user_id, thread_venue)
    with pytest.raises(NotAParticipant):
        await services.challenges.decline(challenge.id, CAROL.user_id)
    with pytest.raises(Refusal, match="Only the challenger can cancel"):
        await services.challenges.cancel(challenge.id, BOB.user_id)
    assert (await services.challenges.decline(challenge.id, BOB.user_id)).status == DECLINED
    with pytest.raises(Refusal, match="no longer open: it was declined"):
        await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    again = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    assert (await services.challenges.cancel(again.id, ALICE.user_id)).status == CANCELLED


async def test_double_accept_opens_one_match(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    opened: list[int] = []

    async def venue(c: object) -> tuple[int, int]:
        opened.append(1)
        return await thread_venue(c)  # type: ignore[arg-type]

    results = await asyncio.gather(
        services.challenges.accept(challenge.id, BOB.user_id, venue),
        services.challenges.accept(challenge.id, BOB.user_id, venue),
        return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert isinstance(next(r for r in results if isinstance(r, Exception)), Refusal)
    assert opened == [1]


async def test_challenges_expire_after_ten_minutes(services: Services, clock: FakeClock,
                                                   notifier: RecordingNotifier) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    clock.advance(CHALLENGE_SECONDS - 1)
    assert await services.challenges.expire_due() == []
    clock.advance(1)
    await services.timers.run_due()
    assert [c.id for c in notifier.closed] == [challenge.id]
    assert (await services.challenges.get(challenge.id)).status == EXPIRED
    with pytest.raises(Refusal, match="expired"):
        await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    # Once expired, both are free again.
    await services.challenges.create(GUILD, CHANNEL, BOB, ALICE)


async def test_accepting_a_stale_challenge_expires_it(services: Services, clock: FakeClock,
                                                      notifier: RecordingNotifier) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    clock.advance(CHALLENGE_SECONDS + 5)
    with pytest.raises(Refusal, match="expired"):
        await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    assert [c.status for c in notifier.closed] == [EXPIRED]


async def test_rematch_challenges_the_other_player_in_the_same_place(services: Services) -> None:
    match = await start_match(services)
    await services.matches.forfeit(GUILD, BOB.user_id)
    with pytest.raises(NotAParticipant):
        await services.challenges.rematch(match.id, CAROL.user_id)
    rematch = await services.challenges.rematch(match.id, BOB.user_id)
    assert (rematch.challenger_id, rematch.opponent_id) == (BOB.user_id, ALICE.user_id)
    assert rematch.channel_id == match.channel_id and rematch.rematch_of == match.id
    assert rematch.faction == match.seats[1].faction
    with pytest.raises(Busy):
        await services.challenges.rematch(match.id, ALICE.user_id)


async def test_factions_are_remembered_for_next_time(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, Player(11, "Alice", "monsters"),
                                                 BOB)
    match = await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    assert match.seats[0].faction == "monsters"
    assert match.seats[0].leader == "eredin_king_of_the_wild_hunt"
    await services.matches.choose_deck(match.id, BOB.user_id, faction="skellige")
    await services.matches.choose_deck(match.id, BOB.user_id, leader="king_bran")
    await services.matches.ready(match.id, ALICE.user_id)
    await services.matches.ready(match.id, BOB.user_id)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    second = await start_match(services, ALICE, BOB, ready=False)
    assert (second.seats[0].faction, second.seats[1].faction) == ("monsters", "skellige")
    assert second.seats[1].leader == "king_bran"


async def test_unknown_faction_is_refused(services: Services) -> None:
    with pytest.raises(Refusal, match="no faction"):
        await services.challenges.create(GUILD, CHANNEL, Player(11, "Alice", "elves"), BOB)
