"""Casual and ranked challenges: the server's default, the challenger's choice, rematches, a
casual result that never touches ratings, and migration 0007 on a database written before it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.ranking.views import LADDER
from bot.service import Player, Services
from bot.service.errors import Refusal
from bot.service.ranked import CASUAL
from bot.storage import Database
from bot.storage.migrations import load_migrations
from bot.storage.ratings import DERIVED_TABLES, RatingsRepository
from bot.storage.records import OPEN
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    play_randomly,
    start_match,
    thread_venue,
)


async def derived_rows(services: Services) -> int:
    """How many rows ranked play's derived tables hold, but for the casual result's claim."""
    rows = 0
    async with services.db.reading() as repo:
        ratings = repo.sharing(RatingsRepository)
        for table in DERIVED_TABLES:
            if table != "ranked_matches":
                rows += len(await ratings.dump(table))
    return rows


async def test_a_casual_challenge_leaves_ratings_untouched(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    assert not challenge.ranked, "challenges are casual unless the server says otherwise"
    match = await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    assert not match.ranked
    await services.matches.ready(match.id, ALICE.user_id)
    await services.matches.ready(match.id, BOB.user_id)
    await play_randomly(services, match.id, random.Random(5))
    result = await services.matches.result(match.id)
    assert result is not None and not result.ranked and not result.is_practice
    outcome = await services.ranked.outcome(match.id)
    assert outcome is not None and not outcome.rated and outcome.reason == CASUAL
    assert await derived_rows(services) == 0, "no rating, rank or ladder row"
    with pytest.raises(Refusal, match=r"No ranked match .* `/gwent challenge ranked:True`"):
        await services.ranked.leaderboard(GUILD, services.ranked.season(), LADDER, 0,
                                          ALICE.user_id)
    # Still in stats and history, marked casual.
    profile = await services.ranked.profile(GUILD, ALICE.user_id, "Alice", True)
    assert profile.casual.games == 1 and profile.ranked.games == 0
    assert all(f.record.games == 0 for f in profile.factions)
    lines, _ = await services.ranked.history(GUILD, BOB.user_id, "Bob", True)
    assert lines[0].casual and not lines[0].rated and lines[0].mine is None
    # A rematch is casual again.
    again = await services.challenges.rematch(match.id, BOB.user_id)
    assert not again.ranked and again.rematch_of == match.id


async def test_the_server_default_and_the_challengers_choice(services: Services) -> None:
    await services.settings.set_ranked_challenges(GUILD, True)
    ranked = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    casual = await services.challenges.create(GUILD, CHANNEL + 1, CAROL, Player(14, "Dan"),
                                              ranked=False)
    assert ranked.ranked and not casual.ranked
    match = await services.challenges.accept(ranked.id, BOB.user_id, thread_venue)
    await services.matches.forfeit(GUILD, BOB.user_id)  # in deck choice: not rated
    await services.settings.set_ranked_challenges(GUILD, False)
    # A rematch keeps the choice of the match, whatever the server's default now is.
    assert (await services.challenges.rematch(match.id, ALICE.user_id)).ranked


async def test_a_ranked_first_game_moves_65_not_126(services: Services) -> None:
    match = await start_match(services, ranked=True)
    await play_randomly(services, match.id, random.Random(3))
    outcome = await services.ranked.outcome(match.id)
    assert outcome is not None and outcome.rated
    moves = sorted(abs(c.delta) for c in outcome.changes)
    assert moves in ([65, 65], [0, 0]), moves  # a win and a loss, or a draw
    assert all(c.games == 1 and c.provisional for c in outcome.changes)


async def test_migration_0007_keeps_ladders_ranked_and_practice_unranked(
        database: Path | str, clock: FakeClock) -> None:
    old = await Database.open(database, load_migrations()[:6])
    async with old.transaction() as repo:
        run = repo.connection.execute
        for match_id, guild, ai_level in ((1, GUILD, None), (2, GUILD + 1, "easy")):
            await run("INSERT INTO matches (id, guild_id, channel_id, parent_channel_id, status, "
                      "seed, created_at, updated_at, finished_at) VALUES (?, ?, 5, 5, 'over', 1, "
                      "?, ?, ?)", (match_id, guild, clock.now, clock.now, clock.now))
            for seat in (0, 1):
                await run("INSERT INTO seats (match_id, seat, user_id, name, faction, leader, "
                          "deck, ready, ai_level) VALUES (?, ?, ?, ?, 'monsters', 'x', "
                          "'monsters', 1, ?)", (match_id, seat, 11 + seat, f"P{seat}",
                                                ai_level if seat else None))
            await run("INSERT INTO results (match_id, guild_id, player0_id, player1_id, "
                      "faction0, faction1, leader0, leader1, winner, ended_by, rounds, "
                      "started_at, finished_at, ai_level1) VALUES (?, ?, 11, 12, 'monsters', "
                      "'monsters', 'x', 'x', 0, 'play', '[]', ?, ?, ?)",
                      (match_id, guild, clock.now, clock.now, ai_level))
        await run("INSERT INTO ranked_matches (match_id, seq, guild_id, season, finished_at, "
                  "low_id, high_id, counted, weight) VALUES (1, 1, ?, 202311, ?, 11, 12, 1, 1.0)",
                  (GUILD, clock.now))
        await run("INSERT INTO ranked_matches (match_id, seq, guild_id, season, finished_at, "
                  "low_id, high_id, counted, weight) VALUES (2, 2, ?, 202311, ?, 11, 12, 0, 0.0)",
                  (GUILD + 1, clock.now))
        await run("INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, "
                  "opponent_id, opponent_name, status, created_at, expires_at) VALUES (?, 5, 11, "
                  "'P0', 13, 'P2', 'open', ?, ?)", (GUILD, clock.now, clock.now + 600))
    await old.close()

    services = await Services.open(database, RecordingNotifier(), clock)
    try:
        # The server with a ladder keeps ranked challenges; the other gets the casual default.
        assert await services.settings.ranked_challenges(GUILD)
        assert not await services.settings.ranked_challenges(GUILD + 1)
        assert (await services.matches.get(1)).ranked and not (await services.matches.get(2)).ranked
        people, practice = await services.matches.result(1), await services.matches.result(2)
        assert people is not None and people.ranked and not people.abandoned
        assert practice is not None and not practice.ranked and practice.is_practice
        async with services.db.reading() as repo:
            challenge = await repo.open_challenge_of(GUILD, 11)
            ranked_matches = await repo.sharing(RatingsRepository).dump("ranked_matches")
        assert challenge is not None and challenge.status == OPEN and challenge.ranked
        assert len(ranked_matches) == 2, "how results were rated is kept as it was"
    finally:
        await services.close()
