"""A field (farm) of the tile just placed, named by the words a table says, in English or Czech.

Ways to name a field, tried in this order, each honouring every word:
  * its name as the moves list shows it: 'farm s', 'farm ne', 'farm es', 'farm en-sw'; the Czech compass
    abbreviations sv, jv, jz, sz are the English codes ne, se, sw, nw (notation.czech_codes), so
    'sedlák na louku sv' is 'farm ne' also where two fields meet at that corner;
  * a side and which half of it, hyphenated, side first: 'louka sever-západ', 'farm south-west' is the field
    on the north side's west half (half-edge Nw), or where that half is a city or road, the field on the other
    half of the same corner (Wn); a half-edge belongs to one field at most, so this never hesitates;
  * a corner in words ('severozápad', 'southwest', 'south west'): the field at that corner; where two fields
    meet there it is ambiguous, and the refusal names both (issue 13: T&B tile O);
  * a side ('jih', 'south'): the field along it; 'střed', 'middle': the inner field; half-edge codes.
"""

from __future__ import annotations

import re

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.i18n import N_, _

from .tiles import HALF_NAMES

DIR_WORDS = {"north": "n", "east": "e", "south": "s", "west": "w", "northeast": "ne", "northwest": "nw",
             "southeast": "se", "southwest": "sw", "middle": "inner", "centre": "inner", "center": "inner",
             "inside": "inner", "centre-field": "inner"}
CORNER_NAMES = {"ne": N_("northeast"), "se": N_("southeast"), "sw": N_("southwest"), "nw": N_("northwest")}
DIR_HALVES = {"n": (0, 1), "ne": (1, 2), "e": (2, 3), "se": (3, 4), "s": (4, 5), "sw": (5, 6), "w": (6, 7),
              "nw": (7, 0)}
_SIDE_WORDS = {"north": "n", "east": "e", "south": "s", "west": "w"}


def norm_dirs(words) -> list[str]:
    out = []
    for w in words:
        for part in re.split(r"[-+/]", w):
            if not part:
                continue
            out.append(DIR_WORDS.get(part, part))
    return out


def corner_of(dirs) -> str | None:
    """'sw' for ['sw'], ['s', 'w'] or ['w', 's']: a corner named by compass directions, else None."""
    letters = set("".join(dirs))
    for corner in ("ne", "se", "sw", "nw"):
        if letters == set(corner) and len("".join(dirs)) == 2:
            return corner
    return None


def either(options) -> str:
    """'a or b or c' in the language in force."""
    text = options[0]
    for option in options[1:]:
        text = _("{first} or {second}").format(first=text, second=option)
    return text


def _features(rot) -> str:
    """The tile's features as the language in force names them, for a refusal."""
    return ", ".join(said(rot, seg) for seg in range(len(rot.names)))


def said(rot, seg: int) -> str:
    """A feature as the language in force names it ('farm es'; Czech 'louka východ-jih')."""
    from referee.i18n import language

    from .labels import feature

    return feature(rot.names[seg], language())


def _side_half(rot, word: str):
    """'sever-západ' (north-west): the field on the north side's west half, else on the west side's north
    half; None when the word is not two perpendicular sides."""
    parts = word.split("-")
    if len(parts) != 2 or not all(p in _SIDE_WORDS for p in parts):
        return None
    side, half = (_SIDE_WORDS[p] for p in parts)
    if {side, half} in ({"n", "s"}, {"e", "w"}) or side == half:
        return None
    names = [h.lower() for h in HALF_NAMES]
    for h in (names.index(side + half), names.index(half + side)):
        if rot.half_seg[h] >= 0:
            return rot.half_seg[h]
    raise IllegalMove(_("The tile just placed has no farm at its {corner} corner; its features are: "
                        "{features}.").format(corner=_(CORNER_NAMES[corner_of([side, half])]),
                                              features=_features(rot)))


def find_field(rot, words) -> int:
    """The segment index of the field ``words`` name (canonical words after the feature word)."""
    if len(words) == 1:
        seg = _side_half(rot, words[0])
        if seg is not None:
            return seg
    dirs = norm_dirs(words)
    # a corner said in compass words ('southwest', 'south west') names the corner, not the field listed as
    # 'farm sw': where two fields meet there, that is ambiguous (issue 13: tile O)
    parts = [p for w in words for p in re.split(r"[-+/]", w) if p]
    corner = corner_of(dirs) if parts and all(p in DIR_WORDS and len(p) > 2 for p in parts) else None
    if corner:
        cands = sorted({rot.half_seg[h] for h in DIR_HALVES[corner] if rot.half_seg[h] >= 0})
        if len(cands) > 1:
            first, second = (said(rot, c) for c in cands)     # a corner is two half-edges: two farms at most
            raise AmbiguousMove(_("Two farms meet at the {corner} corner; say which: {first} or {second}.").format(
                corner=_(CORNER_NAMES[corner]), first=first, second=second))
        if cands:
            return cands[0]
        dirs = [corner]
    segs = [s for s in rot.tile.segments if s.kind == "field"]
    here = _features(rot)
    key = "-".join(dirs)
    for s in segs:
        if rot.names[s.index] in (f"farm {key}", f"farm {''.join(dirs)}"):
            return s.index
    if key == "inner":
        inner = [s for s in segs if not s.halves]
        if inner:
            return inner[0].index
        raise IllegalMove(_("The tile just placed has no inner field; its features are: {features}.").format(
            features=here))
    halves = set()
    by_dir = None
    for d in dirs:
        if d in DIR_HALVES and len(dirs) == 1:
            by_dir = DIR_HALVES[d]
        hn = [i for i, h in enumerate(HALF_NAMES) if h.lower() == d]
        if hn:
            halves.add(hn[0])
        elif d not in DIR_HALVES:
            raise InvalidMove(_("{text} is not a direction; name a farm by a direction (n, ne, e, se, s, sw, w, nw), "
                                "e.g. {example}.").format(text=repr(d), example=rot.names[segs[0].index]))
    if by_dir is not None:
        cands = {rot.half_seg[h] for h in by_dir if rot.half_seg[h] >= 0}
        if len(cands) == 1:
            return cands.pop()
        if len(cands) > 1:
            opts = either([said(rot, c) for c in sorted(cands)])
            raise AmbiguousMove(_("Two farms meet there; say which: {options}.").format(options=opts))
    if halves:
        cands = {rot.half_seg[h] for h in halves}
        if len(cands) == 1 and -1 not in cands:
            return cands.pop()
    raise IllegalMove(_("The tile just placed has no single farm at {where}; its features are: {features}.").format(
        where=" ".join(dirs), features=here))
