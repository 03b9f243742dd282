"""Drawn parts kept on disk, so a new process (a restarted bot, a replaced render worker)
starts with the parts an earlier one drew instead of drawing them again.

Only pure parts go here: functions whose image depends on nothing but their arguments and
the renderer's code. Entries live in a folder named after a digest of that code, the assets
(fonts by size and time), the art pack's files (ART_DIR) and Pillow's version, so a change
to any of them starts an empty folder. A part that cannot be read (missing, cut short,
unreadable) is drawn and written again; a folder that cannot be written only costs the
saving. RENDER_CACHE_DIR chooses the place (default: the user's cache folder);
RENDER_CACHE_DIR=off keeps everything in memory.
"""

from __future__ import annotations

import functools
import hashlib
import os
import struct
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec

import PIL
from PIL import Image

from bot.render.art_data import pack_folder

P = ParamSpec("P")
_RENDER = Path(__file__).resolve().parent
_ASSETS = _RENDER.parents[1] / "assets"
_HEADER = struct.Struct("<4sII")  # mode (padded), width, height
_MODES = ("RGBA", "RGB", "L")


def _default_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gwent-discord" / "render"


@functools.cache
def _version() -> str:
    """A digest of what the cached pixels depend on: the renderer's code, its assets, the
    art pack of ART_DIR and Pillow."""
    digest = hashlib.sha256(PIL.__version__.encode())
    for path in sorted(_RENDER.glob("*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    for path in sorted(_ASSETS.rglob("*")):  # fonts are large: their size and time stand in
        stat = path.stat()
        digest.update(f"{path.relative_to(_ASSETS)} {stat.st_size} {stat.st_mtime_ns}".encode())
    pack = pack_folder()  # a server's art pack replaces portraits
    for path in sorted(pack.glob("*.png")) if pack is not None else ():
        stat = path.stat()
        digest.update(f"art {path.name} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


@functools.cache
def folder() -> Path | None:
    """The folder of this version's parts, or None when the disk cache is off."""
    setting = os.environ.get("RENDER_CACHE_DIR", "")
    if setting.lower() == "off":
        return None
    return (Path(setting) if setting else _default_root()) / _version()


def _path(name: str, args: tuple[object, ...]) -> Path | None:
    root = folder()
    if root is None:
        return None
    key = hashlib.sha256(repr(args).encode()).hexdigest()[:24]
    return root / f"{name}-{key}.img"


def _read(path: Path) -> Image.Image | None:
    try:
        data = path.read_bytes()
        mode, w, h = _HEADER.unpack_from(data)
        text = mode.rstrip(b" ").decode()
        if text not in _MODES:
            return None
        return Image.frombytes(text, (w, h), memoryview(data)[_HEADER.size:])
    except (OSError, ValueError, struct.error):
        return None


def _write(path: Path, img: Image.Image) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(_HEADER.pack(img.mode.ljust(4).encode(), *img.size))
            out.write(img.tobytes())
        os.replace(tmp, path)  # whole or absent: another worker may read it meanwhile
    except OSError:
        return


def on_disk(name: str) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """Keep fn's images on disk under name, keyed by the repr of its arguments."""

    def wrap(fn: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
        @functools.wraps(fn)
        def cached(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
            path = _path(name, (*args, *sorted(kwargs.items())))
            if path is None:
                return fn(*args, **kwargs)
            img = _read(path)
            if img is None:
                img = fn(*args, **kwargs)
                if img.mode in _MODES:
                    _write(path, img)
            return img

        return cached

    return wrap


__all__ = ["folder", "on_disk"]
