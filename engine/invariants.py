"""Checks that must hold in every reachable match state."""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.match import Match
from engine.side import LEADER_HORN


def zone_problems(m: Match) -> list[str]:
    """Return cards that are lost or duplicated across zones (tokens may come and go)."""
    uids = [uid for uid, _ in m.weather]
    for side in m.sides:
        uids += side.deck
        uids += side.hand
        uids += side.grave
        uids += side.set_aside
        for row in side.rows:
            uids += row
        uids += [u for u in (*side.horns, *side.mardroeme) if u is not None and u != LEADER_HORN]
    uids += m.banished
    present = set(uids)
    if len(present) == len(uids) and _numbers(m.originals) <= present <= _numbers(len(m.card_ids)):
        return []
    seen = Counter(uids)
    problems = [f"card #{uid} ({m.card_ids[uid]}) appears {n} times"
                for uid, n in sorted(seen.items()) if n > 1]
    problems += [f"card #{uid} ({m.card_ids[uid]}) is lost"
                 for uid in range(m.originals) if uid not in seen]
    problems += [f"unknown card #{uid}" for uid in seen if not 0 <= uid < len(m.card_ids)]
    return problems


@cache
def _numbers(n: int) -> frozenset[int]:
    """Return the card numbers 0 to n - 1."""
    return frozenset(range(n))


def score_problems(m: Match) -> list[str]:
    """Return rows whose cached strengths differ from a computation from scratch."""
    cached = m.strengths()
    fresh = m.fresh_strengths()
    if cached == fresh:
        return []
    return [f"side {p} row {r}: cached {cached[p][r]} != fresh {fresh[p][r]}"
            for p in (0, 1) for r in range(3) if cached[p][r] != fresh[p][r]]


def problems(m: Match) -> list[str]:
    """Return every broken invariant of the match state."""
    found = zone_problems(m) + score_problems(m)
    for p, side in enumerate(m.sides):
        if not 0 <= side.gems <= 2:
            found.append(f"side {p} has {side.gems} gems")
        if side.horns.count(LEADER_HORN) > 1:
            found.append(f"side {p} has more than one leader horn")
    return found
