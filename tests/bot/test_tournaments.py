"""Tournaments over the real services on both backends: sign-up, start, rounds paired once,
results counted once, drops, no-shows, corrections and refusals."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import pytest

from bot.service import Services
from bot.service.errors import NotAParticipant, NotFound, Refusal
from bot.service.timeouts import NO_SHOW, USE_DECK, next_timeout
from bot.service.tournaments import Actor, TournamentView
from bot.storage.tournaments import (
    BY_MATCH,
    BY_ORGANISER,
    CANCELLED,
    DROPPED,
    FINISHED,
    KICKED,
    RUNNING,
    TournamentRepository,
)
from bot.tournament.games import A_WINS, B_WINS, BOTH_LOSE, BYE, DRAW, PLAYED, WALKOVER
from tests.bot.helpers import CHANNEL, GUILD, FakeClock
from tests.bot.i18n.marked import marked_language, unmarked

ORGANISER = Actor(1, "Olga", manages_server=True)
PLAYERS = [Actor(100 + i, name) for i, name in enumerate(
    ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gus", "Hana"))]


async def signed_up(services: Services, format_: str, players: int,
                    **options: object) -> TournamentView:
    """A tournament with `players` of PLAYERS joined, still in sign-up."""
    view = await services.tournaments.create(GUILD, CHANNEL, ORGANISER, "Spring Cup", format_,
                                             **options)  # type: ignore[arg-type]
    for actor in PLAYERS[:players]:
        view = await services.tournaments.join(view.id, actor)
    return view


async def open_round(services: Services, view: TournamentView) -> dict[int, int]:
    """Do what the Discord side does for the latest round: a thread, then a match, for every
    game still to play; return {match id: table}."""
    opened = {}
    for record in view.games_of(view.round):
        game = record.game
        if game.decided or record.match_id is not None:
            continue
        await services.tournaments.set_thread(view.id, game, 9000 + 10 * game.round + game.table)
        match_id = await services.tournaments.open_match(view.id, game, CHANNEL)
        assert match_id is not None
        opened[match_id] = game.table
    return opened


async def lose(services: Services, match_id: int, user_id: int) -> None:
    """The player forfeits their match: the other wins."""
    await services.matches.forfeit_match(match_id, user_id)


async def test_swiss_from_sign_up_to_champion(services: Services) -> None:
    view = await signed_up(services, "swiss", 4)
    assert [p.name for p in view.players] == ["Alice", "Bob", "Carol", "Dave"]
    view = await services.tournaments.start(view.id, ORGANISER)
    assert view.tournament.status == RUNNING and view.tournament.rounds == 2  # ceil(log2(4))
    assert sorted(p.seed for p in view.players) == [1, 2, 3, 4]
    while view.tournament.status == RUNNING:
        opened = await open_round(services, view)
        assert len(opened) == 2
        for match_id in opened:
            match = await services.matches.get(match_id)
            assert match.channel_id != CHANNEL and match.parent_channel_id == CHANNEL
            await lose(services, match_id, match.seats[1].user_id)  # seat 0 (player a) wins
        view = await services.tournaments.get(view.id)
        assert view.rounds[-1].finished_at is not None
        assert await services.tournaments.pair_next(view.id)
        view = await services.tournaments.get(view.id)
    assert view.tournament.status == FINISHED and view.round == 2
    games = [g.game for g in view.games]
    assert all(g.result == A_WINS and g.kind == PLAYED for g in games)
    assert len({frozenset(g.players) for g in games}) == 4  # nobody met twice
    standings = view.standings
    assert [line.points for line in standings] == [2, 1, 1, 0]
    assert view.tournament.champion_id == standings[0].user_id
    champion = standings[0].user_id
    assert await services.tournaments.record_of(GUILD, champion) == (1, 1)
    assert await services.tournaments.record_of(GUILD, standings[-1].user_id) == (1, 0)
    assert not await services.tournaments.pair_next(view.id)  # nothing more, ever


async def test_single_elimination_of_five_gives_the_top_seeds_byes(services: Services) -> None:
    view = await signed_up(services, "single_elimination", 5)
    view = await services.tournaments.start(view.id, ORGANISER)
    seeds = {p.seed: p.user_id for p in view.players}
    first = [g.game for g in view.games_of(1)]
    assert [(g.a, g.b, g.kind) for g in first] == [
        (seeds[1], None, BYE), (seeds[4], seeds[5], PLAYED), (seeds[2], None, BYE),
        (seeds[3], None, BYE)]
    rounds = 0
    while view.tournament.status == RUNNING:
        rounds += 1
        for match_id in await open_round(services, view):
            match = await services.matches.get(match_id)
            await lose(services, match_id, match.seats[0].user_id)  # the lower seed wins
        await services.tournaments.pair_next(view.id)
        view = await services.tournaments.get(view.id)
    assert rounds == 3 and len([g for g in view.games if g.match_id]) == 4
    # Player b always wins: 5 beats 4, then 1; 3 beats 2; in the final 3 (b) beats 5.
    assert view.tournament.champion_id == seeds[3]
    assert [line.user_id for line in view.standings][:2] == [seeds[3], seeds[5]]
    assert [line.out_in for line in view.standings] == [None, 3, 2, 2, 1]


async def test_a_result_is_counted_once_and_the_organiser_has_the_last_word(
        services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "swiss", 4)).id,
                                            ORGANISER)
    first, second = list(await open_round(services, view))
    game = await services.matches.get(first)
    # The organiser decides the first match before it ends; its forfeit then changes nothing.
    _, record = await services.tournaments.set_result(GUILD, ORGANISER, first,
                                                      game.seats[1].user_id)
    assert record.game.result == B_WINS and record.set_by == BY_ORGANISER
    await lose(services, first, game.seats[1].user_id)
    # Counting a stored result again (as a second hook call would) changes nothing either.
    result = await services.matches.result(first)
    assert result is not None
    async with services.db.transaction() as repo:
        await services.tournaments.count_result(repo, result)
    await lose(services, second, (await services.matches.get(second)).seats[0].user_id)
    again = await services.matches.result(second)
    assert again is not None
    async with services.db.transaction() as repo:
        await services.tournaments.count_result(repo, again)
    view = await services.tournaments.get(view.id)
    results = {g.match_id: (g.game.result, g.set_by) for g in view.games}
    assert results == {first: (B_WINS, BY_ORGANISER), second: (B_WINS, BY_MATCH)}
    assert sorted(line.points for line in view.standings) == [0, 0, 1, 1]


async def test_a_result_puts_the_round_message_out_of_date_until_it_shows_it(
        services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "swiss", 4)).id,
                                            ORGANISER)
    first, second = list(await open_round(services, view))
    tournaments = services.tournaments
    view = await tournaments.get(view.id)
    [round1] = view.rounds
    assert round1.changes == 4 and not round1.out_of_date  # two threads, two matches
    await tournaments.set_round_message(view.id, 1, 555, round1.changes)
    assert await tournaments.due() == []
    # A result comes in while no process posts: the tournament has work, until the message
    # shows it (a message older than the latest change is still out of date).
    await lose(services, first, (await services.matches.get(first)).seats[0].user_id)
    [round1] = (await tournaments.get(view.id)).rounds
    assert round1.out_of_date and round1.changes == 5
    assert await tournaments.due() == [view.id]
    await tournaments.set_round_message(view.id, 1, 555, round1.changes - 1)
    assert await tournaments.due() == [view.id]
    await tournaments.set_round_message(view.id, 1, 555, round1.changes)
    assert await tournaments.due() == []
    await tournaments.set_round_message(view.id, 1, 555, 0)  # never goes back
    [round1] = (await tournaments.get(view.id)).rounds
    assert round1.shown == 5 and round1.pairings_message_id == 555
    # The organiser's correction is a change too; the last result finishes the round.
    await tournaments.set_result(GUILD, ORGANISER, first,
                                 (await services.matches.get(first)).seats[0].user_id)
    await lose(services, second, (await services.matches.get(second)).seats[1].user_id)
    [round1] = (await tournaments.get(view.id)).rounds
    assert round1.changes == 7 and round1.finished_at is not None
    assert await tournaments.due() == [view.id]


async def test_a_round_is_paired_exactly_once_when_asked_at_the_same_time(
        services: Services, database: object, notifier: object, clock: FakeClock) -> None:
    view = await services.tournaments.start((await signed_up(services, "swiss", 8)).id,
                                            ORGANISER)
    for match_id in await open_round(services, view):
        await lose(services, match_id, (await services.matches.get(match_id)).seats[1].user_id)
    # Another process on the same database asks too (PostgreSQL), or the same one twice.
    other = await Services.open(database, notifier, clock, think_seconds=0)  # type: ignore[arg-type]
    try:
        changed = await asyncio.gather(
            *(s.tournaments.pair_next(view.id) for s in (services, other, services, other)))
    finally:
        await other.close()
    assert changed.count(True) == 1
    view = await services.tournaments.get(view.id)
    assert [r.number for r in view.rounds] == [1, 2] and len(view.games_of(2)) == 4


async def test_drops_lose_the_current_game_and_are_paired_no_more(services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "swiss", 5)).id,
                                            ORGANISER)
    assert view.tournament.rounds == 3
    opened = await open_round(services, view)
    match_id = next(iter(opened))
    match = await services.matches.get(match_id)
    leaver, stayer = match.seats[0].user_id, match.seats[1].user_id
    leaving = next(a for a in PLAYERS if a.user_id == leaver)
    view = await services.tournaments.drop(view.id, leaver, leaving)
    assert (await services.matches.get(match_id)).status == "over"  # forfeited
    game = next(g for g in view.games if g.match_id == match_id)
    assert game.game.winner == stayer and game.set_by == BY_MATCH
    assert next(p for p in view.players if p.user_id == leaver).status == DROPPED
    with pytest.raises(Refusal, match="not playing"):
        await services.tournaments.drop(view.id, leaver, leaving)
    for other in set(opened) - {match_id}:
        await lose(services, other, (await services.matches.get(other)).seats[1].user_id)
    await services.tournaments.pair_next(view.id)
    view = await services.tournaments.get(view.id)
    second = [g.game for g in view.games_of(2)]
    assert leaver not in {p for g in second for p in g.players}
    assert len(second) == 2 and all(g.kind == PLAYED for g in second)  # 4 left: no bye
    # The organiser removes a player whose match is not opened yet: a walkover.
    removed = second[0].a
    view = await services.tournaments.drop(view.id, removed, ORGANISER)
    first = next(g for g in view.games_of(2) if g.game.table == 1)
    assert first.game.kind == WALKOVER and first.game.winner == second[0].b
    assert next(p for p in view.players if p.user_id == removed).status == KICKED
    # Past results stay in the standings.
    assert next(line for line in view.standings if line.user_id == leaver).losses == 1


async def test_a_no_show_forfeits_at_the_lobby_timeout(services: Services,
                                                       clock: FakeClock) -> None:
    view = await services.tournaments.start((await signed_up(services, "swiss", 4)).id,
                                            ORGANISER)
    present, absent = list(await open_round(services, view))
    shown = await services.matches.get(present)
    assert shown.no_show_forfeits
    assert next_timeout(shown, None, False, 1) == USE_DECK  # nobody ready yet
    await services.matches.ready(present, shown.seats[0].user_id)
    ready = await services.matches.get(present)
    assert next_timeout(ready, None, False, 1) == NO_SHOW  # the warning says so
    late = shown.seats[1].user_id
    both_late = await services.matches.get(absent)
    clock.advance(3600)
    await services.timers.run_due()
    assert (await services.matches.get(present)).status == "over"
    result = await services.matches.result(present)
    assert result is not None and result.forfeited_by == 1 and result.ended_by == "timeout"
    # Nobody ready: both play their current choice, and the timer rules decide the rest.
    assert (await services.matches.get(absent)).status == "playing"
    view = await services.tournaments.get(view.id)
    assert next(g for g in view.games if g.match_id == present).game.winner != late
    assert next(g for g in view.games if g.match_id == absent).game.result is None
    assert both_late.seats[0].ready is False


async def test_a_no_show_outside_tournaments_still_plays_the_current_choice(
        services: Services, clock: FakeClock) -> None:
    from tests.bot.helpers import ALICE, BOB, thread_venue

    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    match = await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    await services.matches.ready(match.id, ALICE.user_id)
    ready = await services.matches.get(match.id)
    assert not ready.no_show_forfeits and next_timeout(ready, None, False, 1) == USE_DECK
    clock.advance(3600)
    await services.timers.run_due()
    assert (await services.matches.get(match.id)).status == "playing"


async def test_a_drawn_elimination_match_is_played_again(services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "single_elimination",
                                                             2)).id, ORGANISER)
    [match_id] = await open_round(services, view)
    from bot.storage.records import ResultRecord

    async with services.db.transaction() as repo:
        match = await repo.match(match_id)
        assert match is not None
        drawn = ResultRecord(match_id, GUILD, match.user_ids, ("monsters", "monsters"),
                             ("a", "b"), None, None, "play", ((10, 10, None), (5, 5, None)),
                             0.0, 1.0)
        await services.tournaments.count_result(repo, drawn)
    view = await services.tournaments.get(view.id)
    [game] = view.games
    assert game.match_id is None and game.thread_id is not None and not game.game.decided
    again = await services.tournaments.open_match(view.id, game.game, CHANNEL)
    assert again is not None and again != match_id


@contextlib.contextmanager
def refused(kind: type[Refusal], match: str | None = None) -> Iterator[None]:
    """pytest.raises for a refusal, which must be said wholly in the reader's language."""
    with pytest.raises(kind, match=match) as caught:
        yield
    text = caught.value.text(marked_language())
    assert unmarked(text, allowed=["Spring Cup", "Small cup", "soon", "Nope"]) == [], text


async def test_refusals_change_nothing(services: Services) -> None:
    tournaments = services.tournaments
    with refused(Refusal, match="Manage Server"):
        await tournaments.create(GUILD, CHANNEL, PLAYERS[0], "Cup", "swiss")
    await tournaments.set_organiser_role(GUILD, 77)
    organiser = Actor(5, "Role holder", role_ids=frozenset({77}))
    small = await tournaments.create(GUILD, CHANNEL, organiser, "Small  cup", "swiss",
                                     max_players=2)
    with refused(Refusal, match="already has a tournament"):
        await tournaments.create(GUILD, CHANNEL, ORGANISER, "small CUP", "round_robin")
    with refused(Refusal, match="Only Swiss"):
        await tournaments.create(GUILD, CHANNEL, ORGANISER, "X", "round_robin", rounds=3)
    with refused(Refusal, match="start time"):
        await tournaments.create(GUILD, CHANNEL, ORGANISER, "X", "swiss", starts_at="soon")
    with refused(Refusal, match="at least 2 players"):
        await tournaments.start(small.id, organiser)
    await tournaments.join(small.id, PLAYERS[0])
    with refused(Refusal, match="already joined"):
        await tournaments.join(small.id, PLAYERS[0])
    with refused(NotAParticipant, match="Only the organiser"):
        await tournaments.start(small.id, PLAYERS[0])
    with refused(NotAParticipant, match="Only the organiser"):
        await tournaments.cancel(small.id, PLAYERS[0])
    await tournaments.join(small.id, PLAYERS[1])
    with refused(Refusal, match="is full"):
        await tournaments.join(small.id, PLAYERS[2])
    with refused(Refusal, match="not signed up"):
        await tournaments.leave(small.id, PLAYERS[2])
    started = await tournaments.start(small.id, organiser)
    with refused(Refusal, match="joining is closed"):
        await tournaments.join(small.id, PLAYERS[2])
    with refused(Refusal, match="has started"):
        await tournaments.start(small.id, organiser)
    with refused(Refusal, match="tournament drop"):
        await tournaments.leave(small.id, PLAYERS[0])
    # Results: for a match of another tournament, of no tournament, by a player, a stranger.
    other = await tournaments.start((await signed_up(services, "single_elimination", 2)).id,
                                    ORGANISER)
    [mine] = await open_round(services, started)
    [theirs] = await open_round(services, other)
    with refused(Refusal, match="belongs to \u201cSpring Cup\u201d, not"):
        await tournaments.set_result(GUILD, organiser, theirs, PLAYERS[0].user_id,
                                     "small cup")
    with refused(NotFound, match="not a match of a tournament"):
        await tournaments.set_result(GUILD, ORGANISER, 9999, None)
    with refused(NotFound, match="not a match of a tournament"):
        await tournaments.set_result(GUILD + 1, ORGANISER, mine, None)
    with refused(NotAParticipant, match="Only the organiser"):
        await tournaments.set_result(GUILD, PLAYERS[0], mine, PLAYERS[0].user_id)
    with refused(Refusal, match="did not play"):
        await tournaments.set_result(GUILD, organiser, mine, PLAYERS[5].user_id)
    with refused(Refusal, match="no draws"):
        await tournaments.set_result(GUILD, ORGANISER, theirs, None)
    with refused(NotAParticipant):
        await tournaments.drop(small.id, PLAYERS[1].user_id, PLAYERS[0])
    with refused(NotFound):
        await tournaments.named(GUILD, "Nope")
    view = await tournaments.get(small.id)
    assert all(g.game.result is None for g in view.games)
    assert all(p.active for p in view.players)
    cancelled = await tournaments.cancel(small.id, organiser)
    assert cancelled.tournament.status == CANCELLED
    # A cancelled tournament counts no result: its match goes on as a normal match.
    await lose(services, mine, PLAYERS[0].user_id)
    assert (await tournaments.get(small.id)).games[0].game.result is None
    with refused(Refusal, match="was cancelled"):
        await tournaments.cancel(small.id, organiser)


async def test_elimination_corrections_stop_once_the_next_round_is_paired(
        services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "single_elimination",
                                                             4)).id, ORGANISER)
    opened = list(await open_round(services, view))
    for match_id in opened:
        await lose(services, match_id, (await services.matches.get(match_id)).seats[1].user_id)
    first = await services.matches.get(opened[0])
    await services.tournaments.set_result(GUILD, ORGANISER, opened[0], first.seats[1].user_id)
    await services.tournaments.pair_next(view.id)
    with pytest.raises(Refusal, match="Round 2 is already paired"):
        await services.tournaments.set_result(GUILD, ORGANISER, opened[0],
                                              first.seats[0].user_id)
    view = await services.tournaments.get(view.id)
    assert first.seats[1].user_id in view.games_of(2)[0].game.players


async def test_swiss_draws_and_both_leaving(services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "swiss", 2)).id,
                                            ORGANISER)
    [match_id] = await open_round(services, view)
    await services.tournaments.set_result(GUILD, ORGANISER, match_id, None)
    view = await services.tournaments.get(view.id)
    assert view.games[0].game.result == DRAW
    assert [line.points for line in view.standings] == [0.5, 0.5]
    await services.tournaments.pair_next(view.id)
    view = await services.tournaments.get(view.id)
    assert view.tournament.status == FINISHED  # 2 players: one Swiss round


async def test_start_time_starts_it_or_waits_for_players(services: Services,
                                                         clock: FakeClock) -> None:
    lonely = await services.tournaments.create(GUILD, CHANNEL, ORGANISER, "Lonely", "swiss",
                                               starts_at="in 10 minutes")
    await services.tournaments.join(lonely.id, PLAYERS[0])
    full = await signed_up(services, "round_robin", 3, starts_at="in 10 minutes")
    assert await services.tournaments.due() == []
    clock.advance(601)
    assert await services.tournaments.due() == [lonely.id, full.id]
    waiting = await services.tournaments.start_due(lonely.id)
    assert waiting is not None and waiting.tournament.starts_at is None
    started = await services.tournaments.start_due(full.id)
    assert started is not None and started.tournament.rounds == 3  # 3 players: 3 rounds
    assert [g.game.kind for g in started.games_of(1)] == [PLAYED, BYE]
    assert await services.tournaments.start_due(full.id) is None
    assert await services.tournaments.due() == [full.id]  # its matches are to be opened


async def test_a_player_left_before_the_round_counts_as_a_walkover_in_round_robin(
        services: Services) -> None:
    view = await services.tournaments.start((await signed_up(services, "round_robin", 4)).id,
                                            ORGANISER)
    leaver = view.games_of(1)[0].game.a
    view = await services.tournaments.drop(view.id, leaver, ORGANISER)
    for match_id in await open_round(services, view):
        await lose(services, match_id, (await services.matches.get(match_id)).seats[1].user_id)
    for _ in range(2):
        await services.tournaments.pair_next(view.id)
        view = await services.tournaments.get(view.id)
        for match_id in await open_round(services, view):
            await lose(services, match_id,
                       (await services.matches.get(match_id)).seats[1].user_id)
    await services.tournaments.pair_next(view.id)
    view = await services.tournaments.get(view.id)
    assert view.tournament.status == FINISHED
    against = [g.game for g in view.games if leaver in g.game.players]
    assert len(against) == 3 and all(g.winner != leaver for g in against)
    assert [g.kind for g in against].count(WALKOVER) == 3
    assert BOTH_LOSE not in {g.result for g in against}
    async with services.db.reading() as repo:
        stored = await repo.sharing(TournamentRepository).players(view.id)
    assert next(p for p in stored if p.user_id == leaver).left_round == 1


@pytest.mark.parametrize("ranked", [False, True])
async def test_matches_are_rated_only_in_a_ranked_tournament(services: Services,
                                                             ranked: bool) -> None:
    view = await services.tournaments.start(
        (await signed_up(services, "swiss", 2, ranked=ranked)).id, ORGANISER)
    [match_id] = await open_round(services, view)
    assert (await services.matches.get(match_id)).ranked is ranked
    match = await services.matches.get(match_id)
    await services.matches.ready(match_id, match.seats[0].user_id)
    await services.matches.ready(match_id, match.seats[1].user_id)
    await lose(services, match_id, match.seats[1].user_id)
    outcome = await services.ranked.outcome(match_id)
    assert outcome is not None and outcome.rated is ranked
    assert (await services.tournaments.get(view.id)).games[0].game.result == A_WINS
