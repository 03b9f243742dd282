"""Settings in Discord: a member's own preferences and the server's configuration."""
