"""Discord's limits on text, by the message context that says where a text is shown, and its
rules for slash-command names.

A message marked with a context from LIMITS (`lang.pgettext("button", "Pass")`) must fit that
limit in every language; every other message must fit a message's 2,000 characters. Sources:
https://discord.com/developers/docs/resources/message#create-message (content),
https://discord.com/developers/docs/components/reference (components),
https://discord.com/developers/docs/resources/message#embed-object-embed-limits (embeds),
https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-naming
"""

from __future__ import annotations

import unicodedata

MESSAGE = 2000
LIMITS: dict[str, int] = {
    "message": MESSAGE,
    "button": 80,
    "select option": 100,
    "select description": 100,
    "select placeholder": 150,
    "modal title": 45,
    "text input label": 45,
    "text input placeholder": 100,
    "text display": 4000,
    "embed title": 256,
    "embed description": 4096,
    "embed field name": 256,
    "embed field value": 1024,
    "embed footer": 2048,
    "autocomplete choice": 100,
    # Slash commands (the contexts bot.discord.core.translator gives their texts).
    "command name": 32,
    "command description": 100,
    "group name": 32,
    "group description": 100,
    "parameter name": 32,
    "parameter description": 100,
    "choice name": 100,
    # Names of things (contexts card:<id>...): shown as select options and autocomplete.
    "card": 100,
    "faction": 100,
    "ability": 100,
}
# Contexts whose texts are slash-command or option names, with Discord's naming rule.
NAME_CONTEXTS = frozenset({"command name", "group name", "parameter name"})
# Devanagari and Thai: scripts Discord allows beyond letters and digits.
_EXTRA_SCRIPTS = ((0x0900, 0x097F), (0x0E00, 0x0E7F))


def limit_of(context: str | None) -> int:
    """The most characters a message with this context may have (2,000 without one); a
    context `kind:detail` has the limit of its kind."""
    context = context or ""
    return LIMITS.get(context, LIMITS.get(context.split(":")[0], MESSAGE))


def _allowed(char: str) -> bool:
    if char in "-_'" or unicodedata.category(char)[0] in "LN":
        return True
    return any(low <= ord(char) <= high for low, high in _EXTRA_SCRIPTS)


def name_problem(name: str) -> str | None:
    """Why Discord would refuse this slash-command or option name, or None: 1 to 32
    characters, letters and digits of any script, `-`, `_` and `'`, and lower case wherever
    a letter has a lower-case form."""
    if not 1 <= len(name) <= 32:
        return f"{name!r} has {len(name)} characters (1 to 32)"
    bad = [c for c in name if not _allowed(c)]
    if bad:
        return f"{name!r} has characters Discord does not allow in names: {''.join(bad)!r}"
    if name != name.lower():
        return f"{name!r} must be lower case"
    return None
