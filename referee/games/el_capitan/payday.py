"""El Capitan's payday (rules P1-P6, A1-A4, G1): the scoring input, the payments, loans repaid or extended,
and who chooses the next start player."""

from __future__ import annotations

from . import chain as ch
from .board import CITIES, LOAN_EXTENDED_16, LOAN_REPAY
from .chain import EMPTY
from .state import COLOURS, NOTE_OVERDRAWN


class Payday:
    """Mixin of ElCapitanRules: paydays and loans."""

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
