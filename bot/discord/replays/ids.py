"""custom_id formats of the replay viewer."""

from __future__ import annotations

REPLAY = r"gw:replay:(?P<match>\d+)"
REPLAY_STEP = (r"gw:rp:(?P<match>\d+):(?P<n>\d+):(?P<side>all|mine):"
               r"(?P<tag>first|back|next|last|rback|rnext|side)")
REPLAY_JUMP = r"gw:rpjump:(?P<match>\d+):(?P<side>all|mine)"
REPLAY_SHARE = r"gw:rpshare:(?P<match>\d+)"
REPLAY_EXPORT = r"gw:rpexport:(?P<match>\d+)"


def replay(match_id: int) -> str:
    """Open a private replay viewer of a finished match."""
    return f"gw:replay:{match_id}"


def replay_step(match_id: int, n: int, side: str, tag: str) -> str:
    """Show position n of a replay, on the public board ("all") or the clicker's side
    ("mine"); the tag tells the viewer's buttons apart."""
    return f"gw:rp:{match_id}:{n}:{side}:{tag}"


def replay_jump(match_id: int, side: str) -> str:
    """The replay's select of round starts and lead changes (values are positions)."""
    return f"gw:rpjump:{match_id}:{side}"


def replay_share(match_id: int) -> str:
    """Post the animation of a whole match to the channel."""
    return f"gw:rpshare:{match_id}"


def replay_export(match_id: int) -> str:
    """Send a player the match record as a file."""
    return f"gw:rpexport:{match_id}"
