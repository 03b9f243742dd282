"""table/dist/ is the build of table/src/ as it is now (the README's commands install no
Node.js, so the built page is committed): its recorded sources hash must match."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

TABLE = Path(__file__).resolve().parents[2] / "table"
# What table/build.mjs hashes besides table/src/ (keep the two lists the same).
INPUTS = ("build.mjs", "package.json", "package-lock.json", "tsconfig.json",
          "../assets/fonts/PTN77F.ttf", "../assets/fonts/LICENSE-ParaType.txt")


def sources_hash() -> str:
    """The hash table/build.mjs records: each input's path and bytes, in path order."""
    paths = sorted([p.relative_to(TABLE).as_posix() for p in (TABLE / "src").rglob("*")
                    if p.is_file()] + list(INPUTS))
    digest = hashlib.sha256()
    for path in paths:
        digest.update(f"{path}\n".encode())
        digest.update((TABLE / path).read_bytes())
        digest.update(b"\n")
    return digest.hexdigest()


def test_dist_is_built_from_the_sources_as_they_are() -> None:
    recorded = (TABLE / "dist" / "sources.sha256").read_text(encoding="utf-8").strip()
    assert recorded == sources_hash(), (
        "table/dist/ is older than table/src/: run `cd table && npm ci && npm run build` "
        "and commit table/dist/")


def test_the_page_names_built_files_that_exist() -> None:
    page = (TABLE / "dist" / "index.html").read_text(encoding="utf-8")
    assets = re.findall(r'"/assets/([^"]+)"', page)
    assert sorted(a.rsplit(".", 1)[1] for a in assets) == ["css", "js", "ttf"]
    for asset in assets:
        assert (TABLE / "dist" / "assets" / asset).is_file(), asset
    built = {p.name for p in (TABLE / "dist" / "assets").iterdir()}
    assert built == set(assets), f"stale files in table/dist/assets: {built - set(assets)}"
