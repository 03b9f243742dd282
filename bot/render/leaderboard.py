"""A page of a server's leaderboard: position, name, rank emblem, score, and W/L/D."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Language, language
from bot.learn.glossary import record
from bot.ranking.ranks import PRO
from bot.ranking.rating import BEST_FACTIONS, PROVISIONAL_GAMES, is_provisional
from bot.ranking.views import LeaderboardPage, Standing
from bot.render.emblem import rank_emblem
from bot.render.encode import to_png
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import draw_text, fit_font, fit_text, sanitize_name, text_width
from bot.render.texture import headed_wood, panel
from bot.render.theme import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    PANEL,
    TEXT,
    TEXT_MUTED,
    mix,
    palette,
)
from bot.render.words import faction_label

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


def leaderboard_image(page: LeaderboardPage, tag: str = ENGLISH) -> Image.Image:
    """Draw a leaderboard page as an RGB image, in the language tag."""
    lang = language(tag)
    img = _background(len(page.rows)).copy()
    draw = ImageDraw.Draw(img)
    x = 24
    if not page.is_ladder:
        mark = icon(f"emblem_{page.board}", 52, palette(page.board).accent)
        img.paste(mark, (x, 20), mark)
        x += 66
    title = page.season.title(lang)
    title_font = fit_font(title, SERIF_BOLD, 36, W - x - 24)
    draw_text(draw, (x, 46), fit_text(title, title_font, W - x - 24), title_font, GOLD_LIGHT,
              anchor="lm")
    # i18n: the leaderboard's subtitle (one line, about 50 characters)
    what = (lang._("Ladder") if page.is_ladder
            else lang._("{faction} MMR", faction=faction_label(page.board, tag)))
    players = lang.ngettext("{count} player", "{count} players", page.total)
    where = lang._("page {page} of {pages}", page=lang.number(page.page + 1),
                   pages=lang.number(page.pages))
    if page.in_progress:
        subtitle = lang._("{board} \u00b7 {players} \u00b7 {page}", board=what,
                          players=players, page=where)
    else:
        subtitle = lang._("{board} \u00b7 final \u00b7 {players} \u00b7 {page}", board=what,
                          players=players, page=where)
    # The ladder's numbers are ladder scores; a faction board's are its MMR, as titled.
    # i18n: over the numbers' column of the ladder, at the right (about 14 characters)
    label_font = font(SANS, 20)
    label = fit_text(lang._("ladder score"), label_font, 180) if page.is_ladder else ""
    room = W - x - 24 - (round(text_width(label, label_font)) + 36 if label else 0)
    sub_font = font(SANS_BOLD, 24)
    draw_text(draw, (x, 94), fit_text(subtitle, sub_font, room), sub_font, TEXT_MUTED,
              anchor="lm")
    draw_text(draw, (W - 36, 94), label, label_font, TEXT_MUTED, anchor="rm")
    for i, standing in enumerate(page.rows):
        _row(img, draw, HEAD_H + i * (ROW_H + ROW_GAP), standing,
             standing.user_id == page.viewer_id, lang, provisional=not page.is_ladder
             and is_provisional(standing.record.games))
    if not page.rows:
        empty = font(SANS_BOLD, 26)
        draw_text(draw, (W / 2, HEAD_H + ROW_H / 2),
                  fit_text(lang._("Nobody on this page"), empty, W - 40), empty, TEXT_MUTED,
                  anchor="mm")
    # i18n: the foot of the leaderboard (one line, about 70 characters); /gwent rules ranked
    # is a command: write it with your language's names of the command (the topic may go)
    foot = (lang._("Ladder score: {best} best faction MMRs added up \u00b7 /gwent rules ranked",
                   best=BEST_FACTIONS) if page.is_ladder
            else lang._("MMR: {start} to start, provisional for {games} games \u00b7 "
                        "/gwent rules ranked", start=lang.number(1200, grouping=False),
                        games=PROVISIONAL_GAMES))
    foot_font = font(SANS, 21)
    draw_text(draw, (W / 2, img.height - FOOT_H / 2 - 4), fit_text(foot, foot_font, W - 40),
              foot_font, TEXT_MUTED, anchor="mm")
    return img


def _row(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, standing: Standing,
         mine: bool, lang: Language, provisional: bool) -> None:
    fill = mix(PANEL, GOLD, 0.22) if mine else PANEL
    panel(img, (16, y, W - 16, y + ROW_H), fill=fill, outline=GOLD_LIGHT if mine else GOLD_DARK)
    colour = PODIUM[standing.position - 1] if standing.position <= len(PODIUM) else TEXT
    position = str(standing.position)
    size = 34 if len(position) <= 3 else 26
    draw_text(draw, (70, y + ROW_H / 2), position, font(SERIF_BOLD, size), colour,
              anchor="mm")
    # i18n: a player without a usable name
    name = sanitize_name(standing.name, fallback=lang._("Player"))
    name_font = font(SANS_BOLD, 30)
    draw_text(draw, (128, y + 27), fit_text(name, name_font, 330), name_font,
              GOLD_LIGHT if mine else TEXT, anchor="lm")
    rec = standing.record
    games = lang.ngettext("{count} game", "{count} games", rec.games)
    won = record(rec.wins, rec.losses, rec.draws, lang)
    # i18n: under a player's name on the leaderboard; {record} is like "3W 1L 0D"
    detail = (lang._("{games} \u00b7 {record} \u00b7 provisional", games=games, record=won)
              if provisional else lang._("{games} \u00b7 {record}", games=games, record=won))
    detail_font = font(SANS, 22)
    draw_text(draw, (128, y + 58), fit_text(detail, detail_font, 350), detail_font,
              TEXT_MUTED, anchor="lm")
    emblem = rank_emblem(standing.rank, standing.pieces, 62)
    img.paste(emblem, (492, y + (ROW_H - 62) // 2), emblem)
    draw_text(draw, (W - 36, y + ROW_H / 2), f"{standing.score:,}".replace(",", "\u2009"),
              font(SERIF_BOLD, 34), GOLD_LIGHT if standing.rank == PRO else TEXT, anchor="rm")


def render_leaderboard(page: LeaderboardPage, tag: str = ENGLISH) -> bytes:
    """A leaderboard page as PNG bytes, in the language tag."""
    return to_png(leaderboard_image(page, tag))


__all__ = ["leaderboard_image", "render_leaderboard"]
