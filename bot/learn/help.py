"""/gwent help: a first page that fits on a phone screen, and pages behind buttons for how a
match goes, what to do when stuck, and every command in one line each (listed from the live
command tree)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import N_, Language
from bot.learn.glossary import ENGLISH_LANGUAGE


@dataclass(frozen=True)
class HelpPage:
    """One page of help: its key (in custom_ids) and its text (English, marked for
    translation: shown with `lang._`)."""

    key: str
    text: str


# i18n: a page of /gwent help (at most 800 characters: one phone screen). `/gwent ...` are
# slash commands and **bold** words the buttons' labels: write both as your language shows them
START = HelpPage("start", N_(
    "**Gwent: help**\n"
    "Classic Gwent, the card game of *The Witcher 3*, played here in chat.\n"
    "**Start here:** `/gwent tutorial` is a guided match against the computer, with hints.\n"
    "**Then:** `/gwent practice` plays the computer (easy, normal or hard), and "
    "`/gwent challenge opponent:@someone` a member of this server.\n"
    "**In a match:** press **Show my hand** under the newest board; only you see your hand. "
    "Each turn, play one card or **Pass**. The higher score wins a round, and two rounds win "
    "the match.\n"
    "**More:** `/gwent rules` explains the game; the buttons below show how a match goes, "
    "what to do when stuck, and every command."))

# i18n: a page of /gwent help (at most 800 characters: one phone screen). `/gwent ...` are
# slash commands and **bold** words the buttons' labels: write both as your language shows them
MATCH = HelpPage("match", N_(
    "**Gwent: how a match goes**\n"
    "1. The match opens in its own thread. Against a member, press **Choose deck** and "
    "**Ready** in the lobby; practice and the tutorial deal you in at once.\n"
    "2. Press **Show my hand** under the newest board. Redraw up to two cards you do not "
    "want, one at a time, then press **Keep this hand**.\n"
    "3. On your turn choose a card in the select (it asks for a row or a target when there "
    "is a choice), or press **Pass** when the round is won or not worth more cards. "
    "**Rules** on your hand explains the cards in play.\n"
    "4. Your hand stays private: only you see it, and the boards in the channel never show "
    "a hand or a deck. With `/gwent settings hands_by_dm:True` the bot also sends your hand "
    "by direct message when your turn starts."))

# i18n: a page of /gwent help (at most 800 characters: one phone screen). `/gwent ...` are
# slash commands and **bold** words the buttons' labels: write both as your language shows them
STUCK = HelpPage("stuck", N_(
    "**Gwent: something looks stuck?**\n"
    "Press **Refresh** on your hand, or **Show my hand** on the newest board: older messages "
    "are out of date on purpose. Moves are saved before they are shown, so nothing is lost "
    "if the bot restarts. When a player is away, the turn timer acts for them, and "
    "`/gwent forfeit` ends your match at any time."))

# i18n: the title of the list of every command in /gwent help
COMMANDS = HelpPage("commands", N_("**Gwent: every command**"))

PAGES = (START, MATCH, STUCK, COMMANDS)


def help_page(key: str) -> HelpPage:
    """The page with this key; an unknown key (on an older message) is the first page."""
    return next((page for page in PAGES if page.key == key), START)


def page_label(page: HelpPage, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """The label of the button that shows a page."""
    labels = {START.key: lang.pgettext("button", "Start"),
              MATCH.key: lang.pgettext("button", "Your match"),
              STUCK.key: lang.pgettext("button", "Stuck?"),
              COMMANDS.key: lang.pgettext("button", "Commands")}
    return labels[page.key]


def command_lines(commands: list[tuple[str, str]]) -> str:
    """One line per command: `/gwent name` and what it does (both already in the reader's
    language)."""
    return "\n".join(f"`/{name}`: {description}" for name, description in commands)
