"""An animated GIF of a match: one public board per move, then the result.

It is written a few frames at a time (`add_boards`), so a caller can run each batch as a
short job in a render worker and let other renders through in between; the Animation is a
plain value that travels to the worker and back. After the first, a frame holds
only the rectangle that changed since the one before, quantised to its own 256 colours as
the PNG boards are: the file and the work both shrink to what actually moved.

GIF rather than animated WebP or APNG: Discord animates GIF attachments in every client,
while it shows APNG attachments as a still image and animates WebP ones only in some.
"""

from __future__ import annotations

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw, ImageEnhance

from bot.i18n import ENGLISH
from bot.render.board import MAX_H, board_image
from bot.render.result import result_image
from bot.render.theme import GOLD_DARK
from engine.observation import Observation

# How bright the final board stays behind the result card.
RESULT_BACKDROP = 0.35
# GIF disposal 1: a frame's rectangle stays on screen under the next one.
_KEEP = 1
# Under a board whose last move took fewer lines than the most (frames share one size).
PADDING = (10, 7, 5)


def _quantize(img: Image.Image) -> Image.Image:
    return img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


class Animation:
    """A GIF being written, frame by frame."""

    def __init__(self) -> None:
        self._out = bytearray()
        self._shown: Image.Image | None = None
        # The newest frame is written once the next one is known, so that an unchanged
        # board can lengthen it instead of adding a frame.
        self._held: tuple[Image.Image, tuple[int, int], int, bool] | None = None
        self.frames = 0

    @property
    def size(self) -> int:
        """Bytes written so far."""
        return len(self._out)

    def add_board(self, public: Observation, duration_ms: int, tag: str = ENGLISH) -> None:
        """Add the public board (spectator observation only) in the language tag as the next
        frame."""
        board = board_image(public, tag)
        frame = Image.new("RGB", (board.width, MAX_H), PADDING)
        frame.paste(board, (0, 0))
        self._add(frame, duration_ms)

    def finish(self, public: Observation, duration_ms: int, tag: str = ENGLISH) -> bytes:
        """Add the result (in the language tag) over the dimmed final board, and return the
        whole GIF."""
        assert self._shown is not None, "the animation has no board yet"
        backdrop = ImageEnhance.Brightness(self._shown).enhance(RESULT_BACKDROP)
        card = result_card(public, backdrop.width, tag)
        x, y = (backdrop.width - card.width) // 2, (backdrop.height - card.height) // 2
        backdrop.paste(card, (x, y))
        ImageDraw.Draw(backdrop).rectangle((x - 2, y - 2, x + card.width + 1, y + card.height + 1),
                                           outline=GOLD_DARK, width=3)
        self._add(backdrop, duration_ms)
        self._write_held()
        self._out += b";"
        return bytes(self._out)

    def _add(self, img: Image.Image, duration_ms: int) -> None:
        img = img.convert("RGB")
        if self._shown is None:
            frame = _quantize(img)
            header, _ = GifImagePlugin.getheader(frame, None, {"loop": 0})
            self._out += b"".join(header)
            self._held = (frame, (0, 0), duration_ms, False)
        else:
            box = ImageChops.difference(self._shown, img).getbbox()
            if box is None:
                assert self._held is not None
                frame, offset, shown_ms, local = self._held
                self._held = (frame, offset, shown_ms + duration_ms, local)
                return
            self._write_held()
            self._held = (_quantize(img.crop(box)), (box[0], box[1]), duration_ms, True)
        self._shown = img
        self.frames += 1

    def _write_held(self) -> None:
        if self._held is None:
            return
        frame, offset, duration_ms, local = self._held
        for chunk in GifImagePlugin.getdata(frame, offset, duration=duration_ms,
                                            disposal=_KEEP, include_color_table=local):
            self._out += chunk
        self._held = None


def result_card(public: Observation, width: int, tag: str = ENGLISH) -> Image.Image:
    """The result, in the language tag, as an animation shows it over a board this wide:
    made smaller to leave a margin of the board around it."""
    card = result_image(public, tag)
    if card.width > width - 40:
        card = card.resize((width - 40, round(card.height * (width - 40) / card.width)),
                           Image.Resampling.LANCZOS)
    return card


def add_boards(animation: Animation, boards: list[tuple[Observation, int]],
               tag: str = ENGLISH) -> Animation:
    """Add public boards in the language tag, each shown for its duration in ms; return the
    animation."""
    for public, duration_ms in boards:
        animation.add_board(public, duration_ms, tag)
    return animation


def finish(animation: Animation, public: Observation, duration_ms: int,
           tag: str = ENGLISH) -> bytes:
    """Finish the animation with the result in the language tag (see Animation.finish)."""
    return animation.finish(public, duration_ms, tag)
