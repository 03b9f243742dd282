"""Development tools (not part of the bot or the engine)."""
