"""Matches: deck choice, moves, timers and forfeits; each change committed before it is shown.

Several processes may share the database: every change reads the match inside its own write
transaction (write transactions never overlap) and commits a move only if the action count
is still the one it was made at. A cached engine match is used only while its action count
is the stored one.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from bot.i18n import N_
from bot.service.clock import Clock
from bot.service.decks import (
    build_deck,
    choose_saved,
    computer_choice,
    default_choice,
    revise,
    saved_id,
    seat_choice,
)
from bot.service.errors import IllegalMove, NotAParticipant, NotFound, OutOfDate, Refusal
from bot.service.notifier import MatchChange, Notifier
from bot.service.settings import turn_seconds_in, warning_lead
from bot.service.timeouts import ABANDON_MATCH, FORFEIT_MATCH, counts, next_timeout
from bot.storage import Database, StorageError
from bot.storage.records import (
    CHOOSING,
    OVER,
    PLAYING,
    MatchRecord,
    ResultRecord,
    SeatRecord,
    ShownBoard,
    ViewRecord,
)
from bot.storage.repository import Repository
from bot.storage.saved_decks import DeckRepository, SavedDeck
from engine import Action, ActionError, Deck, IllegalAction, Match, Observation
from engine.actions import CHOOSE, FIRST, FORFEIT, KEEP, MULLIGAN, PASS
from engine.decks import problems
from engine.observation import MULLIGAN as MULLIGAN_PHASE

PLAYER, TIMER = "player", "timer"
# Observations are kept for this many matches (the ones read last), at their newest state: a
# move's answer, its board and the images and views of the players to act read it several
# times.
OBSERVED_MATCHES = 256
# What identifies a match's state: every change applies an action (forfeits included), and
# the committed actions up to a count are the same for everyone (replaying them is
# deterministic), so the count, the newest action, the log's length and the phase tell it.
StateKey = tuple[int, object, int, str]

# A player seen looking at their match this recently (any click or command of theirs in it, or
# the table) is not pinged by its boards; one seen at the table this recently is not mentioned
# by the turn timer's warning either.
LOOKING_SECONDS = 60
# A player this process saw this recently is not written down again: mark_seen is called for
# every click, and every 20 seconds by each open table.
SEEN_WRITE_SECONDS = 5.0
# How many (match, player) pairs this process remembers having written down.
SEEN_REMEMBERED = 10_000

STALE_BOARD = N_("This board is out of date: nothing was played. Use the newest board or your "
                 "refreshed hand.")


@dataclass(frozen=True)
class Snapshot:
    """A match's bookkeeping, what one viewer may see of it (None while choosing decks), and
    the seats that have a move or choice to make."""

    match: MatchRecord
    observation: Observation | None
    to_act: tuple[int, ...]


@dataclass(frozen=True)
class Player:
    """A person (or computer player) joining a match."""

    user_id: int
    name: str
    faction: str | None = None
    ai_level: str | None = None
    # For the computer: "starter" or "generated" (bot.service.decks.COMPUTER_DECKS).
    deck: str | None = None


@dataclass(frozen=True)
class ComputerTurn:
    """What the computer player of a match needs to decide a move: its own observation and
    deck only (never the match itself), and the action count its move must be applied at."""

    match_id: int
    seat: int
    level: str
    action_count: int
    seed: int
    observation: Observation
    deck: Deck


# Called (synchronously, after the commit is reported) with a match id whenever a change
# leaves the computer with a move or choice to make.
ComputerWake = Callable[[int], None]
# Called with every stored result inside the transaction that stores it (ranked play rates
# it there, so a result is never kept without its rating, nor rated twice).
ResultHook = Callable[[Repository, ResultRecord], Awaitable[None]]


def looking(seat: SeatRecord, now: float, *, at_table: bool = False) -> bool:
    """Whether a player was seen looking at the match (at the table, with `at_table`) within
    LOOKING_SECONDS of `now`."""
    seen = seat.table_seen_at if at_table else seat.seen_at
    return seen is not None and now - seen < LOOKING_SECONDS


class MatchService:
    """Loads, changes and persists matches; one asyncio lock per match."""

    def __init__(self, db: Database, notifier: Notifier, clock: Clock,
                 rng: random.Random) -> None:
        self._db = db
        self._notifier = notifier
        self._clock = clock
        self._rng = rng
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._engines: dict[int, Match] = {}
        self._observed: OrderedDict[int, tuple[StateKey, dict[int | None, Observation]]] = (
            OrderedDict())
        self._wake: ComputerWake | None = None
        self._on_result: ResultHook | None = None
        # When this process last wrote down that a player was seen: (match, user, at the
        # table) -> time, oldest first.
        self._seen: OrderedDict[tuple[int, int, bool], float] = OrderedDict()

    def on_result(self, hook: ResultHook | None) -> None:
        """Register what runs with each stored result, in the same transaction."""
        self._on_result = hook

    def on_computer_turn(self, wake: ComputerWake | None) -> None:
        """Register who is told when a computer player has something to do."""
        self._wake = wake

    # ----------------------------------------------------------------- reading

    async def get(self, match_id: int) -> MatchRecord:
        """Return a match, or raise NotFound."""
        async with self._db.reading() as repo:
            record = await repo.match(match_id)
        if record is None:
            raise NotFound("This match no longer exists.")
        return record

    async def live_match_of(self, guild_id: int, user_id: int) -> MatchRecord | None:
        """Return the user's running match in a server."""
        async with self._db.reading() as repo:
            return await repo.live_match_of(guild_id, user_id)

    async def live_match_in(self, channel_id: int) -> MatchRecord | None:
        """Return the running match that lives in a channel or thread."""
        async with self._db.reading() as repo:
            return await repo.live_match_in(channel_id)

    async def public(self, match_id: int) -> Snapshot:
        """Return the match as spectators see it."""
        async with self._reading(match_id) as (repo, record):
            return self._snapshot(record, await self._engine(repo, record), None)

    async def private(self, match_id: int, user_id: int) -> Snapshot:
        """Return the match as one of its players sees it."""
        async with self._reading(match_id) as (repo, record):
            seat = _seat(record, user_id)
            return self._snapshot(record, await self._engine(repo, record), seat)

    async def actions(self, match_id: int) -> list[tuple[int, str, str]]:
        """Return the committed action log as (number, action, source)."""
        async with self._db.reading() as repo:
            return await repo.actions(match_id)

    async def result(self, match_id: int) -> ResultRecord | None:
        """Return the stored result of a finished match."""
        async with self._db.reading() as repo:
            return await repo.result(match_id)

    async def behind(self, quiet_for: float | None = None) -> list[int]:
        """Return matches with a lobby, board or result message still to post (only those
        that did not change for `quiet_for` seconds, if given)."""
        async with self._db.reading() as repo:
            return await repo.matches_behind(
                None if quiet_for is None else self._clock() - quiet_for)

    @asynccontextmanager
    async def _reading(self, match_id: int) -> AsyncIterator[tuple[Repository, MatchRecord]]:
        """The match as stored now, read under its lock."""
        async with self._locks[match_id], self._db.reading() as repo:
            yield repo, await _stored(repo, match_id)

    @asynccontextmanager
    async def _changing(self, match_id: int) -> AsyncIterator[tuple[Repository, MatchRecord]]:
        """A write transaction on the match as stored now. If it fails after the cached
        engine moved on, that engine is dropped: memory never runs ahead of the database."""
        async with self._locks[match_id]:
            record: MatchRecord | None = None
            try:
                async with self._db.transaction() as repo:
                    record = await _stored(repo, match_id)
                    yield repo, record
            except BaseException:
                cached = self._engines.get(match_id)
                if cached is not None and (record is None
                                           or cached.action_count != record.action_count):
                    del self._engines[match_id]
                raise

    async def _engine(self, repo: Repository, record: MatchRecord) -> Match | None:
        """The engine match at the record's action count: the cached one if it is there
        (another process may have moved since), else rebuilt from the stored state."""
        if record.status == CHOOSING:
            return None
        engine = self._engines.get(record.id)
        if engine is not None and engine.action_count == record.action_count:
            return engine
        state = await repo.state(record.id)
        if state is None:
            raise StorageError(f"match {record.id} has no engine state")
        engine = Match.from_json(state)
        if engine.action_count != record.action_count:
            raise StorageError(f"match {record.id}: state has {engine.action_count} actions, "
                               f"the log {record.action_count}")
        if engine.is_over or record.status == OVER:  # over, or abandoned
            self._engines.pop(record.id, None)
        else:
            self._engines[record.id] = engine
        return engine

    # ---------------------------------------------------------------- creating

    async def insert(self, repo: Repository, guild_id: int, channel_id: int,
                     parent_channel_id: int, players: tuple[Player, Player], *,
                     ranked: bool, no_show_forfeits: bool = False) -> int:
        """Create a match in deck choice inside the caller's transaction; return its id.
        Only a ranked match (never practice) changes ratings; with `no_show_forfeits` (a
        tournament's match) a player not ready when the lobby's timer runs out forfeits."""
        now = self._clock()
        deadline, warn_at = await _deadline(repo, guild_id, now)
        match_id = await repo.insert_match(guild_id, channel_id, parent_channel_id,
                                           self._rng.randrange(2**31), now, deadline, warn_at,
                                           ranked=ranked, no_show_forfeits=no_show_forfeits)
        for seat, player in enumerate(players):
            if player.ai_level is not None:
                choice = computer_choice(random.Random(self._rng.getrandbits(64)),
                                         player.faction, player.deck)
            else:
                settings = await repo.user_settings(player.user_id)
                last = await _last_saved(repo, player.user_id, settings.last_deck)
                choice = default_choice(settings, player.faction, last)
            await repo.insert_seat(match_id, SeatRecord(
                seat, player.user_id, player.name, choice.faction, choice.leader, choice.deck,
                ready=player.ai_level is not None, timeouts=0, ai_level=player.ai_level,
                deck_list=choice.deck_list))
        return match_id

    # ------------------------------------------------------------- deck choice

    async def deck_seat(self, match_id: int, user_id: int) -> tuple[MatchRecord, int]:
        """Return a match in deck choice and the user's seat in it, or raise a Refusal."""
        record = await self.get(match_id)
        seat = _seat(record, user_id)
        if record.status != CHOOSING:
            raise OutOfDate("Decks are already chosen: the match has started.")
        return record, seat

    async def choose_deck(self, match_id: int, user_id: int, *, faction: str | None = None,
                          leader: str | None = None, deck: str | None = None) -> MatchRecord:
        """Change one part of a player's deck choice; `deck` may be one of their saved
        decks (its whole list is copied into the seat)."""
        async with self._changing(match_id) as (repo, record):
            seat = _choosing_seat(record, user_id)
            current = seat_choice(record.seats[seat])
            deck_id = None if deck is None else saved_id(deck)
            if deck_id is not None:
                saved = await repo.sharing(DeckRepository).saved_deck(deck_id)
                if saved is None or saved.user_id != user_id:
                    raise NotFound("That deck no longer exists: it was deleted.")
                choice = choose_saved(current, saved)
            else:
                choice = revise(current, faction=faction, leader=leader, deck=deck)
            now = self._clock()
            await repo.update_seat(match_id, seat, faction=choice.faction,
                                   leader=choice.leader, deck=choice.deck,
                                   deck_list=choice.deck_list, seen_at=now)
            await repo.update_match(match_id, updated_at=now)
            chosen = await _stored(repo, match_id)
        self._saw(match_id, user_id, now)
        return chosen

    async def ready(self, match_id: int, user_id: int, origin: object = None) -> MatchRecord:
        """Lock in a player's deck; the match starts when both are ready. `origin` goes with
        the change to the notifier."""
        async with self._changing(match_id) as (repo, record):
            seat = _choosing_seat(record, user_id)
            now = self._clock()
            await repo.update_seat(match_id, seat, ready=1, timeouts=0, seen_at=now)
            engine = None
            if record.seats[1 - seat].ready:
                engine = await self._start(repo, record)
            change = MatchChange(match_id, 0, actor=seat,
                                 turn_for=tuple(engine.to_act()) if engine else (),
                                 origin=origin)
            ready = await _stored(repo, match_id)
        self._saw(match_id, user_id, now)
        await self._announce(change, record, engine)
        return ready

    async def _start(self, repo: Repository, record: MatchRecord) -> Match:
        """Turn the deck choices into an engine match, inside the caller's transaction."""
        seats = record.seats
        decks = (build_deck(seat_choice(seats[0])), build_deck(seat_choice(seats[1])))
        engine = Match.new(decks, record.seed, (seats[0].name, seats[1].name))
        now = self._clock()
        deadline, warn_at = await _deadline(repo, record.guild_id, now)
        await repo.update_match(record.id, status=PLAYING, state=engine.to_json(),
                                deadline=deadline, warn_at=warn_at, updated_at=now,
                                computer_due=_computer_due(record, engine))
        for seat, deck in zip(seats, decks, strict=True):
            await repo.update_seat(record.id, seat.seat, ready=1,
                                   deck_list=json.dumps(deck.to_dict()))
            if seat.ai_level is None:
                await repo.update_user_settings(seat.user_id, last_faction=seat.faction,
                                                last_leader=seat.leader, last_deck=seat.deck)
        return engine

    def _snapshot(self, record: MatchRecord, engine: Match | None, viewer: int | None
                  ) -> Snapshot:
        if engine is None:
            return Snapshot(record, None, tuple(s.seat for s in record.seats if not s.ready))
        return Snapshot(record, self._observation(record.id, engine, viewer),
                        tuple(engine.to_act()))

    def _observation(self, match_id: int, engine: Match, viewer: int | None) -> Observation:
        """engine.observation(viewer), made once for each state of the match."""
        state: StateKey = (engine.action_count, engine.history[-1] if engine.history else None,
                           len(engine.events), engine.phase)
        kept = self._observed.pop(match_id, None)
        if kept is None or kept[0] != state:
            kept = (state, {})
        self._observed[match_id] = kept
        if len(self._observed) > OBSERVED_MATCHES:
            self._observed.popitem(last=False)
        observation = kept[1].get(viewer)
        if observation is None:
            observation = kept[1][viewer] = engine.observation(viewer)
        return observation

    # ------------------------------------------------------------------ moves

    async def act(self, match_id: int, user_id: int, move: str, expected: int,
                  origin: object = None) -> Snapshot:
        """Apply a player's move (its text without the seat, e.g. "play 12 ranged").

        `expected` is the action count the clicked message showed: anything else means the
        message is out of date and nothing is applied. `origin` goes with the change to the
        notifier.
        """
        async with self._changing(match_id) as (repo, record):
            seat = _seat(record, user_id)
            try:
                action = Action.parse(f"{seat} {move}")
            except ActionError as error:
                raise IllegalMove("That is not a move.") from error
            engine, change = await self._move(repo, record, action, expected)
            now = self._clock()
            await repo.update_seat(match_id, seat, seen_at=now)
            snapshot = self._snapshot(await _stored(repo, match_id), engine, seat)
        self._saw(match_id, user_id, now)
        await self._announce(replace(change, origin=origin), record, engine)
        return snapshot

    async def computer_turn(self, match_id: int) -> ComputerTurn | None:
        """Return what the computer player must decide now, or None when it has nothing to
        do (a match without one, not started, over, or waiting for the person)."""
        async with self._reading(match_id) as (repo, record):
            seat = record.computer_seat
            if seat is None or record.status != PLAYING:
                return None
            engine = await self._engine(repo, record)
            if engine is None or engine.is_over or seat not in engine.to_act():
                return None
            level = record.seats[seat].ai_level
            assert level is not None
            return ComputerTurn(match_id, seat, level, record.action_count,
                                (record.seed * 1_000_003 + record.action_count) % 2**31,
                                self._observation(record.id, engine, seat),
                                build_deck(seat_choice(record.seats[seat])))

    async def play_for_computer(self, turn: ComputerTurn, action: Action) -> None:
        """Apply the computer's move exactly as a person's: refused (OutOfDate, IllegalMove)
        unless the match is still at the action count the move was decided at."""
        async with self._changing(turn.match_id) as (repo, record):
            if record.computer_seat != turn.seat or action.player != turn.seat:
                raise IllegalMove("That seat is not the computer's.")
            engine, change = await self._move(repo, record, action, turn.action_count)
        await self._announce(change, record, engine)

    async def _move(self, repo: Repository, record: MatchRecord, action: Action,
                    expected: int) -> tuple[Match, MatchChange]:
        """Check that a player's move is current, then apply and commit it."""
        _check_started(record)
        engine = await self._engine(repo, record)
        assert engine is not None
        if expected != record.action_count and not _others_redrew(engine, action.player,
                                                                   expected):
            raise OutOfDate(STALE_BOARD)
        change = await self._apply(repo, record, engine, lambda m: _play(m, action), PLAYER,
                                   {action.player: 0}, actor=action.player)
        return engine, change

    async def _announce(self, change: MatchChange, record: MatchRecord,
                        engine: Match | None) -> None:
        """Report a committed change, and wake the computer player if it must act."""
        await self._notifier.match_changed(change)
        seat = record.computer_seat
        if (self._wake is not None and seat is not None and engine is not None
                and not engine.is_over and seat in engine.to_act()):
            self._wake(record.id)

    async def forfeit(self, guild_id: int, user_id: int) -> MatchRecord:
        """End the user's running match in this server as a loss for them."""
        record = await self.live_match_of(guild_id, user_id)
        if record is None:
            raise NotFound("You have no match running in this server.")
        return await self.forfeit_match(record.id, user_id)

    async def forfeit_match(self, match_id: int, user_id: int) -> MatchRecord:
        """End a running match as a loss for one of its players."""
        async with self._changing(match_id) as (repo, record):
            if not record.is_live:
                raise NotFound("You have no match running in this server.")
            seat = _seat(record, user_id)
            engine = await self._begin_if_choosing(repo, record)
            change = await self._apply(repo, record, engine,
                                       lambda m: _play(m, Action(seat, FORFEIT)), PLAYER, {},
                                       actor=seat)
            finished = await _stored(repo, record.id)
        await self._announce(change, record, engine)
        return finished

    async def expire(self, match_id: int) -> bool:
        """Act for the players whose turn timer ran out, as bot.service.timeouts says; return
        whether anything happened."""
        async with self._changing(match_id) as (repo, record):
            if not record.is_live or record.deadline is None or record.deadline > self._clock():
                return False
            engine: Match | None
            if record.status == CHOOSING:
                change, engine = await self._expire_deck_choice(repo, record)
            else:
                engine = await self._engine(repo, record)
                assert engine is not None
                change = await self._expire_turn(repo, record, engine)
        await self._announce(change, record, engine)
        return True

    async def _expire_turn(self, repo: Repository, record: MatchRecord,
                           engine: Match) -> MatchChange:
        """The timer's move for every player to act, a forfeit, or the end of an abandoned
        match; only timeouts in the rounds count."""
        late = tuple(engine.to_act())
        what = {s: next_timeout(record, engine.phase, engine.pending is not None, s)
                for s in late}
        counted = counts(engine.phase)
        timeouts = {s: record.seats[s].timeouts + int(counted) for s in late}
        in_a_row = record.timeouts_in_a_row + int(counted)
        timed_out = late[0] if late else None
        if ABANDON_MATCH in what.values():
            return await self._abandon(repo, record, engine, timeouts, in_a_row, timed_out)
        forfeiting = [s for s in late if what[s] == FORFEIT_MATCH]

        def plan(m: Match) -> None:
            if forfeiting:
                m.apply(Action(forfeiting[0], FORFEIT))
                return
            for seat in late:
                _time_out(m, seat)

        return await self._apply(repo, record, engine, plan, TIMER, timeouts,
                                 timed_out=timed_out, in_a_row=in_a_row)

    async def _abandon(self, repo: Repository, record: MatchRecord, engine: Match,
                       timeouts: dict[int, int], in_a_row: int,
                       timed_out: int | None) -> MatchChange:
        """End a match both players have left: over with no winner and no move applied (the
        engine stays where they left it), stored as an abandoned, unrated result."""
        now = self._clock()
        if not await repo.advance_match(
                record.id, record.action_count, status=OVER, deadline=None, warn_at=None,
                updated_at=now, finished_at=now, computer_due=0, timeouts_in_a_row=in_a_row):
            raise OutOfDate(STALE_BOARD)
        for seat, count in timeouts.items():
            await repo.update_seat(record.id, seat, timeouts=count)
        self._engines.pop(record.id, None)
        await self._store_result(repo, _result(record, engine, TIMER, now, abandoned=True))
        return MatchChange(record.id, engine.action_count, timed_out=timed_out, finished=True)

    async def _expire_deck_choice(self, repo: Repository,
                                  record: MatchRecord) -> tuple[MatchChange, Match]:
        """Start the match with the current deck choices (this counts against nobody); in a
        match whose no-shows forfeit (a tournament's), the one player not ready forfeits."""
        late = tuple(s.seat for s in record.seats if not s.ready)
        engine = await self._start(repo, record)
        if len(late) == 1 and record.no_show_forfeits:
            change = await self._apply(repo, record, engine,
                                       lambda m: _play(m, Action(late[0], FORFEIT)), TIMER, {},
                                       timed_out=late[0])
            return change, engine
        return MatchChange(record.id, 0, turn_for=tuple(engine.to_act()),
                           timed_out=late[0] if late else None), engine

    async def warn(self, match_id: int) -> None:
        """Warn the players to act once their deadline is near."""
        async with self._changing(match_id) as (repo, record):
            if not record.is_live or record.warn_at is None or record.warn_at > self._clock():
                return
            await repo.update_match(match_id, warn_at=None)
            if record.status == CHOOSING:
                seats = tuple(s.seat for s in record.seats if not s.ready)
            else:
                engine = await self._engine(repo, record)
                assert engine is not None
                seats = tuple(engine.to_act())
            seats = tuple(s for s in seats if not record.seats[s].is_computer)
        if seats:
            await self._notifier.turn_warning(match_id, seats)

    async def _begin_if_choosing(self, repo: Repository, record: MatchRecord) -> Match:
        """Return the engine match, starting it with the current deck choices if needed."""
        if record.status != CHOOSING:
            engine = await self._engine(repo, record)
            assert engine is not None
            return engine
        return await self._start(repo, record)

    async def _apply(self, repo: Repository, record: MatchRecord, engine: Match,
                     plan: Callable[[Match], None], source: str, timeouts: dict[int, int],
                     actor: int | None = None, timed_out: int | None = None,
                     in_a_row: int = 0) -> MatchChange:
        """Run `plan` on the engine and write the actions it applied with the new state, in
        the caller's transaction (which drops the cached engine if anything fails).
        `in_a_row` is the match's count of timeouts in a row afterwards (a move resets it)."""
        before = set(engine.to_act())
        first = engine.action_count
        try:
            plan(engine)
        except IllegalAction as error:
            # TODO(i18n): the engine explains an illegal move in English (engine.explain).
            raise IllegalMove(str(error)) from error
        await self._commit(repo, record, engine, first, source, timeouts, in_a_row)
        if engine.is_over:
            self._engines.pop(record.id, None)
        after = engine.to_act()
        # After a click, the clicking player's own view refreshes; others are told their turn
        # began. After a timer, nobody clicked, so everyone to act is told.
        turn_for = tuple(after) if source == TIMER else tuple(s for s in after if s not in before)
        return MatchChange(record.id, engine.action_count, actor=actor, turn_for=turn_for,
                           timed_out=timed_out, finished=engine.is_over)

    async def _commit(self, repo: Repository, record: MatchRecord, engine: Match, first: int,
                      source: str, timeouts: dict[int, int], in_a_row: int) -> None:
        now = self._clock()
        deadline = warn_at = None
        if not engine.is_over:
            deadline, warn_at = await _deadline(repo, record.guild_id, now)
        if not await repo.advance_match(
                record.id, first, state=engine.to_json(), action_count=engine.action_count,
                status=OVER if engine.is_over else PLAYING, deadline=deadline, warn_at=warn_at,
                updated_at=now, finished_at=now if engine.is_over else None,
                computer_due=_computer_due(record, engine), timeouts_in_a_row=in_a_row):
            raise OutOfDate(STALE_BOARD)
        for number in range(first + 1, engine.action_count + 1):
            await repo.insert_action(record.id, number, str(engine.history[number - 1]),
                                     source, now)
        for seat, count in timeouts.items():
            if record.seats[seat].timeouts != count:
                await repo.update_seat(record.id, seat, timeouts=count)
        if engine.is_over:
            await self._store_result(repo, _result(record, engine, source, now))

    async def _store_result(self, repo: Repository, result: ResultRecord) -> None:
        """Store a result and rate it, in the caller's transaction."""
        await repo.insert_result(result)
        if self._on_result is not None:
            await self._on_result(repo, result)

    # ------------------------------------------------------------ presence

    async def mark_seen(self, match_id: int, user_id: int, *, at_table: bool = False) -> None:
        """Record that a player is looking at their match now (at the table, with
        `at_table`), so that boards do not ping them for LOOKING_SECONDS; raise
        NotAParticipant for anyone else. Cheap: nothing is written for a player this process
        wrote down in the last SEEN_WRITE_SECONDS."""
        now = self._clock()
        if now - self._seen.get((match_id, user_id, at_table), -math.inf) < SEEN_WRITE_SECONDS:
            return
        async with self._db.transaction() as repo:
            if not await repo.see(match_id, user_id, now, at_table=at_table):
                raise NotAParticipant("This isn't your match: only its two players can act.")
        self._saw(match_id, user_id, now, at_table=at_table)

    def _saw(self, match_id: int, user_id: int, at: float, *, at_table: bool = False) -> None:
        """Remember that a player's being seen at `at` was committed."""
        for key in ((match_id, user_id, False), (match_id, user_id, True))[:1 + at_table]:
            self._seen.pop(key, None)
            self._seen[key] = at
        while len(self._seen) > SEEN_REMEMBERED:
            self._seen.popitem(last=False)

    # ------------------------------------------------------------ messages

    async def set_messages(self, match_id: int, *, lobby: int | None = None,
                           board: ShownBoard | None = None,
                           result: int | None = None, warning: int | None = None) -> None:
        """Remember the posted lobby, board (posted or edited), result or timer warning
        message. A board older than the one remembered is ignored."""
        values: dict[str, object] = {}
        if lobby is not None:
            values["lobby_message_id"] = lobby
        if result is not None:
            values["result_message_id"] = result
        if warning is not None:
            values["warning_message_id"] = warning
        async with self._db.transaction() as repo:
            if board is not None:
                await repo.show_board(match_id, board)
            if values:
                await repo.update_match(match_id, **values)

    async def views(self, match_id: int) -> dict[int, ViewRecord]:
        """Return the players' private views of a match, by seat."""
        async with self._db.reading() as repo:
            return await repo.views(match_id)

    async def set_view(self, match_id: int, user_id: int, message_id: int, channel_id: int,
                       token: str | None, token_at: float | None,
                       locale: str | None = None, *,
                       seen_at: float | None = None) -> ViewRecord | None:
        """Remember a player's private view of a match (the message their latest click in
        the match was answered in), the token that may edit it, and the player's Discord
        locale as that click gave it (None: keep the one known); with `seen_at`, the time of
        that click, which counts as the player looking at the match (mark_seen). Return the
        view this one replaces, if it was another message."""
        async with self._db.transaction() as repo:
            before = await repo.view_of(match_id, user_id)
            if not await repo.set_view(match_id, user_id, message_id, channel_id, token,
                                       token_at, locale):
                raise NotAParticipant("This isn't your match: only its two players can act.")
            if seen_at is not None:
                await repo.see(match_id, user_id, seen_at)
        if seen_at is not None:
            self._saw(match_id, user_id, seen_at)
        return before if before is not None and before.message_id != message_id else None

    async def forget_view(self, match_id: int, seat: int, message_id: int) -> None:
        """Forget a player's view that was closed (or can no longer be edited)."""
        async with self._db.transaction() as repo:
            await repo.forget_view(match_id, seat, message_id)

    async def clear_warning(self, match_id: int, message_id: int) -> None:
        """Forget the timer warning once it is deleted."""
        async with self._db.transaction() as repo:
            record = await _stored(repo, match_id)
            if record.warning_message_id == message_id:
                await repo.update_match(match_id, warning_message_id=None)


async def _stored(repo: Repository, match_id: int) -> MatchRecord:
    record = await repo.match(match_id)
    if record is None:
        raise NotFound("This match no longer exists.")
    return record


def _computer_due(record: MatchRecord, engine: Match) -> int:
    """1 when the match's computer player has something to do in this state."""
    seat = record.computer_seat
    return int(seat is not None and not engine.is_over and seat in engine.to_act())


def _seat(record: MatchRecord, user_id: int) -> int:
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotAParticipant("This isn't your match: only its two players can act.")
    return seat


def _check_started(record: MatchRecord) -> None:
    """Refuse a move in a match that is not being played."""
    if record.status == CHOOSING:
        raise OutOfDate("The match has not started: both players choose decks first.")
    if record.status == OVER:
        raise OutOfDate("This match is over.")


def _others_redrew(engine: Match, seat: int, expected: int) -> bool:
    """Whether a move made on a view of the match at action `expected` still applies now:
    every action since is the other player's redraw, and the redraws go on. Both players
    redraw at once, and the other's redraws change nothing this seat sees (its own double
    click is still refused: its first click came since)."""
    return (0 <= expected < engine.action_count and engine.phase == MULLIGAN_PHASE
            and all(a.player != seat and a.kind in (MULLIGAN, KEEP)
                    for a in engine.history[expected:]))


def _choosing_seat(record: MatchRecord, user_id: int) -> int:
    seat = _seat(record, user_id)
    if record.status != CHOOSING:
        raise OutOfDate("Decks are already chosen: the match has started.")
    if record.seats[seat].ready:
        raise Refusal("You are ready: your deck is locked in.")
    return seat


async def _last_saved(repo: Repository, user_id: int, key: str | None) -> SavedDeck | None:
    """The saved deck a user last played, if it still exists and is legal."""
    deck_id = None if key is None else saved_id(key)
    if deck_id is None:
        return None
    saved = await repo.sharing(DeckRepository).saved_deck(deck_id)
    if saved is None or saved.user_id != user_id or problems(saved.deck):
        return None
    return saved


async def _deadline(repo: Repository, guild_id: int, now: float) -> tuple[float, float]:
    seconds = await turn_seconds_in(repo, guild_id)
    deadline = now + seconds
    return deadline, deadline - warning_lead(seconds)


def _play(engine: Match, action: Action) -> None:
    engine.apply(action)


def _time_out(engine: Match, seat: int) -> None:
    """Apply what a timed-out player does: answer a pending choice, keep, or pass."""
    while seat in engine.to_act():
        legal = engine.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if CHOOSE in kinds:
            engine.apply(next(a for a in legal if a.kind == CHOOSE))
            continue
        if KEEP in kinds:
            engine.apply(Action(seat, KEEP))
        elif FIRST in kinds:
            engine.apply(next(a for a in legal if a.kind == FIRST))
        else:
            engine.apply(Action(seat, PASS))
        return


def _result(record: MatchRecord, engine: Match, source: str, now: float,
            abandoned: bool = False) -> ResultRecord:
    """The result of a finished match, or of one abandoned where its players left it."""
    seats = record.seats
    forfeited = engine.forfeited_by
    ended_by = ("play" if forfeited is None and not abandoned
                else "timeout" if source == TIMER else "forfeit")
    return ResultRecord(
        match_id=record.id, guild_id=record.guild_id, player_ids=record.user_ids,
        factions=(seats[0].faction, seats[1].faction), leaders=(seats[0].leader, seats[1].leader),
        winner=engine.winner, forfeited_by=forfeited, ended_by=ended_by,
        rounds=tuple((s[0], s[1], w) for s, w in engine.results),
        started_at=record.created_at, finished_at=now,
        ai_levels=(seats[0].ai_level, seats[1].ai_level),
        in_deck_choice=record.status == CHOOSING, ranked=record.ranked, abandoned=abandoned)

