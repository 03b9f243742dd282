-- Several bot processes sharing one PostgreSQL database: which process does which work.
-- A lease is held by one process until expires_at, and renewed while that process lives, so
-- the work of a process that died is taken over once its leases run out. Kinds: 'duties'
-- (id 0: turn timers, re-posting boards, taking over computer turns), 'computer' (id = a
-- match: deciding its computer player's move), 'post' (id = a match: posting its messages).
-- A SQLite database has one process, which never needs to write leases.
CREATE TABLE leases (
    kind        TEXT NOT NULL,
    id          INTEGER NOT NULL,
    holder      TEXT NOT NULL,   -- host:pid:random of the process
    expires_at  REAL NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE INDEX leases_by_holder ON leases (holder);

-- 1 while the computer player of a practice match has a move or choice to make, so another
-- process can find it if the one that should make it died.
ALTER TABLE matches ADD COLUMN computer_due INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET computer_due = 1 WHERE status = 'playing'
    AND id IN (SELECT match_id FROM seats WHERE ai_level IS NOT NULL);

-- The turn timer's warning message, deleted when the next board is posted (by any process).
ALTER TABLE matches ADD COLUMN warning_message_id INTEGER;
