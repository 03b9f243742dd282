"""The table page's words (table/src): sent to the page in `welcome.texts`, in the viewer's
language. Placeholders in braces are left for the page to fill in."""

from __future__ import annotations

from bot.i18n import Language, row_name

# The most redraws a player can have left (the page shows "redraw.N" for N left).
MOST_REDRAWS = 3


def page_texts(lang: Language) -> dict[str, str]:
    """Every word the table page shows, by the page's key, in `lang`."""
    texts = {
        # Connection.
        "connecting": lang.pgettext("table", "Connecting to the table…"),
        "reconnecting": lang.pgettext("table", "Connection lost: reconnecting…"),
        "watching": lang.pgettext("table", "Watching"),
        # i18n: shown to someone who opened the table with no match in this channel.
        "no_match": lang.pgettext("table", "No match is being played here."),
        # The board (the same words as the board images).
        "you": lang._("YOU"),
        "passed": lang._("PASSED"),
        "your_turn": lang._("Your turn"),
        # i18n: {name} is a player's name.
        "to_play": lang._("{name} to play"),
        "round": lang._("Round {number}"),
        "used": lang._("Used"),
        "ready": lang._("Ready"),
        "passive": lang._("Passive"),
        "weather": lang._("Weather"),
        "clear_skies": lang._("Clear skies"),
        "hero": lang._("Hero: not affected by special cards or abilities"),
        "strength": lang._("Strength {strength} (printed {base})"),
        "deciding_first": lang._("Deciding who goes first"),
        "leader_card": lang._("Leader"),
        # i18n: the counts beside each player's name on the table.
        "hand": lang.pgettext("table", "Hand"),
        "deck": lang.pgettext("table", "Deck"),
        "discard": lang.pgettext("table", "Discard pile"),
        # i18n: a player's round wins shown as gems; {count} is a number.
        "gems": lang.pgettext("table", "Rounds won: {count}"),
        "total": lang.pgettext("table", "Total strength"),
        "log": lang.pgettext("table", "Match log"),
        # i18n: the seconds left in the turn, shown in the timer ring; {time} is like 9:41.
        "time_left": lang.pgettext("table", "Time left: {time}"),
        "hint": lang.pgettext("table", "Hint"),
        "last_move": lang._("Last move:"),
        # Buttons.
        "pass": lang.pgettext("button", "Pass"),
        # i18n: {leader} is a leader card's name.
        "leader": lang.pgettext("button", "Leader: {leader}"),
        "cancel": lang.pgettext("button", "Cancel"),
        "close": lang.pgettext("button", "Close"),
        "keep": lang.pgettext("button", "Keep this hand"),
        "go_first": lang.pgettext("button", "Go first"),
        # i18n: {opponent} is a player's name.
        "let_first": lang.pgettext("button", "Let {opponent} go first"),
        "play": lang.pgettext("table", "Play"),
        "menu": lang.pgettext("table", "Menu"),
        "forfeit": lang.pgettext("table", "Forfeit"),
        "forfeit_confirm": lang.pgettext("table", "Give up this match? It counts as a loss."),
        "forfeit_yes": lang.pgettext("table", "Give up"),
        # What to do now.
        "choose_row": lang.pgettext("table", "Choose a row"),
        "decoy_target": lang.pgettext("table", "Choose the unit Decoy takes back"),
        "tap_card": lang.pgettext("table", "Tap a card to play it"),
        # i18n: {name} is a player's name.
        "waiting": lang.pgettext("table", "Waiting for {name}…"),
        "you_passed": lang.pgettext("table", "You passed. Waiting for {name}…"),
        "lead_first": lang._("You lead the {faction}: decide who goes first."),
        "waiting_first": lang._("Waiting for {opponent} to decide who goes first."),
        "redraw_done": lang._("Keep this hand to finish your redraws."),
        "choice.medic": lang._("Choose a unit from your discard pile to play."),
        "choice.restore": lang._("Choose a card from your discard pile to take back."),
        "choice.deck_draw": lang._("Choose a card from your deck to draw."),
        "choice.deck_weather": lang._("Choose a weather card from your deck to play."),
        # The end.
        "win": lang._("Match over - You win"),
        "draw": lang._("Match over - a draw"),
        # i18n: {winner} is a player's name.
        "lose": lang._("Match over - {winner} wins"),
        "forfeited": lang._("{name} forfeited the match"),
        "watch_over": lang.pgettext("table", "The match is over: this watch link has ended."),
    }
    for count in range(1, MOST_REDRAWS + 1):
        texts[f"redraw.{count}"] = lang.ngettext(
            "Redraw up to {count} more card, one at a time, or keep this hand.",
            "Redraw up to {count} more cards, one at a time, or keep this hand.", count)
    for row in range(3):
        texts[f"row.{row}"] = row_name(row, lang)
    return texts
