"""Saying things in one language: translations with placeholders, plural forms (three in
Polish and Russian, one in Chinese), and numbers, dates and durations the language's way."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from bot.i18n import N_, Language, language
from tests.bot.i18n.helpers import translations

CARDS = ("{count} card left", "{count} cards left")


def polish() -> Language:
    return Language("pl", translations("pl", [
        ("Your turn, {name}.", "Twoja kolej, {name}.", None),
        ("Pass", "Pas", "button"),
        ("Broken {name}", "Zepsute {nazwa}", None),
        (CARDS, ("Została {count} karta", "Zostały {count} karty", "Zostało {count} kart"),
         None),
    ]))


def test_a_message_is_translated_with_its_placeholders_filled() -> None:
    assert polish()._("Your turn, {name}.", name="Ewa") == "Twoja kolej, Ewa."
    assert polish().pgettext("button", "Pass") == "Pas"


def test_a_message_without_a_translation_stays_english() -> None:
    assert polish()._("Rematch") == "Rematch"
    assert polish().pgettext("select option", "Pass") == "Pass"  # another context


def test_a_translation_with_a_wrong_placeholder_falls_back_to_english() -> None:
    assert polish()._("Broken {name}", name="x") == "Broken x"


@pytest.mark.parametrize(("count", "expected"), [
    (1, "Została 1 karta"), (2, "Zostały 2 karty"), (4, "Zostały 4 karty"),
    (5, "Zostało 5 kart"), (12, "Zostało 12 kart"), (22, "Zostały 22 karty"),
    (25, "Zostało 25 kart"), (0, "Zostało 0 kart"), (1234, "Zostały 1\u00a0234 karty"),
])
def test_polish_has_three_plural_forms(count: int, expected: str) -> None:
    assert polish().ngettext(*CARDS, count) == expected


@pytest.mark.parametrize(("count", "expected"), [
    (1, "Осталась 1 карта"), (21, "Осталась 21 карта"), (2, "Осталось 2 карты"),
    (11, "Осталось 11 карт"), (14, "Осталось 14 карт"), (5, "Осталось 5 карт"),
])
def test_russian_has_three_plural_forms(count: int, expected: str) -> None:
    russian = Language("ru", translations("ru", [
        (CARDS, ("Осталась {count} карта", "Осталось {count} карты", "Осталось {count} карт"),
         None)]))
    assert russian.ngettext(*CARDS, count) == expected


def test_chinese_has_one_form_and_english_two() -> None:
    chinese = Language("zh-CN", translations("zh-CN", [(CARDS, ("剩余 {count} 张牌",), None)]))
    assert [chinese.ngettext(*CARDS, n) for n in (1, 2)] == ["剩余 1 张牌", "剩余 2 张牌"]
    english = Language("en", None)
    assert [english.ngettext(*CARDS, n) for n in (1, 2)] == ["1 card left", "2 cards left"]


def test_npgettext_uses_the_context() -> None:
    lang = Language("de", translations("de", [
        (("{count} win", "{count} wins"), ("{count} Sieg", "{count} Siege"), "profile")]))
    assert lang.npgettext("profile", "{count} win", "{count} wins", 3) == "3 Siege"
    assert lang.ngettext("{count} win", "{count} wins", 3) == "3 wins"


def test_numbers_are_written_the_languages_way() -> None:
    assert language("de").number(1234.5) == "1.234,5"
    assert language("en").number(1234.5) == "1,234.5"
    assert language("ru").number(1234.5) == "1\u00a0234,5"
    assert language("fr").percent(0.5) == "50\u00a0%"
    assert language("pt-BR").percent(0.125, digits=1) == "12,5%"


def test_numbers_without_grouping_and_signed_changes() -> None:
    assert language("pl").number(12345, grouping=False) == "12345"
    assert language("de").number(1234.5, grouping=False) == "1234,5"
    assert [language("en").signed(n) for n in (4, -6, 0, 1234)] == ["+4", "-6", "+0", "+1234"]
    assert language("ru").signed(-1234) == "-1234"


def test_dates_months_and_times_are_written_the_languages_way() -> None:
    day = date(2026, 11, 25)
    assert language("en").format_date(day) == "Nov 25, 2026"
    assert language("de").format_date(day) == "25.11.2026"
    assert language("pl").format_month(day) == "listopad 2026"
    assert language("zh-CN").format_month(day) == "2026年11月"
    assert language("ru").relative(-300) == "5 минут назад"
    assert language("pl").relative(timedelta(minutes=2)) == "za 2 minuty"
    assert language("en").duration(95) == "1 min 35 sec"
    assert language("de").duration(3600 + 5) == "1 Std., 5 Sek."
    assert language("zh-CN").duration(0) == "0秒"
    assert language("fr").join(["A", "B", "C"]) == "A, B et C"


def test_language_resolves_and_is_made_once_per_language() -> None:
    assert language("pt-PT") is language("pt-BR")
    assert language("zh-TW").tag == "en"


def test_n_marks_a_message_and_returns_it_untouched() -> None:
    assert N_("Pass") == "Pass"


def test_polish_numbers_with_and_without_grouping() -> None:
    polish = language("pl")
    assert polish.number(1.5) == "1,5"
    assert polish.number(2) == "2" and polish.number(2.25) == "2,25"
    assert polish.number(12345) == "12\u00a0345"
    assert polish.number(12345, grouping=False) == "12345"
