"""Keeping the message catalogues in step with the code: extract every message (the code's,
the card data's and the slash commands') into the templates and each language's catalogue,
then report what is translated and what is wrong."""

from __future__ import annotations

import asyncio

import discord
from babel.messages.catalog import Catalog
from discord import app_commands

from bot.discord.commands import GwentCommands
from bot.discord.core.translator import command_messages
from bot.i18n.catalogues import DOMAINS, translated_languages
from bot.i18n.checks import all_problems, coverage, marking_problems
from bot.i18n.extract import BOT_DIR, Message, extract_all, update


async def slash_command_messages() -> list[Message]:
    """The texts of the bot's slash commands, from the command tree it registers."""
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    tree.add_command(GwentCommands())
    return await command_messages(tree)


def templates() -> dict[str, Catalog]:
    """Both domains' templates as the code, the data and the slash commands have them now."""
    return extract_all(asyncio.run(slash_command_messages()))


def extract_messages() -> list[str]:
    """Rewrite the templates, update every catalogue, and return one line per language and
    domain saying how much is translated."""
    for domain, pot in templates().items():
        update(domain, pot)
    lines = []
    for language in translated_languages():
        for domain in DOMAINS:
            done, total = coverage(language, domain)
            lines.append(f"{language:<6} {domain:<6} {done:>5}/{total:<5} translated")
    return lines


def check_messages() -> list[str]:
    """Every problem of the catalogues and of the marked messages in the code."""
    return marking_problems(BOT_DIR) + all_problems()
