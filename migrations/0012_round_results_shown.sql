-- A round's pairings message shows its results as they come in: `changes` counts the changes
-- to the round's games (a result, a thread, a match), `shown` the count its message showed
-- when last posted or edited. A message is out of date while shown < changes, so the
-- process on duty brings it up to date later, even after a restart.
ALTER TABLE tournament_rounds ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_rounds ADD COLUMN shown INTEGER NOT NULL DEFAULT 0;
