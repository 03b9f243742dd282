-- Server tournaments: Swiss, single elimination and round robin, run from sign-up to champion.
-- Their matches are ordinary matches (tables matches, seats, results), linked from
-- tournament_games; standings are computed from the games, never stored.

CREATE TABLE tournaments (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,   -- the sign-up channel: matches get threads there
    message_id        INTEGER,            -- the sign-up message
    name              TEXT NOT NULL,
    name_key          TEXT NOT NULL,      -- the name folded for lookup
    format            TEXT NOT NULL
                      CHECK (format IN ('swiss', 'single_elimination', 'round_robin')),
    rounds_asked      INTEGER,            -- Swiss rounds chosen at creation; NULL: the default
    rounds            INTEGER,            -- the rounds planned, set at the start
    max_players       INTEGER NOT NULL,
    starts_at         REAL,               -- when it starts by itself; NULL: when started
    ranked            INTEGER NOT NULL,   -- 1: its matches are rated on the ladder
    organiser_id      INTEGER NOT NULL,
    organiser_name    TEXT NOT NULL,
    status            TEXT NOT NULL
                      CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    seed              INTEGER NOT NULL,   -- draws the seeding of players without a ladder score
    champion_id       INTEGER,
    final_message_id  INTEGER,            -- the champion's announcement
    created_at        REAL NOT NULL,
    started_at        REAL,
    finished_at       REAL,
    UNIQUE (guild_id, name_key)
);
CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);

CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    user_id        INTEGER NOT NULL,
    name           TEXT NOT NULL,
    joined_at      REAL NOT NULL,
    seed           INTEGER,               -- 1 is the top seed; set at the start
    ladder_score   INTEGER,               -- the server's ladder score the seed came from
    status         TEXT NOT NULL CHECK (status IN ('in', 'dropped', 'kicked')),
    left_round     INTEGER,               -- the round in progress when they left
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_user ON tournament_players (user_id, tournament_id);

-- A round exists once it is paired: its primary key is what pairs it exactly once.
CREATE TABLE tournament_rounds (
    tournament_id        INTEGER NOT NULL REFERENCES tournaments (id),
    number               INTEGER NOT NULL,
    paired_at            REAL NOT NULL,
    finished_at          REAL,            -- when its last game got a result
    pairings_message_id  INTEGER,         -- its pairings, posted in the sign-up channel
    PRIMARY KEY (tournament_id, number)
);

-- One pairing of a round: a against b (NULL: a has the bye). A played game gets a thread,
-- then a match; its result comes from the match (or the organiser, which the match then
-- never overwrites).
CREATE TABLE tournament_games (
    tournament_id  INTEGER NOT NULL,
    round          INTEGER NOT NULL,
    board          INTEGER NOT NULL,      -- the table number within the round
    player_a       INTEGER NOT NULL,
    player_b       INTEGER,
    kind           TEXT NOT NULL CHECK (kind IN ('played', 'bye', 'walkover')),
    result         TEXT CHECK (result IN ('a', 'b', 'draw', 'none')),
    set_by         TEXT CHECK (set_by IN ('match', 'organiser', 'rules')),
    rounds_a       INTEGER NOT NULL DEFAULT 0,   -- Gwent rounds won by each player
    rounds_b       INTEGER NOT NULL DEFAULT 0,
    thread_id      INTEGER,
    match_id       INTEGER REFERENCES matches (id),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
);
CREATE UNIQUE INDEX tournament_games_by_match ON tournament_games (match_id);

-- 1: a player not ready when the lobby's timer runs out forfeits (a tournament's matches);
-- 0: both play their current choice.
ALTER TABLE matches ADD COLUMN no_show_forfeits INTEGER NOT NULL DEFAULT 0;

-- Who may create tournaments besides members with Manage Server (/gwent config).
CREATE TABLE tournament_settings (
    guild_id           INTEGER PRIMARY KEY,
    organiser_role_id  INTEGER
);
