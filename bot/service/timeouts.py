"""What a turn timer's expiry does: decided here for the timer, and told in its warning.

Deck choice, the Scoia'tael choice of who goes first and the redraws are not turns: when
their time runs out the current deck choice is used, the first player listed goes first, or
the hand is kept, and nothing counts against anyone; but in a tournament's match, the one
player not ready when deck choice runs out forfeits. In the rounds a timeout passes the
round (a pending choice takes its first option instead). A player's second timeout in a row
forfeits the match; but when the timer runs out a third time in a row with no move from
either player in between, both have gone: the match ends as abandoned, with no winner, and
it is not rated.
"""

from __future__ import annotations

from bot.storage.records import MatchRecord
from engine.observation import CHOOSE_FIRST, MULLIGAN

# What the next expiry does for a player.
USE_DECK, GO_FIRST, KEEP_HAND, TAKE_OPTION, PASS_ROUND, FORFEIT_MATCH, ABANDON_MATCH = (
    "use deck", "go first", "keep hand", "take option", "pass round", "forfeit match",
    "abandon match")
NO_SHOW = "no show"  # the one player not ready in a tournament's lobby forfeits
# A player's timeouts in a row (in the rounds) that forfeit the match.
TIMEOUTS_TO_FORFEIT = 2
# Timeouts in a row (in the rounds) with no move from either player that abandon it.
TIMEOUTS_TO_ABANDON = 3


def counts(phase: str | None) -> bool:
    """Whether a timeout in this engine phase (None: deck choice) counts towards a forfeit
    or an abandonment: only turns in the rounds do."""
    return phase not in (None, CHOOSE_FIRST, MULLIGAN)


def next_timeout(match: MatchRecord, phase: str | None, pending: bool, seat: int) -> str:
    """What the next expiry of the seat's turn timer does, given the engine phase (None in
    deck choice) and whether the seat has a pending choice to make."""
    if phase is None:
        alone = all(s.ready for s in match.seats if s.seat != seat)
        return NO_SHOW if match.no_show_forfeits and alone else USE_DECK
    if phase == CHOOSE_FIRST:
        return GO_FIRST
    if phase == MULLIGAN:
        return KEEP_HAND
    if match.timeouts_in_a_row + 1 >= TIMEOUTS_TO_ABANDON:
        return ABANDON_MATCH
    if match.seats[seat].timeouts + 1 >= TIMEOUTS_TO_FORFEIT:
        return FORFEIT_MATCH
    return TAKE_OPTION if pending else PASS_ROUND
