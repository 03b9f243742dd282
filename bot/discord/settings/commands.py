"""/gwent settings (a member's own) and config (the server's)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.context import guild_id_of, private_lang, public_lang, services
from bot.discord.core.replies import guarded, tell
from bot.discord.tournaments.settings import organisers_line, set_organiser_role
from bot.i18n import LANGUAGES, NATIVE_NAMES, Language
from bot.learn.glossary import duration
from bot.service.errors import Refusal
from bot.service.settings import TURN_CHOICES

TIMER_CHOICES = [app_commands.Choice(name=duration(s), value=s) for s in TURN_CHOICES]
RANKED, CASUAL = "ranked", "casual"
CHALLENGE_CHOICES = [app_commands.Choice(name="Ranked", value=RANKED),
                     app_commands.Choice(name="Casual", value=CASUAL)]

# The language choice that forgets a setting: Discord's language applies again.
DISCORD_LANGUAGE = "discord"
LANGUAGE_CHOICES = [app_commands.Choice(name="Discord's language", value=DISCORD_LANGUAGE),
                    *(app_commands.Choice(name=NATIVE_NAMES[tag], value=tag)
                      for tag in LANGUAGES)]


def chosen_language(value: str) -> str | None:
    """The language tag a command's choice sets, None for Discord's language."""
    return None if value == DISCORD_LANGUAGE else value


def language_line(lang: Language, given: str, chosen: str | None, private: bool) -> str:
    """What a language setting is and the language it gives now (`given`), said in the
    reader's language."""
    now = NATIVE_NAMES[given]
    if private:
        if chosen is None:
            return lang._("Your language: **{language}**, your Discord app's. Change it with "
                          "`/gwent settings language`.", language=now)
        return lang._("Your language: **{language}**, as you chose, for everything only you "
                      "see.", language=now)
    if chosen is None:
        return lang._("Server language: **{language}**, the server's language in Discord, for "
                      "everything everyone sees.", language=now)
    return lang._("Server language: **{language}**, chosen for this server, for everything "
                  "everyone sees.", language=now)


def server_settings_text(turn_seconds: int, ranked: bool, *, lang: Language) -> str:
    """The server's settings and what they mean for players."""
    if ranked:
        challenges = lang._("**Challenges: ranked** unless the challenger adds `ranked:False`. "
                            "Casual matches never change MMR, ranks or the ladder.")
    else:
        challenges = lang._("**Challenges: casual** (they never change MMR, ranks or the "
                            "ladder) unless the challenger adds `ranked:True`.")
    # i18n: {timer} is a length of time, like "10 minutes".
    timer = lang._("**Turn timer: {timer}.** When it runs out, the player passes the round "
                   "(during the redraws: keeps their hand). A second timeout in a row loses "
                   "the match; three in a row with no move from either player end it as "
                   "abandoned, with no winner and no rating change.",
                   timer=duration(turn_seconds, lang))
    return f"{timer}\n{challenges}"


@app_commands.command(description="Your preferences: your hand by DM, your language")
@app_commands.describe(hands_by_dm="Send me my hand by direct message when my turn starts",
                       language="The language of what only you see")
@app_commands.choices(language=LANGUAGE_CHOICES)
async def settings(interaction: discord.Interaction,
                   hands_by_dm: bool | None = None, language: str | None = None) -> None:
    """Show or change the user's settings."""
    async def work() -> None:
        svc = services(interaction).settings
        if hands_by_dm is not None:
            await svc.set_hands_by_dm(interaction.user.id, hands_by_dm)
        if language is not None:
            await svc.set_language_override(interaction.user.id, chosen_language(language))
        lang = await private_lang(interaction)
        chosen = await svc.language_override(interaction.user.id)
        on = (await svc.user(interaction.user.id)).hands_by_dm
        text = (lang._("Hands by DM: **on**. At the start of each of your turns I send you "
                       "your hand by direct message, and you can play from there. If your DMs "
                       "are closed, use Show my hand on the board.") if on else
                lang._("Hands by DM: **off**. Use Show my hand under the board to play. Turn "
                       "it on with `/gwent settings hands_by_dm:True`."))
        line = language_line(lang, lang.tag, chosen, private=True)
        await tell(interaction, "\n".join([text, line]))

    await guarded(interaction, work())


@app_commands.command(description="Server settings: the turn timer, ranked or casual "
                                  "challenges, organisers, language (Manage Server)")
@app_commands.describe(turn_timer="How long each player has for a turn",
                       challenges="Whether a challenge is ranked or casual when the challenger "
                                  "doesn't say",
                       organiser_role="Members with this role may create tournaments",
                       language="The language of what everyone in the server sees")
@app_commands.choices(turn_timer=TIMER_CHOICES)
@app_commands.choices(challenges=CHALLENGE_CHOICES)
@app_commands.choices(language=LANGUAGE_CHOICES)
async def config(interaction: discord.Interaction, turn_timer: int | None = None,
                 challenges: str | None = None,
                 organiser_role: discord.Role | None = None,
                 language: str | None = None) -> None:
    """Show or change the server's turn timer, its challenges' default and who may create
    tournaments."""
    async def work() -> None:
        guild_id = guild_id_of(interaction)
        svc = services(interaction).settings
        lang = await private_lang(interaction)
        changed = []
        if organiser_role is not None:
            changed.append(await set_organiser_role(interaction, organiser_role))
        if turn_timer is not None or challenges is not None or language is not None:
            if not interaction.permissions.manage_guild:
                raise Refusal("Only members with the Manage Server permission can change "
                              "the server's settings.")
            if turn_timer is not None:
                await svc.set_turn_seconds(guild_id, turn_timer)
                # i18n: {timer} is a length of time, like "10 minutes".
                changed.append(lang._("Turn timer set to {timer}, from the next turn on.",
                                      timer=duration(turn_timer, lang)))
            if challenges is not None:
                await svc.set_ranked_challenges(guild_id, challenges == RANKED)
                changed.append(lang._("Challenges are now ranked unless the challenger says "
                                      "otherwise.") if challenges == RANKED
                               else lang._("Challenges are now casual unless the challenger "
                                           "says otherwise."))
            if language is not None:
                await svc.set_server_language(guild_id, chosen_language(language))
        text = server_settings_text(await svc.turn_seconds(guild_id),
                                    await svc.ranked_challenges(guild_id), lang=lang)
        chosen = await svc.server_language(guild_id)
        await tell(interaction, "\n".join([
            *changed, text,
            language_line(lang, (await public_lang(interaction)).tag, chosen, private=False),
            await organisers_line(interaction)]))

    await guarded(interaction, work())
