"""The replay viewer's components."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.replays import handlers, ids


class ReplayItem(Routed, template=ids.REPLAY):
    handler = staticmethod(handlers.on_replay)


class ReplayStepItem(Routed, template=ids.REPLAY_STEP):
    handler = staticmethod(handlers.on_replay_step)


class ReplayJumpItem(Routed, template=ids.REPLAY_JUMP):
    handler = staticmethod(handlers.on_replay_jump)


class ReplayShareItem(Routed, template=ids.REPLAY_SHARE):
    handler = staticmethod(handlers.on_replay_share)


class ReplayExportItem(Routed, template=ids.REPLAY_EXPORT):
    handler = staticmethod(handlers.on_replay_export)
