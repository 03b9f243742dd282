"""Makes the emulator fixtures available to the emulator's own tests."""

from .fixtures import emu, world

__all__ = ["emu", "world"]
