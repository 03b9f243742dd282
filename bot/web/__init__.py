"""The table: the bot's web server and the words of its page."""
