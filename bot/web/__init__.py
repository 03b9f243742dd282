"""The table: a Discord Activity (and watch links) playing the bot's matches live in a web
page. Its server runs inside the bot process and talks to bot/service like the Discord
adapter does; it imports nothing of Discord. docs/table-protocol.md is its contract with
the page (table/)."""
