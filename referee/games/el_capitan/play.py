"""El Capitan (Kramer & Rösner) for 2-5 players: the engine (shared/rules/el-capitan.md; the Czech rulebook
shared/seeds/001_398a47baec78ca74.txt is the authority).

Board numbers nobody has confirmed are never invented: each value the game needs (a harbour or fortress
price, a site's payday value, whether a site is dark, an expansion table row, the grid layout, a sailing
card's seals and price) is asked once, at the moment it matters, as a chance move. When the user's board
file (``referee board``) or tables/ knows the value, that chance move lists the single value (the table
auto-plays it); otherwise it lists the plausible values. Every board number the game uses is therefore in
the move log, and a record replays on any machine.
"""

from __future__ import annotations

from referee.core.errors import BadInput, IllegalMove, InvalidMove
from referee.core.move import Move, MoveList
from referee.core.rules import Rules
from referee.core.names import display
from referee.i18n import _, ngettext

from . import chain as ch, info
from .board import (CITIES, CITY_INDEX, LOAN_EXTENDED_16, LOAN_REPAY, PAIRS, PLAUSIBLE, board_for, layout_grid,
                    layouts)
from .chain import EMPTY, FREE, next_sites, run_ok
from .notation import HELP, card_label, city_named, match, suggest
from .sailing import is_sail, parse_sail
from .words import canonical_words
from .state import BANK, COLOURS, NOTE_EXTRA_LOAN, NOTE_OVERDRAWN, NOTE_PASSED, OFF, State, shown

_PAIR_INDEX = tuple((CITY_INDEX[a], CITY_INDEX[b]) for a, b in PAIRS)
_SPACES = 2 * len(CITIES)                      # harbour spaces, and fortress spaces, on the board (check)


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


class ElCapitanRules(Rules):
    def __init__(self):
        super().__init__(id=info.ID, name=info.NAME, min_players=info.MIN_PLAYERS,
                         max_players=info.MAX_PLAYERS, options=info.OPTIONS)
        self.notation = HELP

    @property
    def notation(self) -> str:
        """The notation's help in the language in force (the language may be chosen after the engine is built)."""
        return _(HELP)

    @notation.setter
    def notation(self, text: str) -> None:
        pass                                    # the base class stores the help; here it is always HELP

    # --- setup ---------------------------------------------------------------------------------------
    def record_options(self, options):
        # Every board value the game used is a chance move in the log, so the record needs no board
        # file: it replays the same on a machine that has none (or a different one).
        return {**options, "board": "none"}

    def setup(self, players, options):
        board = board_for(options.get("board", "auto"))
        n = len(players)
        need = n + (2 if n == 2 else 0)
        raw = options.get("colours") or ""
        if raw:
            colours = []
            for word in raw.replace(" ", ",").split(","):
                if not word:
                    continue
                if word not in COLOURS:
                    raise BadInput(_("Option colours: {word} is not a colour; the colours are {colours}.").format(
                        word=repr(word), colours=", ".join(COLOURS)) + suggest(word, COLOURS))
                colours.append(COLOURS.index(word))
            if len(colours) != need or len(set(colours)) != need:
                if n == 2:
                    raise BadInput(_("Option colours needs {n} different colours (a main and a neutral colour for "
                                     "each of the 2 players).").format(n=need))
                raise BadInput(_("Option colours needs {n} different colours (one per player).").format(n=need))
        else:
            colours = [0, 1, 2, 3] if n == 2 else list(range(n))   # 2 players: A red+green, B yellow+blue
        s = State(players, options, board, colours)
        s.board_layout = board.layout
        s.setup_warnings = [board.problem] if board.problem else []
        if board.loan10_extended is not None and board.loan10_extended != options["loan10_extended"]:
            s.setup_warnings.append(_("Your board file says an extended 10-florin loan is repaid with "
                                      "{board}, but this game uses {game}; start it with -o loan10-extended={board} "
                                      "to follow your cards (option O1).").format(
                board=board.loan10_extended, game=options["loan10_extended"]))
        s.dist = s.reach = None
        s.moves_of = [_per_player(name) for name in players]    # each player's cached turn moves
        self._new_pieces(s)
        for c in range(len(CITIES)):
            s.learned[("site", c, 1)] = 0      # site 1 is printed "0" in every city (confirmed)
        s.learned[("exp", 0)] = 0              # no city pays nothing [derived]
        # A deck listed in the board file only narrows the reveal questions (same texts as without the file,
        # so a record replays on a machine without it); a reshuffled discard pile is known from the log itself.
        s.file_deck = {"d": None, "c": None}
        if board.destination_cards:
            s.file_deck["d"] = [("d", CITY_INDEX[c], se, pr) for c, se, pr in board.destination_cards]
        if board.connection_cards:
            s.file_deck["c"] = [("c", CITY_INDEX[a], CITY_INDEX[b], pr) for a, b, pr in board.connection_cards]
        s.reveal_queue = ["d"] * 4 + ["c"] * 6
        s.after_reveal = "turn"
        return s

    def _new_pieces(self, s):
        """Rules S1/A5/V2: 6 warehouses and 1 fortress of the main colour, plus 2 neutral ones for 2 players."""
        for p in range(s.n):
            m = s.main[p]
            s.supply_w[m] -= 6
            s.front_w[m] += 6
            s.supply_f[m] -= 1
            s.front_f[p] += 1
            if s.two:
                u = s.neutral[p]
                s.supply_w[u] -= 2
                s.front_w[u] += 2

    # --- helpers -------------------------------------------------------------------------------------
    def _warehouses_left(self, s, p):
        n = s.front_w[s.main[p]]
        if s.two:
            n += s.front_w[s.neutral[p]]
        return n

    def _space(self, s, p, c):
        """The harbour space the ship of p has or would take in city c (T8/T9), or None if both are taken."""
        if s.ship_space[p] >= 0:
            return s.ship_space[p]
        h = s.cities[c].harbour
        if h[0] == EMPTY:
            return 0
        if h[1] == EMPTY:
            return 1
        return None

    def _can_buy(self, s):
        # O7 (default no): a loan turn has no other activity, so no purchase once the ship went to the bank
        return s.options["buy_in_loan_turn"] or not (s.loan_turn or s.to_bank)

    def _loan_faces(self, s):
        if s.options["loan_stacks"] == "unlimited":
            return (10, 16)
        faces = tuple(f for f in (10, 16) if s.stack[f] > 0)
        # both stacks empty: flagged (O12): the table lends an extra loan (noted in the log)
        return faces or (10, 16)

    def _colours_to_build(self, s, p):
        """Colours p may build now (hand constraint V3 for 2 players)."""
        m = s.main[p]
        if not s.two:
            return (m,) if s.front_w[m] > 0 else ()
        u = s.neutral[p]
        out = []
        for c in (m, u):
            if s.front_w[c] <= 0:
                continue
            ml = s.front_w[m] - (c == m)
            nl = s.front_w[u] - (c == u)
            if ml > nl or ml + nl == 0:
                out.append(c)
        return tuple(out)

    def _reopenable(self, s, p, city):
        if not city.picture:        # nothing shut here (the usual case)
            return ()
        cols = [s.main[p]]
        if s.two and s.options["reopen_neutral"]:
            cols.append(s.neutral[p])
        return [c for c in cols if c in city.picture]

    def _dist(self, s):
        if s.dist is None:
            grid = layout_grid(s.learned["layout"])
            cells = [grid[c] for c in CITIES]
            s.dist = [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in cells] for a in cells]
        return s.dist

    # --- questions: board values still unknown to this game ---------------------------------------------
    def _known(self, s, key):
        """The board file's or tables' value for a question key, or None."""
        b = s.board
        kind = key[0]
        if kind == "harbour":
            return b.harbour[CITIES[key[1]]][key[2]]
        if kind == "fortress":
            return b.fortress[CITIES[key[1]]][key[2]]
        if kind == "site":
            city = CITIES[key[1]]
            return b.final[city] if key[2] == 13 else b.sites[city][key[2]]
        if kind == "dark":
            return b.site_status(CITIES[key[1]], key[2])
        if kind == "exp":
            return b.expansion.get(key[1])
        return None

    def _question(self, s, key) -> list[Move]:
        known = self._known(s, key)
        extra = None
        if key[0] == "exp" and known is None:
            vals = {k: v for k, v in s.board.expansion.items() if v is not None}
            vals.update({k[1]: v for k, v in s.learned.items() if k[0] == "exp"})
            n = key[1]
            lo = max((v for k, v in vals.items() if k < n), default=0)
            hi = min((v for k, v in vals.items() if k > n), default=lo + 60)
            extra = (lo, max(lo, hi))
        if key[0] == "dark" and known is None:
            c, site = key[1], key[2]
            below = [s.learned.get(("dark", c, k)) for k in range(1, site)]
            # D5/W6: the k-th shut-down square (the triangle counted) lies beyond site k, so site 1, or a site
            # with as many shut-down squares below it as its number minus one, can only be plain
            may_shut = site > 1 + sum(1 for v in below if v in ("dark", "triangle"))
            # the board file's dark squares count without its triangle: a site not listed there is not dark
            listed = s.board.dark[CITIES[c]] is not None
            extra = (any(s.learned.get(("dark", c, k)) == "triangle" for k in range(1, 13)), may_shut, listed)
        return _cached((key, known, extra), lambda: self._build_question(key, known, extra))

    def _build_question(self, key, known, extra):
        kind = key[0]
        if kind == "dark":
            c, site = key[1], key[2]
            if known is not None:
                opts = (known,)
            elif not extra[1]:
                opts = ("plain",)
            else:
                opts = ("plain", "dark") if extra[0] else ("plain", "dark", "triangle")
                if extra[2]:
                    opts = tuple(o for o in opts if o != "dark")
            return [Move(f"{CITIES[c]} site {site} {o}", None, True, ("learn", key, o)) for o in opts]
        if kind == "harbour":
            values, fmt = _rng("harbour"), f"{CITIES[key[1]]} harbour {key[2] + 1} price {{}}"
        elif kind == "fortress":
            values, fmt = _rng("fortress"), f"{CITIES[key[1]]} fortress {key[2] + 1} price {{}}"
        elif kind == "site":
            values = _rng("site")
            fmt = (f"{CITIES[key[1]]} final value {{}}" if key[2] == 13
                   else f"{CITIES[key[1]]} site {key[2]} value {{}}")
        else:  # exp
            values = range(extra[0], extra[1] + 1) if extra else ()
            fmt = f"expansion {key[1]} cities {{}}"
        if known is not None:
            values = (known,)
        return [Move(fmt.format(v), None, True, ("learn", key, v)) for v in values]

    def _turn_question(self, s):
        """The board value a just-announced build or fortress needs (D6: asked when it matters), or None."""
        a = s.pending_build
        p = s.cur
        c = s.ship_city[p]
        if a is not None:
            if a[0] == "build":
                return ("harbour", c, self._space(s, p, c))
            return ("fortress", c, a[1])
        return None

    def _payday_question(self, s):
        learned = s.learned
        for ci, city in enumerate(s.cities):
            if city.top == 0 and city.fort[0] == EMPTY and city.fort[1] == EMPTY:
                continue
            key = ("site", ci, ch.next_value_site(city))
            if key not in learned:
                return key
        for p in range(s.n):
            key = ("exp", self._cities_of(s, p))
            if key not in learned:
                return key
        return None

    def _cities_of(self, s, p):
        m = s.main[p]
        return sum(1 for city in s.cities if m in city.sites)

    # --- legal -----------------------------------------------------------------------------------------
    def legal(self, s):
        st = s.stage
        if st == "turn":
            if s.pending_dark is not None:
                c, site, _ = s.pending_dark
                return self._question(s, ("dark", c, site))
            if s.pending_build is not None:
                return self._question(s, self._turn_question(s))
            return self._turn_moves(s)
        if st == "reveal":
            return self._reveal_moves(s)
        if st == "payday":
            return self._question(s, self._payday_question(s))
        if st == "loans":
            p = s.settle_queue[0][0]
            mv = _player_moves(s.players[p])
            out = [mv(("repay",)), mv(("extend",))]
            if len(s.settle_queue) > 1 and s.settle_queue[1][0] == p:
                out += [mv(("repay all",)), mv(("extend all",))]
            return out
        if st == "start":
            who = None if s.chooser is None else s.players[s.chooser]
            return [Move(f"start {name.lower()}", who, False, ("start", q)) for q, name in enumerate(s.players)]
        if st == "grid":
            known = s.board_layout
            opts = [known] if known else layouts()
            return _cached(("layout", known), lambda: [
                Move("layout " + " ".join(lay), None, True, ("layout", lay)) for lay in opts])
        return []

    def _reveal_moves(self, s):
        kind = s.reveal_queue[0]
        word = "destination" if kind == "d" else "connection"
        if s.draw_unknown[kind] > 0:
            deck = s.file_deck[kind]
            if deck is not None:       # the whole deck is in the board file: only its cards not seen yet
                return [_reveal_move(word, card, True) for card in sorted(set(deck))]
            prices = s.board.connection_price
            return _cached(("unseen", kind, tuple(sorted(prices.items()))), lambda: [
                _reveal_move(word, card, True) for card in _unseen_cards(kind, prices)])
        # a known pile (a reshuffled discard pile): only its cards
        return list(map(_KNOWN_REVEAL.__getitem__, sorted(set(s.draw_known[kind]))))

    def _turn_moves(self, s):
        p = s.cur
        pm = s.moves_of[p]
        out = []
        opts = s.options
        if opts["buy_in_loan_turn"] or not (s.loan_turn or s.to_bank):     # T3, O7
            money = s.money[p]
            fd, fc = s.face["d"], s.face["c"]
            limit = money
            if fd and s.ship_city[p] == OFF and not any(c[0] == "d" for c in s.hands[p]):
                # T14: the first turn needs a destination card: keep enough for the cheapest one
                limit = money - min(c[3] for c in fd)
            buys = pm.buys
            for card in fd:
                if card[3] <= money:
                    m = buys.get(card)
                    out.append(m if m is not None else pm.buy(card))
            for card in fc:
                if card[3] <= limit:
                    m = buys.get(card)
                    out.append(m if m is not None else pm.buy(card))
            if len(out) > 1 and (len(set(fd)) < len(fd) or len(set(fc)) < len(fc)):
                out = list(dict.fromkeys(out))         # two identical cards face up: one move
        if s.acted:
            out.append(pm.end)
            return out
        if s.to_bank:
            # T12/T13: a ship sailed to the bank takes its loan at once; it does not sail on this turn
            out += pm.loans[self._loan_key(s)]
            return out
        loc = s.ship_city[p]
        hand = s.hands[p]
        if hand and (not s.dest_leg or opts["legs_after_destination"]):
            layout = s.learned.get("layout")
            by_hand = pm.hands.get(layout)     # per layout: a key with the layout in it rehashes 9 names
            if by_hand is None:
                by_hand = pm.layout_cache(pm.hands, layout)
            key = (loc, *hand)        # a hand often comes back unchanged (other players' turns, reveals)
            got = by_hand.get(key)
            if got is None:
                if len(by_hand) >= _CACHE_BOUND:
                    by_hand.clear()
                # after a purchase the hand is the last one plus a card at the end: extend that listing
                before = by_hand.get(key[:-1]) if len(hand) > 1 else None
                if before is not None and hand[-1] not in key[1:-1]:
                    got = before + self._hand_sails(s, pm, layout, hand[-1:], loc)
                else:
                    got = self._hand_sails(s, pm, layout, hand, loc)
                by_hand[key] = got
            out += got
        if loc >= 0:
            if s.turns[p]:
                out.append(pm.bank)
            out.extend(self._actions(s, p, loc, pm.mv))
        elif loc == BANK and s.turns[p]:
            out += pm.loans[self._loan_key(s)]
        if not out:
            out.append(pm.pass_)
        return out

    def _hand_sails(self, s, pm, layout, hand, loc):
        """The sail moves a hand allows from a location: each distinct card's moves, in hand order."""
        cache = pm.sails.get(layout)
        if cache is None:
            cache = pm.layout_cache(pm.sails, layout)
        elif len(cache) >= _CACHE_BOUND:
            cache.clear()
        out = []
        for card in dict.fromkeys(hand):
            got = cache.get((card, loc))
            if got is None:
                got = cache[(card, loc)] = self._sails(pm, self._reach(s), card, loc)
            out += got
        return out

    @staticmethod
    def _loan_key(s):
        """Which loan faces may be taken (T13, O12): 'both', or the one face whose stack still has cards."""
        if s.options["loan_stacks"] == "unlimited":
            return "both"
        st = s.stack
        a, b = st[10] > 0, st[16] > 0
        if a == b:              # both left, or both stacks empty: flagged (O12), the table lends either
            return "both"
        return 10 if a else 16

    @staticmethod
    def _sails(pm, reach, card, loc):
        """The sail moves one card allows from a location (T5, T6, T10). A card's move to a city is the same
        from wherever the ship sails, so it is made once per card and destination (pm.sail_to)."""
        to = pm.sail_to.get(card)
        if to is None:
            to = pm.sail_table(card)
        out = []
        if card[0] == "d":
            target = card[1]
            if target != loc:
                out.append(to[target] or pm.sail(to, card, target))
            if loc >= 0:
                for d in reach[loc][card[2]]:
                    if d != target:
                        out.append(to[d] or pm.sail(to, card, d))
        elif loc >= 0 and (card[1] == loc or card[2] == loc):
            d = card[2] if card[1] == loc else card[1]
            out.append(to[d] or pm.sail(to, card, d))
        return out

    def _reach(self, s):
        """reach[city][seals]: the cities a sea route with that many seals reaches (T5b: grid distance 1..N)."""
        if s.reach is None:
            dist = self._dist(s)
            s.reach = [[tuple(d for d in range(9) if 0 < dist[c][d] <= k) for k in range(9)] for c in range(9)]
        return s.reach

    def _actions(self, s, p, c, mv):
        space = self._space(s, p, c)
        if space is None:
            return []
        out = []
        city = s.cities[c]
        nexts = next_sites(city)
        m, u = s.main[p], s.neutral[p]
        money = s.money[p]
        learned = s.learned
        if nexts:
            # an unknown price (even one the board file knows) is asked once the build is announced: what is
            # listed must not depend on the board file, so that a record replays the same without it
            price = learned.get(("harbour", c, space))
            if price is None or price <= money:       # unknown: asked once the build is announced
                variant = (s.two, len(nexts) > 1)
                for col in self._colours_to_build(s, p):
                    for site in nexts:
                        if run_ok(city, site, col, m, u):
                            out.append(mv(("build", col, site), variant))
            if city.picture:
                for col in self._reopenable(s, p, city):
                    site = nexts[0]
                    if run_ok(city, site, col, m, u):
                        out.append(mv(("reopen", col, site), s.two))
        fort = city.fort
        if s.front_f[p] > 0 and m not in fort:
            if s.options["fortress_space"] == "choice":
                for sp in (0, 1):
                    if fort[sp] == EMPTY:
                        price = learned.get(("fortress", c, sp))
                        if price is None or price <= money:
                            out.append(mv(("fortress", sp), True))
            else:                  # O11 default: the first free space
                sp = 0 if fort[0] == EMPTY else 1 if fort[1] == EMPTY else None
                if sp is not None:
                    price = learned.get(("fortress", c, sp))
                    if price is None or price <= money:
                        out.append(mv(("fortress", sp), False))
        return out

    # --- apply -----------------------------------------------------------------------------------------
    def apply(self, s, move):
        a = move.action
        kind = a[0]
        p = s.cur
        s.flash = None
        s.notes_mark = len(s.notes)   # notes added by this move are its events
        s.paid_now = False
        if kind == "buy":
            card = a[1]
            s.money[p] -= card[3]
            s.bank += card[3]
            s.face[card[0]].remove(card)
            s.hands[p].append(card)
            s.in_hand[card[0]] += 1
        elif kind == "reveal_card":
            card = a[1]
            s.reveal_queue.pop(0)
            s.draw_known[card[0]].remove(card)
            s.face[card[0]].append(card)
        elif kind == "reveal_new":
            card = a[1]
            s.reveal_queue.pop(0)
            s.draw_unknown[card[0]] -= 1
            if s.file_deck[card[0]] is not None:
                s.file_deck[card[0]].remove(card)
            s.face[card[0]].append(card)
        elif kind == "sail":
            card, dest = a[1], a[2]
            self._leave(s, p)
            if card[0] == "d" and s.ship_city[p] < 0:
                s.dest_leg = True
            s.hands[p].remove(card)
            s.in_hand[card[0]] -= 1
            s.discard[card[0]].append(card)
            s.ship_city[p] = dest
        elif kind == "bank":
            self._leave(s, p)
            s.ship_city[p] = BANK
            s.to_bank = True
        elif (kind == "build" or kind == "fortress") and self._price_unknown(s, p, a):
            s.pending_build = a        # D6: the table reads the price off the board first
        elif kind == "build" or kind == "reopen":
            self._place(s, p, a)
        elif kind == "fortress":
            self._fortress(s, p, a)
        elif kind == "loan":
            face = a[1]
            extra = s.options["loan_stacks"] == "finite" and s.stack[face] == 0
            if extra:
                s.notes.append(NOTE_EXTRA_LOAN.format(face=face, name=s.players[p]))
            elif s.options["loan_stacks"] == "finite":
                s.stack[face] -= 1
            s.money[p] += face
            s.bank -= face
            key = (face, False, extra or s.options["loan_stacks"] != "finite")
            s.loans[p][key] = s.loans[p].get(key, 0) + 1
            s.acted = True
            s.loan_turn = True
        elif kind == "learn":
            key, value = a[1], a[2]
            s.learned[key] = value
            a = s.pending_build
            if a is not None:
                s.pending_build = None
                if value <= s.money[p]:
                    (self._place if a[0] == "build" else self._fortress)(s, p, a)
                else:
                    # shown in the next prompt and as this move's event (never stored in the view)
                    city = display("el-capitan", "city", CITIES[s.ship_city[p]])
                    if a[0] == "build":
                        s.flash = _("{name} cannot pay {price} florins for a warehouse in {city} with {money}: "
                                    "choose another move (rules W1, F2).").format(
                            name=s.players[p], price=value, city=city, money=s.money[p])
                    else:
                        s.flash = _("{name} cannot pay {price} florins for a fortress in {city} with {money}: "
                                    "choose another move (rules W1, F2).").format(
                            name=s.players[p], price=value, city=city, money=s.money[p])
            elif key[0] == "dark" and s.pending_dark is not None:
                c, site, how = s.pending_dark
                s.pending_dark = None
                self._shut(s, c, value)
                self._bonus_check(s, p, how)
        elif kind == "end":
            self._end_turn(s)
        elif kind == "pass":
            c = s.ship_city[p]
            if c >= 0 and s.ship_space[p] < 0:
                if self._space(s, p, c) is not None:
                    self._anchor(s, p, c)
                else:
                    s.ship_city[p] = BANK
            s.notes.append(NOTE_PASSED.format(name=s.players[p]))      # English: translated where shown
            self._end_turn(s)
        elif kind in ("repay", "extend", "repay all", "extend all"):
            q = s.settle_queue[0][0]
            while s.settle_queue and s.settle_queue[0][0] == q:
                q, key = s.settle_queue.pop(0)
                held = s.loans[q]
                held[key] -= 1
                if not held[key]:
                    del held[key]
                if kind.startswith("extend"):
                    ext = (key[0], True, key[2])
                    held[ext] = held.get(ext, 0) + 1
                else:
                    self._repay(s, q, key)
                if not kind.endswith("all"):
                    break
        elif kind == "start":
            self._new_phase(s, a[1])
        elif kind == "layout":
            s.learned["layout"] = a[1]
            s.dist = s.reach = None
            s.stage = "reveal"
        self._settle(s)

    def _price_unknown(self, s, p, a):
        c = s.ship_city[p]
        key = ("harbour", c, self._space(s, p, c)) if a[0] == "build" else ("fortress", c, a[1])
        return key not in s.learned

    def _place(self, s, p, a):
        """Build (W1, W3) or reopen (W10) a warehouse where the ship is, then the shut-down check (W6)."""
        kind = a[0]
        col, site = a[1], a[2]
        c = s.ship_city[p]
        self._anchor(s, p, c)
        city = s.cities[c]
        backward = city.full
        if kind == "build":
            price = s.learned[("harbour", c, s.ship_space[p])]
            s.money[p] -= price
            s.bank += price
            s.front_w[col] -= 1
        else:
            city.picture.remove(col)
        s.stamp += 1
        ch.place(city, site, col, s.stamp)
        s.acted = True
        if backward:
            matters = s.options["backward_shuts"]
        else:
            matters = kind == "build" or s.options["reopen_shuts"]
        if matters:
            key = ("dark", c, site)
            if key in s.learned:
                self._shut(s, c, s.learned[key])
                self._bonus_check(s, p, kind)
            else:
                s.pending_dark = (c, site, kind)
        else:
            self._bonus_check(s, p, kind)

    def _fortress(self, s, p, a):
        """Build a fortress on space a[1] (F1, F2)."""
        sp = a[1]
        c = s.ship_city[p]
        self._anchor(s, p, c)
        price = s.learned[("fortress", c, sp)]
        s.money[p] -= price
        s.bank += price
        s.cities[c].fort[sp] = s.main[p]
        s.front_f[p] -= 1
        s.acted = True

    def _leave(self, s, p):
        c = s.ship_city[p]
        if c >= 0 and s.ship_space[p] >= 0:
            s.cities[c].harbour[s.ship_space[p]] = EMPTY
        s.ship_space[p] = -1

    def _anchor(self, s, p, c):
        if s.ship_space[p] < 0:
            sp = self._space(s, p, c)
            s.cities[c].harbour[sp] = p
            s.ship_space[p] = sp

    def _shut(self, s, c, status):
        if status == "dark" or (status == "triangle" and s.n <= 3):
            ch.shut_head(s.cities[c])

    def _bonus_check(self, s, p, how):
        """P6: the first time a player has operating warehouses in all 9 cities he takes the best bonus card."""
        if s.bonus[p] or not s.bonus_left:
            return
        if how == "reopen" and not s.options["reopen_bonus"]:
            return
        if self._cities_of(s, p) == 9:
            s.bonus[p] = s.bonus_left.pop(0)

    def _repay(self, s, p, loan):
        value = self._repay_value(s, loan)
        s.money[p] -= value
        s.bank += value
        if not loan[2]:
            s.stack[loan[0]] += 1
        if s.money[p] < 0:
            s.notes.append(NOTE_OVERDRAWN.format(name=s.players[p], money=s.money[p]))

    def _repay_value(self, s, loan):
        face, ext = loan[0], loan[1]
        if not ext:
            return LOAN_REPAY[face]
        return s.options["loan10_extended"] if face == 10 else LOAN_EXTENDED_16

    def _end_turn(self, s):
        p = s.cur
        s.turns[p] += 1
        if not s.phase_end:
            for q in range(s.n):
                if s.front_f[q] == 0 and self._warehouses_left(s, q) == 0:
                    s.phase_end = True
                    break
        s.acted = s.loan_turn = s.dest_leg = s.to_bank = False
        nxt = (p + 1) % s.n
        s.cur = nxt
        s.reveal_queue = ["d"] * (4 - len(s.face["d"])) + ["c"] * (6 - len(s.face["c"]))
        s.after_reveal = "payday" if (s.phase_end and nxt == s.start) else "turn"
        s.stage = "reveal"

    def _settle(self, s):
        while True:
            st = s.stage
            if st == "reveal":
                if s.reveal_queue:
                    kind = s.reveal_queue[0]
                    if s.draw_unknown[kind] == 0 and not s.draw_known[kind]:
                        if s.discard[kind]:       # T4: shuffle the discard pile into a new draw pile
                            s.draw_known[kind] = s.discard[kind]
                            s.discard[kind] = []
                        else:
                            s.reveal_queue.pop(0)
                            continue
                    return
                s.stage = s.after_reveal
                continue
            if st == "turn":
                if s.pending_dark is None and s.acted:
                    if not self._can_buy(s) or not self._any_affordable(s):
                        self._end_turn(s)
                        continue
                return
            if st == "payday":
                if self._payday_question(s) is not None:
                    return
                self._payday(s)
                continue
            if st == "loans":
                if s.settle_queue:
                    return
                self._finance_check(s)
                return
            return

    def _any_affordable(self, s):
        money = s.money[s.cur]
        for kind in ("d", "c"):
            for card in s.face[kind]:
                if card[3] <= money:
                    return True
        return False

    # --- payday ----------------------------------------------------------------------------------------
    def payday_input(self, s, with_money=False) -> dict:
        by_time = s.options["tie_order"] == "build-time"
        players = []
        for p in range(s.n):
            d = {"name": s.players[p], "colour": COLOURS[s.main[p]]}
            if s.two:
                d["neutral"] = COLOURS[s.neutral[p]]
            players.append(d)
        cities = {}
        for ci, city in enumerate(s.cities):
            forts = [COLOURS[f] for f in city.fort if f != EMPTY]
            if city.top == 0 and not forts:
                continue
            cities[CITIES[ci]] = {"chain": [COLOURS[c] for c in ch.chain_order(city, by_time)],
                                  "next_value": s.learned[("site", ci, ch.next_value_site(city))],
                                  "fortresses": forts}
        data = {"game": "el-capitan", "payday": s.phase, "players": players, "cities": cities,
                "bonus_cards": {COLOURS[s.main[p]]: s.bonus[p] for p in range(s.n) if s.bonus[p]},
                "expansion_table": {str(k[1]): v for k, v in s.learned.items() if k[0] == "exp"},
                "options": {"fortress_basis": s.options["fortress_basis"],
                            "neutral_in_totals": s.options["neutral_in_totals"]}}
        if with_money:
            data["money"] = {COLOURS[s.main[p]]: s.money[p] for p in range(s.n)}
            data["loans"] = {COLOURS[s.main[p]]: [self._repay_value(s, k) for k, c in sorted(s.loans[p].items())
                                                  for _ in range(c)] for p in range(s.n)}
        return data

    def _payday(self, s):
        from scoring.el_capitan import payday as compute, validate

        final = s.phase == 3
        data = self.payday_input(s, with_money=final)
        pay = compute(validate(data, allow_negative_money=True))
        s.last_payday = {}
        for p in range(s.n):
            parts = pay[COLOURS[s.main[p]]]
            amount = parts["expansion"] + parts["majority"] + parts["fortresses"] + parts["bonus_cards"]
            s.money[p] += amount
            s.bank -= amount
            s.last_payday[s.players[p]] = dict(parts, total=amount)
        s.paydays += 1
        s.paid_now = True
        order = [(s.start + k) % s.n for k in range(s.n)]
        if final:
            s.final_input = data
            for p in order:     # G1: every loan must be repaid now
                for key, count in sorted(s.loans[p].items()):
                    for _ in range(count):
                        self._repay(s, p, key)
                s.loans[p] = {}
            s.stage = "over"
            return
        queue = []
        for p in order:         # A1: extended loans fall due now; the others are repaid or extended
            keep = {}
            for key, count in sorted(s.loans[p].items()):
                if key[1]:
                    for _ in range(count):
                        self._repay(s, p, key)
                else:
                    keep[key] = count
                    queue.extend([(p, key)] * count)
            s.loans[p] = keep
        s.settle_queue = queue
        s.stage = "loans"

    def net(self, s, p):
        return s.money[p] - sum(self._repay_value(s, k) * c for k, c in s.loans[p].items())

    def _finance_check(self, s):
        """A3/A4: the player with the lowest net (cash minus loans due) chooses the next start player."""
        order = [(s.start + k) % s.n for k in range(s.n)]
        nets = [self.net(s, p) for p in range(s.n)]
        low = min(nets)
        tied = [p for p in order if nets[p] == low]
        if len(tied) > 1 and s.options["start_tie"] == "table":
            s.chooser = None
        else:
            s.chooser = tied[0]
        s.stage = "start"

    def _new_phase(self, s, q):
        s.phase += 1
        s.start = s.cur = q
        s.phase_end = False
        s.chooser = None
        self._new_pieces(s)
        s.stage = "turn"

    # --- state queries ---------------------------------------------------------------------------------
    def finished(self, s):
        return s.stage == "over"

    def events(self, s):
        out = [s.flash] if s.flash else []
        out += [shown(note) for note in s.notes[s.notes_mark:]]
        if s.paid_now:
            out.append(_("Payday {n}: {paid}.").format(n=s.paydays, paid="; ".join(
                _("{name} receives {total}").format(name=name, total=parts["total"])
                for name, parts in s.last_payday.items())))
        return out

    def result(self, s):
        if s.stage != "over":
            return None
        from scoring.el_capitan import score_validated, validate

        return score_validated(validate(s.final_input, allow_negative_money=True))

    def to_move(self, s):
        st = s.stage
        if st == "turn":
            if s.pending_dark is not None or self._turn_question(s) is not None:
                return None
            return s.players[s.cur]
        if st == "loans":
            return s.players[s.settle_queue[0][0]]
        if st == "start":
            return None if s.chooser is None else s.players[s.chooser]
        return None

    # --- one entry, several moves; Enter ---------------------------------------------------------------
    _VERBS = frozenset(("buy", "sail", "bank", "build", "reopen", "fortress", "loan", "end", "repay", "extend"))

    def split_entry(self, s, text):
        """The moves said in one breath (core/entry.py), read one at a time from the position they meet:
        'buy marseille 3s 4f sail marseille 3s 4f build end' is the buy, then the rest read again after it.
        A board question with a single answer (the board file knows it) is answered first, as the table
        does. None: the text is one move."""
        legal = self.legal(s)
        words = canonical_words(text).split()
        if len(legal) == 1 and legal[0].chance and words and " ".join(words) != legal[0].text:
            try:
                self.parse(s, " ".join(words))         # the typed text answers it: that is one move
            except (IllegalMove, InvalidMove):
                return [legal[0].text, text]
            return None
        verbs = [i for i in range(len(words)) if words[i] in self._VERBS and (i == 0 or words[i - 1] != "to")]
        if len(verbs) < 2:
            return None                 # one move (perhaps led by a player's name: 'Ann build')
        cut = verbs[1]
        return [" ".join(words[:cut]), " ".join(words[cut:])]

    def default_move(self, s):
        """What Enter plays: 'end' once the turn's action is done (buying more cards is the exception), and
        the one legal move where there is only one (a board question the board file answers)."""
        legal = self.legal(s)
        if len(legal) == 1:
            return legal[0].text
        if s.stage == "turn" and s.acted and any(m.text == "end" and m.action == ("end",) for m in legal):
            return "end"
        return None

    # --- parse: abbreviations and the rule behind a refusal ---------------------------------------------
    def parse(self, s, text):
        legal = self.legal(s)
        texts = [m.text for m in legal]
        text = canonical_words(text)          # Czech, any case, with or without accents
        if text in texts:
            return text
        if s.stage == "reveal":
            got = self._reveal_text(s, text, texts)
            if got:
                return got
        if legal and all(m.chance and m.action[0] == "learn" for m in legal):
            # a board question answered with just the value: "9", "price 9", "value 12", "dark"
            words = [w for w in text.split() if w not in ("price", "value", "florins", "fl", "is", "it's")]
            if len(words) == 1:
                answer = int(words[0]) if words[0].isascii() and words[0].isdigit() else words[0]
                hits = [m.text for m in legal if m.action[2] == answer]
                if len(hits) == 1:
                    return hits[0]
                if isinstance(answer, int):
                    values = [m.action[2] for m in legal]
                    raise IllegalMove(_("{answer} is not a possible answer here; the referee accepts "
                                        "{low} to {high} (a printed board value, rule D6).").format(
                        answer=answer, low=min(values), high=max(values)))
        words = text.split()
        if words and words[0] == "build" and "site" not in words:
            # a city's first warehouse: plain "build" takes site 1; site 2 is named when wanted (W3a)
            firsts = [m for m in texts if m.startswith(text + " site 1")]
            if len(firsts) == 1 and any(m.startswith(text + " site 2") for m in texts):
                return firsts[0]
        if s.stage == "turn" and is_sail(words):
            # the card typed is the card that sails, or the entry is refused (never another card that can)
            return parse_sail(self, s, words, legal)
        hit = match(text, texts)
        if hit:
            return hit
        if (len(legal) == 1 and legal[0].action[0] == "learn" and legal[0].action[1][0] == "dark"
                and self._known(s, legal[0].action[1]) is None):
            site = legal[0].action[1][2]
            raise IllegalMove(_("Site {site} can only be plain: the k-th shut-down square lies beyond site k, or a "
                                "warehouse there would shut itself (rules W6, D5).").format(site=site))
        if len(legal) == 1 and legal[0].chance and legal[0].action[0] in ("learn", "layout"):
            only = legal[0].text
            if only.rsplit(" ", 1)[0] == text.rsplit(" ", 1)[0] or (words and words[0] == "layout"
                                                                     and only.startswith("layout")):
                raise IllegalMove(_("Your board data says '{only}', not '{text}'; correct the board file "
                                    "(referee board) if it is wrong, or replay this game with the option "
                                    "board=none.").format(only=only, text=text))
        from .explain import explain

        reason = explain(self, s, text, words)
        if reason:
            raise IllegalMove(reason)
        head = words[0] if words else ""
        verbs = ("buy", "sail", "bank", "build", "reopen", "fortress", "loan", "end", "pass", "repay", "extend",
                 "start", "layout", "destination", "connection", "price", "expansion") + CITIES
        if head not in verbs and not any(v.startswith(head) for v in verbs):
            raise InvalidMove(_("'{text}' is not El Capitan notation.").format(text=text) + suggest(head, verbs)
                              + " " + _("Type 'help' for the notation or 'moves' for the legal moves."))
        listed = ", ".join(texts[:8]) + (", ..." if len(texts) > 8 else "")
        raise IllegalMove(_("'{text}' is not a legal move now; legal now: {moves}.").format(text=text, moves=listed))

    def _reveal_text(self, s, text, texts):
        """A card turned face up, typed the way the table reads it out: 'marseille 3 4', 'mars 3 seals price 4',
        'venezia tanger 3' (any order of the pair). Returns the canonical text, or None if it does not read as
        a card; IllegalMove when it reads as a card this pile cannot hold."""
        kind = s.reveal_queue[0]
        cities, numbers, said = [], [], None
        words = text.replace("-", " ").replace(",", " ").split()
        for w in words:
            if w in ("destination", "dest", "connection", "conn"):
                said = "d" if w.startswith("dest") else "c"
                continue
            if w in ("card", "seals", "seal", "price", "florins", "fl"):
                if w != "card" and numbers and numbers[-1][1] is None:     # '3 seals 4 florins'
                    numbers[-1] = (numbers[-1][0], "s" if w.startswith("seal") else "f")
                continue
            unit = w[-1] if w[-1:] in ("s", "f") and w[:-1].isascii() and w[:-1].isdigit() else None
            num = w[:-1] if unit else w
            if num.isascii() and num.isdigit():
                numbers.append((int(num), unit))
                continue
            c = city_named(w)
            if c is None:
                return None
            cities.append(c)
        if said is not None and said != kind:      # every word honoured: the pile named is the pile turned up
            if kind == "d":
                raise IllegalMove(_("The card turned up is from the destination/sea-route pile, not a connection "
                                    "card (rule T4)."))
            raise IllegalMove(_("The card turned up is from the connection pile, not a destination card "
                                "(rule T4)."))
        seals = [v for v, u in numbers if u == "s"]
        prices = [v for v, u in numbers if u == "f"]
        bare = [v for v, u in numbers if u is None]
        if kind == "d" and len(cities) == 1 and len(numbers) == 2 and len(seals) <= 1 and len(prices) <= 1:
            if seals and prices:
                se, pr = seals[0], prices[0]
            elif seals:
                se, pr = seals[0], bare[0]
            elif prices:
                se, pr = bare[0], prices[0]
            else:
                se, pr = bare
            card = ("d", cities[0], se, pr)
        elif kind == "c" and len(cities) == 2 and len(numbers) == 1 and cities[0] != cities[1] and not seals:
            a, b = sorted(cities)
            card = ("c", a, b, numbers[0][0])
        elif cities and numbers:
            if kind == "c":
                raise IllegalMove(_("The card turned up is from the connection pile: enter its two cities and its "
                                    "price, e.g. 'tanger venezia 3' (rule T4)."))
            raise IllegalMove(_("The card turned up is from the destination/sea-route pile: enter its city, seals "
                                "and price, e.g. 'marseille 3 4' (rule T4)."))
        else:
            return None
        word = "destination" if kind == "d" else "connection"
        canonical = f"{word} card {card_label(card)}"
        if canonical in texts:
            return canonical
        if s.draw_unknown[kind] == 0 or s.file_deck[kind] is not None:
            raise IllegalMove(ngettext("{card} is not in the face-down pile (it holds {n} possible card; type "
                                       "'moves' to list them, rule T4).",
                                       "{card} is not in the face-down pile (it holds {n} possible cards; type "
                                       "'moves' to list them, rule T4).", len(set(texts))).format(
                card=card_label(card), n=len(set(texts))))
        lo_s, hi_s = PLAUSIBLE["seals"]
        lo_p, hi_p = PLAUSIBLE["card_price"]
        if kind == "d":
            raise IllegalMove(_("A destination card is entered as its city, seals and price: seals {low_seals}-"
                                "{high_seals}, price {low_price}-{high_price}.").format(
                low_seals=lo_s, high_seals=hi_s, low_price=lo_p, high_price=hi_p))
        raise IllegalMove(_("A connection card is entered as its two cities and price: seals {low_seals}-"
                            "{high_seals}, price {low_price}-{high_price} (Venezia-Tanger costs 3, rule 3.2).").format(
            low_seals=lo_s, high_seals=hi_s, low_price=lo_p, high_price=hi_p))


    # --- presentation ------------------------------------------------------------------------------------
    def prompt(self, s):
        from .present import prompt

        return prompt(self, s)

    def view(self, s):
        from .present import view

        return view(self, s)

    def render(self, s):
        from .render import render

        return render(self, s)

    # --- invariants ------------------------------------------------------------------------------------------
    def check(self, s):
        """Conservation invariants, recomputed from the pieces themselves after every move (kept cheap: it
        runs after each move of a playout, so the pieces are gathered and counted by whole-table builtins)."""
        n = s.n
        if sum(s.money) + s.bank != 20 * n:
            raise AssertionError("money is not conserved between the players and the bank")
        if s.options["loan_stacks"] == "finite":
            h10 = h16 = 0
            for ls in s.loans:
                for k, c in ls.items():
                    if not k[2]:
                        if k[0] == 10:
                            h10 += c
                        else:
                            h16 += c
            if s.stack[10] + h10 != 18 or s.stack[16] + h16 != 12:
                raise AssertionError("loan cards are not conserved")
        cities = s.cities
        sites = b"".join([city.sites for city in cities])
        shut = []
        forts = []
        harbours = []
        for city in cities:      # a plain loop with += is the cheapest gather (measured against map/chain/sum)
            shut += city.picture
            f = city.fort
            if f[0] != EMPTY and f[0] == f[1]:
                raise AssertionError("two fortresses of one colour in a city")
            forts += f
            harbours += city.harbour
        if len(forts) != _SPACES or len(harbours) != _SPACES:
            raise AssertionError("a city has a fortress or harbour space too many or too few")
        anchored = 0
        ship_city, ship_space = s.ship_city, s.ship_space
        supply_f, front_f, mains = s.supply_f, s.front_f, s.main
        for q in range(n):      # each player's ship and fortresses, in one pass
            sp = ship_space[q]
            if sp >= 0:
                anchored += 1
                if cities[ship_city[q]].harbour[sp] != q:
                    raise AssertionError("a ship is not in its harbour space")
            c = mains[q]
            if supply_f[c] + front_f[q] + forts.count(c) != 3:
                raise AssertionError(f"{COLOURS[c]} fortresses not conserved")
        if _SPACES - harbours.count(EMPTY) != anchored:
            raise AssertionError("a harbour space holds a ship that is not there")
        supply_w, front_w = s.supply_w, s.front_w
        placed = sites.count
        shut_count = shut.count
        counted = 0
        for c in s.in_play:
            on_board = placed(c) + shut_count(c)
            if supply_w[c] + front_w[c] + on_board != 18 or front_w[c] < 0 or supply_w[c] < 0:
                raise AssertionError(f"{COLOURS[c]} warehouses not conserved")
            counted += on_board
        if len(sites) - placed(FREE) + len(shut) != counted:
            raise AssertionError("warehouses not conserved: a site or picture holds a colour not in play")
        in_hand, face, unknown, known, discard = s.in_hand, s.face, s.draw_unknown, s.draw_known, s.discard
        fd, fc = face["d"], face["c"]
        if unknown["d"] + len(known["d"]) + len(fd) + len(discard["d"]) + in_hand["d"] != 18:
            raise AssertionError("sailing cards of deck d are not conserved")
        if unknown["c"] + len(known["c"]) + len(fc) + len(discard["c"]) + in_hand["c"] != 36:
            raise AssertionError("sailing cards of deck c are not conserved")
        if len(fd) > 4 or len(fc) > 6:
            raise AssertionError("too many face-up sailing cards")
        if sum(map(len, s.hands)) != in_hand["d"] + in_hand["c"]:
            raise AssertionError("hand cards are not accounted for")
        if len(s.bonus_left) + n - s.bonus.count(0) != 3:
            raise AssertionError("bonus cards not conserved")
        if not 1 <= s.phase <= 3:
            raise AssertionError("phase out of range")
        if s.paydays != (s.phase if s.stage in ("loans", "start", "over") else s.phase - 1):
            raise AssertionError("payday bookkeeping is off")
        if s.stage == "over":
            res = self.result(s)
            for e in res.ranking:
                assert e.total == s.money[s.players.index(e.player)], "final money disagrees with the payday"
