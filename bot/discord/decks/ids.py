"""custom_id formats of the deck builder and of deleting a saved deck."""

from __future__ import annotations

# Deck builder components carry the whole deck being built (as a share code), the saved
# deck's id (0 for a new deck) and the category shown, so the builder needs no stored state
# and old builder messages keep working after a restart. A full code is at most 32
# characters, so these stay well within 100.
BUILD = (r"gw:build:(?P<deck>\d+):(?P<cat>[a-z]+):(?P<code>GW[0-9A-Z]+):"
         r"(?P<op>cat|add|remove|leader|save|saveas|share|paste|close|discard)")
BUILD_FORM = (r"gw:bform:(?P<op>save|saveas|paste):(?P<deck>\d+):(?P<cat>[a-z]+):"
              r"(?P<code>GW[0-9A-Z]+)")
DECK_DELETE = r"gw:deckdel:(?P<deck>\d+):(?P<op>yes|no)"


def build(deck_id: int, category: str, code: str, op: str) -> str:
    """A deck builder component: change the category, add, remove, leader, or a button."""
    return f"gw:build:{deck_id}:{category}:{code}:{op}"


def build_form(op: str, deck_id: int, category: str, code: str) -> str:
    """A deck builder modal: the name to save under, or a pasted list."""
    return f"gw:bform:{op}:{deck_id}:{category}:{code}"


def deck_delete(deck_id: int, op: str) -> str:
    """Confirm or cancel deleting a saved deck."""
    return f"gw:deckdel:{deck_id}:{op}"
