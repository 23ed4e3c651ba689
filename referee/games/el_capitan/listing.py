"""El Capitan's legal moves: what each stage lists (turn moves, reveals, loan decisions, start player,
layout) and the rules that decide them (T3-T14, W1-W10, F1-F2)."""

from __future__ import annotations

from referee.core.move import Move

from .board import CITIES, layout_grid, layouts
from .chain import EMPTY, next_sites, run_ok
from .state import BANK, OFF
from .moves import _CACHE_BOUND, _KNOWN_REVEAL, _cached, _player_moves, _reveal_move, _unseen_cards


class Listing:
    """Mixin of ElCapitanRules: the legal moves of a position."""

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

    def legal(self, s):
        moves = self._list_moves(s)
        s.listed = (s.applied, moves)
        return moves

    def _listed(self, s):
        """The legal moves of this position as listed already (by the game, for its check), else listed now:
        reading an entry or a refusal must not list the position a second time (issue 25). Never changed."""
        got = s.listed
        if got is not None and got[0] == s.applied:
            return got[1]
        return self.legal(s)

    def _list_moves(self, s):
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
