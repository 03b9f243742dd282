"""Loading an observation from a file: an engine state, a match record or an observation.

Accepted JSON documents:
- an engine state ({"format": "gwent-state", ...}, Match.to_dict());
- a match record ({"format": "gwent-record", ...}, Match.record()), replayed;
- an observation (Observation.to_dict()).
Whatever the input, public_view() turns it into what a spectator may see.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from engine.observation import Observation


def public_view(obs: Observation) -> Observation:
    """The spectator's view of an observation: no viewer, no hands, no private choices."""
    sides = tuple(replace(s, hand=None, mulligans_left=None, revealed=()) for s in obs.sides)
    pending = obs.pending
    if pending is not None:
        pending = replace(pending, options=())
    return replace(obs, viewer=None, sides=(sides[0], sides[1]), pending=pending, legal=())


def load_observation(path: str | Path, viewer: int | None = None) -> Observation:
    """Read a state, record or observation file and return the observation for viewer."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt in ("gwent-state", "gwent-record"):
        from engine.match import Match  # the engine is only needed for these formats

        match = Match.from_dict(data) if fmt == "gwent-state" else Match.replay(data)
        return match.observation(viewer)
    if isinstance(data, dict) and "sides" in data and "phase" in data:
        obs = Observation.from_dict(data)
        return public_view(obs) if viewer is None else obs
    raise ValueError(f"{path}: not a gwent-state, gwent-record or observation document")
