-- Decks of your own: each user keeps up to 20 named decks, usable in every server.
CREATE TABLE saved_decks (
    id          INTEGER PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,             -- the name folded for comparison
    faction     TEXT NOT NULL,
    leader      TEXT NOT NULL,
    cards       TEXT NOT NULL,             -- JSON: {"card_id": count, ...}
    created_at  REAL NOT NULL,
    updated_at  REAL NOT NULL,
    UNIQUE (user_id, name_key)
);

-- The whole deck a seat plays (engine deck JSON: faction, leader, cards, name), written when
-- a saved or generated deck is chosen and for every seat when the match starts, so results
-- and replays stay exact after the saved deck is edited or deleted. NULL (older rows, or a
-- starter deck still being chosen) means the starter deck of seats.faction.
ALTER TABLE seats ADD COLUMN deck_list TEXT;

-- The deck a user last played: a starter deck key (its faction) or 'saved:<id>'.
ALTER TABLE user_settings ADD COLUMN last_deck TEXT;
