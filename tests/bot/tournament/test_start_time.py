"""Start times as organisers type them."""

from __future__ import annotations

import pytest

from bot.tournament.start_time import BadStartTime, start_time

NOW = 1_767_225_600.0  # 2026-01-01 00:00 UTC


@pytest.mark.parametrize(("text", "seconds"), [
    ("in 30 minutes", 1800), ("2h", 7200), ("1h30m", 5400), ("in 1 hour and 30 minutes", 5400),
    ("90 min", 5400), ("20:30", 20.5 * 3600), ("2026-01-02 08:00", 32 * 3600),
    ("<t:1767232800:R>", 7200), ("1767232800", 7200), ("2026-01-01T01:00Z", 3600)])
def test_readable_start_times(text: str, seconds: float) -> None:
    assert start_time(text, NOW) == NOW + seconds


@pytest.mark.parametrize(("text", "reason"), [
    ("tomorrow", "could not read"), ("25:00", "could not read"), ("in 3 fortnights",
                                                                 "could not read"),
    ("2026-02-30 10:00", "could not read"), ("in 10 seconds", "could not read"),
    ("in 0 minutes", "at least a minute"), ("in 40 days", "within 30 days"),
    ("<t:1700000000>", "at least a minute")])
def test_refused_start_times(text: str, reason: str) -> None:
    with pytest.raises(BadStartTime, match=reason):
        start_time(text, NOW)
