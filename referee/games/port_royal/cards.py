"""Port Royal card data, read once from tables/port-royal/cards.json into flat tuples indexed by card number.

Logic never spells card values: it looks them up here. Card numbers (0..61) are positions in the table;
ids (``flute-2-3``) are what players type and what records store.
"""

from __future__ import annotations

from referee.core.tables import load_json

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


def describe(i: int) -> str:
    """Human text for a card: ship type and colour, swords and coins; person with cost and influence."""
    k = KIND[i]
    if k == SHIP:
        sw = "skull" if SWORDS[i] == SKULL else f"{SWORDS[i]} sword{'s' if SWORDS[i] != 1 else ''}"
        return f"{SHIP_NAME[TYPE[i]]} ({COLOURS[COLOUR[i]]}), {sw}, {COINS[i]} coin{'s' if COINS[i] != 1 else ''}"
    if k == PERSON:
        t = TYPE[i]
        name = PERSON_NAME[t]
        if t == "trader":
            c = COLOURS[COLOUR[i]]
            name = f"Trader ({c}, {SHIP_NAME[TYPE_OF_COLOUR[c]]})"
        return f"{name}, cost {COST[i]}, {INFLUENCE[i]} influence"
    if k == EXPEDITION:
        return (f"Expedition {' + '.join(SYMBOLS[i])}: {INFLUENCE[i]} influence, {COINS[i]} coins")
    return "Tax increase: " + ("+1 coin for the most swords" if TYPE[i] == "swords"
                               else "+1 coin for the least influence")


def short(i: int) -> str:
    """A compact name: 'Flute (blue) 2/3', 'Sailor 3/1'."""
    k = KIND[i]
    if k == SHIP:
        sw = "skull" if SWORDS[i] == SKULL else str(SWORDS[i])
        return f"{SHIP_NAME[TYPE[i]]} ({COLOURS[COLOUR[i]]})"
    if k == PERSON:
        if TYPE[i] == "trader":
            return f"Trader ({COLOURS[COLOUR[i]]})"
        return PERSON_NAME[TYPE[i]]
    if k == EXPEDITION:
        return "Expedition " + "+".join(SYMBOLS[i])
    return "Tax increase"


DESCRIBE: tuple = tuple(describe(i) for i in range(N))
SHORT: tuple = tuple(short(i) for i in range(N))
