"""Golden-image tests: every sample renders as its stored image, within a tolerance.

Regenerate the goldens after an intended change (and look at them):
    python -m bot.render --out tests/bot/render/golden
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.render.__main__ import render_sample
from bot.render.samples import SAMPLES

GOLDEN = Path(__file__).with_name("golden")
REPO = Path(__file__).resolve().parents[3]
# A pixel "differs" when a channel moves by more than PIXEL_DELTA; the test fails
# when more than MAX_DIFFERING of the pixels differ or the mean difference is
# above MAX_MEAN. Small font-rasteriser and palette differences stay under these.
PIXEL_DELTA = 48
MAX_DIFFERING = 0.003
MAX_MEAN = 2.0


def failures_dir() -> Path:
    """Where failing comparisons leave their actual and diff images."""
    return Path(os.environ.get("RENDER_FAILURES_DIR", REPO / "out" / "render-failures"))


def compare(name: str, actual_png: bytes) -> str | None:
    """None when the render matches its golden; otherwise a message naming saved files."""
    golden_path = GOLDEN / f"{name}.png"
    actual = Image.open(io.BytesIO(actual_png)).convert("RGB")
    problem = None
    diff = None
    if not golden_path.exists():
        problem = f"no golden image {golden_path}"
    else:
        expected = Image.open(golden_path).convert("RGB")
        if expected.size != actual.size:
            problem = f"size {actual.size} differs from the golden's {expected.size}"
        else:
            diff = ImageChops.difference(actual, expected)
            r, g, b = diff.split()
            worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
            hist = worst.histogram()
            total = actual.width * actual.height
            differing = sum(hist[PIXEL_DELTA + 1 :]) / total
            mean = sum(i * n for i, n in enumerate(hist)) / total
            if differing > MAX_DIFFERING or mean > MAX_MEAN:
                problem = (
                    f"{differing:.2%} of pixels differ by more than {PIXEL_DELTA} "
                    f"(limit {MAX_DIFFERING:.2%}), mean difference {mean:.2f} "
                    f"(limit {MAX_MEAN})"
                )
    if problem is None:
        return None
    out = failures_dir()
    out.mkdir(parents=True, exist_ok=True)
    actual_path = out / f"{name}.actual.png"
    actual_path.write_bytes(actual_png)
    message = f"{name}: {problem}\n  actual: {actual_path}"
    if diff is not None:
        diff_path = out / f"{name}.diff.png"
        diff.point(lambda v: min(255, v * 4)).save(diff_path)
        message += f"\n  diff:   {diff_path}"
    message += f"\n  golden: {golden_path}\n  regenerate: python -m bot.render --out {GOLDEN}"
    print(message)
    return message


@pytest.mark.parametrize("name", list(SAMPLES))
def test_sample_matches_golden(name: str) -> None:
    message = compare(name, render_sample(name))
    assert message is None, message


def test_every_kind_has_goldens() -> None:
    kinds = {kind for kind, _ in SAMPLES.values()}
    assert kinds == {"board", "view", "hand", "card", "result", "deck", "leaderboard",
                     "profile"}
    for name in SAMPLES:
        assert (GOLDEN / f"{name}.png").exists(), f"missing golden for {name}"


def test_compare_reports_and_saves_a_mismatch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RENDER_FAILURES_DIR", str(tmp_path))
    png = render_sample("board_empty")
    img = Image.open(io.BytesIO(png)).convert("RGB")
    img.paste((255, 0, 255), (0, 0, 400, 300))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    message = compare("board_empty", buf.getvalue())
    assert message is not None
    assert (tmp_path / "board_empty.actual.png").exists()
    assert (tmp_path / "board_empty.diff.png").exists()
    assert str(tmp_path / "board_empty.diff.png") in message
