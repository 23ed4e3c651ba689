"""Building table situations for Puerto Rico tests. Everything given to a player is taken from the
supply it belongs to, so check() still holds."""

from __future__ import annotations

import referee
from referee.games.puerto_rico.rules import relist
from referee.games.puerto_rico.state import BINDEX, CIRC, GOODS, KINDS, LARGE, ROLE

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]


def new(n=4, row=None, **options):
    """A game past setup: the face-up row revealed (default: as many corn/indigo/sugar... as needed)."""
    g = referee.new_game("puerto-rico", NAMES[:n], {k.replace("_", "-"): v for k, v in options.items()})
    row = row or ["corn", "indigo", "sugar", "tobacco", "coffee", "corn"][: n + 1]
    for kind in row:
        g.play("reveal " + kind)
    return g


def give(g, seat, tiles=None, buildings=None, goods=None, doubloons=None, san_juan=0):
    """tiles: {kind: (count, occupied)}; buildings: {id: colonists}; goods: {good: n}; doubloons: set to n."""
    s = g.state
    for kind, spec in (tiles or {}).items():
        count, occ = spec if isinstance(spec, tuple) else (spec, 0)
        k = KINDS.index(kind)
        if k == 5:
            s.quarries -= count
        else:
            take = min(count, s.stack[k])
            s.stack[k] -= take
            rest = count - take
            if rest:
                from_disc = min(rest, s.disc[k])
                s.disc[k] -= from_disc
                s.row[k] -= rest - from_disc
        s.tiles[seat][k] += count
        s.tocc[seat][k] += occ
        s.csup -= occ
    for bid, col in (buildings or {}).items():
        b = BINDEX[bid]
        assert col <= CIRC[b]
        s.bsup[b] -= 1
        s.bld[seat][b] = col
        s.owned[seat].append(b)
        s.city[seat] += 2 if LARGE[b] else 1
        s.csup -= col
    for good, x in (goods or {}).items():
        gi = GOODS.index(good)
        s.gsup[gi] -= x
        s.goods[seat][gi] += x
    if doubloons is not None:
        s.bank += s.dbl[seat] - doubloons
        s.dbl[seat] = doubloons
    if san_juan:
        s.sj[seat] += san_juan
        s.csup -= san_juan
    refresh(g)
    g.check()


def refresh(g):
    """Recompute the legal moves after a test changed the state directly."""
    relist(g.state)
    g._legal = None


def turn_to(g, seat):
    """Make it seat's turn to choose a role (the first pick of the round when seat is the governor)."""
    s = g.state
    assert s.phase == ROLE
    s.picks = (seat - s.gov) % s.n
    refresh(g)


def texts(g):
    return sorted(m.text for m in g.legal_moves())


def play_all(g, *moves):
    for m in moves:
        g.play(m)
