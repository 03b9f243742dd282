"""Public match messages that newcomers meet: the challenge (ranked or casual), the refusal
while one's own challenge waits, the timer's warning and the result, each saying exactly
what happens."""

from __future__ import annotations

from dataclasses import replace

from bot.discord.match import ids
from bot.discord.match.public import (
    challenge_message,
    lobby_message,
    open_challenge_refusal,
    result_message,
    turn_line,
    warning_message,
)
from bot.i18n import ENGLISH, Language, language
from bot.service import Snapshot
from bot.service.errors import Busy
from bot.storage.records import OPEN, ChallengeRecord, MatchRecord, ResultRecord, SeatRecord
from engine import Action, Match, starter_decks

EN = language(ENGLISH)

PNG = b"\x89PNG"
DEADLINE = 1_700_000_000.0


def match_record(factions: tuple[str, str] = ("monsters", "skellige"),
                 timeouts: tuple[int, int] = (0, 0), in_a_row: int = 0) -> MatchRecord:
    decks = starter_decks()
    seats = [SeatRecord(i, 100 + i, name, f, decks[f].leader, f, True, timeouts[i], None)
             for i, (name, f) in enumerate(zip(("Alice", "Bob"), factions, strict=True))]
    return MatchRecord(7, 1, 2, 3, "playing", 5, 0, DEADLINE, None, None, None, None, None,
                       1.0, 1.0, None, (seats[0], seats[1]), timeouts_in_a_row=in_a_row)


def engine(factions: tuple[str, str] = ("monsters", "skellige")) -> Match:
    decks = starter_decks()
    return Match.new((decks[factions[0]], decks[factions[1]]), 5, ("Alice", "Bob"))


def warned(record: MatchRecord, match: Match | None, lang: Language = EN) -> str:
    obs = None if match is None else match.observation(None)
    to_act = (0, 1) if match is None else tuple(match.to_act())
    return warning_message(Snapshot(record, obs, to_act), to_act, lang=lang).content


def test_the_warning_says_what_the_timeout_does_in_each_phase() -> None:
    when = f"<t:{int(DEADLINE)}:R>"
    assert warned(match_record(), None) == (
        f"\u23f3 <@100> <@101>: time runs out {when}, then your current deck choices are used.")
    scoiatael = ("scoiatael", "monsters")
    assert warned(match_record(scoiatael), engine(scoiatael)) == (
        f"\u23f3 <@100>: time runs out {when}, then Alice goes first.")
    match = engine()
    assert warned(match_record(), match) == (
        f"\u23f3 <@100> <@101>: time runs out {when}, then you each keep your hand.")
    match.apply(Action(0, "keep"))
    match.apply(Action(1, "keep"))
    turn = match.to_act()[0]
    mention = f"<@{100 + turn}>"
    assert warned(match_record(), match) == (
        f"\u23f3 {mention}: time runs out {when}, then you pass the round.")
    second = tuple(int(s == turn) for s in (0, 1))
    assert warned(match_record(timeouts=(second[0], second[1]), in_a_row=1), match) == (
        f"\u23f3 {mention}: time runs out {when}, then you forfeit the match: it would be "
        "your second timeout in a row.")
    assert warned(match_record(timeouts=(1, 1), in_a_row=2), match) == (
        f"\u23f3 {mention}: time runs out {when}, then the match ends as abandoned, since "
        "nobody has moved for two turns: no winner, and it is not rated.")


def test_the_warning_names_a_player_at_the_table_without_a_mention() -> None:
    record = match_record()
    out = warning_message(Snapshot(record, None, (0, 1)), (0, 1), lang=EN, at_table=(1,))
    assert out.content.startswith("\u23f3 <@100> **Bob**: time runs out")
    assert out.mentions == (100,)


def test_a_lobby_pings_both_players_unless_a_tournament_pinged_them_already() -> None:
    record = replace(match_record(), status="choosing")
    lobby = lobby_message(Snapshot(record, None, (0, 1)), lang=EN)
    assert lobby.mentions == (100, 101) and "<@100> <@101>" in lobby.content
    tournament = replace(record, no_show_forfeits=True)
    lobby = lobby_message(Snapshot(tournament, None, (0, 1)), lang=EN)
    assert lobby.mentions == () and "<@100> <@101>" in lobby.content


def result_of(match: Match, ended_by: str, abandoned: bool = False) -> ResultRecord:
    return ResultRecord(7, 1, (100, 101), ("monsters", "skellige"), ("a", "b"), match.winner,
                        match.forfeited_by, ended_by, (), 1.0, 2.0, abandoned=abandoned)


def test_the_result_says_why_the_match_ended() -> None:
    timed_out = engine()
    timed_out.apply(Action(0, "forfeit"))
    snapshot = Snapshot(match_record(), timed_out.observation(None), ())
    out = result_message(snapshot, result_of(timed_out, "timeout"), PNG, PNG, lang=EN)
    assert out.content.splitlines()[0] == (
        "\u23f0 Alice ran out of time twice in a row: **Bob** wins the match.")
    assert "forfeited" not in out.content
    out = result_message(snapshot, result_of(timed_out, "forfeit"), PNG, PNG, lang=EN)
    assert out.content.splitlines()[0] == (
        "\U0001f3f3\ufe0f Alice forfeited: **Bob** wins the match.")
    assert [name for name, _ in out.files] == ["result.png", "board.png"]


def test_an_abandoned_match_ends_where_it_was_left_with_nobody_winning() -> None:
    left = engine()
    left.apply(Action(0, "keep"))
    left.apply(Action(1, "keep"))
    snapshot = Snapshot(match_record(), left.observation(None), ())
    out = result_message(snapshot, result_of(left, "timeout", abandoned=True), None, PNG, lang=EN)
    assert out.content.splitlines() == [
        "\u231b **The match is abandoned**: the turn timer ran out three times in a row with "
        "no move from either player. Nobody wins.",
        "Round 1 was not finished."]
    assert [name for name, _ in out.files] == ["board.png"]


def challenge(ranked: bool, message_id: int | None = None) -> ChallengeRecord:
    return ChallengeRecord(4, 1, 2, message_id, 100, "Alice", 101, "Bob", None, OPEN, 1.0,
                           DEADLINE, None, None, ranked)


def test_a_challenge_says_whether_it_is_ranked_or_casual() -> None:
    ranked = challenge_message(challenge(True), lang=EN).content.splitlines()
    assert ranked[0] == "\u2694\ufe0f <@101>, **Alice** challenges you to a ranked match of Gwent!"
    assert ranked[1].startswith("\U0001f3c5 **Ranked**: the result moves both players' faction")
    casual = challenge_message(challenge(False), lang=EN).content.splitlines()
    assert casual[0].endswith("challenges you to a casual match of Gwent!")
    assert casual[1] == ("\U0001f91d **Casual**: not rated, so MMR, ranks and the ladder stay as "
                         "they are.")
    rematch = challenge_message(replace(challenge(False), rematch_of=3), lang=EN).content
    assert "to a casual rematch!" in rematch


def test_the_challenger_refused_for_an_open_challenge_gets_its_link_and_cancel() -> None:
    busy = Busy("You already challenged Bob in this server: cancel that challenge, or wait "
                "for the answer.", 2, challenge(True, message_id=55))
    out = open_challenge_refusal(busy, language(ENGLISH))
    assert out.content.endswith("wait for the answer. https://discord.com/channels/1/2/55")
    assert out.view is not None
    [cancel] = out.view.children
    assert getattr(cancel, "custom_id", None) == ids.challenge(4, "cancel")


def test_what_the_players_to_act_must_do_agrees_with_how_many_they_are() -> None:
    match = engine()
    both = Snapshot(match_record(), match.observation(None), (0, 1))
    de, pl = language("de"), language("pl")
    assert "<@100> <@101> dürfen je bis zu 2 Karten neu ziehen" in turn_line(both, lang=de)
    assert "<@100> <@101>: możecie wymienić" in turn_line(both, lang=pl)
    assert "dann behaltet ihr eure Hände" in warned(match_record(), match, de)
    assert "wybierzcie frakcję" in lobby_message(
        Snapshot(match_record(), None, (0, 1)), lang=pl).content
    match.apply(Action(0, "keep"))
    alone = Snapshot(match_record(), match.observation(None), (1,))
    assert "<@101> darf bis zu 2 Karten neu ziehen" in turn_line(alone, lang=de)
    assert "<@101>: możesz wymienić" in turn_line(alone, lang=pl)
    assert "dann behältst du diese Hand" in warned(match_record(), match, de)
    practice = replace(match_record(), seats=(match_record().seats[0], replace(
        match_record().seats[1], ai_level="easy")))
    assert "<@100>, wybierz frakcję" in lobby_message(
        Snapshot(practice, None, (0, 1)), lang=pl).content
