-- Casual and ranked matches, matches abandoned by both players, and provisional ratings.

-- Whether a server's challenges are ranked (1) or casual (0) when the challenger does not
-- say; without a row they are casual. Kept apart from guild_settings, whose turn_seconds
-- must be set for every row. Servers that already have a ladder keep ranked challenges.
CREATE TABLE guild_challenge_modes (
    guild_id  INTEGER PRIMARY KEY,
    ranked    INTEGER NOT NULL
);
INSERT INTO guild_challenge_modes (guild_id, ranked)
    SELECT DISTINCT guild_id, 1 FROM ranked_matches WHERE counted = 1;

-- 1: a ranked challenge or match; 0: casual, or practice against the computer (neither ever
-- changes ratings, ranks or the ladder). Everything before this version was ranked.
ALTER TABLE challenges ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
UPDATE matches SET ranked = 0
    WHERE id IN (SELECT match_id FROM seats WHERE ai_level IS NOT NULL);
ALTER TABLE results ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
UPDATE results SET ranked = 0 WHERE ai_level0 IS NOT NULL OR ai_level1 IS NOT NULL;

-- Turn timer expiries in a row during the rounds with no move from either player in
-- between; the third ends the match as abandoned.
ALTER TABLE matches ADD COLUMN timeouts_in_a_row INTEGER NOT NULL DEFAULT 0;
-- 1: both players had gone (ended_by 'timeout', no winner, no forfeit): not rated.
ALTER TABLE results ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;

-- The player's rated games with the faction in the season, this match included (a rating
-- is provisional for its first games); NULL on rows rated before this version, until
-- `python -m bot.tools recompute-ratings` fills them.
ALTER TABLE ranked_changes ADD COLUMN games INTEGER;
