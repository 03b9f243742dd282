"""Ranked play in words: result lines, leaderboard, profile and history texts, every number
labelled, within limits."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.discord.core.views import CONTENT_MAX
from bot.discord.ranked.messages import (
    history_message,
    ladder_note,
    leaderboard_message,
    match_text,
    mmr_note,
    profile_text,
    rank_change_text,
    ranked_lines,
)
from bot.i18n import ENGLISH, language
from bot.ranking.ranks import PRO
from bot.ranking.views import MmrChange, Outcome
from bot.render.ranked_samples import leaderboard_faction, leaderboard_ladder, profile_full
from bot.service.ranked import BOTH_GONE, CASUAL, DECK_CHOICE, PRACTICE

EN = language(ENGLISH)
MMR_NOTE = mmr_note(EN)
LADDER_NOTE = ladder_note(EN)


def change(rank: tuple[int, int], after: tuple[int, int], mmr: tuple[int, int] = (1200, 1230),
           games: int | None = 30) -> MmrChange:
    return MmrChange(1, "monsters", *mmr, *rank, *after, games)


def test_rank_changes_in_words() -> None:
    assert rank_change_text(change((20, 3), (20, 4)), EN) == "rank 20, 4 of 5 pieces (+1 piece)"
    assert rank_change_text(change((20, 4), (19, 1)), EN) == "**up to rank 19** (1 of 5 pieces)"
    assert rank_change_text(change((14, 0), (15, 4)), EN) == "down to rank 15 (4 of 5 pieces)"
    assert rank_change_text(change((28, 0), (28, 0)), EN) == "rank 28, 0 of 5 pieces (unchanged)"
    assert rank_change_text(change((1, 4), (PRO, 0)), EN) == "reached **Pro Rank**!"
    assert rank_change_text(change((PRO, 0), (PRO, 0)), EN) == "Pro Rank"


def test_result_lines_label_each_player_mmr_and_rank() -> None:
    rated = Outcome(True, None, 1.0, (change((30, 0), (30, 1), (1200, 1265), games=1),
                                      change((30, 0), (30, 0), (1200, 1135), games=7)))
    lines = ranked_lines(rated, ("Alice", "B*ob"), lang=EN)
    assert lines == [
        "\U0001f4c8 **Alice** (Monsters): faction MMR 1200 \u2192 1265 (+65, provisional: 1 of "
        "5 games) \u00b7 rank 30, 1 of 5 pieces (+1 piece)",
        "\U0001f4c9 **B\\*ob** (Monsters): faction MMR 1200 \u2192 1135 (\u221265) \u00b7 "
        "rank 30, 0 of 5 pieces (unchanged)",
        MMR_NOTE]
    assert MMR_NOTE.startswith("-# ") and "/gwent rules ranked" in MMR_NOTE
    weighed = ranked_lines(replace(rated, weight=0.25), ("Alice", "Bob"), lang=EN)
    assert weighed[-2] == ("\u2696\ufe0f Counted at 25%: these two already played 2 rated "
                           "matches in the last 24 hours. Rank pieces do not move.")
    assert ranked_lines(None, ("Alice", "Bob"), lang=EN) == []


def test_a_draw_that_moved_nothing_shows_no_plus_zero() -> None:
    level = Outcome(True, None, 1.0, (change((30, 0), (30, 0), (1200, 1200), games=1),
                                      change((30, 0), (30, 0), (1200, 1200), games=None)))
    first, second, _ = ranked_lines(level, ("Alice", "Bob"), lang=EN)
    assert first == ("\u2796 **Alice** (Monsters): faction MMR 1200 (unchanged, provisional: "
                     "1 of 5 games) \u00b7 rank 30, 0 of 5 pieces (unchanged)")
    assert second.endswith("faction MMR 1200 (unchanged) \u00b7 rank 30, 0 of 5 pieces "
                           "(unchanged)")
    assert "+0" not in first + second and "\U0001f4c8" not in first + second


def test_unrated_results_say_why_in_one_line() -> None:
    for reason in (PRACTICE, CASUAL, BOTH_GONE, DECK_CHOICE):
        assert ranked_lines(Outcome(False, reason, 0.0, ()), ("Alice", "Bob"),
                            lang=EN) == [EN.say(reason)]
    assert "unranked" in PRACTICE.message and "casual" in CASUAL.message
    for plain in (PRACTICE, CASUAL):  # plain words for casual players
        assert not re.search(r"MMR|\brank|ladder", plain.message), plain.message
    assert "abandoned" in BOTH_GONE.message


def test_the_leaderboard_text_labels_every_number_for_screen_readers() -> None:
    page = leaderboard_ladder()
    out = leaderboard_message(page, b"png", [page.season], lang=EN)
    first, text, note = out.content.split("\n")
    assert first == ("**Season of the Wolf 2025 \u00b7 Ladder** \u00b7 page 1 of 12 \u00b7 "
                     "113 players")
    assert text.startswith("1. Geralt, Pro Rank, ladder score 9410, 120W 40L 0D; 2. Yennefer")
    assert text.count("; ") == 9 and len(out.content) <= CONTENT_MAX
    assert note == LADDER_NOTE and "4 best faction MMRs" in note
    assert out.view is not None and len(out.view.children) == 6
    faction = leaderboard_faction()
    text = leaderboard_message(faction, b"png", [faction.season], lang=EN).content.split("\n")[1]
    assert text.startswith("31. Geralt, Rank 24, Monsters MMR 1390, 3W 5L 0D; ")
    assert text.endswith("Rank 27, Monsters MMR 1027 (provisional), 1W 2L 0D")


def test_the_profile_text_labels_every_number() -> None:
    text = profile_text(profile_full(), lang=EN)
    assert "#4 of 113 on the Season of the Wolf 2025 ladder (ladder score 4952)" in text
    assert "Ranked 71W 34L 3D \u00b7 casual 5W 7L 1D \u00b7 practice 12W 2L 0D" in text
    assert "Skellige 1043 (provisional, 3 of 5 games)" in text
    assert "Scoia'tael" not in text  # not played this season
    # The ladder score is explained where it is shown: far below the MMRs early on.
    assert text.endswith("\n-# Ladder score: a player's 4 best faction MMRs added up, each "
                         "counting 4% after its first game of the season and in full from its "
                         "25th.\n" + MMR_NOTE)


def test_history_marks_casual_practice_and_abandoned_matches() -> None:
    lines = {line.match_id: line for line in profile_full().recent}
    assert match_text(lines[993], "Yen", lang=EN).endswith("\u00b7 casual")
    assert match_text(lines[996], "Yen", lang=EN).endswith("\u00b7 practice, unranked")
    abandoned = match_text(lines[992], "Yen", lang=EN)
    assert abandoned.startswith("\u231b Abandoned vs **") and abandoned.endswith("not rated")
    assert "on time" not in abandoned


def test_a_history_page_of_long_names_fits_a_message() -> None:
    long = "W" * 32
    lines = [replace(line, opponent_name=long, channel_id=2**63 - 1,
                     rounds=((188, 199), (201, 199), (187, 186)), ended_by="timeout",
                     practice=None, rated=True,
                     mine=change((12, 0), (12, 1), (1500, 1623)),
                     theirs=change((12, 0), (12, 1), (1700, 1577)))
             for line in profile_full().recent]
    out = history_message(1, long, lines, 0, True, lang=EN)
    assert len(out.content) <= CONTENT_MAX, len(out.content)
    assert out.content.count("\n") == 10 and "MMR WWWW" in out.content
