"""Replays of finished matches, rebuilt through the engine from what was stored.

The stored seed, the two decks and the action log form a match record, which the engine
replays move by move (as `Match.replay` does). The replayed match must end in exactly the
stored final state, so a match that no longer replays the same (its cards or rules changed
since) is refused with a sentence, never shown wrong. Only engine observations leave this
module: the public one for anyone, and a seat's own only for the player of that seat.
"""

from __future__ import annotations

import itertools
import json
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.clock import Clock
from bot.service.errors import NotAParticipant, NotFound, Refusal
from bot.storage import Database
from bot.storage.records import FinishedMatch, MatchRecord
from engine import Action, Match, Observation
from engine.events import Line
from engine.observation import OVER, PLAYING

log = logging.getLogger(__name__)

# Finished matches whose rebuilt engine states stay in memory.
REPLAYS_KEPT = 16
# An engine state is kept every this many moves; any other position is a few moves away.
CHECKPOINT_EVERY = 8
# How many of a user's finished matches are offered when choosing one to replay.
RECENT_MAX = 100
# Keys of the engine state that are its log rather than the match: a newer engine may word
# the log differently without the board being any different.
_LOG_KEYS = ("events", "mark")


class NotReplayable(Refusal):
    """A match that cannot be replayed: still running, or its record no longer replays."""


@dataclass(frozen=True)
class Step:
    """One position of a replay (the match after `number` moves), as navigation needs it."""

    number: int
    round: int
    phase: str
    totals: tuple[int, int]
    rounds_done: int
    # The seat whose move led here (None at the start).
    actor: int | None
    # The move as spectators read it: lines of the match log (bot.i18n.event_text).
    said: tuple[Line, ...]

    @property
    def leader(self) -> int | None:
        """The seat ahead on the board, or None when the totals are level."""
        a, b = self.totals
        return None if a == b else (0 if a > b else 1)


class Replay:
    """A finished match rebuilt move by move: its steps and an engine state every few moves."""

    def __init__(self, match: MatchRecord, record: dict[str, Any],
                 checkpoints: list[Match], steps: list[Step]) -> None:
        self.match = match
        self.record = record
        self.steps = tuple(steps)
        self._actions = tuple(Action.parse(text) for text in record["actions"])
        self._checkpoints = checkpoints

    @property
    def last(self) -> int:
        """The number of the final position (how many moves the match had)."""
        return len(self.steps) - 1

    def observation(self, number: int, viewer: int | None) -> Observation:
        """What `viewer` (a seat, or None for spectators) saw after `number` moves."""
        engine = self._checkpoints[number // CHECKPOINT_EVERY].clone()
        for action in self._actions[engine.action_count:number]:
            engine.apply(action)
        return engine.observation(viewer)

    def round_starts(self) -> list[int]:
        """The positions where each round begins (after the redraws for round 1)."""
        starts: list[int] = []
        for step in self.steps:
            if step.phase == PLAYING and step.round > len(starts):
                starts.append(step.number)
        return starts

    def round_ends(self) -> list[int]:
        """The positions reached by the moves that ended a round (or the match)."""
        return [s.number for s in self.steps[1:]
                if s.rounds_done > self.steps[s.number - 1].rounds_done or
                (s.phase == OVER and self.steps[s.number - 1].phase != OVER)]

    def lead_changes(self) -> list[int]:
        """The positions where the lead changed hands (see lead_changes)."""
        return lead_changes(self.steps)

    def previous_round(self, number: int) -> int | None:
        """The start of the round being shown, or of the one before if already there."""
        earlier = [n for n in self.round_starts() if n < number]
        return earlier[-1] if earlier else None

    def next_round(self, number: int) -> int | None:
        """The start of the next round, if there is one."""
        return next((n for n in self.round_starts() if n > number), None)


def lead_changes(steps: Sequence[Step]) -> list[int]:
    """The positions where the lead passed from one player to the other within a round: a
    level board in between does not count, nor does the first lead of a round."""
    changes: list[int] = []
    ahead: int | None = None
    for before, step in itertools.pairwise(steps):
        if step.round != before.round or step.phase != PLAYING:
            ahead = step.leader if step.phase == PLAYING else None
            continue
        if step.leader is not None:
            if ahead is not None and step.leader != ahead:
                changes.append(step.number)
            ahead = step.leader
    return changes


def replay_decks(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The two decks a match was played with, as gwent-record deck documents.

    They are taken from the stored engine state, which holds the exact decks the match
    began with, so replays do not depend on how a seat's deck choice is stored
    (`seats.deck`) or on today's starter decks.
    """
    decks = state["decks"]
    if not isinstance(decks, list) or len(decks) != 2:
        raise ValueError("the stored state does not hold two decks")
    return [dict(deck) for deck in decks]


def match_record(match: MatchRecord, state: dict[str, Any], actions: list[str]
                 ) -> dict[str, Any]:
    """The engine's gwent-record of a match: its seed, players, decks and actions."""
    decks = replay_decks(state)
    return {"format": "gwent-record", "version": 1, "seed": match.seed,
            "players": [{"name": seat.name, "deck": deck}
                        for seat, deck in zip(match.seats, decks, strict=True)],
            "actions": actions}


def rebuild(match: MatchRecord, state_json: str | None,
            log_rows: list[tuple[int, str, str]]) -> Replay:
    """Replay a finished match from storage; raise NotReplayable unless it ends exactly in
    the stored final state."""
    broken = NotReplayable("Match {number} cannot be replayed: its stored moves no longer "
                           "lead to the board it ended with (it was played under rules or "
                           "cards this version of the bot does not have).", number=match.id)
    try:
        if state_json is None:
            raise ValueError("no stored state")
        stored = json.loads(state_json)
        numbers = [number for number, _, _ in log_rows]
        if numbers != list(range(1, match.action_count + 1)):
            raise ValueError(f"the log has moves {numbers[:3]}..., not 1 to "
                             f"{match.action_count}")
        record = match_record(match, stored, [text for _, text, _ in log_rows])
        engine = Match.replay({**record, "actions": []})
        checkpoints = [engine.clone()]
        steps = [_step(engine, None)]
        for text in record["actions"]:
            action = Action.parse(text)
            engine.apply(action)
            if engine.action_count % CHECKPOINT_EVERY == 0:
                checkpoints.append(engine.clone())
            steps.append(_step(engine, action.player))
        # Not necessarily the engine's end: an abandoned match ends where its players left it.
        if not _same_match(engine.to_dict(), stored):
            raise ValueError("the replay ends in another state than the stored one")
    except Exception as error:  # stored data from any version: whatever fails, refuse
        log.warning("match %s does not replay: %s", match.id, error)
        raise broken from error
    return Replay(match, record, checkpoints, steps)


def _step(engine: Match, actor: int | None) -> Step:
    public = engine.observation(None)
    return Step(engine.action_count, public.round, public.phase,
                (public.sides[0].total, public.sides[1].total), len(public.rounds), actor,
                public.last_event_log)


def _same_match(replayed: dict[str, Any], stored: dict[str, Any]) -> bool:
    def board(state: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in state.items() if k not in _LOG_KEYS}

    return board(replayed) == board(stored)


class ReplayService:
    """Opens finished matches for replay, keeping the most recent ones rebuilt in memory."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def recent(self, guild_id: int, user_id: int) -> list[FinishedMatch]:
        """The user's finished matches in a server, newest first."""
        async with self._db.reading() as repo:
            return await repo.finished_matches_of(guild_id, user_id, RECENT_MAX)

    async def open(self, match_id: int, guild_id: int) -> Replay:
        """Return the replay of a finished match of this server, or raise a Refusal."""
        cached = self._replays.get(match_id)
        if cached is not None:
            _check_server(cached.match, guild_id)
            self._replays.move_to_end(match_id)
            return cached
        async with self._db.reading() as repo:
            match = await repo.match(match_id)
            if match is None:
                raise NotFound("There is no match {number}.", number=match_id)
            _check_server(match, guild_id)
            if match.is_live:
                raise NotReplayable("Match {number} is still being played: its replay "
                                    "opens once it is over.", number=match_id)
            state = await repo.state(match_id)
            log_rows = await repo.actions(match_id)
        replay = rebuild(match, state, log_rows)
        self._replays[match_id] = replay
        if len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return replay

    def seat_of(self, replay: Replay, user_id: int) -> int:
        """The user's seat in the replayed match, or NotAParticipant with the reason."""
        seat = replay.match.seat_of(user_id)
        if seat is None:
            raise NotAParticipant("Only the players of this match can see it from their "
                                  "side, with their hand: everyone else sees the public board.")
        return seat

    @property
    def now(self) -> float:
        """The service's clock (for 'today' and 'yesterday' in match lists)."""
        return self._clock()


def _check_server(match: MatchRecord, guild_id: int) -> None:
    if match.guild_id != guild_id:
        raise NotFound("Match {number} was played in another server: open its replay "
                       "there.", number=match.id)
