"""Shutdown waits for interactions in progress, but not forever."""

from __future__ import annotations

import asyncio

from bot.discord.inflight import InFlight


async def test_drain_waits_for_answers_in_progress_and_gives_up_after_the_timeout() -> None:
    in_flight = InFlight()
    release = asyncio.Event()
    finished: list[str] = []

    async def answer(name: str, done: asyncio.Event | None) -> None:
        with in_flight.track():
            if done is None:
                await asyncio.sleep(3600)
            else:
                await done.wait()
            finished.append(name)

    quick = asyncio.create_task(answer("quick", release))
    stuck = asyncio.create_task(answer("stuck", None))
    await asyncio.sleep(0)
    assert len(in_flight) == 2 and not in_flight.closing
    asyncio.get_running_loop().call_later(0.05, release.set)
    assert await in_flight.drain(timeout=0.5) == 1
    assert in_flight.closing and finished == ["quick"] and quick.done()
    stuck.cancel()
    await asyncio.gather(stuck, return_exceptions=True)
    assert len(in_flight) == 0
    assert await in_flight.drain(timeout=0.5) == 0
