-- Gwent for Discord: initial schema. Times are Unix seconds (REAL); ids are Discord snowflakes.

-- Per-server settings, changed with /gwent config.
CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    turn_seconds  INTEGER NOT NULL
);

-- Per-user settings (/gwent settings) and remembered deck choices.
CREATE TABLE user_settings (
    user_id          INTEGER PRIMARY KEY,
    hands_by_dm      INTEGER NOT NULL DEFAULT 0,
    dm_closed_noted  INTEGER NOT NULL DEFAULT 0,
    last_faction     TEXT,
    last_leader      TEXT
);

-- One row per match, from deck choice to the end.
CREATE TABLE matches (
    id                 INTEGER PRIMARY KEY,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,   -- where the match lives: its thread or the channel
    parent_channel_id  INTEGER NOT NULL,   -- where it was challenged
    status             TEXT NOT NULL CHECK (status IN ('choosing', 'playing', 'over')),
    seed               INTEGER NOT NULL,
    state              TEXT,               -- engine gwent-state JSON, once decks are chosen
    action_count       INTEGER NOT NULL DEFAULT 0,
    deadline           REAL,               -- when the turn timer runs out
    warn_at            REAL,               -- when to warn the player; NULL once warned
    lobby_message_id   INTEGER,            -- the deck-choice message
    board_message_id   INTEGER,            -- the newest board posted
    board_action       INTEGER,            -- the action count that board shows
    result_message_id  INTEGER,
    created_at         REAL NOT NULL,
    updated_at         REAL NOT NULL,
    finished_at        REAL
);
CREATE INDEX matches_by_status ON matches (status, guild_id);
CREATE INDEX matches_by_channel ON matches (channel_id, status);

-- The two players of a match (seat 0 challenged, seat 1 was challenged).
CREATE TABLE seats (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    faction    TEXT NOT NULL,
    leader     TEXT NOT NULL,
    deck       TEXT NOT NULL,              -- starter deck key (its faction)
    ready      INTEGER NOT NULL DEFAULT 0,
    timeouts   INTEGER NOT NULL DEFAULT 0, -- turn timer expiries in a row
    ai_level   TEXT,                       -- set for a computer player
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- Every applied action, in order; number is the match's action count after it.
CREATE TABLE actions (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    number      INTEGER NOT NULL,
    action      TEXT NOT NULL,             -- engine text form, e.g. "0 play 12 ranged"
    source      TEXT NOT NULL CHECK (source IN ('player', 'timer')),
    created_at  REAL NOT NULL,
    PRIMARY KEY (match_id, number)
);

CREATE TABLE challenges (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    message_id       INTEGER,
    challenger_id    INTEGER NOT NULL,
    challenger_name  TEXT NOT NULL,
    opponent_id      INTEGER NOT NULL,
    opponent_name    TEXT NOT NULL,
    faction          TEXT,
    status           TEXT NOT NULL
                     CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at       REAL NOT NULL,
    expires_at       REAL NOT NULL,
    match_id         INTEGER REFERENCES matches (id),
    rematch_of       INTEGER REFERENCES matches (id)
);
CREATE INDEX challenges_by_status ON challenges (status, guild_id);

-- Finished matches, for ratings.
CREATE TABLE results (
    match_id      INTEGER PRIMARY KEY REFERENCES matches (id),
    guild_id      INTEGER NOT NULL,
    player0_id    INTEGER NOT NULL,
    player1_id    INTEGER NOT NULL,
    faction0      TEXT NOT NULL,
    faction1      TEXT NOT NULL,
    leader0       TEXT NOT NULL,
    leader1       TEXT NOT NULL,
    winner        INTEGER CHECK (winner IN (0, 1)),       -- seat; NULL for a draw
    forfeited_by  INTEGER CHECK (forfeited_by IN (0, 1)), -- seat
    ended_by      TEXT NOT NULL CHECK (ended_by IN ('play', 'forfeit', 'timeout')),
    rounds        TEXT NOT NULL,           -- JSON: [[score0, score1, winner seat or null], ...]
    started_at    REAL NOT NULL,
    finished_at   REAL NOT NULL
);
