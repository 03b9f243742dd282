"""Every tournament text in the reader's language: messages, embeds, buttons, the replay
select, the images' cards and round names, built with a language in which every marked
message reads ⟦English⟧, leave no English outside the marks (names are Cyrillic here, so
they need no exception)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from bot.discord.core.views import Outgoing
from bot.discord.tournaments.messages import (
    drop_text,
    final_message,
    game_line,
    list_message,
    not_started_message,
    off_the_list,
    replay_label,
    replay_note,
    round_message,
    show_message,
    signup_message,
    standing_line,
    standings_message,
    thread_intro,
)
from bot.service.tournaments import TournamentView
from bot.storage.tournaments import (
    BY_MATCH,
    BY_ORGANISER,
    CANCELLED,
    FINISHED,
    RUNNING,
    SIGNUP,
    GameRecord,
)
from bot.tournament.games import (
    A_WINS,
    BOTH_LOSE,
    DRAW,
    ELIMINATION,
    ROUND_ROBIN,
    SWISS,
    Game,
)
from bot.tournament.start_time import BadStartTime, start_time
from bot.tournament.views import (
    UNKNOWN,
    bracket_card,
    pairings_card,
    points_text,
    round_label,
    standings_card,
)
from tests.bot.discord.tournaments.test_messages import view_of
from tests.bot.i18n.marked import marked_language, unmarked

LANG = marked_language()


def cyrillic(view: TournamentView, status: str | None = None, **changes: object
             ) -> TournamentView:
    """The view with Cyrillic names (no English-looking words) and another status."""
    players = tuple(replace(p, name=f"Игрок {p.seed}") for p in view.players)
    record = replace(view.tournament, name="Кубок Новиграда",
                     status=status or view.tournament.status, **changes)
    return TournamentView(record, players, view.rounds, view.games)


def texts(out: Outgoing) -> Iterator[str]:
    """Everything a message shows in words: content, embeds, and its components' labels,
    placeholders and options."""
    yield out.content
    for embed in out.embeds:
        yield embed.title or ""
        yield embed.description or ""
    for item in out.view.children if out.view is not None else ():
        for field in ("label", "placeholder"):
            yield getattr(item, field, None) or ""
        for option in getattr(item, "options", []):
            yield option.label
            yield option.description or ""


def every_message(format_: str) -> Iterator[Outgoing]:
    """The tournament's messages in every state it passes through."""
    done = cyrillic(view_of(format_, 5, seed=4))
    signup = TournamentView(cyrillic(done, SIGNUP).tournament, done.players, (), ())
    yield signup_message(signup, lang=LANG)
    yield signup_message(cyrillic(signup, starts_at=None), lang=LANG)
    for status in (RUNNING, FINISHED, CANCELLED):
        yield signup_message(cyrillic(done, status), lang=LANG)
        yield standings_message(cyrillic(done, status), (), lang=LANG)
    yield standings_message(signup, (), lang=LANG)
    for number in range(1, done.round + 1):
        yield round_message(done, number, (), lang=LANG)
    yield final_message(done, (), lang=LANG)
    yield final_message(cyrillic(done, champion_id=None), (), lang=LANG)
    played = next(g for g in done.games if g.game.b is not None)
    yield thread_intro(done, played, lang=LANG)
    yield thread_intro(cyrillic(done, ranked=False), played, lang=LANG)
    yield replay_note(done, played, lang=LANG)
    yield not_started_message(signup, lang=LANG)
    yield not_started_message(TournamentView(signup.tournament, signup.players[:1], (), ()),
                              lang=LANG)
    views = [signup, cyrillic(signup, starts_at=None), cyrillic(done, RUNNING), done,
             cyrillic(done, champion_id=None), cyrillic(done, CANCELLED)]
    yield list_message(views, lang=LANG)
    yield list_message([], lang=LANG)
    replays = [(g.match_id, replay_label(done, g, lang=LANG)) for g in done.games
               if g.match_id]
    yield show_message(done, replays, lang=LANG)
    yield show_message(signup, [], lang=LANG)


@pytest.mark.parametrize("format_", [SWISS, ELIMINATION, ROUND_ROBIN])
def test_every_message_is_in_the_language(format_: str) -> None:
    for out in every_message(format_):
        for text in texts(out):
            assert unmarked(text) == [], text


def test_every_result_line_and_standing_line_is_in_the_language() -> None:
    view = cyrillic(view_of(SWISS, 5, seed=5))
    assert any(line.byes for line in view.standings)
    a, b = view.players[0].user_id, view.players[1].user_id
    games = [Game(1, 1, a, b, A_WINS, rounds=(2, 1)), Game(1, 1, a, b, "b", rounds=(1, 2)),
             Game(1, 1, a, b, A_WINS), Game(1, 1, a, b, DRAW, rounds=(1, 1)),
             Game(1, 1, a, b, DRAW), Game(1, 1, a, b, BOTH_LOSE), Game(1, 1, a, b),
             Game.bye(1, 2, a), Game.walkover(1, 3, a, b), Game.walkover(1, 3, a, None),
             Game(1, 4, a, b, BOTH_LOSE, kind="walkover")]
    for game in games:
        for set_by in (BY_MATCH, BY_ORGANISER):
            line = game_line(view, GameRecord(game, set_by, 55, 66), lang=LANG)
            assert unmarked(line) == [], line
    gone = view.standings[-1].user_id
    left = TournamentView(view.tournament, tuple(
        replace(p, status="dropped") if p.user_id == gone else p for p in view.players),
        view.rounds, view.games)
    elimination = cyrillic(view_of(ELIMINATION, 5, seed=2))
    for shown in (view, left, elimination, cyrillic(elimination, RUNNING)):
        for line in shown.standings:
            said = standing_line(shown, line, lang=LANG)
            assert unmarked(said) == [], said


Said = Callable[[TournamentView], str]
SAID: list[Said] = [
    lambda v: off_the_list(v, "Игрок", lang=LANG),
    *(lambda v, by=by: drop_text(v, "Игрок", by, lang=LANG) for by in (True, False)),
]


@pytest.mark.parametrize("format_", [SWISS, ELIMINATION, ROUND_ROBIN])
@pytest.mark.parametrize("said", SAID)
def test_players_leaving_are_said_in_the_language(format_: str, said: Said) -> None:
    text = said(cyrillic(view_of(format_, 4, status=RUNNING)))
    assert unmarked(text) == [] and "\u27e6" in text, text


def test_the_images_cards_and_round_names_are_in_the_language() -> None:
    view = view_of(ELIMINATION, 6, seed=3)
    event, names = view.event, {}  # no names known: each reads "Unknown player"
    marked = f"\u27e6{UNKNOWN}\u27e7"
    assert {r.a for r in pairings_card("Кубок", event, names, 1, lang=LANG).rows} == {marked}
    assert {r.name for r in standings_card("Кубок", event, names, True, lang=LANG).rows} == \
        {marked}
    assert bracket_card("Кубок", event, names, view.tournament.champion_id,
                        lang=LANG).champion == marked
    for number in range(1, event.rounds + 1):
        for format_ in (SWISS, ELIMINATION):
            label = round_label(number, event.rounds, format_, lang=LANG)
            assert unmarked(label) == [] and label.startswith("\u27e6"), label
    assert points_text(Fraction(5, 2), lang=LANG) == "2,5"  # Polish decimal sign


@pytest.mark.parametrize("typed", ["tomorrow", "in 0 minutes", "in 40 days"])
def test_start_time_refusals_are_in_the_language(typed: str) -> None:
    with pytest.raises(BadStartTime) as caught:
        start_time(typed, 1_767_225_600.0)
    text = LANG.say(caught.value.phrase)
    assert unmarked(text, allowed=[typed]) == [], text
