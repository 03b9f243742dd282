"""A number that varies is followed by a noun only in a plural message chosen by it: Polish
and Russian nouns take three forms after numbers ("2 kopie", "5 kopii"; "2 очка", "5
очков"), so "{gain} очков" or "{extra} znaków" is wrong for most numbers. Such a sentence
either is a plural by that number, or puts the number where no noun agrees with it
("znaków: {extra}")."""

from __future__ import annotations

import re

import pytest

from bot.i18n.catalogues import MESSAGES, catalogue_path, read_catalogue

# Placeholders holding numbers that vary (as {count} does in the plural that chooses by it);
# {games} and {pieces} are the fixed 5 of the ranked rules, and {points} a number with a half
# (2.5), whose forms the translations give.
VARYING = ("units", "specials", "lines", "extra", "length", "gain", "unread", "joined", "whole",
           "taken")
NOUNS = {
    "pl": r"(?:pkt|punkt|kart|gier|gry|mecz|rund|gracz|kopi|jednost|znak|dni|kawał|wiersz|"
          r"wygran|porażk)\w*",
    "ru": r"(?:очк|карт|игр|матч|раунд|игрок|копи|отряд|символ|дн|фрагмент|строк|побед|"
          r"поражен)\w*",
}
# After "z" ("of") a Polish noun is in the genitive plural whatever the number.
GOVERNED = {"pl": r"(?<!\bz )", "ru": ""}


@pytest.mark.parametrize("tag", list(NOUNS))
def test_a_varying_number_is_followed_by_a_noun_only_in_its_own_plural(tag: str) -> None:
    wrong = {}
    pattern = re.compile(GOVERNED[tag] + r"\{(" + "|".join(VARYING) + r")\}[\s\u00a0]+"
                         + NOUNS[tag])
    for message in read_catalogue(catalogue_path(tag, MESSAGES)):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found = {m.group(0) for form in forms if form for m in pattern.finditer(form)}
        if found:
            wrong[str(message.id)[:70]] = sorted(found)
    assert wrong == {}


# In these languages only 1 (and 0 in French and Portuguese) takes the singular: numbers that
# may be 1 are what a noun must not follow.
MAY_BE_ONE = ("units", "specials", "lines", "unread", "gain", "taken")
PLURAL_NOUNS = {
    "de": r"(?:Punkte|Karten|Einheiten|Spezialkarten|Zeilen|Exemplare)\b",
    "fr": r"(?:points|cartes|unités|spéciales|lignes|exemplaires)\b",
    "es-ES": r"(?:puntos|cartas|unidades|especiales|líneas|copias)\b",
    "pt-BR": r"(?:pontos|cartas|unidades|especiais|linhas|cópias)\b",
}


@pytest.mark.parametrize("tag", list(PLURAL_NOUNS))
def test_a_number_that_may_be_one_is_followed_by_a_plural_noun_only_in_its_own_plural(
        tag: str) -> None:
    pattern = re.compile(r"\{(" + "|".join(MAY_BE_ONE) + r")\}[\s\u00a0]+" + PLURAL_NOUNS[tag])
    wrong = {}
    for message in read_catalogue(catalogue_path(tag, MESSAGES)):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found = {m.group(0) for form in forms if form for m in pattern.finditer(form)}
        if found:
            wrong[str(message.id)[:70]] = sorted(found)
    assert wrong == {}
