"""A local Discord emulator for testing a discord.py bot end to end.

Typical use::

    emu = await Emulator.start()
    world = populate(emu, users=2)
    async with run_bot(emu, make_bot()):
        alice, bob = world.users
        handle = alice.slash(world.channel, "gwent challenge", opponent=bob)
        message = await handle.message()
        await bob.click(message, label="Accept").response()
"""

from .activities import Launch
from .components import Button, Select, SelectOption
from .emulator import Emulator
from .errors import ApiError, EmulatorUsageError
from .faults import RandomFaults
from .models import Channel, Guild, User
from .permissions import THREAD_CREATION
from .ratelimits import Limit, RateLimits
from .records import Failure, RequestRecord, Traffic
from .runner import BotRun, pointed_at, run_bot
from .users import AutocompleteChoice, InteractionHandle, ResponseView, VirtualUser
from .views import AttachmentView, MessageView
from .world import World, populate

__all__ = [
    "THREAD_CREATION",
    "ApiError",
    "AttachmentView",
    "AutocompleteChoice",
    "BotRun",
    "Button",
    "Channel",
    "Emulator",
    "EmulatorUsageError",
    "Failure",
    "Guild",
    "InteractionHandle",
    "Launch",
    "Limit",
    "MessageView",
    "RandomFaults",
    "RateLimits",
    "RequestRecord",
    "ResponseView",
    "Select",
    "SelectOption",
    "Traffic",
    "User",
    "VirtualUser",
    "World",
    "pointed_at",
    "populate",
    "run_bot",
]
