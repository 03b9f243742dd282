"""Images composed in the palette's indices as they are drawn (bot.render.indexed): the
indices are those of mapping the finished image whole, so the PNG bytes do not change."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bot.render.encode import to_png
from bot.render.hand import draw_hand, hand_look, render_hand_look
from bot.render.indexed import Canvas
from bot.render.palette import theme_palette
from bot.render.samples import SAMPLES, played_match
from bot.render.texture import wood
from bot.render.tiles import Sprite


def _disc(colour: tuple[int, int, int]) -> Sprite:
    """A sprite with opaque rows in the middle and blended ones above and below."""
    img = Image.new("RGBA", (60, 60), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, 59, 59), radius=12, fill=(*colour, 255))
    return Sprite(img)


def test_sprites_and_text_over_each_other_map_as_the_whole_image_does() -> None:
    palette = theme_palette()
    ground = wood(200, 120, seed=5)
    canvas = Canvas(ground.copy(), palette.quantize(ground), palette)
    red, gold = _disc((170, 40, 30)), _disc((220, 180, 90))
    canvas.paste(red, 10, 10)
    canvas.paste(gold, 40, 30)  # over the red one
    ImageDraw.Draw(canvas.rgb).text((20, 40), "12", fill=(255, 255, 255))  # over both
    canvas.drawn(40, 52)
    canvas.paste(red, 150, 90)  # partly outside the image
    canvas.paste(red, 120, 20)
    canvas.paste(gold, 100, 20)  # its blended rows over the opaque ones of the last
    whole = palette.quantize(canvas.rgb)
    assert canvas.indices().tobytes() == whole.tobytes()


def test_drawing_left_unmarked_is_not_mapped() -> None:
    # The marks are what makes the indices right: text drawn without one keeps the wood's.
    palette = theme_palette()
    ground = wood(200, 60, seed=5)
    canvas = Canvas(ground.copy(), palette.quantize(ground), palette)
    ImageDraw.Draw(canvas.rgb).rectangle((10, 10, 60, 40), fill=(250, 250, 250))
    assert canvas.indices().tobytes() != palette.quantize(canvas.rgb).tobytes()


def test_an_image_and_indices_of_two_sizes_are_refused() -> None:
    palette = theme_palette()
    with pytest.raises(ValueError, match="one size"):
        Canvas(Image.new("RGB", (10, 10)), Image.new("P", (10, 11)), palette)


def test_a_hand_png_is_its_image_mapped_whole() -> None:
    looks = [hand_look(SAMPLES[name][1](), tag) for name, (kind, _) in SAMPLES.items()
             if kind == "hand" for tag in ("en", "ru")]
    looks += [hand_look(private) for _, private in played_match(4)[::5]]
    for look in looks:
        assert render_hand_look(look) == to_png(draw_hand(look), palette=theme_palette())
