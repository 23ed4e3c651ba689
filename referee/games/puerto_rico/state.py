"""Puerto Rico state: plain integer-indexed data, mutated only by the phase modules through rules.apply.

Goods are indices 0-4 (corn, indigo, sugar, tobacco, coffee); island tile kinds add 5 = quarry.
Buildings are indices 0-22 in the order of the rules table (tables/puerto-rico/buildings.json).
"""

from __future__ import annotations

from referee.core.tables import load_json
from referee.i18n import _, language, ngettext

_B = load_json("puerto-rico/buildings.json")["buildings"]
_G = load_json("puerto-rico/goods.json")
_S = load_json("puerto-rico/setup.json")

GOODS = tuple(g["id"] for g in _G["goods"])            # corn, indigo, sugar, tobacco, coffee
KINDS = GOODS + ("quarry",)                              # island tile kinds
CORN, INDIGO, SUGAR, TOBACCO, COFFEE, QUARRY = range(6)
PRICE = tuple(g["price"] for g in _G["goods"])
BARRELS = tuple(tuple(g["barrels"]) for g in _G["goods"])   # [kind][box]
TILES = tuple(tuple(g["tiles"]) for g in _G["goods"])       # [kind][box]
QUARRIES = tuple(_G["quarries"])
HOUSE_CAP = _G["trading_house_capacity"]
DOUBLOONS_IN_BOX = _G["doubloons_in_box"]
FACTORY_PAY = tuple(_G["factory_pay"])

BIDS = tuple(b["id"] for b in _B)
BINDEX = {b: i for i, b in enumerate(BIDS)}
BNAME = tuple(b["name"] for b in _B)
COST = tuple(b["cost"] for b in _B)
VP = tuple(b["vp"] for b in _B)
CIRC = tuple(b["circles"] for b in _B)
COL = tuple(b["col"] for b in _B)
CAT = tuple(b["cat"] for b in _B)
LARGE = tuple(b["cat"] == "LV" for b in _B)
VIOLET = tuple(b["cat"] in ("SV", "LV") for b in _B)
PROD_GOOD = tuple(GOODS.index(b["good"]) if b["good"] else -1 for b in _B)
COPIES = tuple(tuple(b["copies"]) for b in _B)   # [bid][box]
NB = len(BIDS)

(SMALL_INDIGO, SMALL_SUGAR, INDIGO_PLANT, SUGAR_MILL, TOBACCO_STORAGE, COFFEE_ROASTER, SMALL_MARKET,
 HACIENDA, CONSTRUCTION_HUT, SMALL_WAREHOUSE, HOSPICE, OFFICE, LARGE_MARKET, LARGE_WAREHOUSE, FACTORY,
 UNIVERSITY, HARBOR, WHARF, GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL) = range(NB)

ROLES = tuple(_S["roles"])
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR = range(7)
SETUP = {int(k): v for k, v in _S["by_players"].items()}
ISLAND = 12
CITY = 12

# phases (state.phase)
REVEAL, ROLE, PH_SETTLER, DRAW, PH_MAYOR, PH_BUILDER, PH_CRAFTSMAN, PH_TRADER, PH_CAPTAIN, STORAGE, END = (
    "reveal", "role", "settler", "draw", "mayor", "builder", "craftsman", "trader", "captain", "storage", "end")
# Signals from a role to the round's flow (turns.role_over, turns.round_starts): set and taken within one move.
ROLE_DONE, ROUND_START = "role-done", "round-start"


class PRState:
    """The whole table. Lists indexed by seat (0 = the first governor) or by good/kind/building index."""

    __slots__ = (
        "n", "names", "opts", "box", "gov", "round", "phase", "cards", "card_coins", "card_taken", "picks",
        "total_picks", "card", "chooser", "turn", "actor",
        "dbl", "goods", "tiles", "tocc", "bld", "owned", "city", "sj", "vp", "vpo",
        "gsup", "gtotal", "csup", "cship", "cgone", "ctotal", "pool", "pool0", "bank",
        "stack", "disc", "row", "quarries", "reveal_left", "bsup", "ships", "house", "triggers",
        "hac_used", "m_new", "m_t", "m_b", "m_pool", "m_placed", "m_target", "m_prev_t", "m_prev_b",
        "passes", "wharf_used", "cap_loaded", "st_slots", "st_kept", "st_order", "events", "mv", "m_circ",
        "o_decline", "o_bank_limit", "o_priv_optional", "o_hac_reshuffle", "taken_bits",
        "isl", "bcirc",
    )

    def __init__(self):
        self.events = []
        self.mv = []


def new_state(names: list[str], opts: dict) -> PRState:
    s = PRState()
    n = len(names)
    cfg = SETUP[n]
    box = cfg["box"]
    s.n, s.names, s.opts, s.box = n, list(names), dict(opts), box
    # The options the moves consult, read once here (a game's options never change after setup): a dict
    # look-up on every move was a few per cent of a random game (issue 25 item 2).
    s.o_decline = bool(opts.get("allow-decline-colonists", False))
    s.o_bank_limit = bool(opts.get("doubloon-bank-limit"))
    s.o_priv_optional = bool(opts.get("mayor-privilege-optional", True))
    s.o_hac_reshuffle = bool(opts.get("hacienda-reshuffle", True))
    s.gov, s.round, s.phase = 0, 1, REVEAL
    cards = [r for r in ROLES if r != "prospector"] + ["prospector"] * cfg["prospectors"]
    s.cards = cards
    s.card_coins = [0] * len(cards)
    s.card_taken = [-1] * len(cards)
    s.taken_bits = 0    # bit i: card i taken this round (card_taken[i] >= 0), the role listing's key
    s.picks = 0
    s.total_picks = n * cfg["picks_per_player"]
    s.card = -1
    s.chooser = -1
    s.turn = 0
    s.actor = -1
    s.dbl = [cfg["doubloons"]] * n
    s.goods = [[0] * 5 for _ in range(n)]
    s.tiles = [[0] * 6 for _ in range(n)]
    s.tocc = [[0] * 6 for _ in range(n)]
    s.bld = [[-1] * NB for _ in range(n)]
    s.owned = [[] for _ in range(n)]
    s.city = [0] * n
    s.sj = [0] * n
    s.vp = [0] * n
    s.vpo = [0] * n
    s.gtotal = [BARRELS[g][box] for g in range(5)]
    s.gsup = list(s.gtotal)
    s.csup = cfg["colonist_supply"]
    s.cship = cfg["colonist_ship"]
    s.ctotal = s.csup + s.cship
    s.cgone = 0
    pool = cfg["vp_pool"]
    if n == 5:
        pool = int(opts.get("vp-pool-5p", 122))
    s.pool = s.pool0 = pool
    s.bank = DOUBLOONS_IN_BOX - sum(s.dbl)
    stack = [TILES[g][box] for g in range(5)]
    for seat, kind in enumerate(cfg["start"]):
        k = GOODS.index(kind)
        s.tiles[seat][k] += 1
        stack[k] -= 1
    s.stack = stack
    recount(s)
    s.disc = [0] * 5
    s.row = [0] * 5
    s.quarries = QUARRIES[box]
    s.reveal_left = n + 1
    s.bsup = [COPIES[b][box] for b in range(NB)]
    s.ships = [[cap, -1, 0] for cap in cfg["ships"]]
    s.house = []
    s.triggers = []
    s.hac_used = False
    s.m_new = [0] * n
    s.m_t = None
    s.m_b = None
    s.m_pool = s.m_placed = s.m_target = s.m_circ = 0
    s.m_prev_t = s.m_prev_b = None
    s.passes = 0
    s.wharf_used = [False] * n
    s.cap_loaded = False
    s.st_slots = 0
    s.st_kept = None
    s.st_order = []
    return s


def recount(s: PRState) -> None:
    """The running counts, from the board: each player's island tiles (``isl``) and circles on his buildings
    (``bcirc``). The moves keep them up to date where they change (a tile taken or drawn, a building built),
    so the mayor and the settler do not count every player's tiles and circles at every phase; check()
    compares them with this count, and rules.relist counts them again after a correction made to the board.
    (Colonists are counted when needed: tests and corrections move them by hand between moves.)"""
    s.isl, s.bcirc = counts(s)


def counts(s: PRState) -> tuple:
    """(isl, bcirc) counted from the board (recount)."""
    return [sum(t) for t in s.tiles], [sum(CIRC[b] for b in o) for o in s.owned]


def occupied(s: PRState, p: int, b: int) -> bool:
    return s.bld[p][b] > 0


def circles_of(s: PRState, p: int) -> int:
    c = sum(s.tiles[p])
    bl = s.bld[p]
    for b in s.owned[p]:
        c += CIRC[b]
    return c


def colonists_of(s: PRState, p: int) -> int:
    bl = s.bld[p]
    return s.sj[p] + sum(s.tocc[p]) + sum(bl[b] for b in s.owned[p])


def take_colonist(s: PRState) -> None:
    """The hospice's and the university's one colonist: from the supply, else from the colonist ship
    (rules 5.2 and 5.4). Callers offer the colonist only when one of the two has any."""
    if s.csup > 0:
        s.csup -= 1
    else:
        s.cship -= 1


def pay(s: PRState, p: int, amount: int) -> int:
    """Pay a player doubloons from the bank; with option doubloon-bank-limit the bank can run dry."""
    if amount <= 0:
        return 0
    if s.o_bank_limit:
        amount = min(amount, max(s.bank, 0))
    s.dbl[p] += amount
    s.bank -= amount
    return amount


def award_vp(s: PRState, p: int, amount: int) -> None:
    """Hand out shipping VP: the whole award always counts; what the pool cannot cover is overflow."""
    if amount <= 0:
        return
    s.vp[p] += amount
    take = amount if amount <= s.pool else s.pool
    s.pool -= take
    if take < amount:
        s.vpo[p] += amount - take
    if s.pool == 0 and "G3" not in s.triggers:
        s.triggers.append("G3")
        s.events.append(_("The last VP chip is gone (G3): the game ends after this round."))


# each good's production buildings (craftsman.begin: a good is made up to the colonists on them, rule 5.5 C1)
MAKERS = tuple(tuple(b for b in range(NB) if PROD_GOOD[b] == g) for g in range(5))


_MOVES: dict = {}


def per_player(cache: dict, who) -> dict:
    """``cache``'s dict for player ``who`` (made when first asked); a cache of more than 1,000 players (a
    long-running server's) starts again, so it never grows without end."""
    per = cache.get(who)
    if per is None:
        if len(cache) > 1000:
            cache.clear()
        per = cache[who] = {}
    return per


def mk(who, text: str, action, chance: bool = False):
    """A Move, shared between games: moves are immutable, so the listing reuses them (speed)."""
    per = per_player(_MOVES, who)
    m = per.get(text)
    if m is None or m.action != action:
        from referee.core.move import Move

        m = per[text] = Move(text, who, chance, action)
    return m


_CHANCE: dict = {}


def chance_list(verb: str, stack: list) -> list:
    """The chance moves for the kinds still in the stack (cached by which kinds are left)."""
    key = ((stack[0] > 0) | (stack[1] > 0) << 1 | (stack[2] > 0) << 2 | (stack[3] > 0) << 3 | (stack[4] > 0) << 4
           | (verb == "draw") << 5)     # which kinds are left, as bits (a tuple key cost more than the lookup)
    out = _CHANCE.get(key)
    if out is None:
        out = _CHANCE[key] = [mk(None, f"{verb} {GOODS[k]}", (verb, k), True) for k in range(5) if key >> k & 1]
    return out


_TABLES: dict = {}     # kind -> player -> his table


def tables(kind: str) -> dict:
    """The tables of ``kind`` by player, as move_table keeps them: a listing made at every turn reads its
    player's there first, ``tables(kind).get(who) or move_table(kind, who, build)`` (a dict look-up, not a
    call and a tuple key, on a tenth of a random game's moves)."""
    per = _TABLES.get(kind)
    if per is None:
        per = _TABLES[kind] = {}
    return per


def move_table(kind: str, who: str, build) -> list:
    """Per-player tables of prebuilt moves (place X, build X, roles), built once: listing is indexing."""
    per = tables(kind)
    t = per.get(who)
    if t is None:
        if len(per) > 1000:     # a long-running server's players: bounded, as per_player()
            per.clear()
        from referee.core.move import Move

        t = per[who] = [Move(text, who, False, action) for text, action in build()]
    return t


def who_said(text: str, who: str) -> str:
    """An event of one sentence about one player, written when read (core/said.py): ``s.events.append((who_said,
    TEXT, name))`` with TEXT marked by N_."""
    return _(text).format(who=who)


def a_(word: str) -> str:
    """'a sugar tile', 'an indigo tile', 'an office': the article for a word in an event or refusal.
    Czech has no articles: the word as it is."""
    if language() != "en":
        return word
    return ("an " if word[0] in "aeiou" else "a ") + word


def dbl_(n: int) -> str:
    """'1 doubloon', '3 doubloons' (Czech: '1 dublon', '3 dublony', '5 dublonů')."""
    return ngettext("{n} doubloon", "{n} doubloons", n).format(n=n)


# Component names inside texts. English keeps what the texts always said (the ids 'corn', 'settler'; the
# building's printed name in lower case); other languages show the name printed in their edition
# (tables/puerto-rico/names.json). Never used for move texts, records or view() values.

def good_(k: int) -> str:
    """A good or island tile kind by index (0-4 goods, 5 quarry): 'corn' / 'kukuřice'."""
    if language() == "en":
        return KINDS[k]
    from referee.core.names import display

    return display("puerto-rico", "good", KINDS[k])


def role_(role_id: str) -> str:
    """A role by id: 'settler' / 'Osadník'."""
    if language() == "en":
        return role_id
    from referee.core.names import display

    return display("puerto-rico", "role", role_id)


def bid_(b: int) -> str:
    """A building by index where English texts show its id: 'small-market' / 'malá tržnice'."""
    if language() == "en":
        return BIDS[b]
    from referee.core.names import display

    return display("puerto-rico", "building", BIDS[b])


def bname_(b: int) -> str:
    """A building by index, as texts say it: 'small indigo plant' / 'malá zpracovatelna indiga'."""
    if language() == "en":
        return BNAME[b].lower()
    from referee.core.names import display

    return display("puerto-rico", "building", BIDS[b])
