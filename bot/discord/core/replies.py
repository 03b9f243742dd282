"""Answering interactions: refusals, errors, and the acknowledgement rules."""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord

from bot.discord.core.context import private_lang
from bot.discord.core.format import message_link
from bot.i18n import N_, Language
from bot.service.errors import Busy, Refusal

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

OOPS = N_("Something went wrong on our side. Nothing you played is lost: press Show my hand "
          "or Refresh to carry on.")
RESTARTING = N_("Gwent is restarting: please try again in a minute. Nothing you played is "
                "lost.")


def is_private(interaction: discord.Interaction) -> bool:
    """True when the clicked message is only the user's: ephemeral, or in their DMs."""
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """Answer only the user, whether or not the interaction was acknowledged yet."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def refusal_text(refusal: Refusal, lang: Language) -> str:
    """The refusal's explanation in a language, with a link to the challenge message or the
    channel it is about."""
    text = refusal.text(lang)
    if not isinstance(refusal, Busy):
        return text
    challenge = refusal.challenge
    if challenge is not None and challenge.message_id is not None:
        link = message_link(challenge.guild_id, challenge.channel_id, challenge.message_id)
        return f"{text} {link}"
    if refusal.channel_id is not None:
        text += f" <#{refusal.channel_id}>"
    return text


async def guarded(interaction: discord.Interaction, work: Coroutine[Any, Any, None]) -> None:
    """Run a handler; refusals become ephemeral answers, failures are logged and admitted.

    A bot that is stopping turns new interactions away, and lets the ones in progress finish.
    """
    in_flight = cast("GwentBot", interaction.client).in_flight
    with in_flight.track():
        if in_flight.closing:
            work.close()
            await try_tell(interaction, (await private_lang(interaction))._(RESTARTING))
        else:
            await _answer(interaction, work)


async def _answer(interaction: discord.Interaction, work: Coroutine[Any, Any, None]) -> None:
    try:
        await work
    except Refusal as refusal:
        await try_tell(interaction, refusal_text(refusal, await private_lang(interaction)))
    except discord.HTTPException as error:
        log.warning("Discord refused an answer to interaction %s: %s", interaction.id, error)
    except Exception:
        log.exception("interaction %s failed", interaction.id)
        await try_tell(interaction, (await private_lang(interaction))._(OOPS))


async def try_tell(interaction: discord.Interaction, text: str) -> None:
    """tell(), logging instead of raising when Discord refuses or the connection drops (as it
    may when the answer turns a click away while the bot stops)."""
    try:
        await tell(interaction, text)
    except (discord.HTTPException, aiohttp.ClientError) as error:
        log.warning("could not answer interaction %s: %r", interaction.id, error)
