"""Building the templates (.pot) from the code and the card data, and bringing every
language's catalogue (.po) up to date with them, keeping what was translated.

Messages come from calls with literal text in `bot/` (`_`, `ngettext`, `pgettext`,
`npgettext`, `N_`, `Nn_`, found by Babel's extractor), from the card data (card texts, faction
perks, ability texts), from the engine (the match log's templates, registered in
engine.events, and the rows' names), and from sources the caller adds (the slash commands'
texts, which bot.discord.core.translator collects from the command tree).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

from bot.i18n.catalogues import (
    MESSAGES,
    NAMES,
    catalogue_path,
    read_catalogue,
    template_path,
    translated_languages,
)
from bot.i18n.events import MATCH_LOG
from bot.i18n.languages import ENGLISH
from bot.i18n.names import ROW_CONTEXT, faction_name, name_entries
from bot.i18n.placeholders import fields
from engine import catalogue, starter_decks
from engine.cards import ROW_TITLES
from engine.decks import PLURALS as DECK_PLURALS
from engine.decks import RULES as DECK_RULES
from engine.events import CARD, CARDS, LINE, LINES, NAME, NUMBER, ROW, SIGNED, TEMPLATES, kind
from engine.sharecode import MESSAGES as SHARE_CODE_MESSAGES

BOT_DIR = Path(__file__).resolve().parents[1]
PROJECT = "gwent-for-discord"
# Marked messages: gettext's usual calls, and a refusal's or a phrase's first argument.
KEYWORDS = {**DEFAULT_KEYWORDS, "Nn_": (1, 2), **dict.fromkeys(
    ("Phrase", "Refusal", "NotFound", "NotAParticipant", "OutOfDate", "IllegalMove", "Busy",
     "InvalidSetting", "NotReplayable"), (1,))}
# A comment starting with this, just above a marked message, is shown to translators.
COMMENT_TAG = "i18n:"
MessageId = str | tuple[str, str]
# Fixed, so that extracting when nothing changed changes no file.
STABLE_DATE = datetime(2026, 11, 25, tzinfo=UTC)
# What translators are told a match log placeholder holds, by its kind (engine.events).
HOLDS = {NAME: "a player's name", CARD: "a card's name", CARDS: "cards' names, listed",
         ROW: "a row's name as a sentence holds it (context \"row in a sentence\")",
         NUMBER: "a number", SIGNED: "a change with its sign, like +4",
         LINE: "a line of the log without its full stop", LINES: "lines of the log, listed"}


def _catalog(language: str | None) -> Catalog:
    locale = Locale.parse(language, sep="-") if language else None
    what = f"{locale.english_name} translations" if locale else "Messages"
    return Catalog(locale=locale, project=PROJECT, version="1", fuzzy=False,
                   msgid_bugs_address="", copyright_holder="the Gwent for Discord authors",
                   creation_date=STABLE_DATE, revision_date=STABLE_DATE,
                   last_translator="", language_team="",
                   header_comment=f"# {what} of Gwent for Discord.\n"
                                  "# Translate the msgstr lines; see docs/translating.md.")


@dataclass(frozen=True)
class Message:
    """One message to translate: its text (a (singular, plural) pair for plurals), its
    context (None for none), and notes for translators."""

    id: MessageId
    context: str | None = None
    notes: tuple[str, ...] = ()
    location: tuple[str, int] | None = None


def code_messages(root: Path = BOT_DIR) -> list[Message]:
    """The messages marked in the Python files under `root`."""
    found = []
    for filename, line, text, comments, context in extract_from_dir(
            root, method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=(COMMENT_TAG,), strip_comment_tags=True):
        message_id: MessageId = (text[0], text[1]) if isinstance(text, tuple) else text
        location = (f"bot/{Path(filename).as_posix()}", line)
        found.append(Message(message_id, context, tuple(comments), location))
    return found


def data_messages() -> list[Message]:
    """The card data's sentences: each faction's perk, each ability's text, each card's
    text."""
    data = catalogue()
    found = [Message(f.perk, notes=(f"perk of the faction {f.name}",))
             for f in data.factions.values()]
    found += [Message(a.text, notes=(f"what the ability {a.name} does",))
              for a in data.abilities.values()]
    found += [Message(c.text, notes=(f"text of the card {c.name}",))
              for c in data.cards.values() if c.text]
    found += [Message(d.name, notes=(f"name of the {faction_name(f, ENGLISH)} starter deck",))
              for f, d in starter_decks().items() if d.name]
    return found


def engine_messages() -> list[Message]:
    """The engine's texts: the match log's templates (context "match log"; a plural where
    `{count}` chooses the form), each with what its placeholders hold, the rows' names
    (context "row"), and why a share code cannot be read."""
    found = []
    for template in TEMPLATES.values():
        text = template.text
        names = sorted(fields(text), key=lambda name: text.index(f"{{{name}}}"))
        holds = "; ".join(f"{{{name}}}: {HOLDS.get(kind(name), 'text')}" for name in names)
        notes = tuple(note for note in ("a line of the match log", holds, template.note)
                      if note)
        message_id: MessageId = (text if template.plural is None
                                 else (text, template.plural))
        found.append(Message(message_id, MATCH_LOG, notes))
    found += [Message(title, ROW_CONTEXT, ("a row of the board",)) for title in ROW_TITLES]
    found += [Message(text, None, ("why a deck share code cannot be read",))
              for text in SHARE_CODE_MESSAGES]
    found += [Message((text, DECK_PLURALS[text]) if text in DECK_PLURALS else text, None,
                      ("a rule a deck breaks, in a list separated by semicolons (starts "
                       "lowercase); {card}: a card's name; {faction}, {deck_faction}: "
                       "factions' names; {id}: an unknown name as typed",))
              for text in DECK_RULES]
    return found


def name_messages() -> list[Message]:
    """The names of cards, leaders, factions and abilities, one per context."""
    return [Message(e.english, e.context, (e.note,)) for e in name_entries()]


def template(messages: Iterable[Message]) -> Catalog:
    """A template holding these messages once each, in order, with their notes."""
    pot = _catalog(None)
    for message in messages:
        locations = [message.location] if message.location else []
        pot.add(message.id, context=message.context, locations=locations,
                auto_comments=message.notes)
    return pot


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, no_location=False, omit_header=False,
                 sort_output=False, ignore_obsolete=True, include_lineno=False)


def update(domain: str, pot: Catalog) -> None:
    """Write a domain's template and bring each language's catalogue up to date: new
    messages are added untranslated (no guesses from similar ones), removed ones dropped,
    translations kept."""
    _write(pot, template_path(domain))
    for language in translated_languages():
        path = catalogue_path(language, domain)
        po = read_catalogue(path) if path.is_file() else _catalog(language)
        po.update(pot, no_fuzzy_matching=True)
        _write(po, path)


def extract_all(extra: Iterable[Message] = ()) -> dict[str, Catalog]:
    """The templates of both domains: the bot's texts (code, card data and `extra`), and
    the names."""
    return {MESSAGES: template([*code_messages(), *data_messages(), *engine_messages(),
                               *extra]),
            NAMES: template(name_messages())}
