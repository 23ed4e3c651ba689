"""Czech (and any-case, accent-free) words at the table, read as the canonical notation's words.

The names live in tables/carcassonne/names.json (referee/core/names.py). A word or phrase that names one
component is replaced by its id, the notation's own word ('rytíř' -> knight, 'jihozápad' -> southwest,
'na' -> on); one that names two different ones is refused as ambiguous, never guessed. Words the names do
not know are left as they are for the notation to read (tile letters, positions, rotations).
"""

from __future__ import annotations

from referee.core.errors import AmbiguousMove
from referee.core.names import lookup
from referee.i18n import _

GAME = "carcassonne"
_LONGEST = 4          # the longest phrase in the names file, in words ('nechci druhou kartičku')


def canonical_words(text: str, game: str = GAME) -> str:
    """The text with every word the names know replaced by its canonical id."""
    words = text.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        for k in range(min(_LONGEST, len(words) - i), 0, -1):
            phrase = " ".join(words[i:i + k])
            ids = sorted({cid for _kind, cid in lookup(game, phrase)})
            if len(ids) > 1:
                raise AmbiguousMove(_("'{words}' could mean {ids}; say which.").format(words=phrase,
                                                                                     ids=" or ".join(ids)))
            if ids:
                if not out or out[-1] != ids[0]:      # 'postavit sklad': one build, said twice
                    out.append(ids[0])
                i += k
                break
        else:
            out.append(_parts(words[i], game))
            i += 1
    return " ".join(out)


def _parts(word: str, game: str) -> str:
    """'benátky-tanger', 'jih-západ': a hyphenated word read part by part."""
    if "-" not in word.strip("-"):
        return word
    parts = word.split("-")
    read = []
    for part in parts:
        ids = sorted({cid for _kind, cid in lookup(game, part)}) if part else []
        if len(ids) > 1:
            raise AmbiguousMove(_("'{words}' could mean {ids}; say which.").format(words=part,
                                                                                 ids=" or ".join(ids)))
        read.append(ids[0] if ids else part)
    return "-".join(read)
