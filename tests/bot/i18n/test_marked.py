"""The marked language finds English left untranslated, and only that."""

from __future__ import annotations

from bot.discord.core.replies import OOPS
from bot.i18n import Name, card_name
from bot.learn.glossary import record
from tests.bot.i18n.marked import marked_language, unmarked


def test_every_marked_message_reads_marked_and_english_outside_marks_is_found() -> None:
    lang = marked_language()
    oops = lang._(OOPS)
    assert oops == f"\u27e6{OOPS}\u27e7" and unmarked(oops) == []
    assert record(3, 1, 0, lang) == "\u27e63W 1L 0D\u27e7"
    assert unmarked(f"{oops} Press Pass <@123>", allowed=["Pass"]) == ["Press"]
    assert unmarked("Pass the round, \u27e6Alice\u27e7") == ["Pass", "the", "round"]


def test_names_are_the_languages_own_and_not_marked() -> None:
    lang = marked_language("ru")
    text = lang._(OOPS) + " " + Name.card("geralt_of_rivia").said_by(lang)
    assert card_name("geralt_of_rivia", "ru") in text
    assert unmarked(text) == []
