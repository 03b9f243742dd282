"""Where the message catalogues live, and reading them (with Babel) when first needed.

Each language has `locales/<lang>/LC_MESSAGES/<domain>.po` (lang with `_`, e.g. pt_BR) and
each domain a template `locales/<domain>.pot`. The .po files are read as they are: nothing
is compiled by hand and no .mo file is kept.
"""

from __future__ import annotations

import io
import logging
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.support import Translations

from bot.i18n.languages import ENGLISH, LANGUAGES

log = logging.getLogger(__name__)
LOCALES_DIR = Path(__file__).resolve().parent / "locales"
# The bot's own texts, and the names of cards, leaders, factions and abilities.
MESSAGES, NAMES = "gwent", "names"
DOMAINS = (MESSAGES, NAMES)


def folder_name(language: str) -> str:
    """The catalogue folder of a language: its tag with `_` (gettext's way, e.g. pt_BR)."""
    return language.replace("-", "_")


def template_path(domain: str) -> Path:
    """The template (.pot) of a domain: every message, untranslated."""
    return LOCALES_DIR / f"{domain}.pot"


def catalogue_path(language: str, domain: str) -> Path:
    """A language's catalogue (.po) of a domain."""
    return LOCALES_DIR / folder_name(language) / "LC_MESSAGES" / f"{domain}.po"


def read_catalogue(path: Path) -> Catalog:
    """Read a .po or .pot file."""
    with path.open("rb") as file:
        return read_po(file, abort_invalid=True)


def translated_languages() -> tuple[str, ...]:
    """The languages other than English, which have catalogues."""
    return tuple(language for language in LANGUAGES if language != ENGLISH)


def compile_catalogue(catalog: Catalog, domain: str) -> Translations:
    """Translations to look messages up in, made from a catalogue in memory (fuzzy entries
    are left out, as gettext does)."""
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


@cache
def translations(language: str, domain: str) -> Translations | None:
    """A language's translations of a domain, read from its .po file once; None for English
    (the source), or when the file is missing or unreadable (logged): the texts are then
    shown in English rather than not at all."""
    path = catalogue_path(language, domain)
    if language == ENGLISH or not path.is_file():
        return None
    try:
        return compile_catalogue(read_catalogue(path), domain)
    except (OSError, PoFileError, ValueError):
        log.exception("cannot read %s; its texts are shown in English", path)
        return None


def preload() -> None:
    """Read every catalogue now (at start-up), so that a broken one is logged at once."""
    for language in translated_languages():
        for domain in DOMAINS:
            translations(language, domain)
