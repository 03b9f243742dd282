"""/gwent help: a first match in five steps, how hands stay private, what to do when stuck,
and every command in one line each (listed from the live command tree)."""

from __future__ import annotations

QUICK_START = (
    "**Gwent: help**\n"
    "**Your first match in five steps**\n"
    "1. Type `/gwent tutorial`: a guided match against the computer, with hints. (Later: "
    "`/gwent practice` for the computer, `/gwent challenge opponent:@someone` for a "
    "person.)\n"
    "2. Open the thread the bot names. In a normal match press **Choose deck** and "
    "**Ready** in the lobby; the tutorial deals you in at once.\n"
    "3. Press **Show my hand** under the newest board. Send back up to two cards you do "
    "not want, then press **Keep this hand**.\n"
    "4. On your turn choose a card in the select (it asks for a row or a target when there "
    "is a choice), or press **Pass** when the round is won or not worth more cards. "
    "**Rules** on your hand explains every card in play.\n"
    "5. Win two rounds. `/gwent rules` explains everything else.\n"
)

PRIVACY = (
    "**Your hand stays private.** Only you see the hand that **Show my hand** opens (an "
    "ephemeral message); the boards in the channel never show a hand or a deck. With "
    "`/gwent settings hands_by_dm:True` the bot also sends your hand by direct message "
    "when your turn starts.\n"
)

STUCK = (
    "**Something looks stuck?** Press **Refresh** on your hand, or **Show my hand** on "
    "the newest board: older messages are out of date on purpose. Moves are saved before "
    "they are shown, so nothing is lost if the bot restarts. The turn timer passes for a "
    "player who is away; `/gwent forfeit` ends your match at any time."
)


def help_text() -> str:
    """Quick start, privacy and what to do when stuck."""
    return QUICK_START + "\n" + PRIVACY + "\n" + STUCK


def command_lines(commands: list[tuple[str, str]]) -> str:
    """One line per command: `/gwent name` and what it does."""
    return "\n".join(f"`/{name}`: {description}" for name, description in commands)
