"""custom_id formats of the rules browser, of Rules on a hand and of the help pages."""

from __future__ import annotations

RULES = r"gw:rules"
RULES_PAGE = r"gw:rules:(?P<topic>[a-z]+):(?P<page>\d+):(?P<op>prev|next|share)"
HAND_RULES = r"gw:hrules:(?P<match>\d+)(?::(?P<view>short|more))?"
HELP_PAGE = r"gw:help:(?P<page>[a-z]+)"


def rules() -> str:
    """The rules browser's topic select."""
    return "gw:rules"


def rules_page(topic: str, page: int, op: str) -> str:
    """Previous, Next or Share on a page of the rules browser."""
    return f"gw:rules:{topic}:{page}:{op}"


def hand_rules(match_id: int, view: str | None = None) -> str:
    """Rules on a hand (a new message), or More ("more") and Less ("short") on it."""
    return f"gw:hrules:{match_id}" + (f":{view}" if view else "")


def help_page(page: str) -> str:
    """A button of /gwent help: show that page."""
    return f"gw:help:{page}"
