"""Tournaments in words, within Discord's limits even for 64 players with long names: the
sign-up, pairings, standings, the champion, the list and a tournament's rounds."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.discord.core.views import CONTENT_MAX, Outgoing
from bot.discord.tournaments.messages import (
    EMBED_MAX,
    EMBEDS_MAX_TOTAL,
    final_message,
    game_line,
    list_message,
    replay_label,
    round_message,
    show_message,
    signup_message,
    standing_line,
    standings_message,
)
from bot.i18n import ENGLISH, language
from bot.service.tournaments import TournamentView
from bot.storage.tournaments import (
    BY_MATCH,
    BY_ORGANISER,
    FINISHED,
    RUNNING,
    SIGNUP,
    GameRecord,
    PlayerRecord,
    RoundRecord,
    TournamentRecord,
)
from bot.tournament.event import champion
from bot.tournament.games import A_WINS, ELIMINATION, ROUND_ROBIN, SWISS, Game
from tests.bot.tournament.simulate import simulate

EN = language(ENGLISH)
LONG = "Dandelion the Bard, Viscount de Lettenhove *the* @everyone"


def view_of(format_: str, players: int, status: str = FINISHED, seed: int = 1,
            name: str = "The Great Gwent Open of Novigrad, Oxenfurt and Beyond!") -> TournamentView:
    """A tournament played to the end by the rules, as the service would return it."""
    event = simulate(format_, players, random.Random(seed), first_id=10**17).event
    record = TournamentRecord(7, 1, 2, 3, name[:60], format_, None, event.rounds, 64,
                              1_767_225_600.0, True, 5, "Olga", status, 9,
                              champion(event) if status == FINISHED else None, None,
                              1_767_000_000.0, 1_767_100_000.0, None)
    people = tuple(PlayerRecord(e.user_id, f"{LONG} {e.seed}", 0.0, e.seed, None,
                                "in" if e.active else "dropped", None)
                   for e in event.entrants)
    rounds = tuple(RoundRecord(n, 0.0, 0.0, 100 + n) for n in range(1, event.round + 1))
    games = tuple(GameRecord(g, BY_MATCH if g.decided else None, 10**18 + i, 10**6 + i)
                  for i, g in enumerate(event.games))
    return TournamentView(record, people, rounds, games)


def within_limits(out: Outgoing) -> None:
    assert len(out.content) <= CONTENT_MAX
    assert len(out.embeds) <= 10
    assert all(len(e.description or "") <= EMBED_MAX for e in out.embeds)
    assert sum(len(e.description or "") + len(e.title or "") for e in out.embeds) \
        <= EMBEDS_MAX_TOTAL
    if out.view is not None:
        for item in out.view.children:
            custom_id = getattr(item, "custom_id", None)
            assert custom_id is None or len(custom_id) <= 100
            for option in getattr(item, "options", []):
                assert len(option.label) <= 100
            assert len(getattr(item, "options", [])) <= 25


@pytest.mark.parametrize("format_", [SWISS, ELIMINATION, ROUND_ROBIN])
def test_64_players_with_long_names_stay_within_limits(format_: str) -> None:
    players = 16 if format_ == ROUND_ROBIN else 64
    view = view_of(format_, players)
    within_limits(signup_message(view, lang=EN))
    for number in range(1, view.round + 1):
        within_limits(round_message(view, number, (), lang=EN))
    within_limits(standings_message(view, (), lang=EN))
    within_limits(final_message(view, (), lang=EN))
    replays = [(g.match_id, replay_label(view, g, lang=EN)) for g in view.games if g.match_id]
    within_limits(show_message(view, replays, lang=EN))
    within_limits(list_message([view] * 40, lang=EN))


def test_the_sign_up_lists_players_and_names_cannot_ping() -> None:
    view = view_of(SWISS, 64, status=SIGNUP)
    view = TournamentView(view.tournament, view.players, (), ())
    out = signup_message(view, lang=EN)
    assert "@everyone" not in out.content.replace("@\u200beveryone", "")
    assert "**Players (64/64):**" in out.content and "more" in out.content
    assert [b.label for b in out.view.children] == ["Join", "Leave", "Start now", "Cancel"]  # type: ignore[union-attr]
    assert "Starts <t:1767225600:R>" in out.content
    assert out.mentions == ()


def test_games_in_words() -> None:
    view = view_of(SWISS, 5)
    a, b = view.players[0].user_id, view.players[1].user_id
    played = GameRecord(Game(1, 1, a, b, A_WINS, rounds=(2, 1)), BY_MATCH, 55, 66)
    assert game_line(view, played, lang=EN) == \
        f"1. <@{a}> beat <@{b}> 2\u20131 \u00b7 <#55> \u00b7 match 66"
    set_ = GameRecord(Game(1, 1, a, b, "b"), BY_ORGANISER, 55, 66)
    assert "beat" in game_line(view, set_, lang=EN)
    assert "(set by the organiser)" in game_line(view, set_, lang=EN)
    assert game_line(view, GameRecord(Game.bye(2, 3, a), "rules", None, None), lang=EN) == \
        f"3. <@{a}> has a bye (1 point)"
    walkover = GameRecord(Game.walkover(2, 1, a, b), "rules", None, None)
    assert game_line(view, walkover, lang=EN) == f"1. <@{a}> wins: the opponent left"
    playing = GameRecord(Game(3, 2, a, b), None, 55, 66)
    assert game_line(view, playing, lang=EN).endswith(": playing \u00b7 <#55> \u00b7 match 66")


def test_standings_lines_say_points_tie_breaks_and_who_left() -> None:
    view = view_of(SWISS, 8, seed=3)
    lines = [standing_line(view, line, lang=EN) for line in view.standings]
    assert lines[0].startswith("1. Dandelion the Bard, Vis\u2026: ")
    # The tie-breaks in plain words, and where to read about them.
    assert all(" point" in line and ", opponents' points " in line
               and ", beaten opponents' points " in line for line in lines)
    assert not any("Buchholz" in line or "S-B" in line for line in lines)
    for out in (standings_message(view, (), lang=EN), final_message(view, (), lang=EN),
                round_message(view, 2, (), lang=EN)):
        assert out.content.splitlines()[-1].startswith("-# Ties go to more opponents' points")
        assert "`/gwent rules` explains every tie-break" in out.content
    gone = view.standings[-1].user_id
    left = TournamentView(view.tournament, tuple(
        replace(p, status="dropped") if p.user_id == gone else p for p in view.players),
        view.rounds, view.games)
    line = next(line for line in left.standings if line.user_id == gone)
    assert "(left): " in standing_line(left, line, lang=EN)
    assert all(("(left)" in text) == (not line.active)
               for line, text in zip(view.standings, lines, strict=True))
    elimination = view_of(ELIMINATION, 5, seed=2)
    first = standing_line(elimination, elimination.standings[0], lang=EN)
    assert first.endswith(": champion")
    assert "out in the Final" in standing_line(elimination, elimination.standings[1], lang=EN)


def test_the_sign_up_says_how_many_swiss_rounds_as_a_number() -> None:
    view = view_of(SWISS, 6, status=SIGNUP)
    unset = replace(view.tournament, rounds=None, rounds_asked=None)
    for joined, said in ((0, "1 round with 2 players"), (2, "1 round with 2 players"),
                         (4, "2 rounds with 4 players"), (6, "3 rounds with 6 players"),
                         (6, "3 rounds with 6 players (one more each time the number of "
                             "players doubles)")):
        out = signup_message(TournamentView(unset, view.players[:joined], (), ()), lang=EN)
        assert f"\u00b7 Swiss \u00b7 {said}" in out.content, out.content
        assert "log2" not in out.content
    asked = replace(unset, rounds_asked=5)
    assert "\u00b7 5 rounds \u00b7" in signup_message(TournamentView(asked, (), (), ()),
                                                        lang=EN).content


def test_a_running_tournament_keeps_only_cancel() -> None:
    view = view_of(SWISS, 4, status=RUNNING)
    out = signup_message(view, lang=EN)
    assert "**Started**" in out.content
    assert [b.label for b in out.view.children] == ["Cancel"]  # type: ignore[union-attr]
