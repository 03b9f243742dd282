"""Ranks 30 to 1 and Pro Rank (Homecoming 6.5, one ladder per server).

A rank has 5 pieces: a win gains one, a loss loses one, and five make the next rank.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.i18n import Language

PRO = 0  # the rank number stored for Pro Rank
FIRST_RANK = 30
PIECES = 5
# From this win in a row on, each win gains an extra piece (not at ranks 7 to 1).
STREAK_BONUS_FROM = 3
NO_STREAK_BONUS_BELOW = 8
# Ranks 30-26 never drop; ranks 25-15 drop only after two losses in a row.
NEVER_DROPS_FROM = 26
SLOW_DROP_FROM, SLOW_DROP_TO = 25, 15
SLOW_DROP_LOSSES = 2
# At a season's end: ranks 25-21 go to 25, ranks 20-1 drop 4 ranks, Pro Rank goes to rank 5
# except for the server's PRO_KEPT best Pro Rank players by ladder score.
DEMOTED_TO, DEMOTE_FROM, DEMOTION = 25, 20, 4
PRO_DEMOTED_TO = 5
PRO_KEPT = 10

WIN, LOSS, DRAW = "win", "loss", "draw"


@dataclass(frozen=True)
class RankState:
    """A player's rank in one server and season, with the streaks its rules need."""

    rank: int = FIRST_RANK
    pieces: int = 0
    win_streak: int = 0
    loss_streak: int = 0

    @property
    def is_pro(self) -> bool:
        """True in Pro Rank."""
        return self.rank == PRO


def after(state: RankState, outcome: str) -> RankState:
    """The rank after a win, loss or draw."""
    if outcome == WIN:
        return after_win(state)
    if outcome == LOSS:
        return after_loss(state)
    if outcome == DRAW:
        return replace(state, win_streak=0, loss_streak=0)
    raise ValueError(f"unknown outcome {outcome!r}")


def after_win(state: RankState) -> RankState:
    """A piece (two from the third win in a row, above rank 8); five pieces rank up, and
    rank 1 leads to Pro Rank."""
    streak = state.win_streak + 1
    won = replace(state, win_streak=streak, loss_streak=0)
    if state.is_pro:
        return won
    bonus = streak >= STREAK_BONUS_FROM and state.rank >= NO_STREAK_BONUS_BELOW
    rank, pieces = state.rank, state.pieces + 1 + int(bonus)
    if pieces >= PIECES:
        rank, pieces = rank - 1, pieces - PIECES
    if rank == PRO:
        pieces = 0
    return replace(won, rank=rank, pieces=pieces)


def after_loss(state: RankState) -> RankState:
    """A piece lost; without pieces, a drop to the rank below with 4 pieces, unless a
    protection holds. Pro Rank never drops."""
    streak = state.loss_streak + 1
    lost = replace(state, win_streak=0, loss_streak=streak)
    if state.is_pro:
        return lost
    if state.pieces > 0:
        return replace(lost, pieces=state.pieces - 1)
    if state.rank >= NEVER_DROPS_FROM:
        return lost
    if SLOW_DROP_TO <= state.rank <= SLOW_DROP_FROM and streak < SLOW_DROP_LOSSES:
        return lost
    return replace(lost, rank=state.rank + 1, pieces=PIECES - 1)


def demoted(state: RankState, keeps_pro: bool = False) -> RankState:
    """The rank a player starts the next season with (Homecoming 6.5.4); streaks reset.

    Ranks 30-26 keep their pieces; every other rank starts with none.
    """
    rank = state.rank
    if rank >= NEVER_DROPS_FROM:
        return RankState(rank, state.pieces)
    if rank == PRO:
        return RankState(PRO if keeps_pro else PRO_DEMOTED_TO)
    if rank > DEMOTE_FROM:
        return RankState(DEMOTED_TO)
    return RankState(rank + DEMOTION)


def carried(state: RankState, seasons_later: int, keeps_pro: bool) -> RankState:
    """The rank after `seasons_later` season ends; only the first can keep Pro Rank (the
    player has no ladder score in a season they did not play)."""
    for number in range(seasons_later):
        state = demoted(state, keeps_pro and number == 0)
    return state


def rank_label(rank: int, lang: Language) -> str:
    """"Rank 12" or "Pro Rank", in a language."""
    return lang._("Pro Rank") if rank == PRO else lang._("Rank {number}", number=rank)
