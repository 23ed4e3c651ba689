"""Port Royal (base game) engine: setup, legal moves, apply, prompt, view, check.

Rule labels (D1, T8, C4, ...) refer to shared/rules/port-royal.md. Phase 1 separates the active player's
decision to flip (a player move) from the card revealed (a chance move listing only cards that can
still be in the draw pile, C4). Automatic payments are applied here and described in ``state.events``.
"""

from __future__ import annotations

from referee.core.move import Move
from referee.core.names import display
from referee.i18n import N_, _, ngettext
from referee.core.rules import Rules
from referee.core.said import said, sentences

from . import cards as C, info
from .cards import (COINS, COLOUR, COLOURS, COPIES, COST, DELTAS, DESCRIBE, EXP_ACH, EXPEDITION, IDS,
                    INFLUENCE, KIND, PERSON, REQUIRE, S_ADM, S_ANCHOR, S_CROSS, S_EXP, S_GOV, S_HOUSE,
                    S_INFL, S_JES, S_JOKER, S_MAD, S_SWORDS, S_TRADER, SHIP, SKULL, SWORDS, SYMBOL_IDS,
                    TAX, TYPE)
from .expeditions import SYMBOL_WORD, claim_text, combo_names, combo_words, combos  # noqa: F401
from .found import CHANCE_MOVES, affordable, can_pay, can_take, listed as _listed
from .words import HELP as NOTATION_HELP
from .state import CLOSE, FLIP, OVER, REVEAL, SHIP as SHIP_PHASE, TAKE, PortRoyalState

NC = C.N
RESHUFFLE_MOVE = Move("reshuffle", None, False, ("reshuffle",))
PAID_MOVES = tuple(Move("paid " + IDS[i], None, False, ("paid", i)) for i in range(NC))
INFLUENCE_GOAL = 12


def plural(n: int, word: str) -> str:
    """'1 coin', '3 coins' in the language in force (Czech has three forms: 1 / 2-4 / 5+)."""
    if word == "coin":
        text = ngettext("{n} coin", "{n} coins", n)
    elif word == "more coin":
        text = ngettext("{n} more coin", "{n} more coins", n)
    elif word == "sword":
        text = ngettext("{n} sword", "{n} swords", n)
    elif word == "card":
        text = ngettext("{n} card", "{n} cards", n)
    elif word == "colour":
        text = ngettext("{n} colour", "{n} colours", n)
    elif word == "Jester":
        text = ngettext("{n} Jester", "{n} Jesters", n)
    elif word == "Admiral":
        text = ngettext("{n} Admiral", "{n} Admirals", n)
    else:
        raise ValueError(word)
    return text.format(n=n)


def base_for(colours: int) -> int:
    """T1: 0-3 distinct colours -> 1 card, 4 -> 2, 5 -> 3."""
    k = colours.bit_count()
    return 1 if k <= 3 else k - 2


def _card_said(c: int) -> str:
    """A card in an event: its id in English, its Czech name and numbers in Czech (labels.py)."""
    from referee.i18n import language

    from .labels import card

    return card(IDS[c], language())


class PortRoyalRules(Rules):
    unique_texts = True     # no two listed moves share a text (tests/core/test_legal_once.py)
    listed = _listed        # a record's move found by its text without listing the position (found.py)

    def __init__(self):
        super().__init__(id=info.ID, name=info.NAME, min_players=info.MIN_PLAYERS,
                         max_players=info.MAX_PLAYERS, options=info.OPTIONS,
                         notation=NOTATION_HELP)

    @property
    def notation(self) -> str:
        """The notation's help in the language in force (the language may be chosen after the engine is built)."""
        return _(NOTATION_HELP)

    @notation.setter
    def notation(self, text: str) -> None:
        pass                                    # the base class stores the help; here it is always NOTATION_HELP

    # ------------------------------------------------------------------ setup
    def setup(self, players, options) -> PortRoyalState:
        n = len(players)
        out = [0] * NC
        box, area = [], []
        if n == 5:
            area.append(EXP_ACH)
        else:
            box.append(EXP_ACH)
        out[EXP_ACH] = 1
        ub = list(COPIES)
        ub[EXP_ACH] = 0
        s = PortRoyalState(
            players=list(players), n=n, end=options.get("end", "standard"),
            empty_stop=bool(options.get("empty-stop", True)), must_take=bool(options.get("must-take", False)),
            eager_reshuffle=options.get("reshuffle", "lazy") == "immediate",
            exhausted_ends=options.get("exhausted", "stop") == "end",
            coin_faces=bool(options.get("coin-faces", False)),
            coins=[3] * n, persons=[[] for _p in range(n)], exps=[[] for _p in range(n)],
            stats=[[0] * C.N_STATS for _p in range(n)], display=[], colours=0, area=area, box=box,
            draw=119 - 3 * n, disc=[0] * NC, disc_known=0, unknown=0, ub=ub, out=out)
        # written when read, as every event is (a record's replay sets up 10,000 games and reads none of these)
        s.events = [lambda n=n, draw=s.draw: (
            _("Each player draws 3 coins; the draw pile holds {draw} cards. The 5-player expedition ({card}) lies "
              "in the expedition area.").format(draw=draw, card=_card_said(C.EXP_ACH)) if n == 5
            else _("Each player draws 3 coins; the draw pile holds {draw} cards. The 5-player expedition goes back "
                   "to the box.").format(draw=draw))]
        return s

    # ------------------------------------------------------------------ moves
    def _mv(self, s, text, p, action):
        key = (text, p)
        m = s._mc.get(key)
        if m is None:
            m = s._mc[key] = Move(text, None if p is None else s.players[p], False, action)
        return m

    def claim_moves(self, s, out):
        a = s.active
        st = s.stats[a]
        if not s.area or st[S_HOUSE] + st[S_ANCHOR] + st[S_CROSS] + st[S_JOKER] < 2:
            return
        for e in s.area:
            cs = combos(REQUIRE[e], st)
            for k, combo in enumerate(cs):
                key = (e, combo, k == 0, a)          # the default text's combination changes over time
                m = s._mc.get(key)
                if m is None:
                    m = s._mc[key] = Move(claim_text(e, combo, k == 0), s.players[a], False, ("claim", e, combo))
                out.append(m)

    def can_claim(self, s) -> bool:
        a = s.active
        st = s.stats[a]
        if not s.area or st[S_HOUSE] + st[S_ANCHOR] + st[S_CROSS] + st[S_JOKER] < 2:
            return False
        return any(can_pay(REQUIRE[e], st) for e in s.area)

    def takeable(self, s, p) -> list:
        """Distinct display cards player p may take now (T8/T9: found.affordable)."""
        seen = []
        for c in s.display:
            if c not in seen and affordable(s, p, c):
                seen.append(c)
        return seen

    def legal(self, s) -> list:
        ph = s.phase
        if ph == REVEAL:
            return [m for m, u in zip(CHANCE_MOVES, s.ub) if u]
        if ph == OVER:
            return []
        out = []
        mv = self._mv
        if ph == FLIP:
            a = s.active
            out.append(mv(s, "flip", a, ("flip",)))
            if s.flips and (s.display or s.empty_stop):
                out.append(mv(s, "stop", a, ("stop",)))
            self.claim_moves(s, out)
        elif ph == TAKE:
            p = s.chooser
            takes = self.takeable(s, p)
            for c in takes:
                out.append(mv(s, "take " + IDS[c], p, ("take", c)))
            if not (s.must_take and p == s.active and s.taken == 0 and takes):
                out.append(mv(s, "pass", p, ("pass",)))
            self.claim_moves(s, out)
        elif ph == SHIP_PHASE:
            a = s.active
            out.append(mv(s, "repel", a, ("repel",)))
            # D4c/R10: docking a second ship of a colour busts; it is listed as 'bust' ('dock' is read as it)
            busts = s.colours & (1 << COLOUR[s.pending])
            out.append(mv(s, "bust", a, ("dock",)) if busts else mv(s, "dock", a, ("dock",)))
            # E1 (seed: "kdykoli ve svém tahu", at any time in his turn): a claim may come before the answer
            self.claim_moves(s, out)
        elif ph == CLOSE:
            self.claim_moves(s, out)
            out.append(mv(s, "end", s.active, ("end",)))
        if s.draw == 0 and not s.eager_reshuffle and (s.disc_known or s.unknown):
            out.append(RESHUFFLE_MOVE)
        if s.coin_faces and s.unknown:
            out.extend(PAID_MOVES[c] for c in self.paid_faces(s))
        return out

    def paid_faces(self, s) -> list:
        """R15: faces an unidentified paid coin can have (a card not known to be anywhere else)."""
        # Feasible iff the draw pile can still be filled within the bounds afterwards: identifying c lowers
        # sum(ub) by one exactly when ub(c) equals its unknown-located copies f(c) (C4 item 5 clamp).
        out, disc, ub = s.out, s.disc, s.ub
        slack = sum(ub) - s.draw
        res = []
        for c in range(NC):
            f = COPIES[c] - out[c] - disc[c]
            if f > 0 and c != EXP_ACH and (ub[c] < f or slack > 0):
                res.append(c)
        return res

    def parse(self, s, text):
        from .notation import parse

        return parse(self, s, text)

    def split_entry(self, s, text):
        """A card's name alone in phase 1 is 'flip' and that card (core/entry.py reads the pieces)."""
        from .notation import split_entry

        return split_entry(self, s, text)

    def default_move(self, s):
        """Enter at the start of a turn flips the first card: a turn always begins with a flip (D1). Only when
        no claim is possible, since a bust on that flip would end the turn before a claim."""
        if s.phase == FLIP and not s.flips and not self.can_claim(s):
            return "flip"
        return None

    # ------------------------------------------------------------------ piles and coins
    def _reshuffle(self, s, why: str) -> bool:
        """C2/C4.4: the discard pile becomes the draw pile; recompute the upper bounds."""
        total = s.disc_known + s.unknown
        if not total:
            return False
        u = s.unknown
        disc, out, ub = s.disc, s.out, s.ub
        for c in range(NC):
            d = disc[c]
            free = COPIES[c] - out[c] - d
            ub[c] = d + (u if u < free else free)
            disc[c] = 0
        ub[EXP_ACH] = 0
        s.draw = total
        s.disc_known = 0
        s.unknown = 0
        s.reshuffles += 1
        s.events.append(lambda why=why, total=total:
                        _("{why}: shuffle the {total} discards into a new draw pile (C2).").format(why=_(why), total=total))
        return True

    def _gain(self, s, p: int, k: int, why) -> int:
        """Player p draws k coins from the draw pile (C1), reshuffling when it runs out (R11, R5). ``why`` is
        a part of the event, written when the event is read (core/said.py)."""
        got = 0
        need = k
        while need:
            if s.draw == 0 and not self._reshuffle(s, N_("The draw pile is empty")):
                break
            t = need if need < s.draw else s.draw
            s.draw -= t
            need -= t
            got += t
        s.coins[p] += got
        if got:
            s.events.append(lambda name=s.players[p], got=got, why=why: _("{name} draws {coins} ({why}).").format(
                name=name, coins=plural(got, "coin"), why=said(why)))
        if need:
            s.lost_coins += need
            s.events.append(lambda name=s.players[p], need=need: _("Both piles are empty: {name} cannot draw {coins} "
                                                                   "(R5).").format(name=name, coins=plural(need, "more coin")))
        if s.eager_reshuffle and s.draw == 0:
            self._reshuffle(s, N_("The draw pile ran out"))
        return got

    def _pay(self, s, p: int, k: int) -> None:
        """Coins paid to the discard pile (unidentified faces, C3)."""
        s.coins[p] -= k
        s.unknown += k

    def _discard(self, s, c: int) -> None:
        """A face-up card leaves the display/area/a player for the discard pile (identified)."""
        s.out[c] -= 1
        s.disc[c] += 1
        s.disc_known += 1

    def _add_card(self, s, p: int, c: int) -> None:
        st = s.stats[p]
        for k, v in DELTAS[c]:
            st[k] += v
        (s.exps if KIND[c] == EXPEDITION else s.persons)[p].append(c)

    def _remove_person(self, s, p: int, c: int) -> None:
        st = s.stats[p]
        for k, v in DELTAS[c]:
            st[k] -= v
        s.persons[p].remove(c)

    def _settle(self, s) -> None:
        if s.eager_reshuffle and s.draw == 0:
            self._reshuffle(s, N_("The draw pile ran out"))

    # ------------------------------------------------------------------ apply
    def apply(self, s, move) -> None:
        a = move.action
        s.events = []
        kind = a[0]
        if kind == "card":
            self._reveal(s, a[1])
        elif kind == "flip":
            self._flip(s)
        elif kind == "stop":
            s.events.append(lambda text=(N_("{name} stops with an empty harbour (R2).") if not s.display
                                         else N_("{name} stops.")), name=s.players[s.active]:
                            _(text).format(name=name))
            self._start_phase2(s)
        elif kind == "take":
            self._take(s, a[1])
        elif kind == "pass":
            p = s.chooser
            if p == s.active and not s.taken and s.display:
                text = N_("{name} takes no card, which is allowed (R7).")
            elif p != s.active and s.stats[p][S_JES]:
                text = N_("{name} passes (no Jester coins for passing, R6).")
            else:
                text = N_("{name} passes.")
            s.events.append(lambda text=text, name=s.players[p]: _(text).format(name=name))
            self._next_chance(s)
        elif kind == "repel":
            c = s.pending
            s.pending = -1
            self._discard(s, c)
            s.events.append(lambda name=s.players[s.active], c=c, swords=s.stats[s.active][S_SWORDS]:
                            _("{name} repels the {ship} with {swords}: it goes to the discard pile (D4).").format(
                                name=name, ship=C.SHORT[c], swords=plural(swords, "sword")))
            s.phase = FLIP
        elif kind == "dock":
            c = s.pending
            s.pending = -1
            self._dock(s, c)
        elif kind == "claim":
            self._claim(s, a[1], a[2])
        elif kind == "end":
            s.events.append(lambda name=s.players[s.active]: _("{name} ends the turn.").format(name=name))
            self._end_turn(s)
        elif kind == "reshuffle":
            self._reshuffle(s, N_("The table reshuffles now"))
        elif kind == "paid":
            c = a[1]
            s.unknown -= 1
            s.disc[c] += 1
            s.disc_known += 1
            lim = COPIES[c] - s.out[c] - s.disc[c]
            if s.ub[c] > lim:
                s.ub[c] = lim
            s.events.append(lambda c=c: _("A paid coin on the discard pile is {card} (R15).").format(card=_card_said(c)))
        if s.eager_reshuffle and s.draw == 0:       # _settle, written out: every move ends here
            self._reshuffle(s, N_("The draw pile ran out"))

    def _flip(self, s) -> None:
        name = s.players[s.active]
        if s.draw == 0 and not self._reshuffle(s, N_("The draw pile is empty")):
            if s.exhausted_ends:
                s.events.append(_("Both piles are empty: no card can be flipped, so the game ends here (R5 option)."))
                s.stalemate = True
                self._end_turn(s)
                return
            s.events.append(_("Both piles are empty: no card can be flipped, so {name}'s phase 1 ends (R5).").format(
                name=name))
            s.idle += 1
            self._start_phase2(s)
            return
        s.idle = 0
        s.phase = REVEAL

    def _reveal(self, s, c: int) -> None:
        s.draw -= 1
        s.ub[c] -= 1
        s.flips += 1
        s.last_flip = c
        k = KIND[c]
        name = s.players[s.active]
        s.out[c] += 1
        lim = COPIES[c] - s.out[c] - s.disc[c]
        if s.ub[c] > lim:
            s.ub[c] = lim
        s.phase = FLIP
        if k == PERSON:
            s.display.append(c)
            s.events.append(lambda name=name, c=c:
                            _("{name} flips {card}: it goes into the harbour (D3a).").format(name=name, card=DESCRIBE[c]))
        elif k == EXPEDITION:
            s.area.append(c)
            s.events.append(lambda name=name, c=c: _("{name} flips {card}: it goes to the expedition area (D3c).").format(
                name=name, card=DESCRIBE[c]))
        elif k == TAX:
            s.events.append(lambda text=(N_("{name} flips a tax increase (swords).") if TYPE[c] == "swords"
                                         else N_("{name} flips a tax increase (influence).")), name=name:
                            _(text).format(name=name))
            self._tax(s, c)
        else:
            sw = SWORDS[c]
            mine = s.stats[s.active][S_SWORDS]
            s.events.append(lambda name=name, c=c: _("{name} flips {card}.").format(name=name, card=DESCRIBE[c]))
            if sw != SKULL and mine >= sw:
                s.pending = c
                s.phase = SHIP_PHASE
            else:
                if sw == SKULL:
                    s.events.append(_("A skull ship cannot be repelled (D4a)."))
                elif s.colours & (1 << COLOUR[c]):
                    s.events.append(lambda name=name, mine=mine: _("{name} has {swords}: too few to repel it (D4a).")
                                    .format(name=name, swords=plural(mine, "sword")))
                self._dock(s, c)

    def _dock(self, s, c: int) -> None:
        bit = 1 << COLOUR[c]
        name = s.players[s.active]
        if s.colours & bit:
            self._bust(s, c)
            return
        s.display.append(c)
        s.colours |= bit
        s.events.append(lambda c=c: _("The {ship} docks in the harbour.").format(ship=C.SHORT[c]))
        s.phase = FLIP

    def _bust(self, s, c: int) -> None:
        """D6: display and the busting ship to the discard pile, no phase 2, Jester coins for everyone."""
        name = s.players[s.active]
        s.events.append(lambda c=c, name=name, cards=len(s.display) + 1:
                        _("A second {colour} ship: {name} busts; the harbour ({cards}) goes to the discard pile "
                          "(D6).").format(colour=display("port-royal", "colour", COLOURS[COLOUR[c]]), name=name,
                                          cards=plural(cards, "card")))
        self._discard(s, c)
        for d in s.display:
            self._discard(s, d)
        s.display.clear()
        s.colours = 0
        for i in range(s.n):
            p = (s.active + i) % s.n
            j = s.stats[p][S_JES]
            if j:
                self._gain(s, p, j, lambda j=j: _("{jesters}, bust, D6/R4").format(jesters=plural(j, "Jester")))
        self._end_turn(s)

    def _tax(self, s, c: int) -> None:
        """X1-X3: halve 12+ coins (all first), then the bonus to all tied players, then discard the card."""
        n = s.n
        for i in range(n):
            p = (s.active + i) % n
            if s.coins[p] >= 12:
                k = s.coins[p] // 2
                self._pay(s, p, k)
                s.events.append(lambda name=s.players[p], k=k, kept=s.coins[p]:
                                _("{name} pays {coins} in tax and keeps {kept} (X1).").format(
                                    name=name, coins=plural(k, "coin"), kept=kept))
        if TYPE[c] == "swords":
            best = max(st[S_SWORDS] for st in s.stats)
            who = [(s.active + i) % n for i in range(n) if s.stats[(s.active + i) % n][S_SWORDS] == best]
            why = lambda best=best: _("most swords ({best}), X2").format(best=best)   # noqa: E731
        else:
            best = min(st[S_INFL] for st in s.stats)
            who = [(s.active + i) % n for i in range(n) if s.stats[(s.active + i) % n][S_INFL] == best]
            why = lambda best=best: _("least influence ({best}), X2").format(best=best)   # noqa: E731
        for p in who:
            self._gain(s, p, 1, why)
        self._discard(s, c)

    def _start_phase2(self, s) -> None:
        s.base = base_for(s.colours)
        s.chance_no = 0
        s.chooser = s.active
        s.events.append(lambda name=s.players[s.active], base=s.base, colours=s.colours.bit_count():
                        _("Phase 2: {name} may take {cards} ({colours}, T1).").format(
                            name=name, cards=plural(base, "card"), colours=plural(colours, "colour")))
        self._start_chance(s)

    def _limit(self, s, p: int) -> int:
        return (s.base if p == s.active else 1) + s.stats[p][S_GOV]

    def _start_chance(self, s) -> None:
        """T3: Admiral and Jester payments at the start of a chance; skip chances without a decision."""
        while True:
            p = s.chooser
            s.taken = 0
            name = s.players[p]
            adm = s.stats[p][S_ADM]
            if adm and len(s.display) >= 5:
                self._gain(s, p, 2 * adm, lambda adm=adm, n=len(s.display): _("{admirals}, {n} cards in the harbour, "
                                                                            "T3a").format(admirals=plural(adm, "Admiral"), n=n))
            if not s.display:
                if p != s.active:
                    j = s.stats[p][S_JES]
                    if j:
                        self._gain(s, p, j, lambda j=j: _("{jesters}, no card left, T3b/R6").format(
                            jesters=plural(j, "Jester")))
                    else:
                        s.events.append(lambda name=name: _("No card is left for {name}.").format(name=name))
                else:
                    s.events.append(lambda name=name: _("{name} has nothing to take.").format(name=name))
            elif can_take(s, p) or (p == s.active and self.can_claim(s)):
                s.phase = TAKE          # E1: the active player may claim first, e.g. for the coins
                return
            else:
                s.events.append(lambda name=name: _("{name} can afford no card in the harbour and passes.").format(
                    name=name))
            s.chance_no += 1
            if s.chance_no >= s.n:
                self._end_phase2(s)
                return
            s.chooser = (s.active + s.chance_no) % s.n

    def _next_chance(self, s) -> None:
        s.chance_no += 1
        if s.chance_no >= s.n:
            self._end_phase2(s)
            return
        s.chooser = (s.active + s.chance_no) % s.n
        self._start_chance(s)

    def _end_phase2(self, s) -> None:
        """T10: leftovers to the discard pile; the active player may still claim before the turn ends."""
        if s.display:
            n_left = len(s.display)
            s.events.append(lambda n_left=n_left: ngettext(
                "{n} card left in the harbour goes to the discard pile (T10).",
                "{n} cards left in the harbour go to the discard pile (T10).", n_left).format(n=n_left))
            for d in s.display:
                self._discard(s, d)
            s.display.clear()
            s.colours = 0
        if self.can_claim(s):
            s.phase = CLOSE
            return
        self._end_turn(s)

    def _take(self, s, c: int) -> None:
        p = s.chooser
        a = s.active
        name = s.players[p]
        s.display.remove(c)
        if KIND[c] == SHIP:
            # T6: the ship goes to the discard pile, then the income is drawn (T1: base stays fixed)
            if c not in s.display:
                s.colours &= ~(1 << COLOUR[c])
            self._discard(s, c)
            tr = s.stats[p][S_TRADER + COLOUR[c]]
            s.events.append(lambda name=name, c=c: _("{name} trades the {ship}.").format(name=name, ship=DESCRIBE[c]))
            self._gain(s, p, COINS[c] + tr, lambda c=c, tr=tr: (_("{coins} for the ship + {traders} Trader, T6") if tr
                                                                else _("{coins} for the ship, T6")).format(
                coins=COINS[c], traders=tr))
            if p != a:
                s.coins[p] -= 1
                s.coins[a] += 1
                s.events.append(lambda name=name, active=s.players[a]:
                                _("{name} gives 1 coin to {active} (T8).").format(name=name, active=active))
        else:
            price = COST[c] - s.stats[p][S_MAD]
            if price < 0:
                price = 0
            self._pay(s, p, price)
            self._add_card(s, p, c)
            s.events.append(lambda name=name, c=c, price=price: _("{name} hires the {person} for {coins} (T7).").format(
                name=name, person=DESCRIBE[c], coins=plural(price, "coin")))
            if p != a:
                s.coins[p] -= 1
                s.coins[a] += 1
                s.events.append(lambda name=name, active=s.players[a]:
                                _("{name} gives 1 coin to {active} (T8).").format(name=name, active=active))
            self._check_trigger(s, p)
        s.taken += 1
        if s.taken >= self._limit(s, p) or not s.display:
            self._next_chance(s)
        elif not can_take(s, p) and not (p == a and self.can_claim(s)):
            s.events.append(lambda name=name: _("{name} can afford no other card and passes.").format(name=name))
            self._next_chance(s)

    def _claim(self, s, e: int, combo) -> None:
        a = s.active
        name = s.players[a]
        for k, cnt in enumerate(combo):
            for _n in range(cnt):
                self._remove_person(s, a, SYMBOL_IDS[k])
                self._discard(s, SYMBOL_IDS[k])
        s.area.remove(e)
        s.idle = 0
        self._add_card(s, a, e)
        s.events.append(lambda name=name, e=e, combo=combo:
                        _("{name} claims {expedition} ({influence} influence), discarding {persons} (E3/E4).").format(
                            name=name, expedition=_card_said(e), influence=INFLUENCE[e], persons=combo_names(combo)))
        self._gain(s, a, COINS[e], lambda: _("expedition, E4"))
        self._check_trigger(s, a)
        if s.phase == CLOSE and not self.can_claim(s):
            self._end_turn(s)

    def _check_trigger(self, s, p: int) -> None:
        if s.trigger:
            return
        st = s.stats[p]
        if st[S_INFL] < INFLUENCE_GOAL or (s.end == "expedition-end" and not st[S_EXP]):
            return
        s.trigger = s.players[p]
        last = s.players[s.n - 1]
        if s.active == s.n - 1:
            when = _("this is the last turn")
        else:
            when = _("the round ends with {last}'s turn").format(last=last)
        s.events.append((_("{name} reaches {influence} influence and an expedition (G4): {when} (G2).")
                         if s.end == "expedition-end" else
                         _("{name} reaches {influence} influence (G1): {when} (G2).")).format(
            name=s.players[p], influence=st[S_INFL], when=when))

    def _end_turn(self, s) -> None:
        s.pending = -1
        s.last_flip = -1
        s.flips = 0
        s.taken = 0
        s.base = 0
        s.chance_no = 0
        if s.idle >= s.n and not s.trigger:
            # R5 ruling: a whole round without a card to flip and without a claim cannot change any more.
            s.stalemate = True
            s.events.append(_("Both piles have stayed empty for a whole round and nobody could claim an "
                              "expedition: the game ends here (R5 ruling)."))
        if (s.trigger and s.active == s.n - 1) or s.stalemate:
            s.finished = True
            s.phase = OVER
            # the winners are scored when the sentence is read, not at every replay's last move (an import
            # replays 10,000 games and reads none of their events); a finished game's state never changes
            s.events.append(lambda rule="G5" if s.end == "expedition-end" else "G3": self._game_over(s, rule))
            return
        s.active = (s.active + 1) % s.n
        s.chooser = s.active
        s.turn += 1
        s.phase = FLIP

    def _game_over(self, s, rule: str) -> str:
        winners = self.result(s).winners
        return ngettext("Game over: {winners} wins ({rule}).", "Game over: {winners} win ({rule}).",
                        len(winners)).format(winners=", ".join(winners), rule=rule)

    # ------------------------------------------------------------------ state queries
    def finished(self, s) -> bool:
        return s.finished

    def score_input(self, s) -> dict:
        return {"game": "port-royal", "variant": s.end,
                "players": [{"name": s.players[p], "coins": s.coins[p],
                             "cards": [IDS[c] for c in s.persons[p] + s.exps[p]]} for p in range(s.n)]}

    def events(self, s):
        return sentences(s.events)

    def result(self, s):
        from scoring.port_royal import score

        res = score(self.score_input(s))
        if s.stalemate:
            res.notes.append(_("The game ended early: both piles were empty and no card could be flipped (R5)."))
        return res

    def to_move(self, s):
        ph = s.phase
        if ph == REVEAL or ph == OVER:
            return None
        if ph == TAKE:
            return s.players[s.chooser]
        return s.players[s.active]

    def prompt(self, s) -> str:
        from .view import prompt

        return prompt(self, s)

    def view(self, s) -> dict:
        from .view import view

        return view(self, s)

    def preview(self, s, move) -> str | None:
        """What a move would do, shown before Enter: a flipped card's effect, a take's coins, a claim's cost."""
        a = move.action
        kind = a[0]
        name = s.players[s.active]
        if kind == "card":
            c = a[1]
            k = KIND[c]
            if k == SHIP:
                if SWORDS[c] != SKULL and s.stats[s.active][S_SWORDS] >= SWORDS[c]:
                    same = s.colours & (1 << COLOUR[c])
                    return (_("{card}: {name} may repel it, else the turn busts") if same
                            else _("{card}: {name} may repel it")).format(card=DESCRIBE[c], name=name)
                if s.colours & (1 << COLOUR[c]):
                    return _("{card}: a second {colour} ship, {name} busts (D6)").format(
                        card=DESCRIBE[c], colour=display("port-royal", "colour", COLOURS[COLOUR[c]]), name=name)
                return _("{card}: it docks").format(card=DESCRIBE[c])
            if k == TAX:
                return _("{card}, after everyone with 12+ coins pays half").format(card=DESCRIBE[c])
            return DESCRIBE[c]
        if kind == "dock" and move.text == "bust":
            return _("the harbour ({cards}) goes to the discard pile and {name}'s turn ends without phase 2 "
                     "(D6)").format(cards=plural(len(s.display) + 1, "card"), name=name)
        if kind == "repel":
            return _("the {ship} goes to the discard pile").format(ship=C.SHORT[s.pending])
        if kind == "stop":
            return _("phase 2: {name} may take {cards}").format(
                name=name, cards=plural(base_for(s.colours) + s.stats[s.active][S_GOV], "card"))
        if kind == "take":
            c, p = a[1], s.chooser
            paying = p != s.active
            if KIND[c] == SHIP:
                tr = s.stats[p][S_TRADER + COLOUR[c]]
                return (_("{chooser} draws {coins}, and 1 coin to {name}") if paying
                        else _("{chooser} draws {coins}")).format(chooser=s.players[p],
                                                                  coins=plural(COINS[c] + tr, "coin"), name=name)
            price = max(0, COST[c] - s.stats[p][S_MAD])
            return (_("{chooser} pays {coins}, and 1 coin to {name} for the {person}") if paying
                    else _("{chooser} pays {coins} for the {person}")).format(
                chooser=s.players[p], coins=plural(price, "coin"), name=name, person=DESCRIBE[a[1]])
        if kind == "claim":
            e, combo = a[1], a[2]
            return _("{name} discards {persons}, gains {influence} influence and draws {coins}").format(
                name=name, persons=combo_names(combo), influence=INFLUENCE[e], coins=plural(COINS[e], "coin"))
        return None

    def render(self, s):
        from .render import render

        return render(self, s)

    def check(self, s) -> None:
        """4.0 item 5 and C5: every card in one zone, coins never negative, one ship per colour."""
        persons = sum(map(len, s.persons))
        exps = sum(map(len, s.exps))
        coins = sum(s.coins)
        total = (s.draw + s.disc_known + s.unknown + len(s.display) + len(s.area) + coins + persons + exps
                 + len(s.box) + (1 if s.pending >= 0 else 0))
        assert total == 120, f"{total} cards accounted for instead of 120"
        assert sum(s.out) == total - s.draw - s.disc_known - s.unknown - coins, "face-up card count out of date"
        assert min(s.coins) >= 0, f"negative coins: {s.coins}"
        assert s.draw >= 0 and s.unknown >= 0, "negative pile size"
        mask = 0
        for c in s.display:
            k = KIND[c]
            if k == SHIP:
                bit = 1 << COLOUR[c]
                assert not mask & bit, f"two {COLOURS[COLOUR[c]]} ships in the harbour"
                mask |= bit
            else:
                assert k == PERSON, "only persons and ships in the harbour"
        assert s.colours == mask, "colour mask out of date"
        assert sum(s.disc) == s.disc_known, "identified discard count out of date"
        assert sum(s.ub) >= s.draw, "C4 bounds exclude every card of the draw pile"
        if s.phase == REVEAL:
            assert s.draw > 0, "a flip with an empty draw pile"


def deep_check(s) -> None:
    """Slower invariants for tests: per-card zone counts, C4 bounds and derived stats recomputed from scratch."""
    out = [0] * NC
    for zone in [s.display, s.area, s.box] + s.persons + s.exps:
        for c in zone:
            out[c] += 1
    if s.pending >= 0:
        out[s.pending] += 1
    assert out == s.out, "face-up counts per card out of date"
    for c in range(NC):
        assert s.disc[c] >= 0 and s.ub[c] >= 0
        assert out[c] + s.disc[c] <= COPIES[c], f"more copies of {IDS[c]} than the deck holds"
        assert s.ub[c] <= COPIES[c] - out[c] - s.disc[c], f"C4 bound of {IDS[c]} not clamped"
    for p in range(s.n):
        st = [0] * C.N_STATS
        for c in s.persons[p] + s.exps[p]:
            for k, v in DELTAS[c]:
                st[k] += v
        assert st == s.stats[p], f"derived values of {s.players[p]} out of date"
        assert all(KIND[c] == PERSON for c in s.persons[p]) and all(KIND[c] == EXPEDITION for c in s.exps[p])


def _self_check():
    # Checksums of the rules file 3.3-3.7 (also asserted in the tests).
    assert sum(COPIES[i] for i in C.SHIPS) == 50
    assert sum(COPIES[i] for i in C.PERSONS) == 60
    assert sum(COPIES[i] * INFLUENCE[i] for i in C.PERSONS) == 83


_self_check()
