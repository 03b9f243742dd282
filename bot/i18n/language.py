"""One language's way of saying things: translated messages with named placeholders and
plurals, and numbers, dates, durations and lists as that language writes them (Babel's CLDR
data)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from functools import cache, lru_cache
from typing import Any

from babel import Locale
from babel.dates import format_date, format_datetime, format_skeleton, format_timedelta
from babel.lists import format_list
from babel.numbers import (
    format_decimal,
    format_percent,
    get_minus_sign_symbol,
    get_plus_sign_symbol,
)
from babel.support import Translations
from babel.units import format_unit

from bot.i18n.catalogues import MESSAGES, translations
from bot.i18n.languages import resolve
from bot.i18n.placeholders import fill

log = logging.getLogger(__name__)
Seconds = float | timedelta


def _timedelta(value: Seconds) -> timedelta:
    return value if isinstance(value, timedelta) else timedelta(seconds=value)


class Said:
    """A placeholder value written differently in each language: a card's name, or a
    message not yet put in a language (Phrase)."""

    __slots__ = ()

    def said_by(self, lang: Language) -> str:
        """The value written in a language."""
        raise NotImplementedError


class Phrase(Said):
    """A message and its placeholder values, to be put in a language later, by whoever
    knows the reader: `Phrase("No match with id {id}.", id=7)`, then `lang.say(phrase)`.
    The message is marked for extraction where the Phrase is made."""

    __slots__ = ("message", "values")

    def __init__(self, message: str, /, **values: Any) -> None:
        self.message = message
        self.values = values

    def __repr__(self) -> str:
        return f"Phrase({self.message!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Phrase) and other.message == self.message
                and other.values == self.values)

    def __hash__(self) -> int:
        return hash(self.message)

    def said_by(self, lang: Language) -> str:
        """The message in a language."""
        return lang.say(self)


class Language:
    """Say things in one language. Messages are the English text, marked for extraction by
    calling these methods with a literal: `lang._("Your turn, {name}.", name=...)`,
    `lang.ngettext("{count} card left", "{count} cards left", n)`,
    `lang.pgettext("button", "Pass")`. English is the source, so English returns the
    message as written. `count` is filled in as a number written the language's way."""

    def __init__(self, tag: str, messages: Translations | None) -> None:
        self.tag = tag
        self.locale = Locale.parse(tag, sep="-")
        self._translations = messages

    def __repr__(self) -> str:
        return f"Language({self.tag!r})"

    def _fill(self, translated: str, source: str, values: dict[str, Any]) -> str:
        values = {key: value.said_by(self) if isinstance(value, Said) else value
                  for key, value in values.items()}
        try:
            return fill(translated, values)
        except (KeyError, IndexError, ValueError, AttributeError):
            # A broken translation must not lose the message: say it in English.
            log.warning("message %r in %s does not format; using English", source, self.tag)
            return fill(source, values)

    def _(self, message: str, /, **values: Any) -> str:
        """The message in this language, its `{placeholders}` filled in."""
        found = self._translations.gettext(message) if self._translations else message
        return self._fill(found, message, values)

    def say(self, phrase: Phrase) -> str:
        """A Phrase in this language."""
        return self._(phrase.message, **phrase.values)

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        """Like `_`, for a message whose context tells it apart or sets its length limit
        ("button", "select option", ...: see bot.i18n.limits)."""
        found = (str(self._translations.pgettext(context, message)) if self._translations
                 else message)
        return self._fill(found, message, values)

    def ngettext(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form of the message for `count` (Polish and Russian have three), with
        `{count}` written as a number of this language."""
        if self._translations:
            found = self._translations.ngettext(singular, plural, count)
        else:
            found = singular if count == 1 else plural
        source = singular if count == 1 else plural
        return self._fill(found, source, {"count": self.number(count), **values})

    def npgettext(self, context: str, singular: str, plural: str, count: int, /,
                  **values: Any) -> str:
        """`ngettext` for a message with a context."""
        if self._translations:
            found = self._translations.npgettext(context, singular, plural, count)
        else:
            found = singular if count == 1 else plural
        source = singular if count == 1 else plural
        return self._fill(found, source, {"count": self.number(count), **values})

    def number(self, value: float, grouping: bool = True) -> str:
        """A number with this language's digit grouping (unless `grouping` is False) and
        decimal sign."""
        return _decimal(self.tag, value, grouping)

    def signed(self, value: int) -> str:
        """A change of a whole number, always with its sign ("+2", "-3"; "+0"), written
        without digit grouping."""
        sign = (get_plus_sign_symbol if value >= 0 else get_minus_sign_symbol)(self.locale)
        return sign + self.number(abs(value), grouping=False)

    def percent(self, fraction: float, digits: int = 0) -> str:
        """A fraction (0.5) as a percentage ("50 %" in German)."""
        pattern = self.locale.percent_formats[None].pattern
        if digits:
            head, tail = pattern.rsplit("0", 1)
            pattern = f"{head}0.{'0' * digits}{tail}"
        return format_percent(fraction, pattern, locale=self.locale)

    def format_date(self, value: date, length: str = "medium") -> str:
        """A date ("25 lis 2026" in Polish); length is short, medium, long or full."""
        return format_date(value, length, locale=self.locale)

    def format_datetime(self, value: datetime, length: str = "medium") -> str:
        """A date and time; length is short, medium, long or full."""
        return format_datetime(value, length, locale=self.locale)

    def format_month(self, value: date) -> str:
        """A month and year, as a season is named ("listopad 2026", "2026年11月")."""
        return format_skeleton("yMMMM", value, locale=self.locale)

    def relative(self, delta: Seconds) -> str:
        """How far in the future (positive) or past (negative): "in 2 minutes",
        "5 часов назад"."""
        return format_timedelta(_timedelta(delta), add_direction=True, locale=self.locale)

    def duration(self, value: Seconds) -> str:
        """A length of time in hours, minutes and seconds, short ("1 min 30 s")."""
        total = round(abs(_timedelta(value).total_seconds()))
        hours, rest = divmod(total, 3600)
        minutes, seconds = divmod(rest, 60)
        parts = [format_unit(amount, unit, length="short", locale=self.locale)
                 for amount, unit in ((hours, "duration-hour"), (minutes, "duration-minute"),
                                      (seconds, "duration-second"))
                 if amount]
        if not parts:
            return format_unit(0, "duration-second", length="short", locale=self.locale)
        return format_list(parts, style="unit-narrow", locale=self.locale)

    def join(self, items: Iterable[str]) -> str:
        """A list in a sentence: "A, B and C", "A, B i C", "A、B和C"."""
        return format_list(list(items), locale=self.locale)


@lru_cache(maxsize=16384, typed=True)
def _decimal(tag: str, value: float, grouping: bool) -> str:
    return format_decimal(value, locale=_language(tag).locale, group_separator=grouping)


@lru_cache(maxsize=128)
def language(locale: str | None) -> Language:
    """The Language for a Discord locale or language tag (resolved: pt-PT is pt-BR,
    unknown is English). Made once per tag."""
    return _language(resolve(locale))


@cache
def _language(tag: str) -> Language:
    return Language(tag, translations(tag, MESSAGES))


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined and translate it later:
    `PASS = N_("Pass")`, then `lang._(PASS)`."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message for extraction where it is defined and translate it later:
    `LEFT = Nn_("{count} card left", "{count} cards left")`, then
    `lang.ngettext(*LEFT, n)`."""
    return singular, plural
