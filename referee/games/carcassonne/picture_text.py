"""A tile said by its picture, the way picture.py reads it back: 'město sever-západ s erbem a cesta
východ-jih' (Czech) or 'city n-w with pennant and road e-s' (English). Offered at the table when a drawn tile's words fit
several tiles in the bag; each description reads back as exactly its own tile kind (tests/carcassonne/
test_picture.py checks every tile in every rotation, in both languages).
"""

from __future__ import annotations

from functools import lru_cache

from . import picture

_SIDE = {"cs": ("sever", "východ", "jih", "západ"), "en": ("n", "e", "s", "w")}
_WORD = {"cs": {"city": "město", "road": "cesta", "roads": "cesty", "cloister": "klášter", "with": "s",
                "and": "a", "pennant": "erbem", "wine": "vínem", "grain": "obilím", "cloth": "plátnem"},
         "en": {"city": "city", "road": "road", "roads": "roads", "cloister": "cloister", "with": "with",
                "and": "and", "pennant": "pennant", "wine": "wine", "grain": "grain", "cloth": "cloth"}}


def _fields(n: int, lang: str) -> str:
    if lang == "cs":
        return f"{n} " + ("louka" if n == 1 else "louky" if n < 5 else "luk")
    return f"{n} field" + ("" if n == 1 else "s")


def _say(tile, q: int, lang: str, with_fields: bool) -> str:
    rot = tile.rotations[q]
    words = _WORD[lang]
    sides = _SIDE[lang]
    cities, roads, ends, rest = [], [], [], []
    for seg in tile.segments:
        edges = rot.seg_edges[seg.index]
        if seg.kind == "city":
            text = words["city"] + " " + "-".join(sides[e] for e in edges)
            marks = [words["pennant"]] * seg.pennant + ([words[seg.goods]] if seg.goods else [])
            if marks:
                text += f" {words['with']} " + f" {words['and']} ".join(marks)
            cities.append(text)
        elif seg.kind == "road" and len(edges) == 1:
            ends.append(edges[0])
        elif seg.kind == "road":
            roads.append(words["road"] + " " + "-".join(sides[e] for e in edges))
        elif seg.kind == "cloister":
            rest.append(words["cloister"])
    if len(ends) > 2:                       # a junction: 'cesty východ, jih, západ' (read back as road ends)
        roads.append(words["roads"] + " " + " ".join(sides[e] for e in sorted(ends)))
    else:
        roads.extend(words["road"] + " " + sides[e] for e in sorted(ends))
    parts = cities + rest + roads
    if with_fields:
        parts.append(_fields(sum(1 for s in tile.segments if s.kind == "field"), lang))
    # joined by 'a' (and), never by ', ': a whole turn typed on one line is split at ', ' (core/entry.py)
    return f" {words['and']} ".join(parts)


def natural(key: str, lang: str = "en", q: int = 0) -> str:
    """What a player says on seeing the tile: its picture without counting its fields."""
    from .tiles import tile_types

    return _say(tile_types()[key], q, lang, with_fields=False)


@lru_cache(maxsize=None)
def describe(key: str, lang: str = "en", q: int = 0) -> str:
    """The tile ``key`` as it looks in rotation ``q``, in ``lang``; its number of fields is added only where
    the rest of the picture fits another tile too (T&B F and I differ only in their fields)."""
    from .tiles import tile_types

    tile = tile_types()[key]
    text = _say(tile, q, lang, with_fields=False)
    said = picture.read(text)
    if len(picture.matching(tile_types(), said)) > 1:
        text = _say(tile, q, lang, with_fields=True)
    return text


def offer(keys, lang: str, limit: int = 6) -> str:
    """'město sever' (b:e); 'město sever a cesta východ-západ' (b:d); …: the candidates as they can be typed."""
    shown = [f"'{describe(k, lang)}' ({k.lower()})" for k in list(keys)[:limit]]
    if len(keys) > limit:
        shown.append("…")
    return "; ".join(shown)
