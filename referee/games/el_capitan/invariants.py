"""El Capitan's conservation invariants, checked after every move of a playout (money, loans, pieces,
cards, phases)."""

from __future__ import annotations

from .board import CITIES
from .chain import EMPTY, FREE
from .state import COLOURS

_SPACES = 2 * len(CITIES)                      # harbour spaces, and fortress spaces, on the board (check)


class Invariants:
    """Mixin of ElCapitanRules: the invariants check."""

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
