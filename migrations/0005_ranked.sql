-- Ranked play. Everything below `results` is derived from stored results and can be rebuilt
-- with `python -m bot.tools recompute-ratings`.

-- A forfeit before both decks were chosen ends the match without a round: it is not rated.
ALTER TABLE results ADD COLUMN in_deck_choice INTEGER NOT NULL DEFAULT 0;
CREATE INDEX results_by_player0 ON results (guild_id, player0_id, finished_at);
CREATE INDEX results_by_player1 ON results (guild_id, player1_id, finished_at);

-- Every result once considered for ranked play, in the order it was rated (seq).
CREATE TABLE ranked_matches (
    match_id     INTEGER PRIMARY KEY REFERENCES results (match_id),
    seq          BIGINT NOT NULL UNIQUE,
    guild_id     BIGINT NOT NULL,
    season       INTEGER NOT NULL,           -- YYYYMM (UTC) of finished_at
    finished_at  REAL NOT NULL,
    low_id       BIGINT NOT NULL,            -- the two players, smaller user id first
    high_id      BIGINT NOT NULL,
    counted      INTEGER NOT NULL,           -- 0: not rated (practice, ended in deck choice)
    weight       DOUBLE PRECISION NOT NULL   -- anti-abuse weight of a counted match
);
CREATE INDEX ranked_matches_by_pair ON ranked_matches (guild_id, low_id, high_id, finished_at);

-- What a rated match changed for each player.
CREATE TABLE ranked_changes (
    match_id       INTEGER NOT NULL REFERENCES ranked_matches (match_id),
    seat           INTEGER NOT NULL CHECK (seat IN (0, 1)),
    user_id        BIGINT NOT NULL,
    faction        TEXT NOT NULL,
    mmr_before     INTEGER NOT NULL,
    mmr_after      INTEGER NOT NULL,
    rank_before    INTEGER NOT NULL,          -- 30..1; 0 is Pro Rank
    pieces_before  INTEGER NOT NULL,
    rank_after     INTEGER NOT NULL,
    pieces_after   INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);

-- A player's rank and ladder standing in one server and season.
CREATE TABLE ladder (
    guild_id     BIGINT NOT NULL,
    season       INTEGER NOT NULL,
    user_id      BIGINT NOT NULL,
    name         TEXT NOT NULL,               -- the display name at their latest match
    rank         INTEGER NOT NULL,            -- 30..1; 0 is Pro Rank
    pieces       INTEGER NOT NULL,
    win_streak   INTEGER NOT NULL,
    loss_streak  INTEGER NOT NULL,
    score        INTEGER NOT NULL,            -- the sum of the 4 best ramped faction MMRs
    wins         INTEGER NOT NULL,
    losses       INTEGER NOT NULL,
    draws        INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, user_id)
);
CREATE INDEX ladder_by_score ON ladder (guild_id, season, score DESC, rank, user_id);
CREATE INDEX ladder_by_user ON ladder (guild_id, user_id, season);

-- Faction MMR: one openskill rating per player, server, season and faction.
CREATE TABLE faction_ratings (
    guild_id  BIGINT NOT NULL,
    season    INTEGER NOT NULL,
    user_id   BIGINT NOT NULL,
    faction   TEXT NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    mmr       INTEGER NOT NULL,               -- shown MMR: capped at 2400 outside Pro Rank
    wins      INTEGER NOT NULL,
    losses    INTEGER NOT NULL,
    draws     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, user_id, faction)
);
CREATE INDEX faction_ratings_by_mmr ON faction_ratings (guild_id, season, faction, mmr DESC,
                                                        user_id);
