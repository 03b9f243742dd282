-- The Discord client's locale of the newest click in a player's view of a match (NULL: not
-- known), so that the view, edited later without a click, stays in that player's language.
ALTER TABLE match_views ADD COLUMN locale TEXT;
