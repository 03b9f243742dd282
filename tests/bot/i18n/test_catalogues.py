"""The catalogues as they are in the repository: in step with the code and the card data,
and free of every problem the checks know; and the checks themselves, shown failing on
broken catalogues."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import Language, catalogues
from bot.i18n.catalogues import (
    DOMAINS,
    NAMES,
    catalogue_path,
    read_catalogue,
    template_path,
    translated_languages,
)
from bot.i18n.checks import (
    all_problems,
    coverage,
    invisible_problems,
    key,
    limit_problems,
    marking_problems,
    placeholder_problems,
    plural_problems,
    sync_problems,
)
from bot.tools.messages import templates
from tests.bot.i18n.helpers import catalog


def test_every_catalogue_is_free_of_problems() -> None:
    assert all_problems() == []


def test_every_language_has_both_catalogues() -> None:
    for language in translated_languages():
        for domain in DOMAINS:
            assert catalogue_path(language, domain).is_file(), (language, domain)


def test_the_templates_hold_what_the_code_data_and_commands_have_now() -> None:
    """Fails when a message was added, changed or removed without running
    `python -m bot.tools extract-messages`."""
    for domain, fresh in templates().items():
        stored = read_catalogue(template_path(domain))
        assert {key(e) for e in fresh if e.id} == {key(e) for e in stored if e.id}, domain


def test_every_name_is_translated_in_every_language() -> None:
    for language in translated_languages():
        done, total = coverage(language, NAMES)
        assert done == total > 200, language


def test_the_code_marks_only_literal_messages() -> None:
    assert marking_problems(Path(__file__).resolve().parents[3] / "bot") == []


TEMPLATE = catalog("en", [("Your turn, {name}.", "", None), ("Pass", "", "button")])


def test_a_missing_or_extra_key_is_reported() -> None:
    po = catalog("pl", [("Your turn, {name}.", "Twoja kolej, {name}.", None),
                        ("Pas", "Pas", "button"), ("Gone", "Nie ma", None)])
    problems = sync_problems(TEMPLATE, po, "pl")
    assert any("lacks 'Pass' (button)" in p for p in problems)
    assert any("has 'Pas' (button)" in p for p in problems)
    assert any("'Gone'" in p for p in problems)
    assert len(problems) == 3
    assert sync_problems(TEMPLATE, catalog("pl", [("Your turn, {name}.", "", None),
                                                  ("Pass", "", "button")]), "pl") == []


@pytest.mark.parametrize(("translation", "bad"), [
    ("Twoja kolej, {imie}.", True),
    ("Twoja kolej.", True),
    ("Twoja kolej, {name} {extra}.", True),
    ("Twoja kolej, {}.", True),
    ("Twoja kolej, {name.", True),
    ("Twoja kolej, {name}!", False),
    ("", False),
])
def test_a_placeholder_that_differs_from_english_is_reported(translation: str,
                                                             bad: bool) -> None:
    po = catalog("pl", [("Your turn, {name}.", translation, None)])
    assert bool(placeholder_problems(po, "pl")) is bad


def test_plural_forms_are_checked_against_the_language() -> None:
    plural = ("{count} card", "{count} cards")
    right = catalog("ru", [(plural, ("{count} карта", "{count} карты", "{count} карт"), None)])
    assert plural_problems(right, "ru", "ru") == []
    two = catalog("ru", [(plural, ("{count} карта", "{count} карты"), None)])
    assert plural_problems(two, "ru", "ru")
    # A form may leave out {count} only when the English singular does.
    one = ("a card", "{count} cards")
    assert placeholder_problems(catalog("pl", [(one, ("karta", "{count} karty", "{count} kart"),
                                                None)]), "pl") == []
    assert placeholder_problems(catalog("pl", [(plural, ("karta", "{count} karty",
                                                         "{count} kart"), None)]), "pl")


def test_texts_over_discords_limits_are_reported() -> None:
    po = catalog("de", [("Pass", "P" * 81, "button"), ("Pick", "W" * 101, "select option"),
                        ("Deck", "D" * 46, "modal title"), ("Hi", "H" * 2001, None),
                        ("OK", "O" * 80, "button"), ("Geralt", "G" * 101, "card:geralt")])
    problems = limit_problems(po, "de")
    assert len(problems) == 5
    assert all(str(limit) in " ".join(problems) for limit in (80, 100, 45, 2000))


def test_invisible_characters_in_a_translation_are_reported() -> None:
    po = catalog("pl", [("Young Vildkaarl", "M\u0142ody Vildkaarl\ufeff", "card:x"),
                        ("Family", "\U0001f468\u200d\U0001f469", None),
                        ("Pass", "Pa\u200bs", "button")])
    problems = invisible_problems(po, "pl")
    assert len(problems) == 2
    assert "U+FEFF" in problems[0] and "U+200B" in problems[1]


@pytest.mark.parametrize(("name", "bad"), [
    ("wyzwanie", False), ("гвинт", False), ("挑战", False), ("talia-2_x", False),
    ("Wyzwanie", True), ("ГВИНТ", True), ("two words", True), ("x" * 33, True),
    ("pass!", True), ("o'neil", False),
])
def test_slash_command_names_follow_discords_rules(name: str, bad: bool) -> None:
    po = catalog("pl", [("challenge", name, "command name")])
    assert bool(limit_problems(po, "pl")) is bad


def test_an_unmarkable_message_in_the_code_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(
        'lang._(f"Hello {name}")\nlang.ngettext("a" + b, "c", n)\nPASS = N_(text)\n'
        'lang._(PASS)\nlang._("Fine {x}", x=1)\n', encoding="utf-8")
    problems = marking_problems(tmp_path)
    assert [p.split(":")[1] for p in problems] == ["1", "2", "3"]


def test_an_unreadable_catalogue_leaves_its_texts_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    broken = tmp_path / "pl" / "LC_MESSAGES" / "gwent.po"
    broken.parent.mkdir(parents=True)
    broken.write_text('msgid "Pass"\nmsgstr "Pas"\nthis is not a catalogue line\n',
                      encoding="utf-8")
    monkeypatch.setattr(catalogues, "LOCALES_DIR", tmp_path)
    catalogues.translations.cache_clear()
    try:
        assert catalogues.translations("pl", "gwent") is None
        assert "cannot read" in caplog.text
        assert Language("pl", catalogues.translations("pl", "gwent"))._("Pass") == "Pass"
    finally:
        monkeypatch.undo()
        catalogues.translations.cache_clear()
    assert catalogues.translations("pl", NAMES) is not None
