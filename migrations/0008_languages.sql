-- Languages (bot/i18n). A server's language for public texts, set with /gwent config
-- language; without a row, Discord's guild_locale is used. Kept apart from guild_settings,
-- whose turn_seconds must be set for every row.
CREATE TABLE guild_languages (
    guild_id  INTEGER PRIMARY KEY,
    language  TEXT NOT NULL                -- a tag of bot.i18n.LANGUAGES, e.g. 'pt-BR'
);

-- A user's own language for private texts (/gwent settings language); NULL follows their
-- Discord client's language.
ALTER TABLE user_settings ADD COLUMN language TEXT;
