"""Names compared the way people type them, in any script."""

from __future__ import annotations

import re
import unicodedata

# Letters that do not decompose into a base letter and an accent.
_PLAIN = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                        "œ": "oe", "\u0131": "i"})


def fold(text: str) -> str:
    """A name folded for comparison in any script: lower case, no accents, apostrophes
    dropped, other punctuation as single spaces ("Síle de Tansarville" and "sile de
    tansarville", "Ołgierd" and "olgierd", "Фон Эверек" and "фон эверек")."""
    plain = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    plain = re.sub("['\u2019`\u02bc]", "", plain)
    return " ".join("".join(c if c.isalnum() else " " for c in plain).split())
