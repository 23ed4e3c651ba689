"""Mayor phase (5.3): the privilege colonist, the ship shared out from the mayor, each player's
placement with the fill rule (one colonist at a time, or 'ok' to accept the proposal for the rest),
and the refill of the colonist ship (trigger G1)."""

from __future__ import annotations

from referee.i18n import N_, _

from .state import (BIDS, CIRC, COL, KINDS, NB, PH_MAYOR, PROD_GOOD, QUARRY, bid_, good_, move_table, tables,
                    who_said)
from .turns import role_over

_CIRC_OF = CIRC.__getitem__     # a building's circles (bound once: read for every player of every mayor phase)
_TABS = tables("mayor")      # player -> his table (move_table's)
PLACE_TEXT = tuple("place " + k for k in KINDS) + tuple("place " + b for b in BIDS)


_PRIVILEGE = N_("{who} takes the mayor's colonist from the supply.")
_REFUSES = N_("{who} refuses a colonist; it leaves the game.")


def begin(s, privilege: bool) -> None:
    s.phase = PH_MAYOR
    n = s.n
    m = s.chooser
    if privilege and s.csup > 0:
        s.csup -= 1
        s.sj[m] += 1
        s.events.append((who_said, _PRIVILEGE, s.names[m]))
    ship = s.cship
    s.cship = 0
    base, extra = divmod(ship, n)
    for k in range(n):
        p = (m + k) % n
        c = base + (1 if k < extra else 0)
        s.sj[p] += c
        s.m_new[p] = c
    s.turn = 0
    step(s)


def targets(s, p: int) -> int:
    """How many distinct places (tile kinds, buildings) can hold a colonist."""
    return 6 - s.tiles[p].count(0) + len(s.owned[p])


def step(s) -> None:
    n = s.n
    decline = s.o_decline
    while s.turn < n:
        p = (s.chooser + s.turn) % n
        s.actor = p
        owned = s.owned[p]
        tiles = s.tiles[p]
        pool = s.sj[p] + sum(s.tocc[p])
        bl = s.bld[p]
        for x in owned:     # a plain loop: cheaper than map() over a bound method for a handful of buildings
            pool += bl[x]
        circles = s.isl[p] + s.bcirc[p]     # as the moves keep them (state.recount)
        if 0 < pool < circles and 6 - tiles.count(0) + len(owned) > 1 or decline and s.m_new[p] > 0:
            s.m_t = [0] * 6
            s.m_b = [0] * NB
            s.m_pool = pool
            s.m_placed = 0
            s.m_target = pool if pool < circles else circles
            s.m_circ = circles      # kept for the player's placing: his places do not change meanwhile
            s.mv = options(s, p)
            return
        if pool >= circles:     # a colonist for every circle: no choice, and no fill to work out
            t = list(tiles)
            b = [0] * NB
            for x in owned:
                b[x] = CIRC[x]
        elif pool:              # nothing placed yet: the proposal from the previous arrangement
            t, b = _propose(s, p, [0] * 6, [0] * NB, pool, circles, 0, own=True)
        else:
            t = [0] * 6
            b = [0] * NB
        _finish_pool(s, p, t, b, pool)
    refill(s)
    role_over(s)


def _table():
    return [("ok", ("ok",)), ("refuse", ("refuse",))] + [(PLACE_TEXT[x], ("place", x)) for x in range(6 + NB)]


def options(s, p: int) -> list:
    who = s.names[p]
    tab = _TABS.get(who) or move_table("mayor", who, _table)
    out = [tab[0]]
    if s.m_placed < s.m_target:
        # plain loops: a comprehension makes a function object and a frame each time (Python 3.11)
        add = out.append
        t, mt = s.tiles[p], s.m_t
        for k in range(6):
            if t[k] > mt[k]:
                add(tab[2 + k])
        mb = s.m_b
        for b in s.owned[p]:
            if CIRC[b] > mb[b]:
                add(tab[8 + b])
    if s.o_decline and s.m_new[p] > 0 and s.m_pool > s.m_placed:
        out.append(tab[1])
    return out


def _after_place(s, p: int, x: int, full=None):
    """The player's moves after a colonist placed on ``x``, or None when no choice is left (every free circle
    must be filled, or only one place has free circles). Worked out from the listing the colonist was placed
    from (s.mv, as ``options`` listed it; a placement is a third of the mayor's moves): less ``x`` if it is now
    full (``full``: whether it is, as place() said). tests/puerto_rico/test_mayor_fill.py checks it against
    ``options`` and the fill rule at every placement of random games."""
    if full is None:
        full = s.m_t[x] >= s.tiles[p][x] if x < 6 else s.m_b[x - 6] >= CIRC[x - 6]
    if full:    # by text: a copied position (the table's preview deep-copies it) holds copies of the moves
        text = PLACE_TEXT[x]
        mv = s.mv
        i = 1       # 'ok' comes first; the place is listed (it had a free circle): found, then cut out (a
        while mv[i].text != text:      # comprehension made a function object and a frame for every full place)
            i += 1
        mv = mv[:i] + mv[i + 1:]
    else:
        mv = s.mv   # the same listing (listings are never mutated)
    if mv[-1].text == "refuse":     # still one to refuse (placed < target <= pool): never forced
        return mv
    if s.o_decline and s.m_new[p] > 0:
        return mv
    if len(mv) <= 2 or s.m_circ <= s.m_target:     # one place left; free circles (circ - placed) <= to place
        return None
    return mv


def propose(s, p: int, t: list, b: list, pool: int):
    """The proposal: what is already placed, then the previous arrangement, then a greedy fill that pairs
    plantations with production buildings and occupies violet buildings. When the previous arrangement no
    longer fits (the player placed colonists elsewhere: he is moving them), the colonists kept are the most
    useful ones by the same greedy order, so the one that moves is the least useful. Returns new lists."""
    owned = s.owned[p]
    circles = sum(s.tiles[p]) + sum(map(_CIRC_OF, owned))
    return _propose(s, p, t, b, pool, circles, sum(t) + sum(map(b.__getitem__, owned)))


def _propose(s, p: int, t: list, b: list, pool: int, circles: int, placed: int, own: bool = False):
    """propose(), told the player's circles and the colonists placed (a placing keeps both: s.m_circ and
    s.m_placed). ``b`` holds colonists on the player's own buildings only, as every placing does. ``own``:
    ``t`` and ``b`` are the placing's own lists, dropped afterwards (act()), so they are filled as they are."""
    if not own:
        t = list(t)
        b = list(b)
    tiles = s.tiles[p]
    owned = s.owned[p]
    left = (pool if pool < circles else circles) - placed
    if left <= 0:
        return t, b
    if pool >= circles:     # colonists for every circle: whatever the order of the fill, all are filled
        for x in owned:
            b[x] = CIRC[x]
        return list(tiles), b
    prev_b = s.bld[p]
    # the previous arrangement, less what is placed already (a colonist placed where one was counts as his)
    occ = s.tocc[p]
    lim_t = list(t)     # a plain loop: a comprehension made a function object and a frame (Python 3.11)
    for k in range(6):
        x = occ[k]
        if x > tiles[k]:
            x = tiles[k]
        if x > lim_t[k]:
            lim_t[k] = x
    lim_b = list(b)
    want = sum(lim_t) - placed
    for x in owned:
        y = prev_b[x]
        if y > b[x]:
            lim_b[x] = y
        want += lim_b[x]
    if want <= left:   # it fits whole: keep it, then fill the rest
        return _fill(lim_t, lim_b, tiles, owned, left - want, tiles, CIRC) if want < left else (lim_t, lim_b)
    # it does not fit (the player is moving colonists): keep the most useful previous places
    return _fill(t, b, tiles, owned, left, lim_t, lim_b)


def _fill(t, b, tiles, owned, left, lim_t, lim_b):
    """Greedy fill of ``left`` colonists onto places below their limits: violet buildings first, then
    production buildings and plantations that pair up, corn, quarries, the rest."""
    cap = [0] * 5   # colonists on each good's production buildings, kept up to date as the fill goes on
    violet = []
    for x in owned:
        g = PROD_GOOD[x]
        if g >= 0:
            cap[g] += b[x]
        elif b[x] == 0 and lim_b[x] > 0:
            violet.append(x)
    # An empty violet building scores 20 + its column, above every other place (12 at most), and filling one
    # changes no other score: the loop below would take them first, the highest column first and the first
    # in the city on ties. So they are filled so here, without scoring every place for each.
    if violet:
        violet.sort(key=COL.__getitem__, reverse=True)     # stable, so ties keep the city's order
        for x in violet:
            if left <= 0:
                return t, b
            b[x] += 1
            left -= 1
    while left > 0:
        best = -1
        bx = tk = -1        # the best place so far: a building (bx) or a tile kind (tk); the first best wins
        for x in owned:
            if b[x] >= lim_b[x]:
                continue
            g = PROD_GOOD[x]
            if g < 0:
                score = 20 + COL[x] if b[x] == 0 else 0
            else:
                score = 12 if t[g] > cap[g] else 3
            if score > best:
                best, bx = score, x
        for k in range(6):
            if lim_t[k] <= t[k]:
                continue
            if k == 0:
                score = 8
            elif k == QUARRY:
                score = 7
            else:
                score = 11 if t[k] < cap[k] else 4 + k
            if score > best:
                best, tk = score, k
        if tk >= 0:
            t[tk] += 1
        elif bx >= 0:
            b[bx] += 1
            g = PROD_GOOD[bx]
            if g >= 0:
                cap[g] += 1
        else:
            break
        left -= 1
    return t, b


def place(s, x: int, p: int = -1) -> bool:
    """One colonist onto place ``x`` (0-5 a plantation, 6+ a building); with the player ``p``, returns whether
    the place is now full."""
    s.m_placed += 1
    if x < 6:
        t = s.m_t
        t[x] += 1
        return p >= 0 and t[x] >= s.tiles[p][x]
    b = s.m_b
    x -= 6
    b[x] += 1
    return b[x] >= CIRC[x]


def act(s, a) -> None:
    p = s.actor
    kind = a[0]
    if kind == "place":
        x = a[1]
        full = place(s, x, p)
        if s.m_placed < s.m_target:
            mv = _after_place(s, p, x, full)
            if mv is not None:
                s.mv = mv
                return
        t, b = _propose(s, p, s.m_t, s.m_b, s.m_pool, s.m_circ, s.m_placed, True)
    elif kind == "refuse":
        s.m_pool -= 1
        s.m_new[p] -= 1
        s.sj[p] -= 1
        s.cgone += 1
        s.events.append((who_said, _REFUSES, s.names[p]))
        circles = s.m_circ
        s.m_target = s.m_pool if s.m_pool < circles else circles
        if s.m_placed < s.m_target or (s.m_new[p] > 0 and s.m_pool > s.m_placed):
            s.mv = options(s, p)
            return
        t, b = s.m_t, s.m_b
    else:  # ok: accept the proposal for the rest
        t, b = _propose(s, p, s.m_t, s.m_b, s.m_pool, s.m_circ, s.m_placed, True)
    _finish_pool(s, p, t, b, s.m_pool)
    s.m_t = s.m_b = None
    step(s)


def _finish_pool(s, p, t, b, pool):
    """The player's colonists as ``t`` (per tile kind) and ``b`` (per building) say, the rest to San Juan.
    ``t`` and ``b`` are the placing's own lists (a proposal's, or the player's own placing): nothing changes
    them afterwards, so the event keeps them as they are."""
    s.tocc[p] = t   # every caller's t is its own (a proposal's new list, or the placing's, dropped after)
    bl = s.bld[p]
    owned = s.owned[p]
    placed = sum(t)
    for x in owned:
        y = bl[x] = b[x]
        placed += y
    s.sj[p] = pool - placed
    s.m_new[p] = 0
    s.turn += 1
    if pool:
        s.events.append((_colonists_said, s.names[p], tuple(t), b, tuple(owned), pool - placed))


def _colonists_said(who, t, b, owned, left) -> str:
    """The mayor's event of one player's placing (written when read: core/said.py)."""
    where = [f"{t[k]} {good_(k)}" for k in range(6) if t[k]] + [f"{b[x]} {bid_(x)}" for x in owned if b[x]]
    where = ", ".join(where) or _("none placed")
    if left > 0:
        text = _("{who}'s colonists: {where}, {left} in San Juan.")
    else:
        text = _("{who}'s colonists: {where}.")
    return text.format(who=who, where=where, left=left)


def refill(s) -> None:
    """5.3 M7: one colonist per empty building circle, at least N; a short supply fires G1."""
    empty = sum(s.bcirc)    # the circles on every building (as the moves keep them), less the colonists
    for bl, owned in zip(s.bld, s.owned):
        for x in owned:
            empty -= bl[x]
    need = empty if empty > s.n else s.n
    if s.csup >= need:
        s.csup -= need
        s.cship += need
    else:
        s.cship += s.csup
        s.events.append(_("The supply cannot refill the colonist ship ({have} of {need}): the game ends "
                          "after this round (G1).").format(have=s.csup, need=need))
        s.csup = 0
        if "G1" not in s.triggers:
            s.triggers.append("G1")
