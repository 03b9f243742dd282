"""The words of a tournament's images and messages."""

from __future__ import annotations

from bot.i18n import language
from bot.tournament.formats import SWISS
from bot.tournament.views import round_name


def test_a_tournament_round_is_not_called_a_round_of_a_match() -> None:
    zh = language("zh-CN")
    assert round_name(2, 3, SWISS, lang=zh) == "第 2 轮"
    assert "小局" not in round_name(2, 3, SWISS, lang=zh)
    assert zh._("Round {number}", number="2") == "第 2 小局"  # a match's round stays so
    assert round_name(2, 3, SWISS, lang=language("fr")) == "Ronde 2"
    assert round_name(2, 3, SWISS, lang=language("en")) == "Round 2"
