"""Carcassonne moves as a Czech table says them (core/labels.py): ``táhnout b:d`` (the tile drawn: its set
and letter, as the tile list names it), ``položit 1,-2 r90``, ``rytíř na město sever-východ``, ``lupič na cestu
východ-západ``, ``sedlák na louku jih``, ``mnich na klášter``, ``stavitel na cestu sever``, ``prasátko na
louku``, ``nic``, ``bez druhé kartičky``. The words are the seed's (tables/carcassonne/names.json), which the
notation reads (words.py) back as the same move.

A field named by a corner or by half-edges ('farm ne', 'farm en-sw') keeps the notation's compass letters
after 'louku': the Czech corner words name a corner, which is ambiguous where two fields meet there (tile O),
and a label must name one field.
"""

from __future__ import annotations

_EDGE = {"n": "sever", "e": "východ", "s": "jih", "w": "západ"}
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
  položit 1,-2 r90              položí taženou kartičku na x,y (x roste na východ, y na jih; počáteční
                                kartička je 0,0 s městem na sever); otočení po směru hodinových
                                ručiček r0 r90 r180 r270
  rytíř na město sever-východ   družiník na část právě položené kartičky: lupič na cestu
                                východ-západ, sedlák na louku jih (louka v rohu nebo u půlky hrany
                                se jmenuje kompasovými písmeny jako na kartičce: sedlák na louku sw),
                                sedlák na louku střed, mnich na klášter
  stavitel na cestu sever       figurky z Kupců a stavitelů: stavitel, prasátko (prasátko na louku)
  nic                           bez figurky
  bez druhé kartičky            odmítne stavitelovu kartičku navíc (volba decline-second-tile)
Celý tah může být na jednom řádku: táhnout tb:o, položit 1,0 r90, sedlák na louku jih.
Platí i zápis z manuálové stránky (man referee-carcassonne)."""}


_GOODS = {"wine": "víno", "grain": "obilí", "cloth": "plátno"}
_NOUN = {"city": "město", "road": "cesta", "farm": "louka", "cloister": "klášter"}


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
