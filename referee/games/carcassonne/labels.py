"""Carcassonne moves as a Czech table says them (core/labels.py): ``táhnout b:d`` (the tile drawn: its set
and letter, as the tile list names it), ``položit 1,-2 r90``, ``rytíř na město sever-východ``, ``lupič na cestu
východ-západ``, ``sedlák na louku jih``, ``mnich na klášter``, ``stavitel na cestu sever``, ``prasátko na
louku``, ``nic``, ``bez druhé kartičky``. The words are the seed's (tables/carcassonne/names.json), which the
notation reads (words.py) back as the same move.

A field is named as fieldwords.py reads it back, always one field: by a side ('louku jih'), by the Czech
compass abbreviation of its corner name ('farm ne' is 'louku sv': the reader takes sv, jv, jz, sz as the
codes ne, se, sw, nw), or, where the notation names it by half-edges ('farm es', 'farm en-sw'), by its first
half-edge as side and half ('louku východ-jih': the east side's south half); never by a corner word, which is
ambiguous where two fields meet there (tile O).
"""

from __future__ import annotations

_EDGE = {"n": "sever", "e": "východ", "s": "jih", "w": "západ"}
_CORNER = {"ne": "sv", "se": "jv", "sw": "jz", "nw": "sz"}
_FEATURE = {"city": ("rytíř", "město"), "road": ("lupič", "cestu"), "farm": ("sedlák", "louku"),
            "cloister": ("mnich", "klášter")}
_SPECIAL = {"builder": "stavitel", "pig": "prasátko"}


def _where(kind: str, spec: str) -> str:
    if not spec:
        return ""
    if kind in ("city", "road"):
        return " " + "-".join(_EDGE[d] for d in spec.split("-"))
    if spec in _EDGE:
        return " " + _EDGE[spec]
    if spec == "inner":
        return " střed"
    if kind == "farm" and spec in _CORNER:
        return " " + _CORNER[spec]
    first = spec.split("-")[0]
    if kind == "farm" and len(first) == 2 and first[0] in _EDGE and first[1] in _EDGE:
        return " " + _EDGE[first[0]] + "-" + _EDGE[first[1]]       # half-edge 'es': side east, its south half
    return " " + spec


def label(text: str, lang: str) -> str:
    if lang == "en":
        return text
    if text == "none":
        return "nic"
    if text == "no second tile":
        return "bez druhé kartičky"
    words = text.split()
    head = words[0]
    if head == "draw":
        return "táhnout " + " ".join(words[1:])
    if head == "place":
        return "položit " + " ".join(words[1:])
    who = None
    if head in _SPECIAL:
        who, words = _SPECIAL[head], words[1:]
    kind = words[0]
    if kind not in _FEATURE:
        return text
    figure, feature = _FEATURE[kind]
    return f"{who or figure} na {feature}{_where(kind, ' '.join(words[1:]))}"


# The table's `help` in Czech: the notation as the Czech labels say it. Czech only.
HELP = {"cs": """\
Tahy Carcassonne česky (Tab doplňuje; diakritika není nutná):
  táhnout b:d, táhnout tb:k     kartička tažená z pytlíku (b: základní hra, tb: Kupci a stavitelé;
                                samotné písmeno stačí, když je v pytlíku jen jedna z obou)
  táhnout město sever, cesta východ-západ
                                kartička podle obrázku: města a cesty se stranami, které zabírají,
                                erb (město sever-západ s erbem), zboží (s vínem, obilím, plátnem),
                                klášter (klášter s cestou jih), počet luk (3 louky); otočená jakkoli.
                                Sedí-li popis na více kartiček v pytlíku, stůl je nabídne k opsání
  položit 1,-2 r90              položí taženou kartičku na x,y (x roste na východ, y na jih; počáteční
                                kartička je 0,0 s městem na sever); otočení po směru hodinových
                                ručiček r0 r90 r180 r270
  rytíř na město sever-východ   družiník na část právě položené kartičky: lupič na cestu
                                východ-západ, sedlák na louku jih (louka v rohu nebo u půlky hrany
                                se jmenuje zkratkou rohu: sedlák na louku jz, nebo stranou a její
                                půlkou: sedlák na louku jih-západ = jižní strana, západní půlka),
                                sedlák na louku střed, mnich na klášter
  stavitel na cestu sever       figurky z Kupců a stavitelů: stavitel, prasátko (prasátko na louku)
  nic                           bez figurky
  bez druhé kartičky            odmítne stavitelovu kartičku navíc (volba decline-second-tile)
Celý tah může být na jednom řádku: táhnout tb:o, položit 1,0 r90, sedlák na louku jih.
Platí i zápis z manuálové stránky (man referee-carcassonne)."""}


_GOODS = {"wine": "víno", "grain": "obilí", "cloth": "plátno"}
_NOUN = {"city": "město", "road": "cesta", "farm": "louka", "cloister": "klášter"}


def feature(name: str, lang: str) -> str:
    """A feature of a tile by its notation name ('farm es'), as ``lang`` says it ('louka východ-jih')."""
    if lang == "en":
        return name
    kind, _sp, spec = name.partition(" ")
    return _NOUN.get(kind, kind) + _where(kind, spec)


def features(tile, q: int, lang: str) -> str:
    """The features of ``tile`` in rotation ``q`` as the prompt lists them ('city n (pennant), farm'): in
    Czech by the seed's nouns ('město sever (erb), louka'); English: the tile's own description."""
    if lang == "en":
        return tile.describe(q)
    rot = tile.rotations[q]
    out = []
    for seg in tile.segments:
        kind, _sp, spec = rot.names[seg.index].partition(" ")
        name = _NOUN.get(kind, kind) + _where(kind, spec)
        if seg.pennant:
            name += " (erb)"
        if seg.goods:
            name += f" ({_GOODS.get(seg.goods, seg.goods)})"
        out.append(name)
    return ", ".join(out)
