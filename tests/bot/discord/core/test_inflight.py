"""Shutdown waits for interactions in progress, but not forever."""

from __future__ import annotations

import asyncio

from bot.discord.core.inflight import InFlight


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


async def test_drain_also_waits_for_answers_that_start_while_it_waits() -> None:
    in_flight = InFlight()
    first, late = asyncio.Event(), asyncio.Event()
    finished: list[str] = []

    async def answer(name: str, done: asyncio.Event) -> None:
        with in_flight.track():
            await done.wait()
            finished.append(name)

    tasks = [asyncio.create_task(answer("first", first))]
    await asyncio.sleep(0)
    draining = asyncio.create_task(in_flight.drain(timeout=5))
    await asyncio.sleep(0)
    # A click turned away during the stop is still being answered when the first finishes.
    tasks.append(asyncio.create_task(answer("turned away", late)))
    await asyncio.sleep(0)
    first.set()
    await asyncio.sleep(0.05)
    assert finished == ["first"] and not draining.done()
    late.set()
    assert await draining == 0
    assert finished == ["first", "turned away"]
    await asyncio.gather(*tasks)
