"""The table page's words in a viewer's language, and the sentences of its frames (status,
choices, refusals), all through the bot's catalogues. The page's words keep their
`{placeholders}` for the page to fill in; its early words (`/api/config`) are the few it
shows before its socket opens."""

from __future__ import annotations

from functools import lru_cache

from bot.i18n import N_, Language, row_name
from bot.learn.turn import PENDING
from bot.web import frames

# Why a sign-in failed, by the error code POST /api/token answers with
# (docs/table-protocol.md); the server's own answers say them in English.
SIGN_IN_ERRORS = {
    # i18n: the table could not sign in: it was opened from a site other than Discord's.
    "forbidden": N_("This page may not use the table."),
    # i18n: the table could not sign in: too many sign-ins from one place at once.
    "rate_limited": N_("Too many sign-ins: wait a moment."),
    # i18n: the table could not sign in: its request was incomplete.
    "bad_request": N_("The table could not sign you in: close it and open it again."),
    # i18n: the table could not sign in: Discord refused the sign-in (used or expired).
    "unauthorized": N_("Discord did not accept this sign-in: close the table and open it "
                       "again."),
    # i18n: the table could not sign in: Discord is down or slow.
    "discord_unavailable": N_("Discord cannot be reached: try again in a moment."),
}
# The page's words it needs before the welcome frame brings the others.
EARLY = ("connecting", "reconnecting")


@lru_cache(maxsize=16)
def early_texts(lang: Language) -> dict[str, str]:
    """The words the page shows before its socket opens: opening the table, a dropped
    connection, and why a sign-in failed (`error_<code>`, and `error_failed` for a failure
    the server did not answer)."""
    page = page_texts(lang)
    return {key: page[key] for key in EARLY} | {
        f"error_{code}": lang._(text) for code, text in SIGN_IN_ERRORS.items()} | {
        # i18n: the table could not open (no network, or Discord's sign-in window closed).
        "error_failed": lang._("The table could not open: check your connection, then close "
                               "it and open it again."),
    }


@lru_cache(maxsize=16)
def page_texts(lang: Language) -> dict[str, str]:
    """The page's words, by the keys docs/table-protocol.md lists."""
    return {
        # Buttons.
        "pass": lang.pgettext("button", "Pass"),
        "keep": lang.pgettext("button", "Keep this hand"),
        "go_first": lang.pgettext("button", "Go first"),
        # i18n: {opponent} is a player's name.
        "let_go_first": lang.pgettext("button", "Let {opponent} go first"),
        "ready": lang.pgettext("button", "Ready"),
        "back": lang.pgettext("button", "Back"),
        "cancel": lang.pgettext("button", "Cancel"),
        # i18n: a button of the table: play the chosen card (on the chosen row).
        "play": lang.pgettext("button", "Play"),
        # i18n: a button of the table: use the leader card's ability.
        "use_leader": lang.pgettext("button", "Use leader ability"),
        # i18n: a button of the table: give up the match (it asks first).
        "forfeit": lang.pgettext("button", "Forfeit"),
        # i18n: the table asks this before giving up the match.
        "forfeit_confirm": lang._("Give up this match? It counts as a loss."),
        "forfeit_yes": lang.pgettext("button", "Yes, forfeit"),
        # Labels.
        "leader": lang._("Leader"),
        "leader_used": lang._("Used"),
        "leader_passive": lang._("Passive"),
        "leader_ready": lang._("Ready"),
        "leader_blocked": lang._("Blocked"),
        "your_turn": lang._("Your turn"),
        "you": lang._("YOU"),
        "passed": lang._("PASSED"),
        "weather": lang._("Weather"),
        "clear_skies": lang._("Clear skies"),
        "round": lang._("Round {number}"),
        "redraws": lang._("Redraws"),
        "deciding_first": lang._("Deciding who goes first"),
        "last_move": lang._("Last move:"),
        "match_over": lang._("Match over"),
        "wins": lang._("{name} wins"),
        "draw": lang._("Draw"),
        "forfeited": lang._("{name} forfeited the match"),
        "row_close": row_name(0, lang),
        "row_ranged": row_name(1, lang),
        "row_siege": row_name(2, lang),
        # i18n: the table: the cards in a player's hand (a heading, or beside a count).
        "hand": lang.pgettext("table", "Hand"),
        # i18n: the table: a player's deck (beside its count of cards).
        "deck": lang.pgettext("table", "Deck"),
        # i18n: the table: a player's discard pile (beside its count of cards).
        "discard": lang.pgettext("table", "Discard pile"),
        # i18n: the table: the list of the match's moves.
        "log": lang.pgettext("table", "Match log"),
        # i18n: the table: cards the viewer saw in the opponent's hand.
        "seen": lang.pgettext("table", "Seen in their hand"),
        # i18n: the table: asking which row a card goes to.
        "choose_row": lang.pgettext("table", "Choose a row"),
        # i18n: the table: asking which unit Decoy takes back to the hand.
        "choose_target": lang.pgettext("table", "Choose a unit to take back"),
        # i18n: the table: a hint of the tutorial (a heading).
        "hint": lang.pgettext("table", "Tutorial hint"),
        # i18n: the table, for someone watching the match, not playing it.
        "spectating": lang.pgettext("table", "You are watching: hands stay hidden."),
        "connecting": lang.pgettext("table", "Opening the table\u2026"),
        "reconnecting": lang.pgettext("table", "Connection lost: reconnecting\u2026"),
        # i18n: the table: the button that opens the menu (the log, forfeiting).
        "menu": lang.pgettext("table", "Menu"),
        "close": lang.pgettext("button", "Close"),
        "hero": lang._("Hero: not affected by special cards or abilities"),
        # i18n: the table: the time left in the turn, beside its ring; {time} is like 9:41.
        "time_left": lang.pgettext("table", "Time left: {time}"),
    } | {f"choice_{kind}": lang._(text) for kind, text in PENDING.items()}


def error_text(code: str, lang: Language) -> str:
    """The sentence of an error frame the server writes itself."""
    if code == frames.MALFORMED:
        return lang._("The table sent something the bot did not understand: nothing was "
                      "played.")
    if code == frames.UNAUTHORIZED:
        return lang._("Your sign-in to the table has expired: sign in again.")
    if code == frames.STALE:
        return lang._("The table was behind the match: nothing was played. It now shows the "
                      "match as it is.")
    if code == frames.OVER:
        return lang._("This match is over.")
    if code == frames.NO_MATCH:
        return lang._("No match is being played in this channel.")
    if code == frames.WATCH_EXPIRED:
        return lang._("This watch link no longer works: its match is over.")
    if code == frames.RATE_LIMITED:
        return lang._("Too many moves at once: wait a moment.")
    if code == frames.NOT_A_PLAYER:
        return lang._("You are watching this match: only its two players can act.")
    return lang._("Something went wrong on our side. Nothing you played is lost.")

