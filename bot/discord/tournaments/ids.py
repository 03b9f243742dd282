"""custom_id formats of tournaments: the sign-up message's buttons and the replay select of
/gwent tournament show."""

from __future__ import annotations

SIGNUP = r"gw:tour:(?P<tournament>\d+):(?P<op>join|leave|start|cancel)"
REPLAYS = r"gw:tourreplay:(?P<tournament>\d+)"


def signup(tournament_id: int, op: str) -> str:
    """Join, Leave, Start now or Cancel on a sign-up message."""
    return f"gw:tour:{tournament_id}:{op}"


def replays(tournament_id: int) -> str:
    """The select of a tournament's finished matches (values are match ids) that opens the
    replay viewer."""
    return f"gw:tourreplay:{tournament_id}"
