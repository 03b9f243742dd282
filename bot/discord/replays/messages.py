"""Replay messages: the private viewer, the shared animation and the exported record.

The viewer is built from engine observations of the rebuilt match: a spectator's for the
public board, or the player's own for their side (the handlers check who asked). Every
component names its match and target position, so the viewer keeps no state of its own.
"""

from __future__ import annotations

import json

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
from bot.i18n import ENGLISH, language
from bot.learn.glossary import score
from bot.render.result import headline
from bot.service.replays import Replay
from bot.storage.records import FinishedMatch
from engine import Observation

ALL, MINE = "all", "mine"
MOVE_MAX = 900


def replay_title(replay: Replay) -> str:
    """"Alice vs Bob (match 12)", names made safe to show."""
    a, b = (clean(seat.name) for seat in replay.match.seats)
    return f"{a} vs {b} (match {replay.match.id})"


def viewer_message(replay: Replay, shown: Observation, board: bytes, hand: bytes | None,
                   *, player: bool) -> Outgoing:
    """One position of the replay: the board (and the player's own hand on their side), the
    move that led there, round and score, and the ways to move through the match."""
    number = shown.action_count
    side = MINE if shown.viewer is not None else ALL
    whose = "your side" if side == MINE else "public board"
    lines = [f"\U0001f39e\ufe0f **Replay: {replay_title(replay)}** \u00b7 move {number} of "
             f"{replay.last} \u00b7 {whose}",
             # TODO(i18n): score_line in the viewer's language (English for now).
             score_line(shown, lang=language(ENGLISH))]
    said = clean(" ".join(shown.last_events))
    if said:
        lead = "Start" if number == 0 else f"Move {number}"
        lines.append(f"{lead}: {clip(said, MOVE_MAX)}")
    if number == replay.last:
        title, subtitle = headline(shown)
        lines.append(f"\U0001f3c1 **{clean(title)}** \u00b7 {clean(subtitle)}")
    files = [("board.png", board)]
    if hand is not None:
        files.append(("hand.png", hand))
    return Outgoing(clip("\n".join(lines), CONTENT_MAX),
                    StaticView(*_controls(replay, number, side, player)), files=tuple(files))


def _controls(replay: Replay, n: int, side: str, player: bool
              ) -> list[discord.ui.Item[StaticView]]:
    match_id, last = replay.match.id, replay.last

    def step(label: str, target: int | None, tag: str, row: int) -> discord.ui.Button[StaticView]:
        usable = target is not None and target != n
        return button(label, ids.replay_step(match_id, target if usable and target is not None
                                             else n, side, tag),
                      disabled=not usable, row=row)

    items: list[discord.ui.Item[StaticView]] = []
    options = jump_options(replay, n)
    if options:
        items.append(select(ids.replay_jump(match_id, side), "Jump to a round or a lead change",
                            options, row=0))
    items += [step("First", 0, "first", 1), step("Previous", n - 1 if n else None, "back", 1),
              step("Next", n + 1 if n < last else None, "next", 1), step("Last", last, "last", 1),
              step("Previous round", replay.previous_round(n), "rback", 2),
              step("Next round", replay.next_round(n), "rnext", 2)]
    if player:
        other = ALL if side == MINE else MINE
        items.append(button("Public board" if side == MINE else "Show my side",
                            ids.replay_step(match_id, n, other, "side"),
                            style=discord.ButtonStyle.primary, row=2))
    items.append(button("Share animation", ids.replay_share(match_id),
                        style=discord.ButtonStyle.success, row=3))
    if player:
        items.append(button("Export record", ids.replay_export(match_id), row=3))
    return items


def jump_options(replay: Replay, current: int) -> list[discord.SelectOption]:
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
        totals = f"{names[0]} {score(a, b)} {names[1]}"
        if n in starts:
            label, text = f"Round {starts.index(n) + 1} begins (move {n})", totals
        else:
            ahead = step.leader
            assert ahead is not None
            label = f"Move {n}: {names[ahead]} takes the lead {score(max(a, b), min(a, b))}"
            text = step.said
        options.append(option(label, str(n), text, default=n == current))
    return options[:OPTIONS_MAX]


def shared_message(replay: Replay, gif: bytes) -> Outgoing:
    """The animation posted to the channel."""
    final = replay.observation(replay.last, None)
    title, subtitle = headline(final)
    return Outgoing(f"\U0001f39e\ufe0f **{replay_title(replay)}**, move by move: "
                    f"{clean(title)} ({clean(subtitle)}, {replay.last} moves).",
                    files=((f"gwent-match-{replay.match.id}.gif", gif),))


def rendering_message(replay: Replay, fraction: float) -> Outgoing:
    """The shared message while the animation is drawn."""
    return Outgoing(f"\U0001f39e\ufe0f {replay_title(replay)}, move by move: Rendering\u2026 "
                    f"{int(fraction * 100)}%")


def failed_message(replay: Replay) -> str:
    """The shared message when the animation could not be made."""
    return (f"\U0001f39e\ufe0f {replay_title(replay)}: the animation could not be made. "
            "The replay itself still works.")


def record_message(replay: Replay) -> Outgoing:
    """The match record as a file, for the engine's command line."""
    name = f"gwent-match-{replay.match.id}.json"
    data = json.dumps(replay.record, indent=1, ensure_ascii=False).encode()
    return Outgoing(f"The record of {replay_title(replay)}: seed, decks and every move. "
                    f"`python -m engine replay {name}` replays it.", files=((name, data),))


def match_label(found: FinishedMatch, now: float) -> str:
    """A finished match in the /gwent replay suggestions."""
    a, b = found.names
    if found.abandoned:
        outcome = "abandoned"
    elif found.forfeited_by is not None:
        outcome = f"{found.names[found.forfeited_by]} forfeited"
    elif found.winner is None:
        outcome = "draw"
    else:
        outcome = f"{found.names[found.winner]} won"
    return clip(f"Match {found.match_id}: {a} vs {b}, {outcome}, {ago(now - found.finished_at)}",
                100)


def ago(seconds: float) -> str:
    """How long ago, roughly: "5 min ago", "3 h ago", "2 days ago"."""
    minutes = max(0, int(seconds // 60))
    if minutes < 60:
        return f"{minutes} min ago"
    if minutes < 24 * 60:
        return f"{minutes // 60} h ago"
    days = minutes // (24 * 60)
    return "1 day ago" if days == 1 else f"{days} days ago"
