"""Images of a Gwent match, drawn with Pillow: board, hand, card and result.

Pure functions from engine values to PNG bytes (no Discord, no I/O). They are
CPU-bound: the bot calls them in worker processes (bot/images.py).
"""

from bot.render.board import PublicBoardOnly, board_image, render_board
from bot.render.card_image import USE_CATALOGUE, card_image, render_card
from bot.render.hand import NoHand, hand_image, render_hand
from bot.render.result import render_result, result_image
from bot.render.state import load_observation, public_view
from bot.render.text import fit_text, sanitize_name

__all__ = [
    "USE_CATALOGUE",
    "NoHand",
    "PublicBoardOnly",
    "board_image",
    "card_image",
    "fit_text",
    "hand_image",
    "load_observation",
    "public_view",
    "render_board",
    "render_card",
    "render_hand",
    "render_result",
    "result_image",
    "sanitize_name",
]
