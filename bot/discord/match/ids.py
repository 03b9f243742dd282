"""custom_id formats of match components: challenges, the lobby, deck choice, hands, moves
and Rematch.

Match components carry the match id and the action count they were drawn at, so a stale or
repeated click is recognised; all fit well within Discord's 100 characters.
"""

from __future__ import annotations

_N = r"(?P<match>\d+):(?P<n>\d+)"

CHALLENGE = r"gw:ch:(?P<challenge>\d+):(?P<op>accept|decline|cancel)"
LOBBY = r"gw:lobby:(?P<match>\d+):(?P<op>deck|ready)"
DECK = r"gw:deck:(?P<match>\d+):(?P<part>faction|leader|deck)"
HAND = rf"gw:hand:{_N}"
CARD = rf"gw:card:{_N}:(?P<page>\d)"
MOVE = rf"gw:move:{_N}:(?P<move>[a-z0-9 ]+)"
PICK = rf"gw:pick:{_N}:(?P<page>\d)"
REMATCH = r"gw:rematch:(?P<match>\d+)"


def challenge(challenge_id: int, op: str) -> str:
    """Accept, decline or cancel a challenge."""
    return f"gw:ch:{challenge_id}:{op}"


def lobby(match_id: int, op: str) -> str:
    """Open the deck choice, or get ready with the current choice."""
    return f"gw:lobby:{match_id}:{op}"


def deck(match_id: int, part: str) -> str:
    """A deck-choice select: faction, leader or deck."""
    return f"gw:deck:{match_id}:{part}"


def hand(match_id: int, n: int) -> str:
    """Show (or refresh) the clicking player's hand."""
    return f"gw:hand:{match_id}:{n}"


def card(match_id: int, n: int, page: int) -> str:
    """The select of cards to play, redraw or choose (values are card numbers)."""
    return f"gw:card:{match_id}:{n}:{page}"


def move(match_id: int, n: int, move_text: str) -> str:
    """A button that makes one move, e.g. "pass" or "play 12 ranged"."""
    return f"gw:move:{match_id}:{n}:{move_text}"


def pick(match_id: int, n: int, page: int) -> str:
    """A select whose values are whole moves, e.g. "play 22 on 9"."""
    return f"gw:pick:{match_id}:{n}:{page}"


def rematch(match_id: int) -> str:
    """Ask the other player for a rematch."""
    return f"gw:rematch:{match_id}"
