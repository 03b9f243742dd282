"""Faction MMR: openskill's Plackett-Luce ratings, shown on Homecoming's 0-2400 scale.

A rating is openskill's (mu, sigma): mu is the estimated skill, sigma the uncertainty.
The MMR people see is 48 x mu, rounded and kept between 0 and 2400 (outside Pro Rank):
a new rating (mu 25) shows 1200, and 2400 is mu 50, six "skill classes" (beta) above it.

A new rating starts with sigma 5 (240 MMR) rather than openskill's 25/3 (400 MMR): a first
win or loss between new players moves 65 MMR instead of 126, and a server's ratings are
closer to the players' skill after 10 and 25 games (`python -m tests.bench_rating_prior`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

MMR_PER_MU = 48
MMR_CAP = 2400
# Each faction's MMR weighs in gradually: 0% before its first game of the season, 100%
# after RAMP_GAMES games, linearly in between.
RAMP_GAMES = 25
BEST_FACTIONS = 4
# Anti-abuse: the n-th counted match between the same two players within PAIR_WINDOW
# seconds moves ratings with weight 1/2**(n-1); rank pieces move only for the first
# PAIR_PIECE_MATCHES of them.
PAIR_WINDOW = 24 * 60 * 60
PAIR_PIECE_MATCHES = 2

# The uncertainty of a new rating (openskill's default is 25/3).
NEW_SIGMA = 5.0
# A faction's rating is provisional until this many rated games in the season.
PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce(sigma=NEW_SIGMA)


@dataclass(frozen=True)
class Skill:
    """One openskill rating."""

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma


def rate(a: Skill, b: Skill, score: float, weight: float = 1.0) -> tuple[Skill, Skill]:
    """New ratings after a match: score is 1 when a won, 0 when b won, 0.5 for a draw.

    A weight below 1 moves each rating only that fraction of the way to openskill's update.
    """
    ranks = [0.0, 0.0] if score == 0.5 else ([0.0, 1.0] if score == 1 else [1.0, 0.0])
    [[new_a], [new_b]] = _MODEL.rate([[_MODEL.rating(a.mu, a.sigma)],
                                      [_MODEL.rating(b.mu, b.sigma)]], ranks=ranks)
    return _toward(a, new_a.mu, new_a.sigma, weight), _toward(b, new_b.mu, new_b.sigma, weight)


def first_game_step() -> int:
    """How much MMR a first win between two new ratings gains (a first loss loses as much)."""
    return mmr(rate(Skill(), Skill(), 1.0)[0]) - mmr(Skill())


def _toward(old: Skill, mu: float, sigma: float, weight: float) -> Skill:
    if weight >= 1:
        return Skill(mu, sigma)
    return Skill(old.mu + (mu - old.mu) * weight, old.sigma + (sigma - old.sigma) * weight)


def mmr(skill: Skill, pro: bool = False) -> int:
    """The MMR shown for a rating: capped at 2400 unless the player is in Pro Rank."""
    shown = max(0, round(skill.mu * MMR_PER_MU))
    return shown if pro else min(shown, MMR_CAP)


def is_provisional(games: int) -> bool:
    """True while a faction rating has fewer than PROVISIONAL_GAMES games this season."""
    return games < PROVISIONAL_GAMES


def ramp(games: int) -> float:
    """How much of a faction's MMR counts towards the ladder after this many games."""
    return min(games, RAMP_GAMES) / RAMP_GAMES


def ladder_score(factions: Iterable[tuple[int, int]]) -> int:
    """The ladder score from (MMR, games) per faction: the sum of the 4 largest ramped MMRs."""
    parts = sorted((value * ramp(games) for value, games in factions), reverse=True)
    return round(sum(parts[:BEST_FACTIONS]))


def pair_weight(earlier_in_window: int) -> float:
    """The weight of a match after this many counted matches of the same pair in 24 h."""
    return 0.5 ** earlier_in_window


def pair_moves_pieces(earlier_in_window: int) -> bool:
    """Whether rank pieces move for a match after this many of the same pair in 24 h."""
    return earlier_in_window < PAIR_PIECE_MATCHES
