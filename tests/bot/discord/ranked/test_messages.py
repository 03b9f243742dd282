"""Ranked play in words: result lines, leaderboard text and history pages within limits."""

from __future__ import annotations

from dataclasses import replace

from bot.discord.core.views import CONTENT_MAX
from bot.discord.ranked.messages import (
    history_message,
    leaderboard_message,
    rank_change_text,
    ranked_lines,
)
from bot.ranking.ranks import PRO
from bot.ranking.views import MmrChange, Outcome
from bot.render.ranked_samples import leaderboard_ladder, profile_full
from bot.service.ranked import DECK_CHOICE, PRACTICE


def change(rank: tuple[int, int], after: tuple[int, int], mmr: tuple[int, int] = (1200, 1230)
           ) -> MmrChange:
    return MmrChange(1, "monsters", *mmr, *rank, *after)


def test_rank_changes_in_words() -> None:
    assert rank_change_text(change((20, 3), (20, 4))) == "rank 20, 4 of 5 pieces (+1 piece)"
    assert rank_change_text(change((20, 4), (19, 1))) == "**up to rank 19** (1 of 5 pieces)"
    assert rank_change_text(change((14, 0), (15, 4))) == "down to rank 15 (4 of 5 pieces)"
    assert rank_change_text(change((28, 0), (28, 0))) == "rank 28, 0 of 5 pieces (unchanged)"
    assert rank_change_text(change((1, 4), (PRO, 0))) == "reached **Pro Rank**!"
    assert rank_change_text(change((PRO, 0), (PRO, 0))) == "Pro Rank"


def test_result_lines_name_each_player_mmr_and_rank() -> None:
    rated = Outcome(True, None, 1.0, (change((30, 0), (30, 1), (1200, 1326)),
                                      change((30, 0), (30, 0), (1200, 1074))))
    lines = ranked_lines(rated, ("Alice", "B*ob"))
    assert lines == [
        "\U0001f4c8 **Alice** (Monsters): MMR 1200 \u2192 1326 (+126) \u00b7 rank 30, "
        "1 of 5 pieces (+1 piece)",
        "\U0001f4c9 **B\\*ob** (Monsters): MMR 1200 \u2192 1074 (\u2212126) \u00b7 rank 30, "
        "0 of 5 pieces (unchanged)"]
    weighed = ranked_lines(replace(rated, weight=0.25), ("Alice", "Bob"))
    assert weighed[-1] == ("\u2696\ufe0f Counted at 25%: these two already played 2 rated "
                           "matches in the last 24 hours. Rank pieces do not move.")
    assert ranked_lines(Outcome(False, PRACTICE, 0.0, ()), ("Alice", "Computer")) == []
    assert ranked_lines(Outcome(False, DECK_CHOICE, 0.0, ()), ("Alice", "Bob")) == [
        f"Not rated: {DECK_CHOICE}"]
    assert ranked_lines(None, ("Alice", "Bob")) == []


def test_the_leaderboard_text_lists_every_line_for_screen_readers() -> None:
    page = leaderboard_ladder()
    out = leaderboard_message(page, b"png", [page.season])
    first, text = out.content.split("\n")
    assert first == ("**Season of the Wolf 2025 \u00b7 Ladder** \u00b7 page 1 of 12 \u00b7 "
                     "113 players")
    assert text.startswith("1. Geralt, Pro Rank, 9410, 120W 40L 0D; 2. Yennefer of")
    assert text.count("; ") == 9 and len(out.content) <= CONTENT_MAX
    assert out.view is not None and len(out.view.children) == 6


def test_a_history_page_of_long_names_fits_a_message() -> None:
    long = "W" * 32
    lines = [replace(line, opponent_name=long, channel_id=2**63 - 1,
                     rounds=((188, 199), (201, 199), (187, 186)), ended_by="timeout",
                     practice=None, rated=True,
                     mine=change((12, 0), (12, 1), (1500, 1623)),
                     theirs=change((12, 0), (12, 1), (1700, 1577)))
             for line in profile_full().recent]
    out = history_message(1, long, lines, 0, True)
    assert len(out.content) <= CONTENT_MAX, len(out.content)
    assert out.content.count("\n") == 10 and "MMR WWWW" in out.content
