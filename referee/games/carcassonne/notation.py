"""Carcassonne notation: parsing what the table types into canonical move texts, and the prompt line.

Canonical texts (lowercase):
  draw b:d | draw tb:k          the tile drawn (base and Traders & Builders letters collide: prefix them);
                                read also by its edges (drawing.py) or its picture (picture.py)
  place 1,-2 r90                 position x,y (x east, y south, start tile at 0,0) and clockwise rotation
  city n-w | road e-w | farm se | cloister      a follower on that feature of the tile just placed
  builder road e-w | pig farm se | none         the builder, the pig, or no figure
  no second tile                 (option decline-second-tile) decline the builder's extra tile
"""

from __future__ import annotations

import re

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.core.suggest import close_matches

from referee.i18n import N_, _, language, ngettext

from .drawing import TILE_RE, by_edges, by_picture, draw
from .fieldwords import CORNER_NAMES, DIR_WORDS, corner_of, either, find_field, norm_dirs
from .labels import feature
from .phases import phase_error
from .picture import looks_like, starts
from .tiles import DELTA, EDGE_NAMES, HALF_NAMES, tile_types
from .words import canonical_words

# Shown by the table's `help` in the language in force (CarcassonneRules.notation translates it).
HELP = N_("""\
Carcassonne notation (case-insensitive):
  draw d, draw b:d, draw tb:k   the tile drawn from the bag (b: base, tb: Traders & Builders; a bare
                                letter is enough when only one of the two is still in the bag);
                                draw crfr names it by its edges N E S W in any rotation (asks if several)
  city n and road e-w           the tile drawn by what it shows, held any way round: every city and road
                                with the sides it reaches (city n-w with pennant, road from s to w,
                                roads e s w for three road ends), cloister, goods (city e-w with wine),
                                the number of fields if needed (3 fields); offers the tiles if several fit
  place 1,-2 r90                put the drawn tile at x,y (x grows east, y grows south; the start tile is
                                0,0 with its city to the north). Rotation clockwise: r0 r90 r180 r270,
                                0/90/180/270, r1..r3 (quarter turns), or the edges it shows N E S W,
                                e.g. place 1,0 rcrf (C city, R road, F field); for T&B M and X (all
                                edges city) where the goods city lies: place 1,0 wine city n-e
  city n, road e-w, farm se, cloister   a follower on that feature of the tile just placed
                                (synonyms: knight, highwayman, farmer, monk; north/east/south/west;
                                said in full too: knight on the city n, put a farmer on the south farm);
                                a farm by a side and its half, side first: farm south-west (the south
                                side's west half), or by the name the moves list shows (farm es)
  builder road e-w, pig farm se the Traders & Builders figures; none (or pass) for no figure
  no second tile                decline the builder's extra tile (only with option decline-second-tile)
  tb:o 1,0 r90 farm se          a whole turn on one line: tile, placement, figure (all or nothing)
  Enter                         no figure; or the tile's only placement
  Czech: rytíř, lupič, sedlák, mnich, stavitel, prase, město, cesta, louka, klášter, nic,
         víno, obilí, plátno, sever, jih, východ, západ, sv, jv, jz, sz (rytíř na město sever)""")

_DIR_LONG = {"n": "north", "e": "east", "s": "south", "w": "west", **CORNER_NAMES}
_CITY = {"city", "knight", "town", "c"}
_ROAD = {"road", "highwayman", "robber", "thief", "r"}
_FARM = {"farm", "field", "farmer", "meadow", "f"}
_CLOISTER = {"cloister", "monastery", "monk", "abbey"}
_FIGURE_PREFIX = {"follower": "f", "meeple": "f", "builder": "b", "pig": "p"}
_FILLER = {"on", "in", "into", "onto", "the", "a", "an", "to", "at", "of", "my", "part", "side"}
_NONE = {"none", "pass", "skip", "no", "nothing", "-", "no figure", "done", "no follower"}
_DECLINE = {"no second tile", "decline", "no extra tile", "skip second tile", "decline second tile",
            "no more tiles", "stop"}
_DRAW = {"draw", "drew", "tile", "drawn", "d:"}
_PLACE = {"place", "put", "lay", "at", "p"}
VOCAB = ["draw", "place", "none", "city", "road", "farm", "cloister", "builder", "pig", "follower",
         "knight", "highwayman", "farmer", "monk", "no second tile"]


_EDGE_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"))
_TYPE_WORDS = {"C": N_("city"), "R": N_("road"), "F": N_("field")}


def _edge_word(e: int) -> str:
    return _(_EDGE_WORDS[e])


def _type_word(t: str) -> str:
    return _(_TYPE_WORDS[t])


def edges_text(rot) -> str:
    return " ".join(f"{EDGE_NAMES[e]}={rot.edges[e]}" for e in range(4))


def _goods_segment(tile):
    return next((seg for seg in tile.segments if seg.goods and len(seg.edges) > 1), None)


def rotation_text(tile, q: int) -> str:
    """'r90 N=R E=C S=R W=F'; for T&B M and X (all four edges city) where the goods city lies instead."""
    rot = tile.rotations[q]
    goods = _goods_segment(tile)
    if tile.edges_ambiguous and goods is not None:
        return f"r{q * 90} {goods.goods} city {rot.names[goods.index][5:]}"
    return f"r{q * 90} {edges_text(rot)}"


# --- the parser ------------------------------------------------------------------------------------
_CZECH_CODES = re.compile(r"(?<![\w-])(sv|jv|jz|sz)(?![\w-])")
_CODES = {"sv": "ne", "jv": "se", "jz": "sw", "sz": "nw"}


def czech_codes(text: str) -> str:
    """The Czech compass abbreviations as the notation's codes: 'louku sv' is 'farm ne' (fieldwords.py)."""
    return _CZECH_CODES.sub(lambda m: _CODES[m.group(1)], text)


def parse(rules, st, text: str) -> str:
    t = canonical_words(czech_codes(text.strip().lower()))    # Czech, any case, with or without accents
    if t in _DECLINE:
        return _decline(rules, st)
    words = t.replace(",", " ").replace("(", " ").replace(")", " ").split()
    if not words:
        raise InvalidMove(_("The move is empty; type a move, or 'moves' to list the legal ones."))
    first = words[0]
    joined = " ".join(words)
    tile_like = len(words) <= 2 and TILE_RE.match(joined) is not None
    if st.phase == "draw" and len(words) == 1 and re.fullmatch(r"[crf]{4}", first):
        return by_edges(rules, st, first)
    if st.phase == "draw" and starts(words):
        return by_picture(rules, st, text)                   # 'město sever, cesta východ-západ'
    if first in _DRAW and len(words) > 1 and looks_like(" ".join(words[1:])):
        return by_picture(rules, st, text.split(None, 1)[1])     # said as typed in the refusals
    if first in _DRAW or (tile_like and st.phase == "draw"):
        rest = " ".join(words[1:]) if first in _DRAW else joined
        return draw(rules, st, rest)
    if first in _PLACE and st.phase == "figure" and not any(re.match(r"^[+-]?\d", w) for w in words[1:]) \
            and any(w in _FIGURE_PREFIX or w in _CITY | _ROAD | _FARM | _CLOISTER for w in words[1:]):
        return _figure(rules, st, [w for w in words[1:] if w not in _FILLER])   # "put a knight on the city"
    if first in _PLACE or re.match(r"^-?\d", first):
        rest = words[1:] if first in _PLACE else words
        return _place(rules, st, rest)
    if t in _NONE:
        return _none(rules, st)
    if first in _FIGURE_PREFIX or first in _CITY | _ROAD | _FARM | _CLOISTER:
        return _figure(rules, st, words)
    if tile_like:
        return draw(rules, st, joined)
    guess = close_matches(first, VOCAB, n=1, cutoff=0.6)
    message = _("{text} is not a Carcassonne move; {expected}.").format(text=repr(text), expected=_expected(rules, st))
    if guess:
        message += " " + _("Did you mean {choice}?").format(choice=guess[0])
    raise InvalidMove(message)


def _expected(rules, st) -> str:
    if st.phase == "draw":
        return _("enter the drawn tile, e.g. draw b:d")
    if st.phase == "place":
        example = next(iter(rules.legal(st)), None)
        return _("place the drawn tile, e.g. {example}").format(example=example.text if example else "place 1,0 r90")
    if st.phase == "figure":
        return _("name a feature of the tile for a figure (e.g. city n, builder road e-w, pig farm s) or type none")
    return _("the game is over")


def _decline(rules, st) -> str:
    if st.phase == "draw" and st.part > 1:
        if rules._may_decline(st):
            return "no second tile"
        raise IllegalMove(_("The builder's extra tile is expected (rule B5); only the option decline-second-tile "
                            "allows declining it (O4)."))
    raise IllegalMove(_("There is no builder's extra tile to decline now; 'no second tile' is only for the second "
                        "part of a builder's double turn (rule B13)."))


def _rotation_token(tok: str):
    tok = tok.strip().rstrip("°")
    if tok.startswith("rot"):
        tok = tok[3:]
    m = re.fullmatch(r"r?(\d+)", tok)
    if m:
        v = int(m.group(1))
        if tok.startswith("r") and v in (0, 1, 2, 3):
            return v
        if v in (0, 90, 180, 270):
            return v // 90
        if v in (1, 2, 3):
            return v
        return None
    return None


def _place(rules, st, words) -> str:
    fillers = {"at", "rot", "rotation", "rotated", "rotate", "turned", "with", "deg", "degrees", "to", "on", "tile", "cw",
               "clockwise", "and"}
    words = [w for w in words if w not in fillers]
    nums = []
    rest = []
    for w in words:
        if len(nums) < 2 and re.fullmatch(r"[+-]?\d+", w):
            nums.append(int(w))
        else:
            rest.append(w)
    if len(nums) < 2:
        raise InvalidMove(_("A placement needs a position and a rotation, e.g. place 1,-2 r90 (x east, y south)."))
    if st.phase != "place":
        phase_error(rules, st, _("place it"))
    x, y = nums
    tile = tile_types()[st.hand]
    b = st.board
    if (x, y) in b.at:
        other = b.placed[b.at[(x, y)]][0]
        raise IllegalMove(_("Position {x},{y} already holds a tile ({tile}); a tile goes on an empty position "
                            "next to the board (rule P1).").format(x=x, y=y, tile=other))
    if (x, y) not in b.pattern:
        raise IllegalMove(_("Position {x},{y} does not touch the board; a tile must share a whole edge with a "
                            "placed tile (rule P1).").format(x=x, y=y))
    fits = b.fits(tile, (x, y))
    if not rest:
        if len(fits) == 1:
            return f"place {x},{y} r{fits[0] * 90}"
        if not fits:
            _mismatch(st, tile, x, y, tile.distinct[0], any_rotation=True)
        opts = "; ".join(f"place {x},{y} r{q * 90} ({rotation_text(tile, q)})" for q in fits)
        raise AmbiguousMove(_("{tile} fits at {x},{y} in several rotations; add one: {options}.").format(
            tile=st.hand, x=x, y=y, options=opts))
    goods = _goods_segment(tile)
    if goods is not None and rest and rest[-1] not in ("r0", "r90", "r180", "r270"):
        # the rotation given by where the goods city lies: place 1,-1 cloth city n-e (rules §2.7, M and X)
        words = [w for w in rest if w not in ("city", "goods", "wine", "grain", "cloth")]
        named = [w for w in rest if w in _GOODS_WORDS and w != goods.goods]
        if named:       # every word honoured: 'wine city' on a tile whose goods city holds cloth is refused
            raise IllegalMove(_("{tile}'s goods city holds {goods}, not {named}; say place {x},{y} {goods} city "
                                "and its edges.").format(tile=st.hand, goods=goods.goods, named=named[0], x=x, y=y))
        if len(words) == 1 and len(words) < len(rest) or (len(words) == 1 and tile.edges_ambiguous
                                                         and re.fullmatch(r"[nesw](-?[nesw])+",
                                                                          "-".join(norm_dirs(words[:1])))):
            want = set(_edge_set_of(words[0]))
            qs = [q2 for q2 in tile.distinct if set(tile.rotations[q2].seg_edges[goods.index]) == want]
            if not qs:
                shown = "; ".join(rotation_text(tile, q2) for q2 in tile.distinct)
                raise IllegalMove(_("{tile}'s {goods} city cannot lie at {where}; it can be: {shown}.").format(
                    tile=st.hand, goods=goods.goods, where=words[0], shown=shown))
            if qs[0] not in fits:
                _mismatch(st, tile, x, y, qs[0])
            return f"place {x},{y} r{qs[0] * 90}"
    if len(rest) > 1:
        raise InvalidMove(_("Give one rotation after the position, e.g. place {x},{y} r90 (not {text}).").format(
            x=x, y=y, text=repr(" ".join(rest))))
    tok = rest[0]
    q = _rotation_token(tok)
    if q is None and re.fullmatch(r"r?[crf]{4}", tok):
        want = tok[-4:].upper()
        qs = [q2 for q2 in tile.distinct if tile.rotations[q2].edges == want]
        if not qs:
            shown = "; ".join(rotation_text(tile, q2) for q2 in tile.distinct)
            raise IllegalMove(_("{tile} cannot show edges N E S W = {edges} in any rotation; its rotations are: "
                                "{shown}.").format(tile=st.hand, edges=" ".join(want), shown=shown))
        fitting = [q2 for q2 in qs if q2 in fits]
        if len(fitting) == 1 or (len(qs) == 1):
            q = (fitting or qs)[0]
        else:
            goods = _goods_segment(tile)
            opts = ", ".join(f"r{q2 * 90} ({tile.rotations[q2].names[goods.index][5:]})" for q2 in (fitting or qs))
            raise AmbiguousMove(_("{tile} shows {edges} in more than one way; say where its goods city lies: "
                                  "place {x},{y} {options}, or by its edges, e.g. place {x},{y} {goods} city "
                                  "{where}.").format(tile=st.hand, edges=want, x=x, y=y, options=opts,
                                                      goods=goods.goods,
                                                      where=tile.rotations[(fitting or qs)[0]].names[goods.index][5:]))
    if q is None:
        raise InvalidMove(_("{text} is not a rotation; use r0, r90, r180 or r270 (clockwise), r1..r3 quarter turns, "
                            "or the edges N E S W such as crfr.").format(text=repr(tok)))
    q = tile.canon[q]
    if q not in fits:
        _mismatch(st, tile, x, y, q)
    return f"place {x},{y} r{q * 90}"


def _edge_set_of(word: str):
    word = "".join(norm_dirs([word]))           # 'south-east' (jih-východ) is s-e
    if not word or not set(word) <= set("nesw"):
        raise InvalidMove(_("{text} is not a set of edges; name them like n-e (north and east).").format(
            text=repr(word)))
    return {"nesw".index(ch) for ch in word}


def _mismatch(st, tile, x, y, q, any_rotation=False):
    b = st.board
    rot = tile.rotations[q]
    for e in range(4):
        n = b.at.get((x + DELTA[e][0], y + DELTA[e][1]))
        if n is None:
            continue
        theirs = b.rot[n].edges[(e + 2) % 4]
        if theirs != rot.edges[e]:
            nx, ny = b.placed[n][1], b.placed[n][2]
            fields = dict(tile=st.hand, x=x, y=y, rotation=f"r{q * 90}", edges=edges_text(rot), edge=_edge_word(e),
                          mine=_type_word(rot.edges[e]), theirs=_type_word(theirs), nx=nx, ny=ny)
            if any_rotation:
                raise IllegalMove(_("{tile} fits at {x},{y} in no rotation; for example at {rotation} the {edge} edge "
                                    "is a {mine} facing a {theirs} at {nx},{ny}; touching edges must match "
                                    "(rule P2).").format(**fields))
            raise IllegalMove(_("At {x},{y} {rotation} ({edges}) the {edge} edge is a {mine} facing a {theirs} at "
                                "{nx},{ny}; touching edges must match (rule P2).").format(**fields))
    raise IllegalMove(_("{tile} does not fit at {x},{y} (rule P2).").format(tile=st.hand, x=x, y=y))


def _none(rules, st) -> str:
    if st.phase == "figure":
        return "none"
    if st.phase == "place":
        raise IllegalMove(_("{tile} fits on the board, so it must be placed; there is no passing (rule P4).").format(
            tile=st.hand))
    phase_error(rules, st, _("place it"))


def _figure(rules, st, words) -> str:
    words = [w for w in words if w not in _FILLER]      # "knight on the city n", "farmer in the south farm"
    figure = "f"
    if words[0] in _FIGURE_PREFIX:
        figure = _FIGURE_PREFIX[words[0]]
        words = words[1:]
    if words and words[0] in _FIGURE_PREFIX and figure == "f":
        figure = _FIGURE_PREFIX[words[0]]
        words = words[1:]
    kind = None
    if words:
        w = words[0]
        if w in _CITY:
            kind = "city"
        elif w in _ROAD:
            kind = "road"
        elif w in _FARM:
            kind = "field"
        elif w in _CLOISTER:
            kind = "cloister"
        if kind:
            words = words[1:]
    if kind is None and figure == "p":
        kind = "field"
    if kind:   # the feature said twice, as a table says it: "knight on city n", "robber road", "farm n field"
        same = {"city": _CITY, "road": _ROAD, "field": _FARM, "cloister": _CLOISTER}[kind]
        words = [w for w in words if w not in same]
    if st.phase != "figure":
        phase_error(rules, st, _("place a figure"))
    who = st.players[st.current]
    b = st.board
    idx = st.last
    rot = b.rot[idx]
    if kind is None:
        if figure != "f":
            _no_special_figure(rules, st, figure, who)
            word = "builder " if figure == "b" else "pig "
            only = [m.text for m in rules.figure_moves(st) if m.text.startswith(word)]
            if len(only) == 1:
                return only[0]
        raise InvalidMove(_("Name the feature: city, road, farm or cloister, e.g. builder road e-w; the tile has: "
                            "{features}.").format(features=", ".join(rot.names)))
    dirs = norm_dirs(words)
    parts = [p for w in words for p in re.split(r"[-+/]", w) if p]
    corner = corner_of(dirs) if parts and all(p in DIR_WORDS and len(p) > 2 for p in parts) else None
    try:
        seg = _find_segment(st, rot, kind, [corner] if corner and kind != "field" else dirs, words)
    except AmbiguousMove:
        if figure != "f" and kind in ("field" if figure == "p" else ("city", "road")):
            _no_special_figure(rules, st, figure, who)   # "pig" when no field of the tile can take it
            # "pig" on a tile of two fields, only one holding the player's farmer: that one (PG2, B2)
            word = ("builder " if figure == "b" else "pig ") + ("farm" if kind == "field" else kind)
            only = [m.text for m in rules.figure_moves(st) if m.text.startswith(word)]
            if len(only) == 1:
                return only[0]
        raise
    prefix = {"f": "", "b": "builder ", "p": "pig "}[figure]
    text = prefix + rot.names[seg]
    legal = {m.text for m in rules.figure_moves(st)}
    if text in legal:
        return text
    _why_not(rules, st, figure, seg, who)
    raise IllegalMove(_("{move} is not a legal move now.").format(move=text))


def _no_special_figure(rules, st, figure, who):
    """The builder or pig has no legal place on this tile at all: say why before asking which feature."""
    word = "builder" if figure == "b" else "pig"
    if any(m.text.startswith(word + " ") for m in rules.figure_moves(st)):
        return
    cur = st.current
    if not st.options.get("traders_builders", True):
        raise IllegalMove(_(_OFF_IN_GAME[word]))
    if figure == "b":
        if not st.builder[cur]:
            raise IllegalMove(_(_BUILDER_OUT).format(who=who))
        raise IllegalMove(_("{who} has no follower in any road or city of this tile; a builder only joins a road or "
                            "city holding its owner's follower (rule B2).").format(who=who))
    if not st.pig[cur]:
        raise IllegalMove(_(_PIG_OUT).format(who=who))
    raise IllegalMove(_("{who} has no farmer in any field of this tile; a pig only joins a field holding its "
                        "owner's farmer (rule PG2).").format(who=who))


_OFF_IN_GAME = {"builder": N_("The builder belongs to Traders & Builders, which is off in this game."),
                "pig": N_("The pig belongs to Traders & Builders, which is off in this game.")}
_BUILDER_OUT = N_("{who}'s builder is already on the board; it comes back when its feature is scored (rule B3).")
_PIG_OUT = N_("{who}'s pig is already on the board; each player has one pig (rule PG1).")
_NO_FEATURE = {"city": N_("The tile just placed ({tile}) has no city; its features are: {features}."),
               "road": N_("The tile just placed ({tile}) has no road; its features are: {features}."),
               "farm": N_("The tile just placed ({tile}) has no farm; its features are: {features}."),
               "cloister": N_("The tile just placed ({tile}) has no cloister; its features are: {features}.")}
_NOT_AN_EDGE = {"city": N_("{text} is not an edge; name a city by its edges, e.g. {example}."),
                "road": N_("{text} is not an edge; name a road by its edges, e.g. {example}.")}
_NO_SINGLE = {
    "city": (N_("The tile just placed has no single city on its {edges} edge; its features are: {features}."),
             N_("The tile just placed has no single city on its {edges} edges; its features are: {features}.")),
    "road": (N_("The tile just placed has no single road on its {edges} edge; its features are: {features}."),
             N_("The tile just placed has no single road on its {edges} edges; its features are: {features}."))}


def _find_segment(st, rot, kind, dirs, words) -> int:
    tile = rot.tile
    segs = [s for s in tile.segments if s.kind == kind]
    kword = "farm" if kind == "field" else kind
    here = ", ".join(rot.names)
    if not segs:
        raise IllegalMove(_(_NO_FEATURE[kword]).format(tile=tile.key, features=here))
    if not dirs:
        if len(segs) == 1:
            return segs[0].index
        opts = either([feature(rot.names[s.index], language()) for s in segs])
        several = {"city": N_("The tile has several cities; say which: {options}."),
                   "road": N_("The tile has several roads; say which: {options}."),
                   "farm": N_("The tile has several farms; say which: {options}."),
                   "cloister": N_("The tile has several cloisters; say which: {options}.")}[kword]
        raise AmbiguousMove(_(several).format(options=opts))
    if kind == "cloister":
        if dirs != ["inner"]:     # every word honoured: a cloister lies in the middle, never 'north'
            raise IllegalMove(_("A cloister lies in the middle of its tile, not {where}; type cloister (or "
                                "monk).").format(where=" ".join(_(_DIR_LONG[d]) if d in _DIR_LONG else d for d in dirs)))
        return segs[0].index
    if kind in ("city", "road"):
        edges = set()
        for d in dirs:
            if d in ("n", "e", "s", "w"):
                edges.add("nesw".index(d))
            elif re.fullmatch(r"[nesw]+", d):
                edges.update("nesw".index(ch) for ch in d)
            else:
                raise InvalidMove(_(_NOT_AN_EDGE[kword]).format(text=repr(d), example=rot.names[segs[0].index]))
        for s in segs:
            if edges <= set(rot.seg_edges[s.index]):
                return s.index
        which = ", ".join(_edge_word(e) for e in sorted(edges))
        raise IllegalMove(_(_NO_SINGLE[kword][len(edges) > 1]).format(edges=which, features=here))
    return find_field(rot, words)       # fields: by name, side and half, corner (fieldwords.py)


def _why_not(rules, st, figure, seg, who):
    b = st.board
    cur = st.current
    rot = b.rot[st.last]
    s = rot.tile.segments[seg]
    name = rot.names[seg]
    f = b.feature_of(st.last, seg)
    tb = st.options.get("traders_builders", True)
    if figure == "f":
        counts = f.followers()
        if counts:
            holders = ", ".join(f"{st.players[p]} ({_holding(s.kind, c)})"
                                for p, c in sorted(counts.items()))
            raise IllegalMove(_("The {feature} is already held by {holders}; a follower only goes on an unoccupied "
                                "feature (rule F3).").format(feature=name, holders=holders))
        if st.supply[cur] <= 0:
            raise IllegalMove(_("{who} has no follower left in supply; followers come back only when their feature "
                                "is scored (rule F5).").format(who=who))
        return
    if not tb:
        word = "builder" if figure == "b" else "pig"
        raise IllegalMove(_(_OFF_IN_GAME[word]))
    if figure == "b":
        if not st.builder[cur]:
            raise IllegalMove(_(_BUILDER_OUT).format(who=who))
        if s.kind not in ("city", "road"):
            raise IllegalMove(_("A builder goes only on a road or a city, never on a field or a cloister (rule B2)."))
        raise IllegalMove(_({"city": N_("{who} has no follower in that city; a builder only joins a road or city "
                                        "holding its owner's follower (rule B2)."),
                             "road": N_("{who} has no follower in that road; a builder only joins a road or city "
                                        "holding its owner's follower (rule B2).")}[s.kind]).format(who=who))
    if figure == "p":
        if not st.pig[cur]:
            raise IllegalMove(_(_PIG_OUT).format(who=who))
        if s.kind != "field":
            raise IllegalMove(_("A pig goes only on a field (rule PG2)."))
        raise IllegalMove(_("{who} has no farmer in that field; a pig only joins a field holding its owner's "
                            "farmer (rule PG2).").format(who=who))


ROLE = {"road": N_("highwayman"), "city": N_("knight"), "cloister": N_("monk"), "field": N_("farmer")}


def _holding(kind: str, n: int) -> str:
    """'1 knight', '2 knights': how many followers a player has on a feature."""
    if kind == "road":
        return ngettext("{n} highwayman", "{n} highwaymen", n).format(n=n)
    if kind == "city":
        return ngettext("{n} knight", "{n} knights", n).format(n=n)
    if kind == "cloister":
        return ngettext("{n} monk", "{n} monks", n).format(n=n)
    return ngettext("{n} farmer", "{n} farmers", n).format(n=n)


# --- the prompt ------------------------------------------------------------------------------------
def prompt(rules, st) -> str:
    if st.phase == "over":
        return _("The game is over.")
    who = st.players[st.current]
    left = rules.left(st)
    from referee.core.labels import label
    from referee.i18n import language

    said = {t: label("carcassonne", t) for t in ("draw b:d", "no second tile", "place 0,0 r0")}
    if st.phase == "draw":
        if st.part > 1 and rules._may_decline(st):
            text = _("Draw a tile for {who} (builder's extra tile, rule B5): type {draw} and its letter, e.g. "
                     "{example} ({left} in the bag); or {decline}")
        elif st.part > 1:
            text = _("Draw a tile for {who} (builder's extra tile, rule B5): type {draw} and its letter, e.g. "
                     "{example} ({left} in the bag)")
        else:
            text = _("Draw a tile for {who}: type {draw} and its letter, e.g. {example} ({left} in the bag)")
        # the move words as the display language says them (core/labels.py)
        return text.format(who=who, left=left, draw=said["draw b:d"].split()[0], example=said["draw b:d"],
                           decline=said["no second tile"])
    if st.phase == "place":
        tile = tile_types()[st.hand]
        n = len(rules.legal(st))
        rots = " | ".join(rotation_text(tile, q) for q in tile.distinct)
        from .labels import features

        return ngettext("{who}: place {tile} (at r0: {features}) with {place} X,Y rN; check the edges: "
                        "{rotations}. {n} legal placement",
                        "{who}: place {tile} (at r0: {features}) with {place} X,Y rN; check the edges: "
                        "{rotations}. {n} legal placements", n).format(
            who=who, tile=st.hand, features=features(tile, 0, language()), rotations=rots, n=n,
            place=said["place 0,0 r0"].split()[0])
    moves = [label("carcassonne", m.text) for m in rules.figure_moves(st)]
    rot = st.board.rot[st.last]
    _key, x, y, _q = st.board.placed[st.last]
    extra = ""
    if rot.tile.split == "uncertain" and any(m.text.startswith(("farm", "pig farm")) for m in rules.figure_moves(st)):
        parts = []
        for s in rot.tile.segments:
            if s.kind == "field":
                hs = rot.seg_halves[s.index]
                parts.append(f"{feature(rot.names[s.index], language())} = "
                             f"{'+'.join(HALF_NAMES[h] for h in hs) or 'inner'}")
        extra = " " + _("[uncertain field split of {tile}, check the tile: {fields}]").format(
            tile=rot.tile.key, fields="; ".join(parts))
    then = _("; then the builder's extra tile (rule B5)") if st.trigger and rules.left(st) > 0 else ""
    supply = st.supply[st.current]
    return ngettext("{who}: at most one figure on {tile} at {x},{y} ({n} follower in supply): {moves}",
                    "{who}: at most one figure on {tile} at {x},{y} ({n} followers in supply): {moves}",
                    supply).format(who=who, tile=rot.tile.key, x=x, y=y, n=supply,
                                   moves=", ".join(moves)) + extra + then


# --- one line for a whole turn -----------------------------------------------------------------------
_POS = re.compile(r"([+-]?\d+)\s*,\s*([+-]?\d+)")
_INT = re.compile(r"^[+-]?\d+$")
_PLACE_WORDS = {"place", "put", "lay", "at", "on"}  # 'p' alone is tile P here
_ROT_FILLERS = {"rot", "rotation", "rotated", "rotate", "turned", "cw", "clockwise", "deg", "degrees"}
_GOODS_WORDS = {"wine", "grain", "cloth"}


def _position_at(words, i):
    """How many words from ``i`` make a position ('1,-2' or '1 -2'), or 0."""
    if i < len(words) and re.fullmatch(r"[+-]?\d+,[+-]?\d+", words[i]):
        return 1
    if i + 1 < len(words) and _INT.match(words[i]) and _INT.match(words[i + 1]):
        return 2
    return 0


def _rotation_len(words, i) -> int:
    """How many words from ``i`` say the rotation: 'r90', '90', 'rcrfr', 'rot 90', 'wine city n-e', or 0."""
    n = 0
    while i + n < len(words) and words[i + n] in _ROT_FILLERS:
        n += 1
    if i + n >= len(words):
        return 0
    w = words[i + n]
    if w in _GOODS_WORDS and i + n + 2 < len(words) and words[i + n + 1] == "city":
        return n + 3                        # T&B M, X: where the goods city lies, 'wine city n-e'
    edges = "".join(norm_dirs([w]))
    if len(edges) > 1 and set(edges) <= set("nesw") and "-" in w:
        return n + 1                        # ... or its edges alone, 'n-e' (a figure starts with a feature word)
    if _rotation_token(w) is not None or re.fullmatch(r"r?[crf]{4}", w):
        n += 1
        while i + n < len(words) and words[i + n] in ("deg", "degrees", "cw", "clockwise"):
            n += 1
        return n
    return 0


def split_entry(rules, st, text: str):
    """A whole turn said in one breath, read as its moves: 'tb:o 1,0 r90 farm sw' is draw tb:o, place 1,0
    r90, farm sw; 'draw d place 0,1 r90 knight n', '1,0 r90 none' (tile drawn already). Only the shape is read
    here (tile, then a position and its rotation, then the figure); each piece is then read and checked as
    its own move. None when the text is not such a line (it is then one move)."""
    if st.phase not in ("draw", "place"):
        return None
    from referee.core.entry import split_player

    named, text = split_player(st.players, text.strip())    # 'Ann tb:o 1,0 r90 knight': her placement
    text = canonical_words(czech_codes(text.lower().replace("(", " ").replace(")", " ")))
    words = _POS.sub(r"\1,\2", text).split()
    start = next((i for i in range(len(words)) if _position_at(words, i)), None)
    if start is None:
        return None
    head = words[:start]
    lead = []
    if head and head[-1] in _PLACE_WORDS:
        head.pop()
        lead = ["place"]
    pieces = []
    if st.phase == "draw":
        if not head:
            return None                     # a position with no tile named: not a turn line
        pieces.append(" ".join(head) if head[0] in _DRAW else "draw " + " ".join(head))
    elif head:
        return None                         # words before the position while placing: one move, read whole
    end = start + _position_at(words, start)
    end += _rotation_len(words, end)
    who = [named] if named else []
    pieces.append(" ".join(who + lead + words[start:end]))
    if end < len(words):
        pieces.append(" ".join(who + words[end:]))
    return pieces if len(pieces) > 1 else None
