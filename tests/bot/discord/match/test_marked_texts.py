"""Every text of a match (challenge, lobby, deck choice, board, warnings, result, the hand and
its questions, refusals) is in the reader's language: built in the marked language, nothing
English is left outside a mark but players' and decks' names."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bot.discord.core.views import Outgoing
from bot.discord.match.deck_choice import deck_message
from bot.discord.match.hand import (
    actions_for,
    card_choices,
    followup_message,
    hand_message,
    moved_message,
)
from bot.discord.match.public import (
    board_message,
    challenge_closed_message,
    challenge_message,
    dms_closed_note,
    lobby_closed_message,
    lobby_message,
    practice_started_message,
    practice_thread_name,
    result_message,
    thread_name,
    tutorial_started_message,
    tutorial_thread_name,
    warning_message,
)
from bot.i18n import ENGLISH, language
from bot.service import Snapshot
from bot.service.challenges import _closed, _not_yours, _waiting
from bot.service.errors import Refusal
from bot.service.matches import Player
from bot.service.settings import validate_language, validate_turn_seconds
from bot.storage.records import (
    ACCEPTED,
    CANCELLED,
    DECLINED,
    EXPIRED,
    MatchRecord,
    ResultRecord,
)
from bot.storage.saved_decks import SavedDeck
from engine import Match, starter_decks
from tests.bot.discord.match.test_public import challenge, match_record
from tests.bot.i18n.marked import CLOSE, OPEN, marked_language, unmarked

LANG = marked_language("ru")
NAMES = ["Alice", "Bob", "Computer", "Tutor", "My deck"]
PNG = b"\x89PNG"


def texts(out: Outgoing) -> list[str]:
    """The message and every label, placeholder, option and description of its components."""
    found = [out.content]
    for row in out.view.to_components() if out.view is not None else []:
        for item in row["components"]:
            found += [item.get("label") or "", item.get("placeholder") or ""]
            for option in item.get("options", []):
                found += [option["label"], option.get("description") or ""]
    # A text clipped to its limit lost its closing marks.
    return [text + CLOSE * (text.count(OPEN) - text.count(CLOSE)) for text in found if text]


def english_in(*outs: Outgoing | str) -> list[str]:
    return [word for out in outs
            for text in ([out] if isinstance(out, str) else texts(out))
            for word in unmarked(text, allowed=NAMES)]


def practice_record(ready: bool = True) -> MatchRecord:
    record = match_record()
    computer = replace(record.seats[1], ai_level="normal", ready=ready)
    return replace(record, seats=(record.seats[0], computer), channel_id=9)


def played(seed: int) -> Iterator[tuple[Match, MatchRecord]]:
    """A match played at random to its end, after each action."""
    decks = starter_decks()
    match = Match.new((decks["scoiatael"], decks["skellige"]), seed, ("Alice", "Bob"))
    record = match_record(("scoiatael", "skellige"))
    rng = random.Random(seed)
    yield match, record
    while not match.is_over:
        legal = [a for p in match.to_act() for a in match.legal_actions(p)
                 if a.kind != "forfeit"]
        match.apply(rng.choice(legal))
        yield match, record


def test_the_challenge_and_its_answers_are_in_the_servers_language() -> None:
    first = challenge(True)
    outs: list[Outgoing | str] = [
        challenge_message(first, lang=LANG),
        challenge_message(replace(first, ranked=False, rematch_of=3, faction="monsters"),
                          lang=LANG),
        thread_name(first, lang=LANG), practice_thread_name("Alice", "hard", lang=LANG),
        tutorial_thread_name("Alice", lang=LANG),
        challenge_closed_message(first, match_record(), lang=LANG),
        challenge_closed_message(first, replace(match_record(), channel_id=99), lang=LANG),
        *(challenge_closed_message(replace(first, status=status), lang=LANG)
          for status in (DECLINED, CANCELLED, EXPIRED)),
        practice_started_message(practice_record(), None, lang=LANG),
        practice_started_message(practice_record(), 9, lang=LANG),
        tutorial_started_message(practice_record(), None, lang=LANG),
        tutorial_started_message(practice_record(), 9, lang=LANG)]
    assert english_in(*outs) == []


def test_the_lobby_and_the_deck_choice_are_in_the_readers_language() -> None:
    record = practice_record(ready=False)
    deck = SavedDeck(5, 100, replace(starter_decks()["monsters"], name="My deck"), 1.0, 1.0)
    outs = [lobby_message(Snapshot(record, None, (0, 1)), lang=LANG),
            lobby_message(Snapshot(replace(record, no_show_forfeits=True), None, (0,)),
                          lang=LANG),
            lobby_message(Snapshot(replace(record, deadline=None), None, (0,)), lang=LANG),
            lobby_closed_message(record, lang=LANG),
            deck_message(record, 0, [deck], lang=LANG),
            deck_message(record, 1, lang=LANG)]
    assert english_in(*outs, dms_closed_note(100, lang=LANG)) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_boards_warnings_hands_and_questions_are_in_their_readers_language(seed: int) -> None:
    checked = 0
    for match, record in played(seed):
        public = match.observation(None)
        to_act = tuple(match.to_act())
        snapshot = Snapshot(record, public, to_act)
        outs: list[Outgoing] = []
        if not match.is_over:
            outs += [board_message(snapshot, PNG, public.event_log, moves=2, lang=LANG,
                                   timed_out=0),
                     board_message(replace(snapshot, match=replace(record, deadline=None)),
                                   PNG, public.last_event_log, moves=1, lang=LANG),
                     warning_message(snapshot, to_act, lang=LANG),
                     warning_message(snapshot, to_act, lang=LANG, at_table=to_act[:1])]
        for seat in (0, 1):
            obs = match.observation(seat)
            mine = Snapshot(record, obs, to_act)
            outs += [hand_message(mine, None, "A hint", lang=LANG), moved_message(lang=LANG)]
            for choice in card_choices(obs, lang=LANG):
                actions = actions_for(obs, choice.uid)
                if len(actions) > 1:
                    outs.append(followup_message(mine, choice.uid, actions, lang=LANG))
        assert english_in(*outs) == [], (public.phase, public.round)
        checked += len(outs)
    assert checked > 50


def test_results_are_in_the_servers_language() -> None:
    match = next(m for m, _ in played(3) if m.is_over)
    record = match_record(("scoiatael", "skellige"))
    snapshot = Snapshot(record, match.observation(None), ())

    def result(ended_by: str, forfeited: bool, abandoned: bool = False,
               in_deck_choice: bool = False) -> ResultRecord:
        return ResultRecord(7, 1, (100, 101), ("scoiatael", "skellige"), ("a", "b"),
                            None if forfeited else match.winner, 0 if forfeited else None,
                            ended_by, (), 1.0, 2.0, abandoned=abandoned,
                            in_deck_choice=in_deck_choice)

    obs = match.observation(None)
    forfeited = Snapshot(record, replace(obs, forfeited_by=0), ())
    outs = [result_message(snapshot, result("score", False), PNG, PNG, obs.event_log,
                           lang=LANG),
            result_message(forfeited, result("forfeit", True), PNG, PNG, lang=LANG),
            result_message(forfeited, result("timeout", True), PNG, PNG, lang=LANG),
            result_message(forfeited, result("timeout", True, in_deck_choice=True), PNG, PNG,
                           lang=LANG),
            result_message(snapshot, result("timeout", False, abandoned=True), None, PNG,
                           lang=LANG)]
    assert english_in(*outs) == []


def refusals() -> list[Refusal]:
    """Refusals built from values, as the services raise them."""
    open_one = challenge(True)
    made: list[Refusal] = [_closed(replace(open_one, status=status))
                           for status in (ACCEPTED, DECLINED, CANCELLED, EXPIRED)]
    made += [_not_yours(open_one, 101, verb) for verb in ("accept", "decline")]
    made += [_not_yours(open_one, 100, "cancel"), _not_yours(open_one, 5, "cancel")]
    made += [_waiting(open_one, Player(100, "Alice"), True),
             _waiting(open_one, Player(101, "Bob"), True),
             _waiting(open_one, Player(101, "Bob"), False)]
    for wrong in (lambda: validate_turn_seconds(7), lambda: validate_language("xx")):
        try:
            wrong()
        except Refusal as refusal:
            made.append(refusal)
    return made


def test_refusals_are_in_the_readers_language_and_unchanged_in_english() -> None:
    made = refusals()
    assert len(made) == 13
    assert english_in(*(refusal.text(LANG) for refusal in made)) == []
    english = {refusal.text(language(ENGLISH)) for refusal in made}
    assert "Only the challenger can cancel this challenge." in english
    assert "This challenge is no longer open: it was declined." in english
    assert "The turn timer can be 1 minute, 3 minutes, 10 minutes, 30 minutes, 1 hour, " \
           "6 hours, 24 hours, not 7 seconds." in english
