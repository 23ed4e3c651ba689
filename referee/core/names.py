"""The components by the names on the table: one place that knows every card, building, role, good,
feature, figure, city and colour in each language, read from the game's data in ``tables/<game>/names.json``.

The file maps a kind to the components' canonical ids (the ids the notation and records use, never
translated) and their names::

    {"role": {"captain": {"en": "Captain", "cs": "Kapitán", "aliases": ["kapitan lodi"]}}, ...}

``en`` and ``cs`` are the names printed in each edition (the Czech ones from the seeds); ``aliases`` are other
ways a table says it (either language). Input matches any of them, in any case, with or without diacritics;
display uses the chosen language. Records stay language-neutral: only ids are stored.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


def fold(text: str) -> str:
    """What two spellings share when they mean the same: case, accents and runs of spaces/-/_ removed.
    'Sídlo  cechu' -> 'sidlo cechu'; 'small-indigo_plant' -> 'small indigo plant'."""
    text = unicodedata.normalize("NFKD", str(text).replace("ß", "ss"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(text.replace("-", " ").replace("_", " ").split())


@lru_cache(maxsize=None)
def names(game: str) -> dict:
    """{kind: {id: {"en": ..., "cs": ..., "aliases": [...]}}} for a game id ('puerto-rico'); {} if none."""
    from .tables import load_json

    try:
        return load_json(f"{game}/names.json")
    except FileNotFoundError:
        return {}


def display(game: str, kind: str, cid: str, lang: str | None = None) -> str:
    """The name of a component in the language in force (or ``lang``); English, then the id, as fallbacks."""
    if lang is None:
        from ..i18n import language

        lang = language()
    entry = names(game).get(kind, {}).get(cid) or {}
    return entry.get(lang) or entry.get("en") or cid


@lru_cache(maxsize=None)
def _index(game: str) -> dict:
    index: dict = {}
    for kind, entries in names(game).items():
        for cid, entry in entries.items():
            spellings = {cid, entry.get("en", ""), entry.get("cs", ""), *entry.get("aliases", ())}
            for spelling in spellings:
                if spelling:
                    index.setdefault(fold(spelling), set()).add((kind, cid))
    return index


def lookup(game: str, text: str, kinds=None) -> list[tuple[str, str]]:
    """Every (kind, id) whose name, in any language or alias, is ``text`` (folded); sorted. Several hits mean
    the words are ambiguous: the caller refuses naming them, never picks one."""
    hits = _index(game).get(fold(text), set())
    return sorted(h for h in hits if kinds is None or h[0] in kinds)


# --- words at the table -----------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _longest(game: str) -> int:
    """The most words any name of the game has (folded): how far ahead a phrase can reach."""
    return max((len(spelling.split()) for spelling in _index(game)), default=1)


def _one_id(game: str, phrase: str) -> str | None:
    """The one component id ``phrase`` names, None for none; two different ones are refused, never guessed."""
    from .errors import AmbiguousMove
    from ..i18n import _

    ids = sorted({cid for _kind, cid in lookup(game, phrase)}) if phrase else []
    if len(ids) > 1:
        raise AmbiguousMove(_("'{words}' could mean {ids}; say which.").format(words=phrase, ids=" or ".join(ids)))
    return ids[0] if ids else None


def canonical_words(game: str, text: str) -> str:
    """The text with every word or phrase the game's names know replaced by its canonical id, the notation's
    own word (Czech, any case, with or without accents: 'rytíř' -> knight, 'Benátky' -> venezia). Words the
    names do not know are left as they are for the notation to read (tile letters, positions, prices)."""
    words = text.split()
    out: list[str] = []
    said = None                 # the spelling (folded) that gave out[-1], when a name gave it
    i = 0
    while i < len(words):
        for k in range(min(_longest(game), len(words) - i), 0, -1):
            phrase = " ".join(words[i:i + k])
            cid = _one_id(game, phrase)
            if cid is not None:
                spelling = fold(phrase)
                # two different words for one thing side by side are said once ('postavit sklad': one build);
                # the same word said again is said again ('splatit splatit': two loans repaid, issue 22)
                if not out or out[-1] != cid or spelling == said:
                    out.append(cid)
                said = spelling
                i += k
                break
        else:
            out.append(_hyphenated(game, words[i]))
            said = None
            i += 1
    return " ".join(out)


def _hyphenated(game: str, word: str) -> str:
    """'benátky-tanger', 'jih-západ': a hyphenated word read part by part."""
    if "-" not in word.strip("-"):
        return word
    return "-".join(_one_id(game, part) or part for part in word.split("-"))
