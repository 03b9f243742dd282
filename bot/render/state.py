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
from typing import Any

from engine.actions import Action
from engine.observation import (
    CardView,
    LeaderView,
    Observation,
    PendingView,
    RoundResult,
    RowView,
    SideView,
)


def _card(d: dict[str, Any]) -> CardView:
    return CardView(
        uid=d["uid"],
        card_id=d["card_id"],
        name=d["name"],
        type=d["type"],
        faction=d["faction"],
        strength=d["strength"],
        base=d["base"],
        hero=d["hero"],
        rows=tuple(d["rows"]),
        abilities=tuple(d["abilities"]),
    )


def _opt_card(d: dict[str, Any] | None) -> CardView | None:
    return None if d is None else _card(d)


def _cards(items: list[dict[str, Any]] | None) -> tuple[CardView, ...]:
    return tuple(_card(c) for c in items or ())


def _row(d: dict[str, Any]) -> RowView:
    return RowView(
        cards=_cards(d["cards"]),
        score=d["score"],
        horn=_opt_card(d["horn"]),
        leader_horn=d["leader_horn"],
        horned=d["horned"],
        mardroeme=_opt_card(d["mardroeme"]),
        weather=d["weather"],
    )


def _side(d: dict[str, Any]) -> SideView:
    rows = [_row(r) for r in d["rows"]]
    return SideView(
        player=d["player"],
        name=d["name"],
        faction=d["faction"],
        faction_name=d["faction_name"],
        leader=LeaderView(**d["leader"]),
        gems=d["gems"],
        total=d["total"],
        passed=d["passed"],
        rows=(rows[0], rows[1], rows[2]),
        hand_count=d["hand_count"],
        deck_count=d["deck_count"],
        graveyard=_cards(d["graveyard"]),
        hand=None if d["hand"] is None else _cards(d["hand"]),
        mulligans_left=d["mulligans_left"],
        revealed=_cards(d.get("revealed")),
    )


def observation_from_dict(d: dict[str, Any]) -> Observation:
    """Rebuild an Observation from Observation.to_dict() output."""
    pending = d.get("pending")
    return Observation(
        viewer=d["viewer"],
        phase=d["phase"],
        round=d["round"],
        turn=d["turn"],
        action_count=d["action_count"],
        sides=(_side(d["sides"][0]), _side(d["sides"][1])),
        weather=_cards(d["weather"]),
        rounds=tuple(RoundResult(tuple(r["scores"]), r["winner"]) for r in d["rounds"]),
        winner=d["winner"],
        forfeited_by=d["forfeited_by"],
        events=tuple(d["events"]),
        last_events=tuple(d["last_events"]),
        highlight=tuple(d["highlight"]),
        pending=None
        if pending is None
        else PendingView(
            pending["kind"], pending["player"], pending["prompt"], _cards(pending["options"])
        ),
        legal=tuple(Action.parse(a) for a in d.get("legal", ())),
    )


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
        obs = observation_from_dict(data)
        return public_view(obs) if viewer is None else obs
    raise ValueError(f"{path}: not a gwent-state, gwent-record or observation document")
