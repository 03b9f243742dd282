"""A page of a server's leaderboard: position, name, rank emblem, score, and W/L/D."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, language
from bot.learn.glossary import record
from bot.ranking.ranks import PRO
from bot.ranking.rating import BEST_FACTIONS, PROVISIONAL_GAMES, is_provisional
from bot.ranking.views import LeaderboardPage, Standing
from bot.render.emblem import rank_emblem
from bot.render.encode import to_png
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import draw_text, fit_font, fit_text, sanitize_name
from bot.render.texture import headed_wood, panel
from bot.render.theme import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    PANEL,
    TEXT,
    TEXT_MUTED,
    faction_name,
    mix,
    palette,
)

# 720 px wide: shown about half size on a phone, every text stays 11 px or more.
W = 720
HEAD_H = 150
ROW_H = 78
ROW_GAP = 6
FOOT_H = 52
PODIUM = (GOLD_LIGHT, (206, 212, 222), (214, 150, 96))  # positions 1, 2 and 3


def _height(rows: int) -> int:
    return HEAD_H + max(rows, 1) * (ROW_H + ROW_GAP) + FOOT_H


@cache
def _background(rows: int) -> Image.Image:
    return headed_wood(W, _height(rows), seed=11, bar_h=HEAD_H - 20)


def leaderboard_image(page: LeaderboardPage) -> Image.Image:
    """Draw a leaderboard page as an RGB image."""
    img = _background(len(page.rows)).copy()
    draw = ImageDraw.Draw(img)
    x = 24
    if not page.is_ladder:
        mark = icon(f"emblem_{page.board}", 52, palette(page.board).accent)
        img.paste(mark, (x, 20), mark)
        x += 66
    title = page.season.title(language(ENGLISH))  # TODO(i18n): render tag
    draw.text((x, 46), title, font=fit_font(title, SERIF_BOLD, 36, W - x - 24),
              fill=GOLD_LIGHT, anchor="lm")
    what = "Ladder" if page.is_ladder else f"{faction_name(page.board)} MMR"
    state = "" if page.in_progress else " \u00b7 final"
    players = "player" if page.total == 1 else "players"
    subtitle = (f"{what}{state} \u00b7 {page.total} {players} \u00b7 "
                f"page {page.page + 1} of {page.pages}")
    # The ladder's numbers are ladder scores; a faction board's are its MMR, as titled.
    label = "ladder score" if page.is_ladder else ""
    room = W - x - 24 - (round(draw.textlength(label, font=font(SANS, 20))) + 36 if label else 0)
    draw.text((x, 94), fit_text(subtitle, font(SANS_BOLD, 24), room),
              font=font(SANS_BOLD, 24), fill=TEXT_MUTED, anchor="lm")
    draw.text((W - 36, 94), label, font=font(SANS, 20), fill=TEXT_MUTED, anchor="rm")
    for i, standing in enumerate(page.rows):
        _row(img, draw, HEAD_H + i * (ROW_H + ROW_GAP), standing,
             standing.user_id == page.viewer_id, provisional=not page.is_ladder
             and is_provisional(standing.record.games))
    if not page.rows:
        draw.text((W / 2, HEAD_H + ROW_H / 2), "Nobody on this page", font=font(SANS_BOLD, 26),
                  fill=TEXT_MUTED, anchor="mm")
    foot = (f"Ladder score: {BEST_FACTIONS} best faction MMRs added up" if page.is_ladder
            else f"MMR: 1200 to start, provisional for {PROVISIONAL_GAMES} games")
    foot += " \u00b7 /gwent rules ranked"
    draw.text((W / 2, img.height - FOOT_H / 2 - 4), fit_text(foot, font(SANS, 21), W - 40),
              font=font(SANS, 21), fill=TEXT_MUTED, anchor="mm")
    return img


def _row(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, standing: Standing,
         mine: bool, provisional: bool) -> None:
    fill = mix(PANEL, GOLD, 0.22) if mine else PANEL
    panel(img, (16, y, W - 16, y + ROW_H), fill=fill, outline=GOLD_LIGHT if mine else GOLD_DARK)
    colour = PODIUM[standing.position - 1] if standing.position <= len(PODIUM) else TEXT
    position = str(standing.position)
    size = 34 if len(position) <= 3 else 26
    draw.text((70, y + ROW_H / 2), position, font=font(SERIF_BOLD, size), fill=colour,
              anchor="mm")
    name = sanitize_name(standing.name, fallback="Player")
    name_font = font(SANS_BOLD, 30)
    draw_text(draw, (128, y + 27), fit_text(name, name_font, 330), name_font,
              GOLD_LIGHT if mine else TEXT, anchor="lm")
    rec = standing.record
    games = "game" if rec.games == 1 else "games"
    detail = f"{rec.games} {games} \u00b7 {record(rec.wins, rec.losses, rec.draws)}"
    if provisional:
        detail += " \u00b7 provisional"
    draw.text((128, y + 58), fit_text(detail, font(SANS, 22), 350), font=font(SANS, 22),
              fill=TEXT_MUTED, anchor="lm")
    emblem = rank_emblem(standing.rank, standing.pieces, 62)
    img.paste(emblem, (492, y + (ROW_H - 62) // 2), emblem)
    draw.text((W - 36, y + ROW_H / 2), f"{standing.score:,}".replace(",", "\u2009"),
              font=font(SERIF_BOLD, 34), fill=GOLD_LIGHT if standing.rank == PRO else TEXT,
              anchor="rm")


def render_leaderboard(page: LeaderboardPage) -> bytes:
    """A leaderboard page as PNG bytes."""
    return to_png(leaderboard_image(page))


__all__ = ["leaderboard_image", "render_leaderboard"]
