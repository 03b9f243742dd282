"""Images of a Gwent match, drawn with Pillow: the public board, a player's own view (the
board from their side with their hand), hand, card, result and deck; and of ranked play:
leaderboard pages and profile cards.

Pure functions from engine values to PNG bytes (no Discord; the only I/O is the disk cache
of drawn parts, bot/render/disk_cache.py). They are CPU-bound: the bot calls them in worker
processes (bot/images.py).
"""

# Pillow imports these at its first quantize and first tobytes(): importing them with the
# renderer keeps that out of the first image a process draws.
from PIL import ImageFile, ImagePalette  # noqa: F401

from bot.render.board import PublicBoardOnly, board_image, render_board
from bot.render.card_image import USE_CATALOGUE, card_image, render_card
from bot.render.deck_screen import deck_image, render_deck
from bot.render.hand import NoHand, hand_image, render_hand
from bot.render.leaderboard import leaderboard_image, render_leaderboard
from bot.render.player_view import player_view_image, render_player_view
from bot.render.profile import profile_image, render_profile
from bot.render.result import render_result, result_image
from bot.render.state import load_observation, public_view
from bot.render.text import fit_text, sanitize_name

__all__ = [
    "USE_CATALOGUE",
    "NoHand",
    "PublicBoardOnly",
    "board_image",
    "card_image",
    "deck_image",
    "fit_text",
    "hand_image",
    "leaderboard_image",
    "load_observation",
    "player_view_image",
    "profile_image",
    "public_view",
    "render_board",
    "render_card",
    "render_deck",
    "render_hand",
    "render_leaderboard",
    "render_player_view",
    "render_profile",
    "render_result",
    "result_image",
    "sanitize_name",
]
