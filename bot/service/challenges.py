"""Challenges: one member invites another; accepting opens a match in deck choice."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable

from bot.service.clock import Clock
from bot.service.errors import Busy, NotAParticipant, NotFound, Refusal
from bot.service.matches import MatchService, Player
from bot.service.notifier import MatchChange, Notifier
from bot.service.settings import ranked_challenges_in
from bot.storage import Database
from bot.storage.records import (
    ACCEPTED,
    CANCELLED,
    DECLINED,
    EXPIRED,
    OPEN,
    ChallengeRecord,
    MatchRecord,
)
from bot.storage.repository import Repository
from engine import catalogue

CHALLENGE_SECONDS = 600

# Given the accepted challenge, returns (channel_id, parent_channel_id) where the match lives:
# a new thread, or the challenge's own channel.
VenueOpener = Callable[[ChallengeRecord], Awaitable[tuple[int, int]]]


class ChallengeService:
    """Creates, answers and expires challenges."""

    def __init__(self, db: Database, matches: MatchService, notifier: Notifier,
                 clock: Clock) -> None:
        self._db = db
        self._matches = matches
        self._notifier = notifier
        self._clock = clock
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def create(self, guild_id: int, channel_id: int, challenger: Player,
                     opponent: Player, *, opponent_is_bot: bool = False,
                     rematch_of: int | None = None,
                     ranked: bool | None = None) -> ChallengeRecord:
        """Store a challenge, or raise a Refusal saying why it cannot be made. A ranked
        match changes ratings; `ranked` None is the server's choice (casual by default)."""
        if opponent.user_id == challenger.user_id:
            raise Refusal("You can't challenge yourself: pick another member.")
        if opponent_is_bot:
            raise Refusal("Bots can't play Gwent: challenge a member of this server, or use "
                          "/gwent practice to play against me.")
        if challenger.faction is not None and challenger.faction not in catalogue().factions:
            raise Refusal("There is no faction \u201c{faction}\u201d.",
                          faction=challenger.faction)
        now = self._clock()
        async with self._db.transaction() as repo:
            running = await repo.live_match_in(channel_id)
            if running is not None:
                raise Busy("A match is already running in this channel.", running.channel_id)
            for person, you in ((challenger, True), (opponent, False)):
                await check_free(repo, guild_id, person, you)
            if ranked is None:
                ranked = await ranked_challenges_in(repo, guild_id)
            challenge_id = await repo.insert_challenge(
                guild_id, channel_id, (challenger.user_id, challenger.name),
                (opponent.user_id, opponent.name), challenger.faction, now,
                now + CHALLENGE_SECONDS, rematch_of, ranked)
            record = await repo.challenge(challenge_id)
        assert record is not None
        return record

    async def rematch(self, match_id: int, user_id: int) -> ChallengeRecord:
        """Challenge the other player of a finished match, in the same place, ranked or
        casual as it was."""
        match = await self._matches.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAParticipant("Only the two players can ask for a rematch.")
        if match.is_live:
            raise Refusal("This match is still running.")
        me, them = match.seats[seat], match.seats[1 - seat]
        return await self.create(
            match.guild_id, match.channel_id, Player(me.user_id, me.name, me.faction),
            Player(them.user_id, them.name), opponent_is_bot=them.ai_level is not None,
            rematch_of=match_id, ranked=match.ranked)

    async def get(self, challenge_id: int) -> ChallengeRecord:
        """Return a challenge, or raise NotFound."""
        async with self._db.reading() as repo:
            record = await repo.challenge(challenge_id)
        if record is None:
            raise NotFound("This challenge no longer exists.")
        return record

    async def set_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that shows the challenge."""
        async with self._db.transaction() as repo:
            await repo.set_challenge_message(challenge_id, message_id)

    async def accept(self, challenge_id: int, user_id: int,
                     open_venue: VenueOpener) -> MatchRecord:
        """Accept as the challenged member: open the venue and create the match."""
        async with self._locks[challenge_id]:
            challenge = await self._open_one(challenge_id)
            if user_id != challenge.opponent_id:
                raise _not_yours(challenge, user_id, "accept")
            channel_id, parent_id = await open_venue(challenge)
            async with self._db.transaction() as repo:
                await _still_open(repo, challenge_id)
                running = await repo.live_match_in(channel_id)
                if running is not None:
                    raise Busy("A match is already running in this channel.", channel_id)
                for person_id in (challenge.challenger_id, challenge.opponent_id):
                    playing = await repo.live_match_of(challenge.guild_id, person_id)
                    if playing is not None:
                        raise Busy("One of you is already playing a match in this server.",
                                   playing.channel_id)
                match_id = await self._matches.insert(
                    repo, challenge.guild_id, channel_id, parent_id,
                    (Player(challenge.challenger_id, challenge.challenger_name, challenge.faction),
                     Player(challenge.opponent_id, challenge.opponent_name)),
                    ranked=challenge.ranked)
                await repo.close_challenge(challenge_id, ACCEPTED, match_id)
        await self._notifier.match_changed(MatchChange(match_id, 0))
        return await self._matches.get(match_id)

    async def decline(self, challenge_id: int, user_id: int) -> ChallengeRecord:
        """Decline as the challenged member."""
        return await self._close(challenge_id, user_id, DECLINED)

    async def cancel(self, challenge_id: int, user_id: int) -> ChallengeRecord:
        """Withdraw as the challenger."""
        return await self._close(challenge_id, user_id, CANCELLED)

    async def expire_due(self) -> list[ChallengeRecord]:
        """Expire challenges whose ten minutes are up, and report each one."""
        async with self._db.reading() as repo:
            due = await repo.challenges_due(self._clock())
        expired = []
        for challenge in due:
            async with self._locks[challenge.id]:
                closed = await self._expire(challenge.id)
            if closed is not None:
                expired.append(closed)
        return expired

    async def _expire(self, challenge_id: int) -> ChallengeRecord | None:
        """Close an open challenge as expired (caller holds its lock) and report it."""
        async with self._db.transaction() as repo:
            current = await repo.challenge(challenge_id)
            if current is None or current.status != OPEN:
                return None
            await repo.close_challenge(challenge_id, EXPIRED)
            closed = await repo.challenge(challenge_id)
        assert closed is not None
        await self._notifier.challenge_closed(closed)
        return closed

    async def _close(self, challenge_id: int, user_id: int, status: str) -> ChallengeRecord:
        async with self._locks[challenge_id]:
            challenge = await self._open_one(challenge_id)
            allowed = challenge.opponent_id if status == DECLINED else challenge.challenger_id
            if user_id != allowed:
                raise _not_yours(challenge, user_id,
                                 "decline" if status == DECLINED else "cancel")
            async with self._db.transaction() as repo:
                await _still_open(repo, challenge_id)
                await repo.close_challenge(challenge_id, status)
        return await self.get(challenge_id)

    async def _open_one(self, challenge_id: int) -> ChallengeRecord:
        challenge = await self.get(challenge_id)
        if challenge.status == OPEN and challenge.expires_at <= self._clock():
            await self._expire(challenge_id)
            challenge = await self.get(challenge_id)
        if challenge.status != OPEN:
            raise _closed(challenge)
        return challenge


async def _still_open(repo: Repository, challenge_id: int) -> None:
    """Refuse, inside a write transaction, a challenge another process closed meanwhile."""
    challenge = await repo.challenge(challenge_id)
    if challenge is None:
        raise NotFound("This challenge no longer exists.")
    if challenge.status != OPEN:
        raise _closed(challenge)


def _closed(challenge: ChallengeRecord) -> Refusal:
    if challenge.status == ACCEPTED:
        return Refusal("This challenge is no longer open: it was accepted.")
    if challenge.status == DECLINED:
        return Refusal("This challenge is no longer open: it was declined.")
    if challenge.status == CANCELLED:
        return Refusal("This challenge is no longer open: it was cancelled.")
    return Refusal("This challenge is no longer open: it was expired.")


async def check_free(repo: Repository, guild_id: int, person: Player, you: bool) -> None:
    """Refuse (Busy) a member with an open challenge or a running match in the server."""
    challenge = await repo.open_challenge_of(guild_id, person.user_id)
    if challenge is not None:
        raise _waiting(challenge, person, you)
    await check_not_playing(repo, guild_id, person, you)


async def check_not_playing(repo: Repository, guild_id: int, person: Player,
                            you: bool) -> None:
    """Refuse (Busy) a member with a running match in the server."""
    match = await repo.live_match_of(guild_id, person.user_id)
    if match is not None:
        if you:
            raise Busy("You already have a match running in this server.", match.channel_id)
        # i18n: {player} is a player's name.
        raise Busy("{player} already has a match running in this server.", match.channel_id,
                   player=person.name)


def _waiting(challenge: ChallengeRecord, person: Player, you: bool) -> Busy:
    """Why an open challenge stops a new one, from the point of view of the one asking."""
    where = (challenge.channel_id, challenge)
    if not you:
        # i18n: {player} is a player's name.
        return Busy("{player} already has a challenge waiting in this server.", *where,
                    player=person.name)
    if challenge.challenger_id == person.user_id:
        # i18n: {opponent} is a player's name.
        return Busy("You already challenged {opponent} in this server: cancel that challenge, "
                    "or wait for the answer.", *where, opponent=challenge.opponent_name)
    # i18n: {challenger} is a player's name.
    return Busy("{challenger} already challenged you in this server: accept or decline that "
                "challenge first.", *where, challenger=challenge.challenger_name)


def _not_yours(challenge: ChallengeRecord, user_id: int, verb: str) -> Refusal:
    if user_id in (challenge.challenger_id, challenge.opponent_id):
        if verb == "accept":
            return Refusal("Only the challenged member can accept this challenge.")
        if verb == "decline":
            return Refusal("Only the challenged member can decline this challenge.")
        return Refusal("Only the challenger can cancel this challenge.")
    return NotAParticipant("This challenge isn't for you.")
