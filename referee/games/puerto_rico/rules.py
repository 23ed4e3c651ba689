"""Puerto Rico (base game, 2-5 players) as a referee engine: the Rules subclass."""

from __future__ import annotations

from itertools import chain
from operator import itemgetter, le

from referee.core.rules import Rules
from referee.core.said import sentences
from referee.i18n import N_, _, using

from . import builder, captain, craftsman, governor, info, mayor, settler, trader
from .info import OPTIONS
from .checklist import setup_checklist
from .prompt import mayor_proposal, storage_proposal
from .state import (BIDS, CIRC, COPIES, CUSTOMS_HOUSE, DOUBLOONS_IN_BOX, DRAW, END, GOODS, KINDS, LARGE, NB,
                    PH_BUILDER, PH_CAPTAIN, PH_CRAFTSMAN, PH_MAYOR, PH_SETTLER, PH_TRADER, QUARRIES, REVEAL,
                    ROLE, ROLE_DONE, ROUND_START, STORAGE, TILES, colonists_of, counts, new_state,
                    recount)


NOTATION = N_("""\
Puerto Rico notation (type 'moves' to list what is legal now; ok/accept takes the proposal):
  roles      settler | mayor | mayor no-privilege | builder | craftsman | trader | captain | prospector
  chance     reveal <kind>   (a face-up plantation turned up)   draw <kind>  (the hacienda tile)
  settler    take <corn|indigo|sugar|tobacco|coffee|quarry>, + no-hospice to decline it | hacienda | pass
  mayor      place <kind or building> (one colonist) | ok (accept the proposal for the rest) | refuse
  builder    build <building>, + no-university to decline it | pass      e.g. build sm-indigo, build harbor
  craftsman  extra <good> | pass
  trader     sell <good> | pass
  captain    load <good>, + the ship when several fit: load corn 6 | load 3 corn | wharf <good> | pass
  storage    keep <good> (warehouse kinds first, then the single barrel) | ok
Short forms: sm-/lg- for small/large (sm-market, lg-warehouse), hut, roaster, uni, guild, customs;
'p' is pass (place in the mayor phase). One line may hold one player's moves, or the table's:
'corn indigo sugar' (the row), 'place 2 corn' (two colonists), 'hacienda coffee', 'builder, pass'.
Czech names work too, with or without accents: osadník, malý cukrovar, sídlo cechu, vezmi kukuřici.""")


_ACT = {
    ROLE: governor.choose,
    REVEAL: settler.reveal,
    DRAW: settler.act,
    PH_SETTLER: settler.act,
    PH_MAYOR: mayor.act,
    PH_BUILDER: builder.act,
    PH_CRAFTSMAN: craftsman.act,
    PH_TRADER: trader.act,
    PH_CAPTAIN: captain.act,
    STORAGE: captain.storage_act,
}



class PuertoRicoRules(Rules):
    unique_texts = True     # no two listed moves share a text (tests/core/test_legal_once.py)

    def __init__(self):
        super().__init__(id=info.ID, name=info.NAME, min_players=info.MIN_PLAYERS,
                         max_players=info.MAX_PLAYERS, options=OPTIONS)

    # The table's help, in the language in force when it is shown (a property: the base class's __init__
    # assigns its field, which is ignored here).
    @property
    def notation(self):
        return _(NOTATION)

    @notation.setter
    def notation(self, value):
        pass

    # --- setup and moves ---------------------------------------------------------------------------
    def setup(self, players, options):
        s = new_state(players, options)
        s.events.append(_("Setup: turn up the face-up plantations."))
        settler.reveal_step(s)
        governor.advance(s)
        return s

    def legal(self, s):
        return s.mv if s.phase != END else []

    def apply(self, s, move):
        s.events = []
        _ACT[s.phase](s, move.action)
        phase = s.phase
        if phase == ROLE_DONE:      # governor.advance, written out: a role said its phase is over
            governor.role_done(s)
        elif phase == ROUND_START:
            governor.start_round(s)

    def parse(self, s, text):
        from .notation import parse

        return parse(s, text)

    def split_entry(self, s, text):
        """'place 2 corn': two colonists, two moves; 'stavitel malá tržnice': two moves, the name kept whole
        (entry.py; core/entry.py plays the pieces)."""
        from .entry import split_entry

        return split_entry(s, text)

    def default_move(self, s):
        """Enter plays a move only where it is the one legal move (a forced load, a pass with nothing else
        to do): every other choice here changes the game (roles, tiles, colonists, goods kept)."""
        mv = self.legal(s)
        if len(mv) == 1 and not mv[0].chance:
            return mv[0].text
        return None

    # --- state ---------------------------------------------------------------------------------------
    def finished(self, s):
        return s.phase == END

    def events(self, s):
        return sentences(s.events)

    def result(self, s):
        if s.phase != END:
            return None
        from scoring.puerto_rico import score

        return score(scoring_input(s))

    def to_move(self, s):
        if s.phase in (END, REVEAL, DRAW):
            return None
        return s.names[s.actor]

    def prompt(self, s):
        from .prompt import prompt

        return prompt(s)

    def view(self, s):
        return view(s)

    def secret(self, s, player):
        return secret(s, s.names.index(player))

    def render(self, s):
        from .render import render

        return render(s)

    def check(self, s):
        check(s)



def table_view(s) -> dict:
    """The view's parts on the table (roles, ships, trading house, colonists, VP chips): the whole view's
    and the site's light view's (site_view.py), in this order."""
    return {"roles": [{"role": s.cards[i], "doubloons": s.card_coins[i],
                       "taken_by": s.names[s.card_taken[i]] if s.card_taken[i] >= 0 else None}
                      for i in range(len(s.cards))],
            "ships": [{"capacity": sh[0], "good": GOODS[sh[1]] if sh[1] >= 0 else None, "load": sh[2]}
                      for sh in s.ships],
            "trading_house": [GOODS[g] for g in s.house],
            "colonist_ship": s.cship, "colonist_supply": s.csup, "vp_chips_left": s.pool}

def scoring_input(s) -> dict:
    players = []
    for p in range(s.n):
        bl = s.bld[p]
        players.append({"name": s.names[p], "vp_chips": s.vp[p], "vp_overflow": s.vpo[p], "doubloons": s.dbl[p],
                        "goods": sum(s.goods[p]), "island_spaces": sum(s.tiles[p]),
                        "colonists": colonists_of(s, p), "buildings": {BIDS[b]: bl[b] for b in s.owned[p]}})
    return {"game": "puerto-rico", "players": players,
            "options": {"customs-house-counts-overflow": bool(s.opts.get("customs-house-counts-overflow", True))}}


def view(s) -> dict:
    show_vp = s.opts.get("show-running-vp", False) or s.phase == END
    players = []
    for p in range(s.n):
        bl = s.bld[p]
        d = {"name": s.names[p], "governor": p == s.gov, "doubloons": s.dbl[p],
             "goods": {GOODS[g]: s.goods[p][g] for g in range(5) if s.goods[p][g]},
             "island": {KINDS[k]: [s.tiles[p][k], s.tocc[p][k]] for k in range(6) if s.tiles[p][k]},
             "city": {BIDS[b]: bl[b] for b in s.owned[p]}, "city_spaces": s.city[p], "san_juan": s.sj[p],
             "roles": [s.cards[i] for i in range(len(s.cards)) if s.card_taken[i] == p]}
        d["role"] = d["roles"][0] if d["roles"] else None   # 2 players hold up to 3 roles a round: see "roles"
        if show_vp:
            d["vp"] = s.vp[p]
        players.append(d)
    out = {"game": "puerto-rico", "round": s.round, "phase": s.phase, "governor": s.names[s.gov],
           "to_move": None if s.phase in (END, REVEAL, DRAW) else s.names[s.actor],
           "role": s.cards[s.card] if s.card >= 0 and s.phase not in (ROLE, END) else None,   # the phase's role
           "chooser": s.names[s.chooser] if s.card >= 0 and s.phase not in (ROLE, END) else None,
           "players": players, **table_view(s),
           "plantation_row": {GOODS[g]: s.row[g] for g in range(5) if s.row[g]},
           "plantation_stack": sum(s.stack), "plantation_discards": sum(s.disc), "quarries": s.quarries,
           "goods_supply": {GOODS[g]: s.gsup[g] for g in range(5)},
           "buildings_left": {BIDS[b]: s.bsup[b] for b in range(NB)},
           "end_triggers": list(s.triggers), "events": sentences(s.events)}
    if s.phase == PH_MAYOR and s.m_t is not None:
        p = s.actor
        out["placing"] = {"player": s.names[p], "placed": {**{KINDS[k]: s.m_t[k] for k in range(6) if s.m_t[k]},
                                                           **{BIDS[b]: s.m_b[b] for b in range(NB) if s.m_b[b]}},
                          "to_place": s.m_target - s.m_placed, "proposal": mayor_proposal(s)}
    if s.phase == STORAGE and s.st_kept is not None:
        out["storing"] = {"player": s.names[s.actor], "warehouse_slots": s.st_slots,
                          "kept": [GOODS[g] for g in range(5) if s.st_kept[g]], "proposal": storage_proposal(s)}
    if s.card < 0 and s.round == 1 and s.picks == 0:
        with using("en"):   # view() values are language-neutral
            out["setup_checklist"] = setup_checklist(s.n, s.pool0)
    if s.bank < 0:
        out["warning"] = f"The bank has paid out {-s.bank} doubloons more than the box holds ({DOUBLOONS_IN_BOX})."
    if s.phase == END:
        out["vp_overflow"] = {s.names[p]: s.vpo[p] for p in range(s.n)}
    return out


def secret(s, p: int) -> str:
    """A player's VP chips, which lie face down (rules 6.7): told to that player alone on request, unless the
    option show-running-vp is on or the game is over, when everyone sees them."""
    name, chips, over = s.names[p], s.vp[p], s.vpo[p]
    if not chips:
        text = _("{name} has no VP chips yet.").format(name=name)
    elif over:
        text = _("{name} has {chips} VP from shipping: {in_chips} in chips and {over} noted after the chips "
                 "ran out (rule 6.3).").format(name=name, chips=chips, in_chips=chips - over, over=over)
    else:
        text = _("{name} has {chips} VP in chips.").format(name=name, chips=chips)
    if s.bld[p][CUSTOMS_HOUSE] >= 0:   # its bonus counts the chips, so it is as secret as they are
        counted = chips if s.opts.get("customs-house-counts-overflow", True) else chips - over
        text += " " + (_("The customs house gives +{bonus} for them at the end (1 per 4 VP in chips).")
                       if s.bld[p][CUSTOMS_HOUSE] else
                       _("The customs house would give, if occupied, +{bonus} for them at the end (1 per 4 VP in "
                         "chips).")).format(bonus=counted // 4)
    if s.phase == END:
        text += " " + _("The game is over, so every player's VP are shown.")
    elif s.opts.get("show-running-vp", False):
        text += " " + _("The option show-running-vp is on, so the board shows every player's VP.")
    return text


def check(s) -> None:
    """Conservation: goods, colonists, tiles, buildings, doubloons and VP all accounted for.

    Written with whole-table builtins (zip/map over all players at once): it runs after every move in
    playouts and benchmarks."""
    n = s.n
    box = s.box
    goods, tiles, tocc, bld, owned = s.goods, s.tiles, s.tocc, s.bld, s.owned
    # goods: supply + players + ships + trading house = the barrels in play
    gs = list(map(sum, zip(s.gsup, *goods)))
    seen = 0
    for cap, g, load in s.ships:
        if g >= 0:
            assert 0 < load <= cap and not seen & (1 << g), f"ship {cap}: {load} of kind {g} (one kind per ship)"
            seen |= 1 << g
            gs[g] += load
        else:
            assert load == 0, f"ship {cap} holds {load} barrels of no kind"
    house = s.house
    assert len(house) <= 4, "the trading house holds more than 4 barrels"
    for g in house:
        gs[g] += 1
    assert gs == s.gtotal, f"goods not accounted for: {gs} != {s.gtotal}"
    # island tiles and their colonists
    ts = list(map(sum, zip(s.stack, s.disc, s.row, *tiles)))
    ts.append(s.quarries + sum(map(_Q, tiles)))   # zip stops at the 5 plantation kinds
    assert ts == TILE_TOTALS[box], f"island tiles not accounted for: {ts}"
    assert sum(s.row) <= n + 1, "more face-up plantations than N+1"
    assert max(map(sum, tiles)) <= 12, "a player has more than 12 island tiles"
    assert all(map(le, chain.from_iterable(tocc), chain.from_iterable(tiles))), "more colonists than tiles"
    # buildings: copies, circles, city spaces
    colb = _check_cities(s, bld, owned, box)
    # colonists
    col = s.csup + s.cship + s.cgone + sum(s.sj) + sum(map(sum, tocc)) + colb
    assert col == s.ctotal, f"colonists not accounted for: {col} != {s.ctotal}"
    # doubloons and VP
    assert s.bank + sum(s.dbl) + sum(s.card_coins) == DOUBLOONS_IN_BOX, "doubloons not accounted for"
    assert s.taken_bits == sum(1 << i for i, x in enumerate(s.card_taken) if x >= 0), "role cards out of step"
    # nothing anywhere is negative
    assert min(s.quarries, s.csup, s.cship, s.pool, s.cgone) >= 0 and min(chain(
        s.gsup, s.stack, s.row, s.disc, s.sj, s.dbl, s.card_coins, s.vpo, s.bsup, *goods, *tocc)) >= 0, \
        "a negative count of goods, tiles, colonists, buildings, doubloons or VP"
    assert sum(s.vp) == s.pool0 - s.pool + sum(s.vpo), "VP handed out differ from chips gone plus overflow"
    kept = (s.isl, s.bcirc)
    assert kept == counts(s), f"the running counts (island tiles, building circles) are out of step: {kept}"


def _check_cities(s, bld, owned, box) -> int:
    """Copies, circles and city spaces of every building; returns the colonists on buildings."""
    copies = s.bsup[:]
    colb = 0
    circ, space = CIRC, SPACE
    for bl, o, c in zip(bld, owned, s.city):
        sp = 0
        for b in o:
            x = bl[b]
            if x < 0 or x > circ[b]:
                raise AssertionError(f"{BIDS[b]} holds {x} colonists")
            copies[b] += 1
            sp += space[b]
            colb += x
        if sp != c or sp > 12 or bl.count(-1) != NB - len(o):   # also catches a building listed twice
            raise AssertionError(f"a city is out of step (spaces {sp}, recorded {c})")
    assert copies == COPY_TOTALS[box], "building copies not accounted for"
    return colb


SPACE = tuple(2 if LARGE[b] else 1 for b in range(NB))
_Q = itemgetter(5)
TILE_TOTALS = tuple([TILES[g][box] for g in range(5)] + [QUARRIES[box]] for box in (0, 1))
COPY_TOTALS = tuple([COPIES[b][box] for b in range(NB)] for box in (0, 1))


def relist(s) -> None:
    """Recompute the legal moves of the current decision (after a correction made to the state)."""
    from .state import chance_list

    recount(s)
    p = s.actor
    if s.phase == ROLE:
        governor.offer_roles(s)
    elif s.phase == REVEAL:
        s.mv = chance_list("reveal", s.stack)
    elif s.phase == DRAW:
        s.mv = chance_list("draw", s.stack)
    elif s.phase == PH_SETTLER:
        s.mv = settler.options(s, p)
    elif s.phase == PH_MAYOR and s.m_t is not None:
        s.mv = mayor.options(s, p)
    elif s.phase == PH_BUILDER:
        s.mv = builder.options(s, p)
    elif s.phase == PH_TRADER:
        s.mv = trader.options(s, p)
    elif s.phase == PH_CAPTAIN:
        s.mv = captain.options(s, p)
    elif s.phase == STORAGE and s.st_kept is not None:
        s.mv = captain.storage_options(s, p)
