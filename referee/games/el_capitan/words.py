"""Czech (and any-case, accent-free) words at the table, read as the canonical notation's words.

The names live in tables/el-capitan/names.json; the reading is shared with the other games
(referee/core/names.canonical_words): 'Benátky' -> venezia, 'postavit' -> build, 'do' -> to. Words the
names do not know are left as they are for the notation to read (prefixes, seals and prices).
"""

from __future__ import annotations

from referee.core import names

GAME = "el-capitan"


def canonical_words(text: str, game: str = GAME) -> str:
    """The text with every word the names know replaced by its canonical id."""
    return names.canonical_words(game, text)
