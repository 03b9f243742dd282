-- One private view per player and match: the ephemeral message (or direct message) showing
-- the player's hand, edited in place when their turn comes back. Editing it needs the token
-- of an interaction whose original response it is; a token works for 15 minutes after the
-- interaction, so the bot keeps the newest one with the time it arrived. Tokens are secrets:
-- they are never logged. Any process may use them (several may share the database).
CREATE TABLE match_views (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL CHECK (seat IN (0, 1)),
    message_id  INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,   -- the match's channel, or the player's DM channel
    token       TEXT,               -- NULL for a direct message the bot token sent
    token_at    REAL,               -- when the bot received that interaction
    PRIMARY KEY (match_id, seat)
);

-- The newest board was posted as a follow-up through this interaction token (NULL: with the
-- bot token), which alone may edit it; and how many of the match's log events it narrated,
-- so the next board narrates every move since (even if a board could not be shown between).
ALTER TABLE matches ADD COLUMN board_token TEXT;
ALTER TABLE matches ADD COLUMN board_token_at REAL;
ALTER TABLE matches ADD COLUMN board_events INTEGER;
