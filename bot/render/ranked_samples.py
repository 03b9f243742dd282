"""Sample leaderboards and profiles, for looking, golden tests and benchmarks."""

from __future__ import annotations

from bot.ranking.match import Record
from bot.ranking.seasons import Season
from bot.ranking.views import (
    ABANDONED,
    LADDER,
    FactionLine,
    LeaderboardPage,
    MatchLine,
    MmrChange,
    Profile,
    Standing,
)

_NAMES = ("Geralt", "Yennefer of Vengerberg", "Ciri", "Dandelion the Bard, Viscount de Lettenhove",
          "Zoltan", "Triss", "Lambert", "\u00c9skel \U0001f43a", "Regis", "Milva")
_START = 1_735_689_600.0  # 2025-01-01 00:00 UTC


def leaderboard_ladder() -> LeaderboardPage:
    """Page 1 of a busy ladder: Pro Rank at the top, long names, the viewer on it."""
    rows = []
    for i, name in enumerate(_NAMES):
        rank = 0 if i < 2 else 3 + i * 3
        rows.append(Standing(i + 1, 100 + i, name, rank, (i * 2) % 5, 9410 - i * 687,
                             Record(120 - i * 9, 40 + i * 3, i % 3)))
    return LeaderboardPage(Season(2025, 1), LADDER, 0, 12, 113, tuple(rows), viewer_id=104)


def leaderboard_faction() -> LeaderboardPage:
    """A past season's Monsters board, last page with four players (the last provisional)."""
    rows = tuple(Standing(31 + i, 200 + i, name, 24 + i, i, 1390 - i * 121,
                          Record(3 + i, 5, 0) if i < 3 else Record(1, 2, 0))
                 for i, name in enumerate(_NAMES[:4]))
    return LeaderboardPage(Season(2024, 12), "monsters", 3, 4, 34, rows, viewer_id=None,
                           in_progress=False)


def _line(i: int) -> MatchLine:
    """Recent match i: wins, losses and draws, a practice match (4), a casual one (7) and
    one abandoned by both players (8)."""
    outcome = ("win", "loss", "draw", "win", "loss")[i % 5] if i != 8 else ABANDONED
    rounds = (((41, 37), (12, 55), (60, 58)), ((20, 30), (33, 41)),
              ((45, 45), (50, 50)), ((71, 19), (88, 102), (64, 3)),
              ((0, 0),))[i % 5] if i != 8 else ((41, 37),)
    practice = "hard" if i == 4 else None
    casual = i == 7
    rated = practice is None and not casual and outcome != ABANDONED
    delta = {"win": 31 - i, "loss": -28 + i, "draw": 2, ABANDONED: 0}[outcome]
    mine = MmrChange(1, "monsters", 1500, 1500 + delta, 12, 3, 12, 4, 20) if rated else None
    return MatchLine(1000 - i, 5000 + i, _START + 86400 * (20 - i), outcome,
                     "forfeit" if i == 1 else "timeout" if i == 8 else "play", 7 + i,
                     "Computer" if practice else _NAMES[(i + 2) % len(_NAMES)],
                     ("monsters", "skellige", "nilfgaard")[i % 3],
                     ("scoiatael", "northern_realms", "monsters", "skellige")[i % 4],
                     rounds, practice, rated, 0.5 if i == 6 else 1.0, mine, casual=casual)


def profile_full() -> Profile:
    """A seasoned player at rank 12 with all five factions and ten recent matches."""
    factions = (FactionLine("northern_realms", 1630, Record(20, 11, 1), 1.0),
                FactionLine("nilfgaard", 1412, Record(9, 8, 0), 0.68),
                FactionLine("monsters", 2400, Record(40, 9, 2), 1.0),
                FactionLine("scoiatael", 1200, Record(), 0.0),
                FactionLine("skellige", 1043, Record(2, 1, 0), 0.12))
    return Profile(1, "Yennefer of Vengerberg", Season(2025, 1), 12, 3, True, 4952, 4, 113,
                   factions, Record(71, 34, 3), Record(12, 2, 0), 161, 262, "monsters",
                   tuple(_line(i) for i in range(10)), casual=Record(5, 7, 1))


def profile_new() -> Profile:
    """A member who played only practice: rank 30 carried, no ladder yet."""
    factions = tuple(FactionLine(f, 1200, Record(), 0.0) for f in
                     ("northern_realms", "nilfgaard", "monsters", "scoiatael", "skellige"))
    line = _line(4)
    return Profile(2, "\u00c9skel", Season(2025, 2), 30, 0, False, 0, None, 0, factions,
                   Record(), Record(0, 1, 0), 0, 1, "skellige", (line,))


RANKED_SAMPLES = {
    "leaderboard_ladder": ("leaderboard", leaderboard_ladder),
    "leaderboard_faction": ("leaderboard", leaderboard_faction),
    "profile_full": ("profile", profile_full),
    "profile_new": ("profile", profile_new),
}
