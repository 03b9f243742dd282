"""/gwent settings (a member's own) and config (the server's)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.context import guild_id_of, services
from bot.discord.core.replies import guarded, tell
from bot.discord.tournaments.settings import organisers_line, set_organiser_role
from bot.service.errors import Refusal
from bot.service.settings import MAX_TURN_SECONDS, MIN_TURN_SECONDS


def _seconds(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} seconds"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


@app_commands.command(description="Your preferences, such as getting your hand by DM")
@app_commands.describe(hands_by_dm="Send me my hand by direct message when my turn starts")
async def settings(interaction: discord.Interaction,
                   hands_by_dm: bool | None = None) -> None:
    """Show or change the user's settings."""
    async def work() -> None:
        svc = services(interaction).settings
        if hands_by_dm is not None:
            await svc.set_hands_by_dm(interaction.user.id, hands_by_dm)
        on = (await svc.user(interaction.user.id)).hands_by_dm
        text = ("Hands by DM: **on**. At the start of each of your turns I send you your "
                "hand by direct message, and you can play from there. If your DMs are "
                "closed, use Show my hand on the board." if on else
                "Hands by DM: **off**. Use Show my hand under the board to play. Turn it "
                "on with `/gwent settings hands_by_dm:True`.")
        await tell(interaction, text)

    await guarded(interaction, work())


@app_commands.command(description="Server settings, such as the turn timer (Manage Server)")
@app_commands.describe(turn_timer="Seconds each player has per turn",
                       organiser_role="Members with this role may create tournaments")
async def config(interaction: discord.Interaction,
                 turn_timer: app_commands.Range[int, MIN_TURN_SECONDS, MAX_TURN_SECONDS]
                 | None = None, organiser_role: discord.Role | None = None) -> None:
    """Show or change the server's turn timer and tournament organiser role."""
    async def work() -> None:
        guild_id = guild_id_of(interaction)
        svc = services(interaction).settings
        if organiser_role is not None:
            await tell(interaction, await set_organiser_role(interaction, organiser_role))
            return
        if turn_timer is not None:
            if not interaction.permissions.manage_guild:
                raise Refusal("Only members with the Manage Server permission can change "
                              "the turn timer.")
            await svc.set_turn_seconds(guild_id, turn_timer)
            await tell(interaction, f"Turn timer set to {_seconds(turn_timer)}, from the "
                                    "next turn on.")
            return
        seconds = await svc.turn_seconds(guild_id)
        await tell(interaction, f"Turn timer: {_seconds(seconds)}. When it runs out the "
                                "player passes the round; two timeouts in a row forfeit.\n"
                                f"{await organisers_line(interaction)}")

    await guarded(interaction, work())
