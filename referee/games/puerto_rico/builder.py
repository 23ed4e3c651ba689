"""Builder phase (5.4): one building each, the builder's privilege, quarries by column, university."""

from __future__ import annotations

from referee.i18n import N_, _

from .state import (BIDS, CIRC, CITY, COL, COST, LARGE, NB, PH_BUILDER, QUARRY, UNIVERSITY, a_, bname_, dbl_,
                    move_table, tables, take_colonist, who_said)
from .turns import next_decision, role_over

BUILD_TEXT = tuple("build " + b for b in BIDS)
BUILD_NOU_TEXT = tuple("build " + b + " no-university" for b in BIDS)


def cost(s, p: int, b: int) -> int:
    """5.4 B3: printed cost - 1 for the builder - occupied quarries up to the building's column."""
    q = s.tocc[p][QUARRY]
    c = COST[b] - (1 if p == s.chooser else 0) - (q if q < COL[b] else COL[b])
    return c if c > 0 else 0


def begin(s) -> None:
    s.phase = PH_BUILDER
    s.turn = 0
    step(s)


def options(s, p: int) -> list:
    free = CITY - s.city[p]
    if free <= 0:
        return []
    bl = s.bld[p]
    money = s.dbl[p]
    q = s.tocc[p][QUARRY]
    priv = 1 if p == s.chooser else 0
    univ = bl[UNIVERSITY] > 0 and (s.csup > 0 or s.cship > 0)
    who = s.names[p]
    tab = _TABS.get(who) or move_table("builder", who, _table)
    out = []
    bsup = s.bsup
    pay = money + priv
    # the buildings whose cost less the player's occupied quarries (up to their column) he can pay (with one
    # free city space, the small ones only), with their first move's place in the table
    afford = (_AFFORD_SMALL if free < 2 else _AFFORD)[q if q < _QMAX else _QMAX][pay if pay < _PMAX else _PMAX]
    if univ:
        for b, i in afford:
            if bl[b] < 0 and bsup[b]:
                out.append(tab[i + 1])
                out.append(tab[i + 2])
    else:
        for b, i in afford:
            if bl[b] < 0 and bsup[b]:
                out.append(tab[i])
    if out:
        out.append(tab[-1])
    return out


# _AFFORD[q][m]: the buildings (index, its first move's place in the table) that cost at most m with q occupied
# quarries (5.4 B3: a quarry takes 1 off, up to the building's column), in the table's order (the listing's
# order). Beyond the largest column more quarries take nothing more off, and beyond the dearest cost every
# building is affordable. _AFFORD_SMALL: the same without the large buildings (one free city space).
_QMAX, _PMAX = max(COL), max(COST)
_TABS = tables("builder")     # player -> his table (move_table's)
_AFFORD = tuple(tuple(tuple((b, 3 * b) for b in range(NB) if COST[b] - min(q, COL[b]) <= m)
                      for m in range(_PMAX + 1)) for q in range(_QMAX + 1))
_AFFORD_SMALL = tuple(tuple(tuple(x for x in row if not LARGE[x[0]]) for row in rows) for rows in _AFFORD)


def _table():
    out = []
    for b in range(NB):
        out += [(BUILD_TEXT[b], ("build", b, False)), (BUILD_TEXT[b], ("build", b, True)),
                (BUILD_NOU_TEXT[b], ("build", b, False))]
    return out + [("pass", ("pass",))]


_NO_SPACE = N_("{who} has no free city space.")
_CANNOT_PAY = N_("{who} cannot pay for any building left to build (rule 5.4 B2-B3).")


def _skipped(s) -> None:
    """Say why a player got no turn."""
    p = (s.chooser + s.turn - 1) % s.n
    text = _NO_SPACE if s.city[p] >= CITY else _CANNOT_PAY
    s.events.append((who_said, text, s.names[p]))


def step(s) -> None:
    if not next_decision(s, options, on_skip=_skipped):
        role_over(s)


_G2 = N_("{who} has filled all 12 city spaces (G2): the game ends after this round.")


def _builds_said(text, who, b, c) -> str:
    """A build's event, written when read (core/said.py)."""
    return _(text).format(who=who, building=a_(bname_(b)), cost=dbl_(c))


_BUILDS_UNIV = N_("{who} builds {building} for {cost}, with a university colonist on it.")
_BUILDS = N_("{who} builds {building} for {cost}.")


def act(s, a) -> None:
    p = s.actor
    if a[0] == "build":
        b = a[1]
        c = cost(s, p, b)
        s.dbl[p] -= c
        s.bank += c
        s.bsup[b] -= 1
        s.bld[p][b] = 0
        s.owned[p].append(b)
        s.city[p] += 2 if LARGE[b] else 1
        s.bcirc[p] += CIRC[b]
        if a[2]:
            take_colonist(s)
            s.bld[p][b] = 1
            text = _BUILDS_UNIV
        else:
            text = _BUILDS
        s.events.append((_builds_said, text, s.names[p], b, c))
        if s.city[p] >= CITY and "G2" not in s.triggers:
            s.triggers.append("G2")
            s.events.append((who_said, _G2, s.names[p]))
    s.turn += 1
    step(s)
