"""What makes a catalogue wrong, as lists of sentences (empty when all is well): a key
missing from a language or one it has too many, a placeholder that differs from English, the
wrong number of plural forms, a text over its Discord limit, a slash-command name Discord
would refuse, and a marked message that is not a literal (so extraction cannot see it).
The tests and `python -m bot.tools check-messages` run them on every catalogue."""

from __future__ import annotations

import ast
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry
from babel.messages.plurals import get_plural

from bot.i18n.catalogues import (
    DOMAINS,
    catalogue_path,
    read_catalogue,
    template_path,
    translated_languages,
)
from bot.i18n.limits import NAME_CONTEXTS, limit_of, name_problem
from bot.i18n.placeholders import PlaceholderError, fields

# Joins emoji into one (a family, a flag): part of the text, not a stray mark.
ZERO_WIDTH_JOINER = "\u200d"

Key = tuple[str | None, str]
# Calls that mark messages, and which of their arguments are message texts.
MARKERS = {"_": (0,), "N_": (0,), "Nn_": (0, 1), "gettext": (0,), "ngettext": (0, 1),
           "pgettext": (0, 1), "npgettext": (0, 1, 2)}


def _entries(catalog: Catalog) -> Iterator[Entry]:
    return (entry for entry in catalog if entry.id)


def key(entry: Entry) -> Key:
    """What identifies a message: its context and its (singular) text."""
    text = entry.id[0] if isinstance(entry.id, tuple | list) else entry.id
    return (entry.context, text)


def _label(entry: Entry) -> str:
    context, text = key(entry)
    return f"{text!r}" + (f" ({context})" if context else "")


def _forms(entry: Entry) -> list[str]:
    strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
    return [s for s in strings if s]


def _sources(entry: Entry) -> list[str]:
    return list(entry.id) if isinstance(entry.id, tuple | list) else [entry.id]


def sync_problems(template: Catalog, catalog: Catalog, where: str) -> list[str]:
    """Keys of the template the catalogue lacks, and keys it has that the template does
    not."""
    wanted = {key(e) for e in _entries(template)}
    present = {key(e) for e in _entries(catalog)}
    return ([f"{where}: lacks {text!r} ({context})" for context, text in wanted - present]
            + [f"{where}: has {text!r} ({context}), which is not in the template"
               for context, text in present - wanted])


def plural_problems(catalog: Catalog, language: str, where: str) -> list[str]:
    """The header's number of plural forms against CLDR's for the language, and plural
    messages with another number of forms."""
    expected = get_plural(Locale.parse(language, sep="-")).num_plurals
    problems = []
    if catalog.num_plurals != expected:
        problems.append(f"{where}: Plural-Forms has {catalog.num_plurals} forms; "
                        f"{language} has {expected}")
    for entry in _entries(catalog):
        forms = _forms(entry)
        if entry.pluralizable and forms and len(forms) != expected:
            problems.append(f"{where}: {_label(entry)} has {len(forms)} plural "
                            f"forms, not {expected}")
    return problems


def placeholder_problems(catalog: Catalog, where: str) -> list[str]:
    """Translations whose placeholders are malformed or differ from the English text's. A
    plural form may leave out {count} when the English singular does."""
    problems = []
    for entry in _entries(catalog):
        try:
            source = [fields(text) for text in _sources(entry)]
            forms = [fields(text) for text in _forms(entry)]
        except PlaceholderError as error:
            problems.append(f"{where}: {error}")
            continue
        wanted = frozenset().union(*source)
        optional = wanted - source[0] if entry.pluralizable else frozenset()
        if entry.pluralizable:
            optional |= {"count"} - source[0]
        for got in forms:
            if not wanted - optional <= got <= wanted:
                problems.append(f"{where}: {_label(entry)} has placeholders "
                                f"{sorted(got)}, English has {sorted(wanted)}")
    return problems


def limit_problems(catalog: Catalog, where: str, translated: bool = True) -> list[str]:
    """Texts longer than Discord allows where their context shows them, and slash-command
    names Discord would refuse. `translated` checks the translations, else the English."""
    problems = []
    for entry in _entries(catalog):
        texts = _forms(entry) if translated else _sources(entry)
        limit = limit_of(entry.context)
        for text in texts:
            if len(text) > limit:
                problems.append(f"{where}: {_label(entry)} is {len(text)} characters long "
                                f"in {text!r}; the limit is {limit}")
            if entry.context in NAME_CONTEXTS and (problem := name_problem(text)):
                problems.append(f"{where}: {problem}")
    return problems


def invisible_problems(catalog: Catalog, where: str) -> list[str]:
    """Translations holding invisible formatting characters (a byte-order mark, a zero-width
    space...), which copying from other files leaves and which show as boxes on images."""
    problems = []
    for entry in _entries(catalog):
        for text in _forms(entry):
            hidden = sorted({f"U+{ord(c):04X}" for c in text
                             if unicodedata.category(c) == "Cf" and c != ZERO_WIDTH_JOINER})
            if hidden:
                problems.append(f"{where}: {_label(entry)} holds invisible characters "
                                f"{', '.join(hidden)}")
    return problems


def catalogue_problems(language: str, domain: str) -> list[str]:
    """Everything wrong with one language's catalogue of one domain."""
    path = catalogue_path(language, domain)
    if not path.is_file():
        return [f"{path.name} of {language} is missing: run python -m bot.tools "
                "extract-messages"]
    catalog = read_catalogue(path)
    where = f"{language}/{domain}.po"
    return (sync_problems(read_catalogue(template_path(domain)), catalog, where)
            + plural_problems(catalog, language, where)
            + placeholder_problems(catalog, where)
            + limit_problems(catalog, where)
            + invisible_problems(catalog, where))


def template_problems(domain: str) -> list[str]:
    """Problems of the English texts themselves: placeholders and limits."""
    pot = read_catalogue(template_path(domain))
    where = f"{domain}.pot"
    problems = []
    for entry in _entries(pot):
        for text in _sources(entry):
            try:
                fields(text)
            except PlaceholderError as error:
                problems.append(f"{where}: {error}")
    return problems + limit_problems(pot, where, translated=False)


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def marking_problems(root: Path) -> list[str]:
    """Marked messages under `root` whose text is not a plain string literal (an f-string, a
    variable...), which extraction cannot see. Translate a variable with `_` (or
    `ngettext`) only when its text was marked with N_ (or Nn_) where it is written: such
    calls are allowed."""
    problems = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            for index in MARKERS.get(name, ()):
                if index >= len(node.args):
                    continue
                arg = node.args[index]
                if isinstance(arg, ast.JoinedStr | ast.BinOp) or (
                        name in ("N_", "Nn_") and not _is_literal(arg)):
                    problems.append(f"{path}:{node.lineno}: {name}() needs a literal text "
                                    "(placeholders go in {braces} with keyword values)")
    return problems


def all_problems() -> list[str]:
    """Every problem of every template and catalogue."""
    problems = [p for domain in DOMAINS for p in template_problems(domain)]
    for language in translated_languages():
        for domain in DOMAINS:
            problems += catalogue_problems(language, domain)
    return problems


def coverage(language: str, domain: str) -> tuple[int, int]:
    """How many of a catalogue's messages are translated (not fuzzy), out of how many."""
    catalog = read_catalogue(catalogue_path(language, domain))
    entries = list(_entries(catalog))
    done = sum(1 for e in entries if _forms(e) and not e.fuzzy
               and len(_forms(e)) == (catalog.num_plurals if e.pluralizable else 1))
    return done, len(entries)
