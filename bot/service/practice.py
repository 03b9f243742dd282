"""Practice matches: a member against the computer, refused while they play another match or
where a match already runs (an open challenge does not stop practice)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from bot.i18n import Language
from bot.service.challenges import check_not_playing
from bot.service.clock import Clock
from bot.service.computer import LEVELS
from bot.service.decks import COMPUTER_DECKS, GENERATED, factions
from bot.service.errors import Busy, NotAParticipant, Refusal
from bot.service.matches import MatchService, Player, Snapshot
from bot.service.notifier import MatchChange, Notifier
from bot.service.tutorial import (
    PLAYER_FACTION,
    TUTOR_FACTION,
    TUTOR_NAME,
    TUTORIAL_LEVEL,
    decks_of,
    hint_for,
    is_tutorial,
    player_leader,
    scripted_seed,
    tutor_choice,
)
from bot.storage import Database
from bot.storage.records import MatchRecord
from bot.storage.repository import Repository

COMPUTER_NAME = "Computer"

# Returns (channel_id, parent_channel_id) where the practice match lives: a new thread, or
# the command's own channel.
PracticeVenue = Callable[[], Awaitable[tuple[int, int]]]


class PracticeService:
    """Starts matches against the computer. The computer's seat carries the bot's user id
    and its difficulty (seats.ai_level), is ready at once, and plays a random faction."""

    def __init__(self, db: Database, matches: MatchService, notifier: Notifier,
                 clock: Clock, rng: random.Random) -> None:
        self._db = db
        self._matches = matches
        self._notifier = notifier
        self._clock = clock
        self._rng = rng

    async def check(self, guild_id: int, channel_id: int, person: Player, level: str,
                    computer: Player | None = None) -> None:
        """Raise a Refusal if this practice match cannot start (before opening a thread)."""
        if level not in LEVELS:
            # i18n: {levels} are the difficulties as typed: easy, normal, hard.
            raise Refusal("There is no difficulty \u201c{level}\u201d: choose {levels}.",
                          level=level, levels=", ".join(LEVELS))
        for faction in (person.faction, computer.faction if computer else None):
            if faction is not None and faction not in dict(factions()):
                raise Refusal("There is no faction \u201c{faction}\u201d.", faction=faction)
        if computer is not None and computer.deck not in (None, *COMPUTER_DECKS):
            first, second = COMPUTER_DECKS
            # i18n: {first} and {second} are the computer's decks as typed (starter,
            # generated).
            raise Refusal("There is no computer deck \u201c{deck}\u201d: choose {first} or "
                          "{second}.", deck=str(computer.deck), first=first, second=second)
        async with self._db.reading() as repo:
            running = await repo.live_match_in(channel_id)
            if running is not None:
                raise Busy("A match is already running in this channel.", running.channel_id)
            await check_not_playing(repo, guild_id, person, True)

    async def start(self, guild_id: int, channel_id: int, person: Player, level: str,
                    computer_id: int, open_venue: PracticeVenue, *,
                    tutorial: bool = False, computer_faction: str | None = None,
                    computer_deck: str | None = None) -> MatchRecord:
        """Open the venue and create the match in deck choice; the person's faction is
        random unless chosen. `computer_id` is the bot's own user id; the computer plays
        `computer_faction` (else a random one) with its starter deck, or a generated deck
        when `computer_deck` is "generated".

        A tutorial skips deck choice: its scripted deal (bot.service.tutorial) starts at once
        against the easy computer.
        """
        if tutorial:
            person = Player(person.user_id, person.name, PLAYER_FACTION)
            level = TUTORIAL_LEVEL
            computer = Player(computer_id, TUTOR_NAME, TUTOR_FACTION, ai_level=level)
        else:
            computer = Player(computer_id, COMPUTER_NAME, computer_faction, ai_level=level,
                              deck=computer_deck)
        await self.check(guild_id, channel_id, person, level, computer)
        if person.faction is None:
            person = Player(person.user_id, person.name, self._rng.choice(factions())[0])
        venue, parent = await open_venue()
        async with self._db.transaction() as repo:
            running = await repo.live_match_in(venue)
            if running is not None:
                raise Busy("A match is already running in this channel.", venue)
            await check_not_playing(repo, guild_id, person, True)
            match_id = await self._matches.insert(repo, guild_id, venue, parent,
                                                  (person, computer), ranked=False)
            if tutorial:
                await _script(repo, match_id)
        if tutorial:
            await self._matches.ready(match_id, person.user_id)
        else:
            await self._notifier.match_changed(MatchChange(match_id, 0))
        return await self._matches.get(match_id)

    async def hint(self, snapshot: Snapshot, *, lang: Language) -> str | None:
        """The tutorial hint for a player's view of their match in a language (None outside
        tutorials)."""
        if snapshot.observation is None or not is_tutorial(snapshot.match):
            return None
        actions = [text for _, text, _ in await self._matches.actions(snapshot.match.id)]
        # The hint's move is searched for (a tenth of a second or so): not on the event loop.
        return await asyncio.to_thread(hint_for, snapshot.match,
                                       actions[:snapshot.observation.action_count],
                                       snapshot.observation, lang=lang)

    async def rematch(self, match_id: int, user_id: int) -> MatchRecord:
        """Play the computer again at the same difficulty, with the same faction, in the
        same place (a computer that played a generated deck gets a new one)."""
        match = await self._matches.get(match_id)
        seat = match.seat_of(user_id)
        computer = match.computer_seat
        if seat is None or seat == computer:
            raise NotAParticipant("Only the player can ask for a rematch.")
        if computer is None:
            raise Refusal("This was not a practice match.")
        if match.is_live:
            raise Refusal("This match is still running.")
        me, them = match.seats[seat], match.seats[computer]
        level = them.ai_level
        assert level is not None

        async def same_place() -> tuple[int, int]:
            return match.channel_id, match.parent_channel_id

        return await self.start(match.guild_id, match.channel_id,
                                Player(me.user_id, me.name, me.faction), level, them.user_id,
                                same_place,
                                computer_deck=GENERATED if them.deck == GENERATED else None)


async def _script(repo: Repository, match_id: int) -> None:
    """Give a new tutorial match its leaders, the tutor's deck and a scripted seed found from
its random one (inside its transaction)."""
    tutor = tutor_choice()
    await repo.update_seat(match_id, 0, leader=player_leader())
    await repo.update_seat(match_id, 1, leader=tutor.leader, deck=tutor.deck,
                           deck_list=tutor.deck_list)
    record = await repo.match(match_id)
    assert record is not None
    names = (record.seats[0].name, record.seats[1].name)
    await repo.update_match(match_id,
                            seed=scripted_seed(decks_of(record), names, record.seed))
