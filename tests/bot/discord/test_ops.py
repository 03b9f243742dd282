"""Invalid requests to Discord: the warning long before Discord's ban."""

from __future__ import annotations

import logging

import pytest

from bot.discord.ops import InvalidRequestWatch
from tests.bot.helpers import FakeClock


def test_a_warning_at_every_thousand_invalid_requests_in_ten_minutes(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    watch = InvalidRequestWatch(clock)
    with caplog.at_level(logging.WARNING, "bot.discord.ops"):
        counts = []
        for _ in range(2500):
            counts.append(watch.note())
            clock.advance(0.2)  # 5 a second: 500 s in all, within the window
        warned = [r.getMessage() for r in caplog.records]
        assert counts[-1] == 2500
        assert [m.split(" ")[0] for m in warned] == ["1000", "2000"]
        assert "at 10,000, Discord bans this IP address" in warned[0]
        caplog.clear()
        clock.advance(600)  # all of them are older than 10 minutes now
        assert watch.note() == 1
        for _ in range(998):
            watch.note()
        assert not caplog.records, "999 in the last 10 minutes"
        assert watch.note() == 1000
        assert [r.getMessage().split(" ")[0] for r in caplog.records] == ["1000"], \
            "after the rate fell, the next rise is warned of again"
