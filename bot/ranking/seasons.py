"""Monthly seasons with the Homecoming names; each starts at 00:00 UTC on the 1st."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.learn.glossary import quoted

NAMES = ("Season of the Wolf", "Season of Love", "Season of the Bear", "Season of the Elf",
         "Season of the Viper", "Season of Magic", "Season of the Griffin",
         "Season of the Draconid", "Season of the Dryad", "Season of the Cat",
         "Season of Mahakam", "Season of the Wild Hunt")
_NUMERIC = re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})")
_YEAR = re.compile(r"\b(\d{4})\b")


class UnknownSeason(ValueError):
    """Text that names no season; str() is a sentence for the user."""


@dataclass(frozen=True, order=True)
class Season:
    """One calendar month of ranked play (UTC)."""

    year: int
    month: int

    @classmethod
    def of(cls, timestamp: float) -> Season:
        """The season a Unix time falls in."""
        moment = datetime.fromtimestamp(timestamp, UTC)
        return cls(moment.year, moment.month)

    @classmethod
    def from_id(cls, season_id: int) -> Season:
        """The season stored as YYYYMM."""
        year, month = divmod(season_id, 100)
        if not 1 <= month <= 12:
            raise UnknownSeason(f"{season_id} is not a season.")
        return cls(year, month)

    @classmethod
    def parse(cls, text: str, today: Season) -> Season:
        """Read "Season of the Wolf 2025", "wolf 2025", "2025-01" or "current".

        A name without a year means its most recent start up to `today`.
        """
        cleaned = " ".join(text.replace("\u2019", "'").split()).casefold()
        if cleaned in ("", "current", "now", "this season"):
            return today
        numeric = _NUMERIC.fullmatch(cleaned)
        if numeric:
            year, month = int(numeric.group(1)), int(numeric.group(2))
            if 1 <= month <= 12:
                return cls(year, month)
            raise UnknownSeason(f"{quoted(text.strip())} is not a season: months go from 01 to 12.")
        year_match = _YEAR.search(cleaned)
        words = _YEAR.sub(" ", cleaned).replace("season of", " ").replace("the ", " ").split()
        wanted = " ".join(words)
        months = [m for m, name in enumerate(NAMES, start=1)
                  if wanted and wanted == _key(name)]
        if not months:
            raise UnknownSeason(
                f"There is no season called {quoted(text.strip()[:60])}. Seasons are named after "
                "the month they run in, like \u201cSeason of the Wolf 2025\u201d (January) or "
                "2025-01.")
        month = months[0]
        if year_match:
            return cls(int(year_match.group(1)), month)
        year = today.year if month <= today.month else today.year - 1
        return cls(year, month)

    @property
    def id(self) -> int:
        """How the season is stored: YYYYMM."""
        return self.year * 100 + self.month

    @property
    def name(self) -> str:
        """The Homecoming name, e.g. "Season of the Wolf"."""
        return NAMES[self.month - 1]

    @property
    def title(self) -> str:
        """The name with its year, e.g. "Season of the Wolf 2025"."""
        return f"{self.name} {self.year}"

    @property
    def start(self) -> float:
        """When the season starts, as Unix time (00:00 UTC on the 1st)."""
        return datetime(self.year, self.month, 1, tzinfo=UTC).timestamp()

    @property
    def end(self) -> float:
        """When the next season starts."""
        return self.next().start

    def next(self) -> Season:
        """The following season."""
        return Season(self.year + 1, 1) if self.month == 12 else Season(self.year, self.month + 1)

    def previous(self) -> Season:
        """The season before."""
        return Season(self.year - 1, 12) if self.month == 1 else Season(self.year, self.month - 1)

    def seasons_until(self, later: Season) -> int:
        """How many season ends lie between this season and a later one."""
        return (later.year - self.year) * 12 + later.month - self.month


def _key(name: str) -> str:
    return " ".join(name.casefold().replace("season of", " ").replace("the ", " ").split())
