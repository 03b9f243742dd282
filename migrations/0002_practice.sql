-- Practice matches against the computer: results say which seats the computer played, so
-- ratings can leave them out (a win against the computer is not a win against a person).
-- The computer's seat keeps the bot's user id in player0_id/player1_id.
ALTER TABLE results ADD COLUMN ai_level0 TEXT;  -- the computer's difficulty; NULL for a person
ALTER TABLE results ADD COLUMN ai_level1 TEXT;

-- Finding practice matches whose computer player may have a move to make (after a restart).
CREATE INDEX seats_by_ai_level ON seats (ai_level) WHERE ai_level IS NOT NULL;
