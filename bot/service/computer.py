"""The computer player of practice matches: decides in a worker process, plays like a person.

Whenever a committed change leaves a computer seat with something to do (a move, a redraw,
a pending choice, who goes first), the match service wakes the Computer. It then runs one
task per match that reads the computer's own observation (never the match), has
`engine.ai.agents.decide` pick an action in a worker process (the search is pure Python: in
a thread it would hold the GIL and stall the event loop), waits out the think floor, and
applies the action through the same path as a click: committed before it is shown, and
refused unless the match is still at the action count the decision was made at. A refused
move (the person forfeited, or the timer acted meanwhile) is dropped; the task then looks at
the match again and decides afresh if the computer still has to act.

With several processes, a match's computer is played by the process holding its lease; the
one on duty wakes the turns nobody holds (their process died).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor

from bot.service.errors import Refusal
from bot.service.leases import COMPUTER, Leases
from bot.service.matches import ComputerTurn, MatchService
from bot.workers import WorkerPool
from engine import Action, Observation
from engine.actions import FORFEIT
from engine.ai.agents import decide

log = logging.getLogger(__name__)

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
# The least time between a person's move and the computer's reply. The computer's further
# moves in a row (after the person passed) follow at once: one board shows them all.
DEFAULT_THINK_SECONDS = 1.0
# A move refused at the very state it was decided for is retried this often, then left to
# the turn timer.
ATTEMPTS_PER_STATE = 2


def fallback(obs: Observation) -> Action:
    """A safe legal action (the first that is not a forfeit), if a decision was refused."""
    return next(a for a in obs.legal if a.kind != FORFEIT)


class Computer:
    """Plays every computer seat; decisions run in lazily started worker processes."""

    def __init__(self, matches: MatchService, leases: Leases, *,
                 think_seconds: float = DEFAULT_THINK_SECONDS,
                 budget_ms: int | None = None, iterations: int | None = None,
                 workers: int = 1, processes: bool = True) -> None:
        self._matches = matches
        self._leases = leases
        self._think_seconds = think_seconds
        self._budget_ms = budget_ms
        self._iterations = iterations
        self._pool = WorkerPool("AI", workers, processes=processes, thread_note=(
            "the computer thinks in a thread, which slows the bot while it does"))
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._woken: set[int] = set()
        self._closed = False
        self.decisions = 0
        matches.on_computer_turn(self.wake)

    # ------------------------------------------------------------------ control

    def wake(self, match_id: int) -> None:
        """Look at a match soon: the computer may have something to do in it."""
        if self._closed:
            return
        self._woken.add(match_id)
        if match_id not in self._tasks:
            self._tasks[match_id] = asyncio.get_running_loop().create_task(
                self._run(match_id), name=f"gwent-computer-{match_id}")

    async def resume(self) -> int:
        """Wake every practice match whose computer must act and that no live process is
        deciding (after a start-up, or when another process died); return how many."""
        match_ids = await self._leases.unclaimed_computer_turns()
        for match_id in match_ids:
            self.wake(match_id)
        return len(match_ids)

    async def idle(self) -> None:
        """Wait until the computer has nothing left to do (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    @property
    def worker(self) -> Executor | None:
        """The executor decisions run in (None until the first decision)."""
        return self._pool.executor

    async def close(self) -> None:
        """Stop thinking and shut the worker down (waiting for a decision in progress)."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._pool.close()

    # ------------------------------------------------------------------ playing

    async def _run(self, match_id: int) -> None:
        try:
            while match_id in self._woken:
                self._woken.discard(match_id)
                try:
                    await self._claimed(match_id)
                except Exception:
                    # The turn timer still acts for the computer, and the next change wakes it.
                    log.exception("the computer player of match %s failed", match_id)
        finally:
            self._tasks.pop(match_id, None)

    async def _claimed(self, match_id: int) -> None:
        """Play the match's computer under its lease (unless another process holds it)."""
        if not await self._leases.take(COMPUTER, match_id):
            return
        try:
            gave_up_at = await self._play(match_id)
        finally:
            await self._leases.release(COMPUTER, match_id)
        if not self._leases.exclusive:
            # Another process may have left a change to this one while the lease was held.
            turn = await self._matches.computer_turn(match_id)
            if turn is not None and turn.action_count != gave_up_at:
                self._woken.add(match_id)

    async def _play(self, match_id: int) -> int | None:
        """Move while the computer has something to do in this match; return the action
        count it gave up at (its moves there were refused), if it did."""
        loop = asyncio.get_running_loop()
        refused: dict[int, int] = {}
        # The computer's own move came last: its next one needs no think floor.
        in_a_row = False
        while True:
            turn = await self._matches.computer_turn(match_id)
            if turn is None:
                return None
            tries = refused.get(turn.action_count, 0)
            if tries >= ATTEMPTS_PER_STATE:
                log.warning("match %s: the computer's moves at action %s were refused; the "
                            "turn timer will act", match_id, turn.action_count)
                return turn.action_count
            started = loop.time()
            action = fallback(turn.observation)
            if tries == 0:
                try:
                    action = await self._decide(turn)
                except Exception:
                    log.exception("match %s: the AI failed to decide; playing %s instead",
                                  match_id, action)
            wait = 0.0 if in_a_row else self._think_seconds - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                await self._matches.play_for_computer(turn, action)
            except Refusal as refusal:
                log.info("match %s: the computer's %s was not applied: %s", match_id, action,
                         refusal)
                refused[turn.action_count] = tries + 1
                in_a_row = False
            else:
                in_a_row = True

    async def _decide(self, turn: ComputerTurn) -> Action:
        """Run engine.ai.agents.decide on the computer's own observation and deck."""
        action = await self._pool.run(decide, turn.level, turn.observation, turn.deck, turn.seed,
                                      self._budget_ms, self._iterations)
        self.decisions += 1
        return action
