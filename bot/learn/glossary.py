"""One vocabulary for every text: the terms players meet, each explained once, and one
format each for scores, records and quoted names.

Images, messages and the README use these words and formats only, so a newcomer never
meets two words for one thing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """A word players meet, and its explanation in one or two sentences."""

    word: str
    meaning: str


TERMS = (
    Term("round", "A match is played in up to three rounds; whoever wins two rounds wins "
                  "the match."),
    Term("redraw", "Before round 1 you may send back up to two cards of your hand, one at a "
                   "time, and draw a replacement for each."),
    Term("pass", "Passing ends your part in the round: you play no more cards until the next "
                 "round, and the round ends once both players have passed."),
    Term("strength", "The number on a unit card; a row's strengths add up to its score."),
    Term("score", "The sum of the strengths on a player's rows; the higher score wins the "
                  "round."),
    Term("leader", "Each deck has a leader card whose ability is used once per match (or is "
                   "always on)."),
    Term("hero", "A unit that no special card, weather or ability can change or remove."),
    Term("ranked", "A ranked match between two members moves their faction MMR, rank and "
                   "ladder score."),
    Term("casual", "A casual match is shown in stats and history but never changes "
                   "ratings, ranks or the ladder."),
    Term("practice", "A match against the computer: always unranked."),
    Term("MMR", "Your rating with one faction this season: 1200 at the start, more for "
                "wins against stronger players."),
    Term("provisional", "A faction's MMR is provisional for its first 5 ranked games of the "
                        "season, while the bot is still learning how strong you are with it."),
    Term("rank", "Your standing from rank 30 up to rank 1, then Pro Rank, earned with pieces."),
    Term("pieces", "A ranked win gains a piece, a loss may cost one; five pieces make the "
                   "next rank."),
    Term("ladder score", "The ladder's order: the sum of your four best faction MMRs, each "
                         "counted in full only after 25 games with that faction this season."),
    Term("turn timer", "The time each player has for a turn; running out passes the round "
                       "(or keeps the hand during redraws), and a second timeout in a row "
                       "loses the match."),
    Term("abandoned", "A match ends as abandoned when the turn timer runs out three times in "
                      "a row with no move from either player: nobody wins, and it is not "
                      "rated."),
)

GLOSSARY = {term.word: term for term in TERMS}

# Words the bot's texts no longer use, with the word that replaced each.
RETIRED = {"mulligan": "redraw"}


def score(a: int, b: int) -> str:
    """Two scores, as "12\u20139" (an en dash, no spaces)."""
    return f"{a}\u2013{b}"


def record(wins: int, losses: int, draws: int) -> str:
    """A win-loss-draw record, as "3W 1L 0D"."""
    return f"{wins}W {losses}L {draws}D"


def duration(seconds: int) -> str:
    """A length of time in words, as "10 minutes", "1 hour" or "1 min 30 s"."""
    minutes, rest = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    if not minutes and not hours:
        return _plural(rest, "second")
    if not rest and not minutes:
        return _plural(hours, "hour")
    if not rest and not hours:
        return _plural(minutes, "minute")
    parts = [f"{hours} h"] if hours else []
    parts += [f"{minutes} min"] if minutes else []
    parts += [f"{rest} s"] if rest else []
    return " ".join(parts)


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}" if count == 1 else f"{count} {unit}s"


def quoted(text: str) -> str:
    """A name or text quoted in a sentence, as “text”."""
    return f"\u201c{text}\u201d"
