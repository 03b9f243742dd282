"""A member's profile card: rank emblem, faction MMR bars, records and the last 10 matches."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, language
from bot.learn.glossary import record, score
from bot.ranking.match import Record
from bot.ranking.ranks import PIECES, PRO, rank_label
from bot.ranking.rating import MMR_CAP, PROVISIONAL_GAMES
from bot.ranking.views import ABANDONED, MatchLine, Profile
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
    LANE,
    TEXT,
    TEXT_MUTED,
    faction_name,
    palette,
)

W = 720
HEAD_H = 220
FACTION_Y, FACTION_H = 256, 62
RECORD_Y = FACTION_Y + 5 * FACTION_H + 16
MATCHES_Y = RECORD_Y + 170
MATCH_H = 48
OUTCOME_COLOURS = {"win": (84, 170, 92), "loss": (196, 78, 66), "draw": (128, 118, 104),
                   ABANDONED: (74, 70, 66)}
OUTCOME_LETTERS = {"win": "W", "loss": "L", "draw": "D", ABANDONED: "A"}
GAIN, LOSS_COLOUR = (120, 220, 120), (255, 120, 104)
FOOT_H = 44
FOOT = (f"Faction MMR: 1200 to start, provisional for {PROVISIONAL_GAMES} games \u00b7 "
        "/gwent rules ranked")


def _height(matches: int) -> int:
    return MATCHES_Y + 34 + max(matches, 1) * MATCH_H + 24 + FOOT_H


@cache
def _background(matches: int) -> Image.Image:
    return headed_wood(W, _height(matches), seed=13, bar_h=HEAD_H)


def profile_image(profile: Profile) -> Image.Image:
    """Draw a profile card as an RGB image."""
    img = _background(len(profile.recent)).copy()
    draw = ImageDraw.Draw(img)
    _header(img, draw, profile)
    _title(draw, FACTION_Y - 18, f"Faction MMR \u00b7 {profile.season.name}")
    for i, line in enumerate(profile.factions[:5]):
        y = FACTION_Y + i * FACTION_H
        played = line.record.games > 0
        mark = icon(f"emblem_{line.faction}", 40, palette(line.faction).accent)
        img.paste(mark, (28, y + 10), mark)
        title = faction_name(line.faction)
        draw.text((84, y + 18), title, font=fit_font(title, SANS_BOLD, 24, 240, 18),
                  fill=TEXT if played else TEXT_MUTED, anchor="lm")
        rec = line.record
        detail = (f"{rec.games} {'game' if rec.games == 1 else 'games'} \u00b7 "
                  f"{record(rec.wins, rec.losses, rec.draws)}" if played else "not played")
        draw.text((84, y + 46), fit_text(detail, font(SANS, 20), 240), font=font(SANS, 20),
                  fill=TEXT_MUTED, anchor="lm")
        x0, x1, by = 336, 596, y + 20
        draw.rounded_rectangle((x0, by, x1, by + 20), radius=10, fill=LANE, outline=GOLD_DARK)
        if played:
            share = min(line.mmr / MMR_CAP, 1.0)
            draw.rounded_rectangle((x0, by, x0 + max(20, round((x1 - x0) * share)), by + 20),
                                   radius=10, fill=palette(line.faction).accent)
            counts = f"{round(line.ramp * 100)}% in ladder score"
            if line.provisional:
                counts = f"provisional \u00b7 {counts}"
            draw.text((x0, by + 36), fit_text(counts, font(SANS, 18), W - 28 - x0),
                      font=font(SANS, 18), fill=TEXT_MUTED, anchor="lm")
        draw.text((W - 28, y + 30), str(line.mmr) if played else "\u2013",
                  font=font(SERIF_BOLD, 30), fill=TEXT if played else TEXT_MUTED, anchor="rm")
    _records(img, draw, profile)
    _title(draw, MATCHES_Y, "Last matches")
    for i, match in enumerate(profile.recent):
        _match(img, draw, MATCHES_Y + 22 + i * MATCH_H, match)
    draw.text((W / 2, img.height - FOOT_H / 2 - 4), fit_text(FOOT, font(SANS, 20), W - 40),
              font=font(SANS, 20), fill=TEXT_MUTED, anchor="mm")
    return img


def _title(draw: ImageDraw.ImageDraw, y: int, text: str) -> None:
    draw.text((28, y), text, font=font(SANS_BOLD, 24), fill=GOLD, anchor="lm")


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, profile: Profile) -> None:
    emblem = rank_emblem(profile.rank, profile.pieces, 172)
    img.paste(emblem, (24, 24), emblem)
    x, room = 220, W - 220 - 24
    name = sanitize_name(profile.name, fallback="Player")
    name_font = fit_font(name, SANS_BOLD, 38, room, 26)
    draw_text(draw, (x, 46), fit_text(name, name_font, room), name_font, TEXT, anchor="lm")
    english = language(ENGLISH)  # TODO(i18n): render tag (the profile image's language)
    draw.text((x, 88), profile.season.title(english), font=font(SANS, 22), fill=TEXT_MUTED,
              anchor="lm")
    rank = rank_label(profile.rank, english)
    if profile.rank != PRO:
        rank += f" \u00b7 {profile.pieces} of {PIECES} pieces"
    draw.text((x, 130), fit_text(rank, font(SERIF_BOLD, 30), room), font=font(SERIF_BOLD, 30),
              fill=GOLD_LIGHT, anchor="lm")
    if profile.played_season and profile.position is not None:
        ladder = f"#{profile.position} of {profile.ladder_size} \u00b7 ladder score {profile.score}"
    else:
        ladder = "Not on this season's ladder yet"
    draw.text((x, 174), fit_text(ladder, font(SANS_BOLD, 22), room), font=font(SANS_BOLD, 22),
              fill=TEXT, anchor="lm")


def _records(img: Image.Image, draw: ImageDraw.ImageDraw, profile: Profile) -> None:
    rate = profile.round_win_rate
    boxes = (("Ranked", _wld(profile.ranked)), ("Casual", _wld(profile.casual)),
             ("Practice", _wld(profile.practice)),
             ("Rounds won", "\u2013" if rate is None else f"{round(rate * 100)}%"))
    width = (W - 56 - (len(boxes) - 1) * 12) // len(boxes)
    for i, (label, value) in enumerate(boxes):
        x0 = 28 + i * (width + 12)
        panel(img, (x0, RECORD_Y, x0 + width, RECORD_Y + 96))
        draw.text((x0 + width / 2, RECORD_Y + 26), label, font=font(SANS, 20), fill=TEXT_MUTED,
                  anchor="mm")
        draw.text((x0 + width / 2, RECORD_Y + 64), value,
                  font=fit_font(value, SERIF_BOLD, 32, width - 16, 18), fill=TEXT, anchor="mm")
    favourite = faction_name(profile.favourite) if profile.favourite else "none yet"
    draw.text((28, RECORD_Y + 126), f"Favourite faction: {favourite}", font=font(SANS_BOLD, 22),
              fill=TEXT, anchor="lm")
    draw.text((W - 28, RECORD_Y + 126), "all time, this server", font=font(SANS, 20),
              fill=TEXT_MUTED, anchor="rm")


def _wld(rec: Record) -> str:
    return record(rec.wins, rec.losses, rec.draws)


def _match(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, match: MatchLine) -> None:
    colour = OUTCOME_COLOURS[match.outcome]
    draw.rounded_rectangle((28, y + 6, 66, y + MATCH_H - 6), radius=6, fill=colour)
    draw.text((47, y + MATCH_H / 2), OUTCOME_LETTERS[match.outcome], font=font(SANS_BOLD, 24),
              fill=TEXT, anchor="mm")
    name = sanitize_name(match.opponent_name, fallback="Player")
    if match.practice is not None:
        name = f"Computer ({match.practice})"
    name_font = font(SANS_BOLD, 22)
    draw_text(draw, (80, y + MATCH_H / 2), fit_text(name, name_font, 196), name_font, TEXT,
              anchor="lm")
    for j, faction in enumerate((match.faction, match.opponent_faction)):
        mark = icon(f"emblem_{faction}", 26, palette(faction).accent)
        img.paste(mark, (286 + j * 34, y + (MATCH_H - 26) // 2), mark)
    rounds = "  ".join(score(a, b) for a, b in match.rounds) or "no round"
    if match.ended_by != "play" and match.outcome != ABANDONED:
        rounds = f"{rounds} \u00b7 {match.ended_by}"
    draw.text((366, y + MATCH_H / 2), fit_text(rounds, font(SANS, 20), 240), font=font(SANS, 20),
              fill=TEXT_MUTED, anchor="lm")
    if match.mine is not None:
        delta = match.mine.delta
        text, fill = (f"+{delta}", GAIN) if delta >= 0 else (f"\u2212{-delta}", LOSS_COLOUR)
        fnt = font(SERIF_BOLD, 24)
    else:
        text = ("practice" if match.practice else "casual" if match.casual
                else "abandoned" if match.outcome == ABANDONED else "not rated")
        fill, fnt = TEXT_MUTED, font(SANS, 18)
    draw.text((W - 28, y + MATCH_H / 2), text, font=fnt, fill=fill, anchor="rm")


def render_profile(profile: Profile) -> bytes:
    """A profile card as PNG bytes."""
    return to_png(profile_image(profile))


__all__ = ["profile_image", "render_profile"]
