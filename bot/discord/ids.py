"""custom_id formats: how each component names its match, action number and move.

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
RULES = r"gw:rules"
RULES_PAGE = r"gw:rules:(?P<topic>[a-z]+):(?P<page>\d+):(?P<op>prev|next|share)"
HAND_RULES = r"gw:hrules:(?P<match>\d+)"
LEADERBOARD = (r"gw:lb:(?P<season>\d+):(?P<board>[a-z_]+):(?P<page>\d+):"
               r"(?P<op>prev|next|me|share|board|season)")
STATS = r"gw:stats:(?P<user>\d+)"
HISTORY = r"gw:hist:(?P<user>\d+):(?P<page>\d+):(?P<op>newer|older|share)"


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


def rules() -> str:
    """The rules browser's topic select."""
    return "gw:rules"


def rules_page(topic: str, page: int, op: str) -> str:
    """Previous, Next or Share on a page of the rules browser."""
    return f"gw:rules:{topic}:{page}:{op}"


def hand_rules(match_id: int) -> str:
    """Rules on a hand: every ability in that hand and on the board, explained."""
    return f"gw:hrules:{match_id}"


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


# Deck builder components carry the whole deck being built (as a share code), the saved
# deck's id (0 for a new deck) and the category shown, so the builder needs no stored state
# and old builder messages keep working after a restart. A full code is at most 32
# characters, so these stay well within 100.
BUILD = (r"gw:build:(?P<deck>\d+):(?P<cat>[a-z]+):(?P<code>GW[0-9A-Z]+):"
         r"(?P<op>cat|add|remove|leader|save|saveas|share|paste|close|discard)")
BUILD_FORM = (r"gw:bform:(?P<op>save|saveas|paste):(?P<deck>\d+):(?P<cat>[a-z]+):"
              r"(?P<code>GW[0-9A-Z]+)")
DECK_DELETE = r"gw:deckdel:(?P<deck>\d+):(?P<op>yes|no)"


def build(deck_id: int, category: str, code: str, op: str) -> str:
    """A deck builder component: change the category, add, remove, leader, or a button."""
    return f"gw:build:{deck_id}:{category}:{code}:{op}"


def build_form(op: str, deck_id: int, category: str, code: str) -> str:
    """A deck builder modal: the name to save under, or a pasted list."""
    return f"gw:bform:{op}:{deck_id}:{category}:{code}"


def deck_delete(deck_id: int, op: str) -> str:
    """Confirm or cancel deleting a saved deck."""
    return f"gw:deckdel:{deck_id}:{op}"


def leaderboard(season: int, board: str, page: int, op: str) -> str:
    """A leaderboard component: a page button, Me, Share, or the board or season select."""
    return f"gw:lb:{season}:{board}:{page}:{op}"


def stats(user_id: int) -> str:
    """Share a member's profile card."""
    return f"gw:stats:{user_id}"


def history(user_id: int, page: int, op: str) -> str:
    """Newer or older matches of a member's history, or Share."""
    return f"gw:hist:{user_id}:{page}:{op}"
