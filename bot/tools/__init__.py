"""Operator tools: python -m bot.tools COMMAND (see --help)."""
