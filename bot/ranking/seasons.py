"""Monthly seasons with the Homecoming names; each starts at 00:00 UTC on the 1st."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime

from bot.i18n import ENGLISH, N_, Language, Phrase, Said, language

# i18n: the names of Gwent: Homecoming's monthly ranked seasons, January to December.
NAMES = (N_("Season of the Wolf"), N_("Season of Love"), N_("Season of the Bear"),
         N_("Season of the Elf"), N_("Season of the Viper"), N_("Season of Magic"),
         N_("Season of the Griffin"), N_("Season of the Draconid"), N_("Season of the Dryad"),
         N_("Season of the Cat"), N_("Season of Mahakam"), N_("Season of the Wild Hunt"))
_NUMERIC = re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})")
_YEAR = re.compile(r"\b(\d{4})\b")


class UnknownSeason(ValueError):
    """Text that names no season; `phrase` says why, for the user (str() in English)."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(language(ENGLISH).say(phrase))
        self.phrase = phrase


@dataclass(frozen=True, order=True)
class Season(Said):
    """One calendar month of ranked play (UTC); as a placeholder value, its title."""

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
            raise UnknownSeason(Phrase("{number} is not a season.", number=season_id))
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
            raise UnknownSeason(Phrase("\u201c{text}\u201d is not a season: months go from 01 to "
                                       "12.", text=text.strip()))
        year_match = _YEAR.search(cleaned)
        words = _YEAR.sub(" ", cleaned).replace("season of", " ").replace("the ", " ").split()
        wanted = " ".join(words)
        months = [m for m, name in enumerate(NAMES, start=1)
                  if wanted and wanted == _key(name)]
        if not months:
            raise UnknownSeason(Phrase(
                "There is no season called \u201c{text}\u201d. Seasons are named after the "
                "month they run in, like \u201cSeason of the Wolf 2025\u201d (January) or "
                "2025-01.", text=text.strip()[:60]))
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

    def title(self, lang: Language) -> str:
        """The name with its year in a language, e.g. "Season of the Wolf 2025"."""
        # i18n: a ranked season's title: {name} is the season's name ("Season of the Wolf"),
        # {year} its year.
        return lang._("{name} {year}", name=lang._(self.name), year=self.year)

    def month_name(self, lang: Language) -> str:
        """The month the season runs in, with its year ("January 2025", "styczeń 2025")."""
        return lang.format_month(date(self.year, self.month, 1))

    def said_by(self, lang: Language) -> str:
        """The title, as a placeholder value."""
        return self.title(lang)

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
