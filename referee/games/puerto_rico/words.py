"""Puerto Rico's words: every spelling the notation reads (English, German, the Czech edition's names from
tables/puerto-rico/names.json) and the typed text cut into tokens (verb, good, building, role, flag, number)."""

from __future__ import annotations

import re
import unicodedata

from referee.core.errors import AmbiguousMove, InvalidMove
from referee.core.suggest import close_matches
from referee.i18n import _

from .state import BIDS, HACIENDA, KINDS, NB

_GOOD_ALIASES = {
    "corn": ("corn", "maize", "mais", "kukurice", "yellow"),
    "indigo": ("indigo", "ind", "blue"),
    "sugar": ("sugar", "sug", "zucker", "cukr", "white"),
    "tobacco": ("tobacco", "tob", "tabak", "tabac", "brown"),
    "coffee": ("coffee", "cof", "kaffee", "kava", "black"),
    "quarry": ("quarry", "quarries", "stone", "steinbruch", "kamenolom", "q"),
}
_ROLE_ALIASES = {
    "settler": ("settler", "siedler", "osadnik", "settle-role"),
    "mayor": ("mayor", "burgermeister", "buergermeister", "purkmistr", "starosta"),
    "builder": ("builder", "baumeister", "stavitel"),
    "craftsman": ("craftsman", "aufseher", "dozorce", "overseer", "craftsmen", "craft"),
    "trader": ("trader", "handler", "haendler", "kupec", "obchodnik", "merchant"),
    "captain": ("captain", "kapitan", "kapitaen", "kapitan"),
    "prospector": ("prospector", "goldsucher", "zlatokop", "gold"),
}
_BUILDING_ALIASES = {
    "small-indigo-plant": ("sm-indigo", "small-indigo", "sm-indigo-plant", "s-indigo", "kleine-indigokuperei"),
    "small-sugar-mill": ("sm-sugar", "small-sugar", "sm-sugar-mill", "s-sugar", "kleine-zuckermuhle"),
    "indigo-plant": ("lg-indigo", "large-indigo", "lg-indigo-plant", "large-indigo-plant", "indigokuperei"),
    "sugar-mill": ("lg-sugar", "large-sugar", "lg-sugar-mill", "large-sugar-mill", "zuckermuhle"),
    "tobacco-storage": ("tobacco-store", "lg-tobacco", "large-tobacco", "tabakspeicher", "tobacco-plant"),
    "coffee-roaster": ("roaster", "lg-coffee", "large-coffee", "kaffeerosterei", "coffee-plant"),
    "small-market": ("sm-market", "kleine-markthalle", "small-markethall"),
    "hacienda": ("hazienda",),
    "construction-hut": ("hut", "c-hut", "bauhutte", "constr-hut"),
    "small-warehouse": ("sm-warehouse", "sm-wh", "kleines-lagerhaus"),
    "hospice": ("hospiz",),
    "office": ("kontor",),
    "large-market": ("lg-market", "big-market", "grosse-markthalle", "large-markethall"),
    "large-warehouse": ("lg-warehouse", "big-warehouse", "lg-wh", "grosses-lagerhaus"),
    "factory": ("manufaktur", "manufactory"),
    "university": ("uni", "universitat"),
    "harbor": ("harbour", "hafen"),
    "wharf": ("werft", "weft"),
    "guild-hall": ("guild", "zunfthalle", "guildhall"),
    "residence": ("residenz",),
    "fortress": ("festung", "fort"),
    "customs-house": ("customs", "zollhaus", "custom-house"),
    "city-hall": ("rathaus", "town-hall"),
}
_VERBS = {
    "take": ("take", "settle", "plant", "plantation", "tile", "t"),
    "place": ("place", "put", "colonist", "p"),
    "build": ("build", "buy", "b"),
    "sell": ("sell", "trade"),
    "load": ("load", "ship", "l"),
    "wharf": ("wharf", "werft"),
    "keep": ("keep", "store", "save", "k"),
    "extra": ("extra", "privilege", "bonus"),
    "pass": ("pass", "skip", "nothing", "none", "-", "no"),
    "ok": ("ok", "okay", "accept", "yes", "y", "fine", "auto"),
    "done": ("done", "finish", "end", "stop"),
    "reveal": ("reveal", "flip", "turn", "up", "face-up", "row"),
    "draw": ("draw", "drew", "drawn"),
    "choose": ("choose", "role", "pick", "select"),
    "refuse": ("refuse", "decline", "reject"),
    "hacienda-draw": ("hacienda",),
}
_FLAGS = {
    "no-hospice": ("no-hospice", "nohospice", "without-hospice", "no-hospiz"),
    "no-university": ("no-university", "nouniversity", "no-uni", "without-university"),
    "no-privilege": ("no-privilege", "noprivilege", "no-colonist", "without-privilege", "decline"),
}

ALIAS: dict[str, tuple] = {}
FILLER = {"on", "the", "a", "an", "to", "my", "i", "with", "onto", "of", "for", "into", "role", "card", "please", "use",
          "using", "by", "and", "then", "ll",
          # Czech: "naložím kávu na loď 6", "beru si kukuřici", "prosím"
          "na", "do", "si", "prosim", "pak", "potom"}


def _add(key: str, value: tuple) -> None:
    for k in (key, key.replace("-", "")):
        ALIAS.setdefault(k, value)


for _g, _names in _GOOD_ALIASES.items():
    for _a in _names + (_g + "s", _g + "-plantation", _g + "-tile"):
        _add(_a, ("kind", KINDS.index(_g)))
for _r, _names in _ROLE_ALIASES.items():
    for _a in _names:
        _add(_a, ("role", _r))
for _b in range(NB):
    _add(BIDS[_b], ("bld", _b))
    for _a in _BUILDING_ALIASES.get(BIDS[_b], ()):
        _add(_a, ("bld", _b))
for _f, _names in _FLAGS.items():
    for _a in _names:
        _add(_a, ("flag", _f))
for _v, _names in _VERBS.items():
    for _a in _names:
        _add(_a, ("verb", _v))
ALIAS["hacienda"] = ("bld", HACIENDA)
ALIAS["wharf"] = ALIAS["werft"] = ("verb", "wharf")


def _add_names() -> None:
    """The names in tables/puerto-rico/names.json (Czech and English, any case, with or without diacritics:
    'malý cukrovar', 'sídlo cechu', 'naložím kávu'), as words of the notation; a spelling already taken keeps
    its meaning."""
    from referee.core.names import fold, names

    value = {"role": lambda i: ("role", i), "good": lambda i: ("kind", KINDS.index(i)),
             "building": lambda i: ("bld", BIDS.index(i)), "word": lambda i: ("verb", i),
             "flag": lambda i: ("flag", i)}
    for kind, entries in names("puerto-rico").items():
        for cid, entry in entries.items():
            for spelling in (cid, entry.get("en", ""), entry.get("cs", ""), *entry.get("aliases", ())):
                if spelling:
                    key = fold(spelling).replace(" ", "-")
                    if kind == "word" and key not in ALIAS:
                        WHOLE_ONLY.add(key)
                    _add(key, value[kind](cid))


# Czech move words are said whole: their starts would make English abbreviations ambiguous ('pro' is the
# prospector; 'prodat' is sell), so they are not matched by prefix.
WHOLE_ONLY: set = set()


_add_names()


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text.replace("ß", "ss")).encode("ascii", "ignore").decode()


_SHIP_N = re.compile(r"\b(\d+)[- ]?ships?\b")   # "the 6-ship", "6 ship" -> "ship 6" (a ship named by capacity)


def tokens(text: str) -> list[tuple]:
    return [tok for tok, _start, _end in spans(text)[1]]


def _words(text: str) -> list[str]:
    return _SHIP_N.sub(r" ship \1 ", _ascii(text.lower()).replace("_", "-").replace(",", " ")).split()


def spans(text: str) -> tuple[list[str], list[tuple]]:
    """The words as read (lowercase, ASCII) and the tokens with the words each came from: [(token, start,
    end)]. A name of several words ('mala trznice') is one token: a line of several moves is cut between
    tokens (notation.split_entry), never inside a name."""
    words = _words(text)
    out = []
    i = 0
    while i < len(words):
        for length in (4, 3, 2, 1):
            if i + length > len(words):
                continue
            phrase = "-".join(words[i:i + length])
            hit = ALIAS.get(phrase) or ALIAS.get(phrase.replace("-", ""))
            if hit:
                out.append((hit, i, i + length))
                i += length
                break
        else:
            w = words[i]
            if w in FILLER:
                pass
            elif w.isascii() and w.isdigit():
                out.append((("num", int(w)), i, i + 1))
            elif (hit := _partial(w)) is not None:
                out.append((hit, i, i + 1))
            else:
                close = close_matches(w, list(ALIAS), n=1, cutoff=0.75)
                if close:
                    raise InvalidMove(_("'{word}' is not a word of the Puerto Rico notation. Did you mean {close}? "
                                        "Type 'moves' to see the legal moves, or 'help' for the notation.")
                                      .format(word=w, close=close[0]))
                raise InvalidMove(_("'{word}' is not a word of the Puerto Rico notation. Type 'moves' to see "
                                    "the legal moves, or 'help' for the notation.").format(word=w))
            i += 1
    return words, out


def as_typed(text: str, words: list[str], start: int, end: int) -> str:
    """Words start..end of ``text`` as the player typed them (accents and case kept, for the refusals that
    quote a piece), when reading kept one word per typed word; else as read."""
    typed = text.replace(",", " ").split()
    if len(typed) == len(words):
        return " ".join(typed[start:end])
    return " ".join(words[start:end])


def _name(value: tuple) -> str:
    kind, x = value
    return BIDS[x] if kind == "bld" else KINDS[x] if kind == "kind" else str(x)


def _partial(w: str):
    """A word that only starts a name ('prosp', 'univ') or ends a building's name ('storage', 'warehouse'):
    the name when exactly one fits; several are refused naming them. None when nothing fits."""
    if len(w) < 3:
        return None
    found = {v for k, v in ALIAS.items() if v[0] in ("kind", "bld", "role", "verb") and k not in WHOLE_ONLY and
             (k.startswith(w) or (v[0] == "bld" and k.endswith("-" + w)))}
    if len(found) == 1:
        return found.pop()
    if len(found) > 1:
        names = sorted({_name(v) for v in found})
        raise AmbiguousMove(_("'{word}' could be {first} or {last}; say which.").format(
            word=w, first=", ".join(names[:-1]), last=names[-1]))
    return None
