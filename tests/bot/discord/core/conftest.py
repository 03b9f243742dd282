"""The Discord emulator for the adapter's core tests (requests, retries)."""

from tests.emulator.fixtures import emu, rate_limits, world

__all__ = ["emu", "rate_limits", "world"]
