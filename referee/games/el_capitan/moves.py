"""El Capitan's Move objects, built once and reused: the text of each action, the chance moves that turn a
card face up, and each player's turn moves (bounded caches; the core reuses a MoveList's text map too)."""

from __future__ import annotations

from referee.core.move import Move, MoveList

from .board import CITIES, CITY_INDEX, PAIRS, PLAUSIBLE
from .notation import card_label
from .state import COLOURS

_PAIR_INDEX = tuple((CITY_INDEX[a], CITY_INDEX[b]) for a, b in PAIRS)


def _rng(kind):
    lo, hi = PLAUSIBLE[kind]
    return range(lo, hi + 1)


# --- cached chance-move lists ----------------------------------------------------------------------------
_CACHE: dict = {}


def _cached(key, build):
    """A chance-move list built once per question (a reveal may list hundreds of cards): a MoveList, so
    the core reuses its text map too."""
    got = _CACHE.get(key)
    if got is None:
        got = _CACHE[key] = MoveList(build())
    return got


def _move_text(action, variant) -> str:
    kind = action[0]
    if kind == "buy":
        return "buy " + card_label(action[1])
    if kind == "sail":
        card, dest = action[1], action[2]
        if card[0] == "c" or dest == card[1]:
            return "sail " + card_label(card)
        return f"sail {card_label(card)} to {CITIES[dest]}"
    if kind == "build":
        two, choice = variant
        text = "build"
        if two:
            text += " " + COLOURS[action[1]]
        if choice:
            text += f" site {action[2]}"
        return text
    if kind == "reopen":
        return "reopen " + COLOURS[action[1]] if variant else "reopen"
    if kind == "fortress":
        return f"fortress {action[1] + 1}" if variant else "fortress"
    if kind == "loan":
        return f"loan {action[1]}"
    return kind      # bank, end, pass


_PLAYER_MOVES: dict = {}
_REVEAL_MOVES: dict = {}
_PER_PLAYER: dict = {}
# Move caches live as long as the process: bound each one, or a process that plays many games (a test run,
# a benchmark) keeps every card ever seen and the garbage collector rescans them all (measured: 15-25% of
# a random game after a few hundred games). A game needs a few hundred entries.
_CACHE_BOUND = 4096


def _reveal_move(word, card, new=False):
    """The table enters a card turned face up, in one entry (its city or city pair, seals and price):
    ``new`` for a card from a pile nobody has seen yet, else from a known (reshuffled) pile."""
    key = (card, new)
    m = _REVEAL_MOVES.get(key)
    if m is None:
        m = _REVEAL_MOVES[key] = Move(f"{word} card {card_label(card)}", None, True,
                                      ("reveal_new" if new else "reveal_card", card))
    return m


class _KnownReveals(dict):
    """card -> the move revealing it from a known (reshuffled) pile; looked up by map() in C."""

    def __missing__(self, card):
        m = self[card] = _reveal_move("destination" if card[0] == "d" else "connection", card)
        return m


_KNOWN_REVEAL = _KnownReveals()


def _unseen_cards(kind, known_price=None):
    """Every card a pile nobody has seen may turn up (plausible seals and prices: input bounds, not data)."""
    if kind == "d":
        return [("d", c, se, pr) for c in range(len(CITIES)) for se in _rng("seals") for pr in _rng("card_price")]
    out = []
    for a, b in _PAIR_INDEX:
        price = known_price.get((CITIES[a], CITIES[b])) if known_price else None
        out += [("c", a, b, pr) for pr in ((price,) if price is not None else _rng("card_price"))]
    return out


def _player_moves(name):
    """A cached Move factory for one player: the same action gives the same Move object."""
    got = _PLAYER_MOVES.get(name)
    if got is None:
        cache: dict = {}

        def mv(action, variant=None):
            key = (action, variant)
            m = cache.get(key)
            if m is None:
                if len(cache) >= _CACHE_BOUND:    # bounded: a long process meets many cards (and GC scans it)
                    cache.clear()
                m = cache[key] = Move(_move_text(action, variant), name, False, action)
            return m
        got = _PLAYER_MOVES[name] = mv
    return got


class _PlayerMoves:
    """One player's turn moves, built once and reused: the moves that take no argument, the loan choices,
    buy moves by card, and sail moves by grid layout, card and location."""

    __slots__ = ("mv", "end", "bank", "pass_", "loans", "buys", "sail_to", "sails", "hands")

    def __init__(self, name):
        mv = self.mv = _player_moves(name)
        self.end, self.bank, self.pass_ = mv(("end",)), mv(("bank",)), mv(("pass",))
        l10, l16 = mv(("loan", 10)), mv(("loan", 16))
        self.loans = {"both": (l10, l16), 10: (l10,), 16: (l16,)}
        self.buys: dict = {}        # card -> buy move
        self.sail_to: dict = {}     # card -> [its sail move to each city, made when first listed]
        self.sails: dict = {}       # layout -> {(card, location): [sail moves]}
        self.hands: dict = {}       # layout -> {(location, *hand): [sail moves]}

    @staticmethod
    def layout_cache(by_layout, layout):
        """A new per-layout cache; a process keeps a few layouts' caches at most (a game uses one)."""
        if len(by_layout) >= 4:
            by_layout.clear()
        got = by_layout[layout] = {}
        return got

    def sail_table(self, card):
        if len(self.sail_to) >= _CACHE_BOUND:
            self.sail_to.clear()
        got = self.sail_to[card] = [None] * len(CITIES)
        return got

    def sail(self, to, card, city):
        m = to[city] = self.mv(("sail", card, city))
        return m

    def buy(self, card):
        if len(self.buys) >= _CACHE_BOUND:
            self.buys.clear()
        m = self.buys[card] = self.mv(("buy", card))
        return m


def _per_player(name):
    got = _PER_PLAYER.get(name)
    if got is None:
        got = _PER_PLAYER[name] = _PlayerMoves(name)
    return got
