"""A drawn tile named by what the player sees on it, in Czech or English: 'město sever-západ s erbem, cesta
východ-jih', 'city n with pennant', 'klášter s cestou na jih', 'roads e, s, w', 'dvě města sever jih'.

The words are read as the tile's whole picture: every city, road and cloister on it, each city or road with
the sides it reaches (a city or road on two or more sides is one connected piece; a road said on three or
four sides is that many road ends, as no road runs through three sides), its pennant and goods. Fields need
not be said; their number may be ('3 louky', 'three fields'). A tile matches when in some rotation (the tile
is held any way round) each said piece is one of its pieces and nothing is left over: 'město sever' is tile E,
not D (which also has a road). A pennant or goods not said are not there. Nothing is guessed: the caller
applies the words only when they fit exactly one tile kind still in the bag (notation.py).

Words are read after core.names turned Czech into the notation's ids (město -> city, jihu -> south);
the few case forms and words only a picture needs (erbem, cestou, bez, dvě) are read here.
"""

from __future__ import annotations

from referee.core.errors import InvalidMove
from referee.core.names import fold
from referee.i18n import N_, _

# Words after core.names.canonical_words, folded (no accents, lower case).
KINDS = {"city": "city", "cities": "city", "town": "city", "towns": "city", "mestem": "city", "mesty": "city",
         "road": "road", "roads": "road", "cestou": "road", "cestami": "road",
         "cloister": "cloister", "monastery": "cloister", "abbey": "cloister", "klasterem": "cloister",
         "farm": "field", "farms": "field", "field": "field", "fields": "field", "loukami": "field",
         "loukou": "field"}
# a Czech kind said after 's' (with): 'klášter s cestou' is a cloister with a road, not a road on the south
_INSTRUMENTAL = {"mestem", "cestou", "klasterem", "loukou"}
PENNANT = {"pennant", "pennants", "shield", "shields", "coat", "arms", "banner", "erb", "erbem", "erbu", "erby",
           "stit", "stitem", "stitu", "znak", "znakem", "znaku", "praporek", "praporkem", "praporku"}
GOODS = {"wine": "wine", "grain": "grain", "wheat": "grain", "cloth": "cloth", "fabric": "cloth",
         "platnem": "cloth", "latkou": "cloth", "suknem": "cloth", "goods": "any", "zbozi": "any",
         "zbozim": "any"}
_NEGATION = {"without", "no", "bez", "none", "zadny", "zadna", "zadne"}
_COUNTS = {"one": 1, "1": 1, "jeden": 1, "jedna": 1, "jedno": 1, "two": 2, "2": 2, "dva": 2, "dve": 2,
           "three": 3, "3": 3, "tri": 3, "four": 4, "4": 4, "ctyri": 4}
_SIDES = {"north": 0, "n": 0, "east": 1, "e": 1, "south": 2, "west": 3, "w": 3,
          "vychodu": 1, "zapadu": 3}         # 'z východu na západ': forms core.names does not list
_SIDE_NAMES = (N_("north"), N_("east"), N_("south"), N_("west"))
_CORNERS = {"northeast": (0, 1), "southeast": (1, 2), "southwest": (2, 3), "northwest": (0, 3)}
_ALL = {"all", "everywhere", "around", "vsude", "vsech", "dokola"}
_FILLER = {"with", "and", "a", "an", "the", "on", "its", "side", "sides", "edge", "edges", "from", "to", "of",
           "at", "in", "by", "z", "ze", "k", "ke", "v", "u", "i", "mezi", "strana", "strane", "strany",
           "stranach", "stranu", "stran", "hrana", "hrane", "hrany", "hranach", "hranu", "a", "plus"}


def looks_like(text: str) -> bool:
    """Whether ``text`` speaks of a picture (a city, road, cloister, field, pennant or goods)."""
    from .words import canonical_words

    words = canonical_words(" ".join(text.lower().replace(",", " ").split())).split()
    return any(fold(w) in KINDS or fold(w) in PENNANT or fold(w) in GOODS for w in words)


def starts(words) -> bool:
    """Whether an entry of ``words`` (canonical) is a picture by its first word: a city, road or cloister,
    a number of them ('2 cities': a bare number starts a position), a pennant or goods ('knight', 'farmer',
    'louka' are a figure's words: not a tile drawn)."""
    w = fold(words[0])
    if w.isdigit():
        return len(words) > 1 and fold(words[1]) in KINDS
    return (w in KINDS and KINDS[w] != "field") or w in _COUNTS or w in PENNANT or w in GOODS


class Piece:
    """One said city, road or cloister: its kind, the sides it reaches (None: not said), pennant (True,
    False, or None: not said, so none) and goods ('wine', 'any', False = said none, None = not said)."""

    __slots__ = ("kind", "sides", "pennant", "goods")

    def __init__(self, kind, sides=None, pennant=None, goods=None):
        self.kind, self.sides, self.pennant, self.goods = kind, sides, pennant, goods


class Said:
    """A picture as read: its pieces and the number of fields (None: not said)."""

    def __init__(self, pieces, fields=None):
        self.pieces, self.fields = pieces, fields


def _bad(word):
    raise InvalidMove(_("{word} is not part of a tile's picture; say what the tile shows: its cities and roads "
                        "with their sides (city n and road e-w), pennant (city n-w with pennant), goods (wine, "
                        "grain, cloth), cloister.").format(word=repr(word)))


def read(text: str) -> Said:
    """The picture said in ``text`` (Czech or English, any case); InvalidMove naming the word that is not
    part of a picture, so every word is honoured."""
    from .words import canonical_words

    toks = []
    for raw in canonical_words(" ".join(text.lower().replace(",", " ").replace(";", " ").split())).split():
        parts = [p for p in raw.split("-") if p]
        if len(parts) > 1:                  # 'sever-západ', 'n-w': sides of one piece
            toks.extend(("side", fold(p), raw) for p in parts)
        else:
            toks.extend(("word", fold(p), raw) for p in parts)
    clauses = []                            # [kind, count, sides list, pennant, goods]
    pending = {"pennant": None, "goods": None}
    count = None
    negate = False
    for i, (how, w, raw) in enumerate(toks):
        nxt = toks[i + 1][1] if i + 1 < len(toks) else None
        if how == "word" and w in ("s", "se") and nxt is not None and (
                nxt in PENNANT or nxt in GOODS or nxt in _NEGATION or nxt in _INSTRUMENTAL):
            continue                        # Czech 's erbem', 'se štítem', 's cestou': with
        if how == "side" or w in _SIDES or w in _CORNERS or w in _ALL or (w == "s" and how == "word"):
            if clauses and clauses[-1][0] == "cloister":
                raise InvalidMove(_("A cloister lies in the middle of its tile; say only cloister."))
            if not clauses or clauses[-1][0] not in ("city", "road"):
                if w in _SIDES or w in _CORNERS or w == "s" or w in _ALL:
                    side = _(_SIDE_NAMES[_SIDES.get(w, 2)]) if w in _SIDES or w == "s" else raw
                    raise InvalidMove(_("Say what lies on the {side} side first, e.g. city {side} or road "
                                        "{side}.").format(side=side))
                _bad(raw)
            if w in _CORNERS:
                clauses[-1][2].extend(_CORNERS[w])
            elif w in _ALL:
                clauses[-1][2].extend(range(4))
            elif w == "s":
                clauses[-1][2].append(2)
            elif w in _SIDES:
                clauses[-1][2].append(_SIDES[w])
            else:
                _bad(raw)
            continue
        if w in _COUNTS:
            count = _COUNTS[w]
            continue
        if w in KINDS:
            clauses.append([KINDS[w], count, [], pending["pennant"], pending["goods"]])
            pending = {"pennant": None, "goods": None}
            count = None
            continue
        if w in _NEGATION:
            negate = True
            continue
        if w in PENNANT or w in GOODS:
            key, value = ("pennant", not negate) if w in PENNANT else ("goods", False if negate else GOODS[w])
            negate = False
            if clauses and clauses[-1][0] == "city":
                clauses[-1][3 if key == "pennant" else 4] = value
            elif clauses:
                raise InvalidMove(_("A pennant or goods lie in a city; say it after the city, e.g. city n "
                                    "with pennant."))
            else:
                pending[key] = value
            continue
        if w in _FILLER:
            continue
        _bad(raw)
    if negate or count is not None or any(v is not None for v in pending.values()):
        raise InvalidMove(_("The picture ends before what its last word describes; say the city or road it "
                            "belongs to, e.g. city n-w with pennant."))
    return _pieces(clauses)


def _pieces(clauses) -> Said:
    pieces, fields = [], None
    for kind, count, sides, pennant, goods in clauses:
        sides = sorted(set(sides))
        if kind == "field":
            fields = (fields or 0) + (count or 1)
            continue
        if kind == "cloister":
            if sides:
                raise InvalidMove(_("A cloister lies in the middle of its tile; say only cloister."))
            pieces.extend(Piece("cloister") for _i in range(count or 1))
            continue
        if count and count > 1 and sides:
            if len(sides) != count:
                raise InvalidMove(_("{n} pieces but {k} sides: say one side for each, e.g. two cities n "
                                    "s.").format(n=count, k=len(sides)))
            pieces.extend(Piece(kind, frozenset([e]), pennant, goods) for e in sides)
        elif kind == "road" and len(sides) > 2:
            pieces.extend(Piece(kind, frozenset([e])) for e in sides)      # a junction: that many road ends
        else:
            pieces.extend(Piece(kind, frozenset(sides) if sides else None, pennant, goods)
                          for _i in range(count or 1))
        if kind == "road" and (pennant is not None or goods is not None):
            raise InvalidMove(_("A pennant or goods lie in a city; say it after the city, e.g. city n "
                                "with pennant."))
    if not pieces and fields is None:
        raise InvalidMove(_("Say what the tile shows: its cities and roads with their sides, or a cloister."))
    return Said(pieces, fields)


# --- matching -------------------------------------------------------------------------------------
def _fits(piece: Piece, seg, edges, exact: bool) -> bool:
    if piece.kind != seg.kind:
        return False
    if piece.sides is not None and piece.sides != frozenset(edges):
        return False
    if piece.pennant is not None or exact:
        if bool(piece.pennant) != seg.pennant:
            return False
    if piece.goods is not None or exact:
        want = piece.goods or None
        if want == "any":
            if not seg.goods:
                return False
        elif want != seg.goods:
            return False
    return True


def _assign(pieces, segs, used, exact) -> bool:
    if not pieces:
        return not exact or len(used) == len(segs)
    first, rest = pieces[0], pieces[1:]
    for seg, edges in segs:
        if seg.index not in used and _fits(first, seg, edges, exact):
            if _assign(rest, segs, used | {seg.index}, exact):
                return True
    return False


def shows(tile, said: Said, exact: bool = True) -> bool:
    """Whether ``tile`` in some rotation shows the picture: all of it and nothing more (``exact``), or at
    least the said pieces (not exact: for suggestions after a refusal, never to apply a move)."""
    fields = sum(1 for s in tile.segments if s.kind == "field")
    if said.fields is not None and said.fields != fields:
        return False
    for rot in tile.rotations:
        segs = [(s, rot.seg_edges[s.index]) for s in tile.segments if s.kind != "field"]
        if exact and len(segs) != len(said.pieces):
            continue
        if _assign(said.pieces, segs, frozenset(), exact):
            return True
    return False


def matching(keys, said: Said, exact: bool = True) -> list[str]:
    from .tiles import tile_types

    types = tile_types()
    return [k for k in keys if shows(types[k], said, exact)]
