"""One vocabulary for every text: the terms players meet, each explained once, and one
format each for scores, records and quoted names.

Images, messages and the README use these words and formats only, so a newcomer never
meets two words for one thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.units import format_unit

from bot.i18n import ENGLISH, N_, Language, language

ENGLISH_LANGUAGE = language(ENGLISH)
# Each language's quotation marks (CLDR's primary quotes; Babel does not carry them).
QUOTES = {"en": ("\u201c", "\u201d"), "pl": ("\u201e", "\u201d"), "ru": ("\u00ab", "\u00bb"),
          "de": ("\u201e", "\u201c"), "pt-BR": ("\u201c", "\u201d"),
          "es-ES": ("\u00ab", "\u00bb"), "fr": ("\u00ab\u202f", "\u202f\u00bb"),
          "zh-CN": ("\u201c", "\u201d")}


@dataclass(frozen=True)
class Term:
    """A word players meet, and its explanation in one or two sentences (English, marked for
    translation: shown with `lang._`)."""

    word: str
    meaning: str


TERMS = (
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("round"),
         N_("A match is played in up to three rounds; whoever wins two rounds wins the match.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("redraw"),
         N_("Before round 1 you may send back up to two cards of your hand, one at a time, and "
            "draw a replacement for each.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("pass"),
         N_("Passing ends your part in the round: you play no more cards until the next round, "
            "and the round ends once both players have passed.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("strength"),
         N_("The number on a unit card; a row's strengths add up to its score.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("score"),
         N_("The sum of the strengths on a player's rows; the higher score wins the round.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("leader"),
         N_("Each deck has a leader card whose ability is used once per match (or is always on).")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("hero"),
         N_("A unit that no special card, weather or ability can change or remove.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("ranked"),
         N_("A ranked match between two members moves their faction MMR, rank and ladder score.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("casual"),
         N_("A casual match is shown in stats and history but never changes ratings, ranks or the"
            " ladder.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("practice"),
         N_("A match against the computer: always unranked.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("MMR"),
         N_("Your rating with one faction this season: 1200 at the start, more for wins against "
            "stronger players.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("provisional"),
         N_("A faction's MMR is provisional for its first 5 ranked games of the season, while the"
            " bot is still learning how strong you are with it.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("rank"),
         N_("Your standing from rank 30 up to rank 1, then Pro Rank, earned with pieces.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("pieces"),
         N_("A ranked win gains a piece, a loss may cost one; five pieces make the next rank.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("ladder score"),
         N_("The ladder's order: the sum of your four best faction MMRs, each counted in full "
            "only after 25 games with that faction this season.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("turn timer"),
         N_("The time each player has for a turn; running out passes the round (or keeps the hand"
            " during redraws), and a second timeout in a row loses the match.")),
    # i18n: a glossary term, explained in the next message: use this one word for it
    # wherever the bot says it
    Term(N_("abandoned"),
         N_("A match ends as abandoned when the turn timer runs out three times in a row with no "
            "move from either player: nobody wins, and it is not rated.")),
)

GLOSSARY = {term.word: term for term in TERMS}

# Words the bot's texts no longer use, with the word that replaced each.
RETIRED = {"mulligan": "redraw"}


def score(a: int, b: int, lang: Language = ENGLISH_LANGUAGE) -> str:
    """Two scores, as "12\u20139" (an en dash, no spaces), in the language's digits."""
    return f"{lang.number(a)}\u2013{lang.number(b)}"


def record(wins: int, losses: int, draws: int, lang: Language = ENGLISH_LANGUAGE) -> str:
    """A win-loss-draw record, as "3W 1L 0D"."""
    # i18n: a win-loss-draw record; keep it short (W: wins, L: losses, D: draws).
    return lang._("{wins}W {losses}L {draws}D", wins=lang.number(wins),
                  losses=lang.number(losses), draws=lang.number(draws))


def duration(seconds: int, lang: Language = ENGLISH_LANGUAGE) -> str:
    """A length of time in words, as "10 minutes", "1 hour" or "1 min 30 s"."""
    minutes, rest = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    whole = [(amount, unit) for amount, unit in ((hours, "duration-hour"),
                                                  (minutes, "duration-minute"),
                                                  (rest, "duration-second")) if amount]
    if len(whole) <= 1:
        amount, unit = whole[0] if whole else (0, "duration-second")
        said = format_unit(amount, unit, length="long", locale=lang.locale)
        # CLDR has no long form of some units in some languages (Chinese): Babel then
        # writes the unit's id.
        return (format_unit(amount, unit, length="short", locale=lang.locale)
                if unit in said else said)
    return lang.duration(seconds)


def quoted(text: str, lang: Language = ENGLISH_LANGUAGE) -> str:
    """A name or text quoted in a sentence, as “text”, in the language's quotation marks."""
    start, end = QUOTES.get(lang.tag, QUOTES[ENGLISH])
    return f"{start}{text}{end}"
