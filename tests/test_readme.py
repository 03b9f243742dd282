"""The README for newcomers: its first screen says what the bot is, shows one small image
and gives the setup and the two commands; CI runs exactly its test command; the Discord
setup comes next; every command is documented; it uses the glossary's words."""

from __future__ import annotations

import re
from pathlib import Path

import discord
from PIL import Image

from bot.discord.client import GwentBot
from bot.learn.glossary import RETIRED, TERMS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST_SCREEN_LINES = 45
IMAGE_BYTES_MAX = 100_000


def sections() -> list[tuple[str, str]]:
    """The README's level-2 sections: (title, text)."""
    parts = re.split(r"^## (.+)$", README, flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def blocks(text: str) -> list[str]:
    """The fenced code blocks of a text."""
    return re.findall(r"```\w*\n(.*?)```", text, re.S)


def test_the_first_screen_says_what_it_is_shows_an_image_and_the_commands() -> None:
    first = README.split("\n## Setting up the Discord side")[0]
    assert len(first.splitlines()) <= FIRST_SCREEN_LINES
    assert "Discord bot" in first.split("\n## ")[0] and "Gwent" in first
    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", first)
    assert len(images) == 1
    path = ROOT / images[0]
    assert path.stat().st_size <= IMAGE_BYTES_MAX
    with Image.open(path) as image:
        assert image.format == "PNG" and image.width <= 1000
    setup, run, test = blocks(first)
    assert "python3 -m venv .venv" in setup and "py -m venv .venv" in setup  # Windows too
    assert ". .venv/bin/activate" in setup and ".venv\\Scripts\\activate" in setup
    assert "cp .env.example .env" in setup and "copy .env.example .env" in setup
    assert run.strip() == "python -m pip install -r requirements.txt && python -m bot"
    assert test.strip() == "python -m pip install -r requirements-dev.txt && python -m pytest"
    assert "python3-venv" in first  # Debian and Ubuntu need it for the venv


def test_ci_runs_exactly_the_readme_test_command() -> None:
    first = README.split("\n## Setting up the Discord side")[0]
    test = blocks(first)[-1].strip()
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert script[-1] == test


def test_the_discord_setup_comes_next_and_the_details_are_linked() -> None:
    titles = [title for title, _ in sections()]
    assert titles[:2] == ["Quick start", "Setting up the Discord side"]
    for doc in ("docs/architecture.md", "docs/benchmarks.md"):
        assert f"]({doc})" in README and (ROOT / doc).is_file()
    assert "## Benchmarks" not in README  # the figures live in docs/benchmarks.md


def test_every_command_is_in_the_commands_table() -> None:
    gwent = next(c for c in GwentBot(":memory:").tree.get_commands()  # type: ignore[arg-type]
                 if c.name == "gwent")
    assert isinstance(gwent, discord.app_commands.Group)
    table = dict(sections())["Commands"]
    for command in gwent.walk_commands():
        if isinstance(command, discord.app_commands.Command):
            assert f"| `/{command.qualified_name}" in table, command.qualified_name


def test_the_readme_uses_the_glossary() -> None:
    words = dict(sections())["Words used here"]
    for term in TERMS:
        assert f"| {term.word} | {term.meaning} |" in words, term.word
    prose = re.sub(r"```.*?```|`[^`\n]+`", "", README, flags=re.S)
    for retired in RETIRED:
        assert not re.search(rf"\b{retired}\b", prose, re.I), retired
