"""Style gates: ruff over the tree, mypy --strict over the engine and the bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_finds_nothing() -> None:
    done = run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_engine_and_bot_pass_mypy_strict() -> None:
    done = run("mypy", "--strict", "engine", "bot")
    assert done.returncode == 0, done.stdout + done.stderr


def test_engine_imports_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names) | {"engine"}
    for path in (ROOT / "engine").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from"):
                top = words[1].split(".")[0]
                assert top in stdlib or top == "__future__", f"{path}: {line}"
