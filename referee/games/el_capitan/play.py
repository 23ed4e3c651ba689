"""El Capitan: playing one move: the state it changes and what follows by itself (the turn's end, reveals,
the payday when a phase ends), until someone has to say something."""

from __future__ import annotations

from referee.core.names import display
from referee.i18n import _

from . import chain as ch
from .board import CITIES
from .chain import EMPTY
from .state import BANK, NOTE_EXTRA_LOAN, NOTE_PASSED


class Play:
    """Mixin of ElCapitanRules: apply a move and settle what follows."""

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

    def _warehouses_left(self, s, p):
        n = s.front_w[s.main[p]]
        if s.two:
            n += s.front_w[s.neutral[p]]
        return n

    def _can_buy(self, s):
        # O7 (default no): a loan turn has no other activity, so no purchase once the ship went to the bank
        return s.options["buy_in_loan_turn"] or not (s.loan_turn or s.to_bank)

    def apply(self, s, move):
        a = move.action
        kind = a[0]
        p = s.cur
        s.applied += 1        # a new position: the listing made for the last one (s.listed) no longer holds
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
                    # written when read (core/said.py), in the language in force then
                    s.flash = lambda build=a[0] == "build", name=s.players[p], price=value, c=s.ship_city[p], \
                        money=s.money[p]: (_("{name} cannot pay {price} florins for a warehouse in {city} with {money}: "
                                             "choose another move (rules W1, F2).") if build else
                                           _("{name} cannot pay {price} florins for a fortress in {city} with {money}: "
                                             "choose another move (rules W1, F2).")).format(
                            name=name, price=price, city=display("el-capitan", "city", CITIES[c]), money=money)
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
