"""Port Royal card data, read once from tables/port-royal/cards.json into flat tuples indexed by card number.

Logic never spells card values: it looks them up here. Card numbers (0..61) are positions in the table;
ids (``flute-2-3``) are what players type and what records store.
"""

from __future__ import annotations

from referee.core.names import display
from referee.core.tables import load_json
from referee.i18n import N_, _, language, ngettext

_DOC = load_json("port-royal/cards.json")
_CARDS = _DOC["cards"]

SHIP, PERSON, EXPEDITION, TAX = 0, 1, 2, 3
KIND_NAMES = ("ship", "person", "expedition", "tax")
SKULL = -1

COLOURS = ("yellow", "blue", "green", "red", "black")
SHIP_TYPES = ("pinnace", "flute", "skiff", "frigate", "galleon")
SHIP_NAME = {t: v["name"] for t, v in _DOC["ship_types"].items()}
PERSON_NAME = dict(_DOC["person_types"])
TYPE_OF_COLOUR = {_DOC["ship_types"][t]["colour"]: t for t in SHIP_TYPES}
COLOUR_OF_TYPE = {t: c for c, t in TYPE_OF_COLOUR.items()}
assert tuple(COLOUR_OF_TYPE[t] for t in SHIP_TYPES) == COLOURS

N = len(_CARDS)
IDS: tuple = tuple(c["id"] for c in _CARDS)
INDEX: dict = {cid: i for i, cid in enumerate(IDS)}
KIND: tuple = tuple(KIND_NAMES.index(c["kind"]) for c in _CARDS)
TYPE: tuple = tuple(c["type"] for c in _CARDS)
COLOUR: tuple = tuple(COLOURS.index(c["colour"]) if c["colour"] else -1 for c in _CARDS)
SWORDS: tuple = tuple(SKULL if c["swords"] == "skull" else int(c["swords"]) for c in _CARDS)
COINS: tuple = tuple(int(c["coins"]) for c in _CARDS)
COST: tuple = tuple(int(c["cost"]) for c in _CARDS)
INFLUENCE: tuple = tuple(int(c["influence"]) for c in _CARDS)
COPIES: tuple = tuple(int(c["copies"]) for c in _CARDS)
SYMBOLS: tuple = tuple(tuple(c["symbols"]) for c in _CARDS)
TOTAL_CARDS = sum(COPIES)
assert TOTAL_CARDS == 120, TOTAL_CARDS

SHIPS = tuple(i for i in range(N) if KIND[i] == SHIP)
PERSONS = tuple(i for i in range(N) if KIND[i] == PERSON)
EXPEDITIONS = tuple(i for i in range(N) if KIND[i] == EXPEDITION)
TAXES = tuple(i for i in range(N) if KIND[i] == TAX)
EXP_ACH = INDEX["expedition-ach"]

# Per-player derived values kept incrementally (rules file 4.0 item 2): positions in a stats list.
S_SWORDS, S_INFL, S_GOV, S_MAD, S_ADM, S_JES = 0, 1, 2, 3, 4, 5
S_TRADER = 6          # 6..10: Traders per colour index
S_HOUSE, S_ANCHOR, S_CROSS, S_JOKER = 11, 12, 13, 14
S_EXP = 15
N_STATS = 16
SYMBOL_STAT = {"house": S_HOUSE, "anchor": S_ANCHOR, "cross": S_CROSS, "joker": S_JOKER}
SYMBOL_PERSON = {"house": "settler", "anchor": "captain", "cross": "priest", "joker": "jack"}
PERSON_SYMBOL = {v: k for k, v in SYMBOL_PERSON.items()}
# The four symbol-person ids, in the order settler, captain, priest, jack (one id per type in the deck).
SYMBOL_IDS = tuple(next(i for i in PERSONS if TYPE[i] == SYMBOL_PERSON[s])
                   for s in ("house", "anchor", "cross", "joker"))
for _i in SYMBOL_IDS:
    assert sum(1 for j in PERSONS if TYPE[j] == TYPE[_i]) == 1, "one id per symbol person type"


def _deltas(i: int) -> tuple:
    """What owning card i adds to the owner's stats: ((stat, amount), ...)."""
    out = []
    if KIND[i] == PERSON:
        t = TYPE[i]
        if SWORDS[i]:
            out.append((S_SWORDS, SWORDS[i]))
        if INFLUENCE[i]:
            out.append((S_INFL, INFLUENCE[i]))
        special = {"governor": S_GOV, "mademoiselle": S_MAD, "admiral": S_ADM, "jester": S_JES}
        if t in special:
            out.append((special[t], 1))
        if t == "trader":
            out.append((S_TRADER + COLOUR[i], 1))
        for s in SYMBOLS[i]:
            out.append((SYMBOL_STAT[s], 1))
    elif KIND[i] == EXPEDITION:
        out.append((S_INFL, INFLUENCE[i]))
        out.append((S_EXP, 1))
    return tuple(out)


DELTAS: tuple = tuple(_deltas(i) for i in range(N))

# Expedition requirement as counts (house, anchor, cross).
REQUIRE: tuple = tuple((SYMBOLS[i].count("house"), SYMBOLS[i].count("anchor"), SYMBOLS[i].count("cross"))
                       if KIND[i] == EXPEDITION else (0, 0, 0) for i in range(N))


SYMBOL_NAMES = {"house": N_("house"), "anchor": N_("anchor"), "cross": N_("cross")}


def _name(kind: str, cid: str) -> str:
    """A component's name as printed in the edition of the language in force (tables/port-royal/names.json);
    in English the same names cards.json gives."""
    return display("port-royal", kind, cid)


def _symbols(i: int, sep: str) -> str:
    return sep.join(_(SYMBOL_NAMES[s]) for s in SYMBOLS[i])


def describe(i: int) -> str:
    """Human text for a card: ship type and colour, swords and coins; person with cost and influence."""
    k = KIND[i]
    if k == SHIP:
        sw = (_("skull") if SWORDS[i] == SKULL
              else ngettext("{n} sword", "{n} swords", SWORDS[i]).format(n=SWORDS[i]))
        # its own plural (not "{n} coin"): the other texts count coins drawn or paid, a different case in Czech
        return ngettext("{ship} ({colour}), {swords}, {n} coin", "{ship} ({colour}), {swords}, {n} coins",
                        COINS[i]).format(ship=_name("ship", TYPE[i]), colour=_name("colour", COLOURS[COLOUR[i]]),
                                         swords=sw, n=COINS[i])
    if k == PERSON:
        t = TYPE[i]
        name = _name("person", t)
        if t == "trader":
            c = COLOURS[COLOUR[i]]
            name = _("{trader} ({colour}, {ship})").format(trader=name, colour=_name("colour", c),
                                                          ship=_name("ship", TYPE_OF_COLOUR[c]))
        return _("{name}, cost {cost}, {influence} influence").format(name=name, cost=COST[i],
                                                                      influence=INFLUENCE[i])
    if k == EXPEDITION:
        return _("Expedition {symbols}: {influence} influence, {coins} coins").format(
            symbols=_symbols(i, " + "), influence=INFLUENCE[i], coins=COINS[i])
    return (_("Tax increase: +1 coin for the most swords") if TYPE[i] == "swords"
            else _("Tax increase: +1 coin for the least influence"))


def short(i: int) -> str:
    """A compact name: 'Flute (blue)', 'Sailor', 'Trader (blue)'."""
    k = KIND[i]
    if k == SHIP:
        return _("{ship} ({colour})").format(ship=_name("ship", TYPE[i]), colour=_name("colour", COLOURS[COLOUR[i]]))
    if k == PERSON:
        if TYPE[i] == "trader":
            return _("{trader} ({colour})").format(trader=_name("person", "trader"),
                                                   colour=_name("colour", COLOURS[COLOUR[i]]))
        return _name("person", TYPE[i])
    if k == EXPEDITION:
        return _("Expedition {symbols}").format(symbols=_symbols(i, "+"))
    return _("Tax increase")


class _InLanguage:
    """``DESCRIBE[c]`` / ``SHORT[c]``: the card's text in the language in force, built once per language
    (the language may be chosen after this module is imported, so nothing is built at import)."""

    def __init__(self, make):
        self._make = make
        self._built: dict = {}

    def __getitem__(self, i: int) -> str:
        lang = language()
        texts = self._built.get(lang)
        if texts is None:
            texts = self._built[lang] = tuple(self._make(c) for c in range(N))
        return texts[i]


DESCRIBE = _InLanguage(describe)
SHORT = _InLanguage(short)
