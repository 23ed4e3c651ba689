"""The tile drawn, as the table names it: its set and letter ('draw b:d', 'tb:k', 'd'), its edges N E S W
in any rotation ('cffc'), or its picture ('město sever, cesta východ-západ', picture.py). Where the words fit
several tiles still in the bag, the refusal offers each as a description that reads back as exactly that
tile (picture_text.py), in the language in force.
"""

from __future__ import annotations

import re

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.i18n import _, language, ngettext

from . import picture
from .phases import phase_error
from .picture_text import offer
from .tiles import tile_types

TILE_RE = re.compile(r"^(?:(b|base|tb|t&b|tnb|t)\s*[:\-]?\s*)?([a-z])$")


def by_edges(rules, st, edges: str) -> str:
    want = edges.upper()
    cands = [k for k in st.counts if want in tile_types()[k].edge_strings()]
    if not cands:
        raise IllegalMove(_("No tile shows the edges {edges} (N E S W) in any rotation.").format(edges=" ".join(want)))
    if st.phase != "draw":
        phase_error(rules, st, _("place it"))
    avail = [k for k in cands if st.bag.get(k, 0) > 0]
    if len(avail) == 1:
        return "draw " + avail[0].lower()
    if not avail:
        raise IllegalMove(_("No tile with the edges {edges} is left in the bag (rule P6): {tiles} are all drawn.").format(
            edges=" ".join(want), tiles=", ".join(cands)))
    opts = offer(avail, language())          # each as a picture that reads back as exactly that tile
    raise AmbiguousMove(_("Several tiles in the bag show the edges {edges}; name the one drawn: {options}.").format(
        edges=" ".join(want), options=opts))


def draw(rules, st, rest: str) -> str:
    if re.fullmatch(r"[crf]{4}", rest.strip()):
        return by_edges(rules, st, rest.strip())
    m = TILE_RE.match(rest.strip())
    if not rest.strip():
        raise InvalidMove(_("Name the tile drawn after draw: its letter A-X, with b: for base or tb: for Traders & "
                            "Builders (e.g. draw b:d), or its edges N E S W (e.g. draw crfr)."))
    if not m and picture.looks_like(rest):
        return by_picture(rules, st, rest)
    if not m:
        raise InvalidMove(_("{text} is not a tile name; name the tile by its letter A-X, with b: for "
                            "base or tb: for Traders & Builders (e.g. draw b:d, draw tb:k).").format(text=repr(rest)))
    prefix, letter = m.group(1), m.group(2).upper()
    if letter > "X":
        raise InvalidMove(_("There is no tile {letter}; tiles are lettered A to X (e.g. draw b:d).").format(letter=letter))
    if prefix is None:
        keys = ["B:" + letter, "TB:" + letter]
    elif prefix in ("b", "base"):
        keys = ["B:" + letter]
    else:
        keys = ["TB:" + letter]
    in_game = [k for k in keys if k in st.counts]
    if not in_game:
        raise IllegalMove(_("{tile} is a Traders & Builders tile, which is not in this game (option "
                            "traders-builders is off).").format(tile=keys[0]))
    if st.phase != "draw":
        phase_error(rules, st, _("place it"))
    avail = [k for k in in_game if st.bag.get(k, 0) > 0]
    if len(avail) == 1:
        return "draw " + avail[0].lower()
    if len(avail) > 1:
        raise AmbiguousMove(_("{letter} is both a base tile and a Traders & Builders tile and both are in the bag; "
                              "type draw b:{lower} or draw tb:{lower}.").format(letter=letter, lower=letter.lower()))
    names = in_game[0] if len(in_game) == 1 else _("{first} or {second}").format(first=in_game[0], second=in_game[1])
    other = [k for k in ("B:" + letter, "TB:" + letter) if k not in in_game and st.bag.get(k, 0) > 0]
    if other:
        raise IllegalMove(_("No {names} tile is left in the bag (rule P6); {other} is still in the bag "
                            "(draw {draw}).").format(names=names, other=other[0], draw=other[0].lower()))
    left = sum(st.bag.values())
    raise IllegalMove(ngettext("No {names} tile is left in the bag (rule P6); {n} tile remains (the bag is listed "
                               "under the board).",
                               "No {names} tile is left in the bag (rule P6); {n} tiles remain (the bag is listed "
                               "under the board).", left).format(names=names, n=left))


def by_picture(rules, st, text: str) -> str:
    """'město sever, cesta východ-západ': the one tile kind in the bag showing exactly that picture."""
    said = picture.read(text)                # every word read, or refused naming the word
    if st.phase != "draw":
        phase_error(rules, st, _("place it"))
    shown = repr(" ".join(text.split()))
    kinds = picture.matching(st.counts, said)
    avail = [k for k in kinds if st.bag.get(k, 0) > 0]
    if len(avail) == 1:
        return "draw " + avail[0].lower()
    if avail:
        raise AmbiguousMove(ngettext("{n} tile kind in the bag shows {said}; name the one drawn: {options}.",
                                     "{n} tile kinds in the bag show {said}; name the one drawn: {options}.",
                                     len(avail)).format(n=len(avail), said=shown, options=offer(avail, language())))
    if kinds:
        raise IllegalMove(_("No tile showing {said} is left in the bag (rule P6): {tiles} all drawn.").format(
            said=shown, tiles=", ".join(kinds)))
    near = [k for k in picture.matching(st.counts, said, exact=False) if st.bag.get(k, 0) > 0]
    if near:
        raise IllegalMove(_("No tile shows exactly {said}; tiles in the bag that show it and more: {options}.").format(
            said=shown, options=offer(near, language())))
    raise IllegalMove(_("No tile in the bag shows {said}; name the tile by its letter (e.g. draw b:d) or say all "
                        "its cities and roads with their sides.").format(said=shown))
