"""Replay messages: the private viewer, the shared animation and the exported record.

The viewer is built from engine observations of the rebuilt match: a spectator's for the
public board, or the player's own for their side (the handlers check who asked). Every
component names its match and target position, so the viewer keeps no state of its own.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import discord

from bot.discord.core.views import (
    CONTENT_MAX,
    OPTIONS_MAX,
    Outgoing,
    StaticView,
    button,
    clean,
    clip,
    option,
    select,
)
from bot.discord.match.public import score_line
from bot.discord.replays import ids
from bot.i18n import Language, event_text
from bot.learn.glossary import score
from bot.render.result import headline
from bot.service.replays import Replay
from bot.storage.records import FinishedMatch
from engine import Observation
from engine.events import Line

ALL, MINE = "all", "mine"
MOVE_MAX = 900


def replay_title(replay: Replay, lang: Language) -> str:
    """"Alice vs Bob (match 12)", names made safe to show."""
    a, b = (clean(seat.name) for seat in replay.match.seats)
    return lang._("{player} vs {opponent} (match {number})", player=a, opponent=b,
                  number=replay.match.id)


def said(lines: Sequence[Line], lang: Language) -> str:
    """Lines of the match log in a language, as one text."""
    return " ".join(event_text(line, lang) for line in lines)


def viewer_message(replay: Replay, shown: Observation, board: bytes, hand: bytes | None,
                   *, player: bool, lang: Language) -> Outgoing:
    """One position of the replay: the board (and the player's own hand on their side), the
    move that led there, round and score, and the ways to move through the match."""
    number = shown.action_count
    side = MINE if shown.viewer is not None else ALL
    values = {"title": replay_title(replay, lang), "number": number, "last": replay.last}
    head = (lang._("**Replay: {title}** \u00b7 move {number} of {last} \u00b7 your side",
                   **values) if side == MINE else
            lang._("**Replay: {title}** \u00b7 move {number} of {last} \u00b7 public board",
                   **values))
    lines = [f"\U0001f39e\ufe0f {head}", score_line(shown, lang=lang)]
    move = clean(said(shown.last_event_log, lang))
    if move:
        move = clip(move, MOVE_MAX)
        lines.append(lang._("Start: {move}", move=move) if number == 0
                     else lang._("Move {number}: {move}", number=number, move=move))
    if number == replay.last:
        title, subtitle = headline(shown, lang.tag)
        lines.append(f"\U0001f3c1 **{clean(title)}** \u00b7 {clean(subtitle)}")
    files = [("board.png", board)]
    if hand is not None:
        files.append(("hand.png", hand))
    return Outgoing(clip("\n".join(lines), CONTENT_MAX),
                    StaticView(*_controls(replay, number, side, player, lang)),
                    files=tuple(files))


def _controls(replay: Replay, n: int, side: str, player: bool, lang: Language
              ) -> list[discord.ui.Item[StaticView]]:
    match_id, last = replay.match.id, replay.last

    def step(label: str, target: int | None, tag: str, row: int) -> discord.ui.Button[StaticView]:
        usable = target is not None and target != n
        return button(label, ids.replay_step(match_id, target if usable and target is not None
                                             else n, side, tag),
                      disabled=not usable, row=row)

    items: list[discord.ui.Item[StaticView]] = []
    options = jump_options(replay, n, lang)
    if options:
        items.append(select(ids.replay_jump(match_id, side),
                            lang.pgettext("select placeholder", "Jump to a round or a lead "
                                          "change"), options, row=0))
    items += [step(lang.pgettext("button", "First"), 0, "first", 1),
              step(lang.pgettext("button", "Previous"), n - 1 if n else None, "back", 1),
              step(lang.pgettext("button", "Next"), n + 1 if n < last else None, "next", 1),
              step(lang.pgettext("button", "Last"), last, "last", 1),
              step(lang.pgettext("button", "Previous round"), replay.previous_round(n),
                   "rback", 2),
              step(lang.pgettext("button", "Next round"), replay.next_round(n), "rnext", 2)]
    if player:
        other = ALL if side == MINE else MINE
        items.append(button(lang.pgettext("button", "Public board") if side == MINE
                            else lang.pgettext("button", "Show my side"),
                            ids.replay_step(match_id, n, other, "side"),
                            style=discord.ButtonStyle.primary, row=2))
    items.append(button(lang.pgettext("button", "Share animation"), ids.replay_share(match_id),
                        style=discord.ButtonStyle.success, row=3))
    if player:
        items.append(button(lang.pgettext("button", "Export record"),
                            ids.replay_export(match_id), row=3))
    return items


def jump_options(replay: Replay, current: int, lang: Language) -> list[discord.SelectOption]:
    """Each round's start and every change of lead; when they are too many, the changes
    with the biggest swings."""
    names = [seat.name for seat in replay.match.seats]
    steps = replay.steps
    starts = replay.round_starts()
    changes = replay.lead_changes()
    room = OPTIONS_MAX - len(starts)
    if len(changes) > room:
        def swing(n: int) -> int:
            before, after = steps[n - 1].totals, steps[n].totals
            return abs((after[0] - after[1]) - (before[0] - before[1]))

        changes = sorted(sorted(changes, key=swing, reverse=True)[:max(room, 0)])
    options = []
    for n in sorted(set(starts) | set(changes)):
        step = steps[n]
        a, b = step.totals
        totals = f"{names[0]} {score(a, b, lang)} {names[1]}"
        if n in starts:
            label = lang.pgettext("select option", "Round {round} begins (move {number})",
                                  round=starts.index(n) + 1, number=n)
            text = totals
        else:
            ahead = step.leader
            assert ahead is not None
            # i18n: {score}: the new totals, the leader's first ("12-9").
            label = lang.pgettext("select option", "Move {number}: {name} takes the lead "
                                  "{score}", number=n, name=names[ahead],
                                  score=score(max(a, b), min(a, b), lang))
            text = said(step.said, lang)
        options.append(option(label, str(n), text, default=n == current))
    return options[:OPTIONS_MAX]


def shared_message(replay: Replay, gif: bytes, *, lang: Language) -> Outgoing:
    """The animation posted to the channel."""
    final = replay.observation(replay.last, None)
    title, subtitle = headline(final, lang.tag)
    # i18n: {result} and {how}: who won and how ("Alice wins", "Rounds won 2-1").
    text = lang.ngettext("**{title}**, move by move: {result} ({how}, {count} move).",
                         "**{title}**, move by move: {result} ({how}, {count} moves).",
                         replay.last, title=replay_title(replay, lang), result=clean(title),
                         how=clean(subtitle))
    return Outgoing(f"\U0001f39e\ufe0f {text}",
                    files=((f"gwent-match-{replay.match.id}.gif", gif),))


def rendering_message(replay: Replay, fraction: float, *, lang: Language) -> Outgoing:
    """The shared message while the animation is drawn."""
    return Outgoing("\U0001f39e\ufe0f " + lang._(
        "{title}, move by move: Rendering\u2026 {percent}", title=replay_title(replay, lang),
        percent=lang.percent(int(fraction * 100) / 100)))


def failed_message(replay: Replay, *, lang: Language) -> str:
    """The shared message when the animation could not be made."""
    return "\U0001f39e\ufe0f " + lang._("{title}: the animation could not be made. The replay "
                                        "itself still works.", title=replay_title(replay, lang))


def record_message(replay: Replay, *, lang: Language) -> Outgoing:
    """The match record as a file, for the engine's command line."""
    name = f"gwent-match-{replay.match.id}.json"
    data = json.dumps(replay.record, indent=1, ensure_ascii=False).encode()
    return Outgoing(lang._("The record of {title}: seed, decks and every move. `python -m "
                           "engine replay {file}` replays it.", title=replay_title(replay, lang),
                           file=name), files=((name, data),))


def match_label(found: FinishedMatch, now: float, lang: Language) -> str:
    """A finished match in the /gwent replay suggestions."""
    a, b = found.names
    values = {"number": found.match_id, "player": a, "opponent": b,
              "ago": lang.relative(-max(0.0, now - found.finished_at))}
    if found.abandoned:
        label = lang.pgettext("autocomplete choice", "Match {number}: {player} vs {opponent}, "
                              "abandoned, {ago}", **values)
    elif found.forfeited_by is not None:
        label = lang.pgettext("autocomplete choice", "Match {number}: {player} vs {opponent}, "
                              "{name} forfeited, {ago}", name=found.names[found.forfeited_by],
                              **values)
    elif found.winner is None:
        label = lang.pgettext("autocomplete choice", "Match {number}: {player} vs {opponent}, "
                              "draw, {ago}", **values)
    else:
        label = lang.pgettext("autocomplete choice", "Match {number}: {player} vs {opponent}, "
                              "{name} won, {ago}", name=found.names[found.winner], **values)
    return clip(label, 100)
