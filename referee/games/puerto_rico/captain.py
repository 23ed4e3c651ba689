"""Captain phase (5.7): loading in repeated laps (must load, the most that fits, the ship where the most
fits, one kind per ship), wharf once per phase, harbor, the captain's VP; then storage (small and large
warehouse; the player chooses what to keep); last, only full ships are emptied."""

from __future__ import annotations

from operator import itemgetter

from referee.i18n import N_, _

from .state import (GOODS, HARBOR, LARGE_WAREHOUSE, PH_CAPTAIN, PRICE, SMALL_WAREHOUSE, STORAGE, WHARF, good_,
                    award_vp, mk, per_player)
from .turns import role_over

LOAD_TEXT = tuple("load " + g for g in GOODS)
WHARF_TEXT = tuple("wharf " + g for g in GOODS)
KEEP_TEXT = tuple("keep " + g for g in GOODS)


_KIND = itemgetter(1)


def loads(s, p: int) -> list:
    """Every cargo load open to p: (good, ship index, amount, text). Rule 5.7 K3."""
    out = []
    gd = s.goods[p]
    if not any(gd):
        return out
    ships = s.ships
    on = list(map(_KIND, ships))     # the kind on each ship (-1: empty)
    empty = None                    # (index, capacity) of the empty ships, once a good needs them
    for g, h in enumerate(gd):
        if not h:
            continue
        if g in on:     # the ship carrying g takes it, else nothing (one kind per ship)
            carrier = on.index(g)
            sh = ships[carrier]
            free = sh[0] - sh[2]
            if free > 0:
                out.append((g, carrier, h if h < free else free, LOAD_TEXT[g]))
            continue
        if empty is None:
            empty = []      # a plain loop: a comprehension makes a function object and a frame (Python 3.11)
            for i in range(len(ships)):
                sh = ships[i]
                if sh[1] < 0:
                    empty.append((i, sh[0]))
        best = 0
        allowed = []
        for i, cap in empty:
            amt = h if h < cap else cap
            if amt > best:
                best, allowed = amt, [i]
            elif amt == best:
                allowed.append(i)
        if len(allowed) == 1:
            out.append((g, allowed[0], best, LOAD_TEXT[g]))
        else:
            for i in allowed:
                out.append((g, i, best, f"{LOAD_TEXT[g]} {ships[i][0]}"))
    return out


def can_wharf(s, p: int) -> bool:
    return s.bld[p][WHARF] > 0 and not s.wharf_used[p]


_LOAD_MOVES: dict = {}     # player -> (good, ship, text) -> the load move (moves are shared: never mutated)


def _load_move(per: dict, who, g: int, i: int, text: str):
    m = per.get((g, i, text))
    if m is None:
        m = per[g, i, text] = mk(who, text, ("load", g, i))
    return m


def options(s, p: int, open_loads=None) -> list:
    who = s.names[p]
    per = per_player(_LOAD_MOVES, who)
    get = per.get
    out = []
    for g, i, _, text in (loads(s, p) if open_loads is None else open_loads):
        m = get((g, i, text))
        out.append(m if m is not None else _load_move(per, who, g, i, text))
    wharf = can_wharf(s, p)
    if wharf:
        gd = s.goods[p]
        for g in range(5):
            if gd[g]:
                out.append(mk(who, WHARF_TEXT[g], ("wharf", g)))
        if out and not any(m.action[0] == "load" for m in out):
            out.append(mk(who, "pass", ("pass",)))  # wharf is optional (5.7 K5)
    return out


def begin(s) -> None:
    s.phase = PH_CAPTAIN
    s.turn = 0
    s.passes = 0
    s.wharf_used = [False] * s.n
    s.cap_loaded = False
    step(s)


def step(s) -> None:
    n = s.n
    if s.passes < n and not any(map(any, s.goods)):
        s.passes = n
    goods = s.goods
    while s.passes < n:
        p = (s.chooser + s.turn) % n
        s.actor = p
        if not any(goods[p]):   # no goods: nothing to load, nor to ship by the wharf (options() would list none)
            s.passes += 1
            s.turn += 1
            continue
        open_loads = loads(s, p)
        if not (s.bld[p][WHARF] > 0 and not s.wharf_used[p]):     # can_wharf(), written out
            if len(open_loads) == 1:    # one cargo load open, no wharf: the rule makes it (K4)
                _load(s, p, open_loads[0][0], open_loads[0][1], only=True)
                s.turn += 1
                continue
            if not open_loads:          # nothing to load and no wharf: no move (options() would list none)
                s.passes += 1
                s.turn += 1
                continue
        mv = options(s, p, open_loads)
        if mv:
            s.mv = mv
            return
        s.passes += 1
        s.turn += 1
    begin_storage(s)


def _vp(s, p: int, amount: int, texts: tuple, g: int, ship=None) -> None:
    """Award the VP of a load of ``amount`` barrels of ``g`` (on the ``ship``-ship, or by the wharf); ``texts``
    is the event without and with the note that the chips have run out (each a whole sentence with {who},
    {total}, {short}, {n}, {good} and {ship})."""
    bonus = 0
    if p == s.chooser and not s.cap_loaded:
        s.cap_loaded = True
        bonus += 1
    if s.bld[p][HARBOR] > 0:
        bonus += 1
    total = amount + bonus
    short = total - s.pool if total > s.pool else 0
    s.events.append((_vp_said, texts[1] if short else texts[0], s.names[p], total, short, amount, g, ship))
    award_vp(s, p, total)


def _vp_said(text, who, total, short, n, g, ship) -> str:
    """A load's or the wharf's event, written when read (core/said.py)."""
    return _(text).format(who=who, total=total, short=short, good=good_(g), n=n, g=g, ship=ship)


_LOAD = (N_("{who} loads {n} {good} on the {ship}-ship for {total} VP."),
         N_("{who} loads {n} {good} on the {ship}-ship for {total} VP ({short} of them noted beyond the chips, "
            "which have run out: they count, rule 6.3)."))
_LOAD_ONLY = (N_("{who} loads {n} {good} on the {ship}-ship (the only load open) for {total} VP."),
              N_("{who} loads {n} {good} on the {ship}-ship (the only load open) for {total} VP ({short} of them "
                 "noted beyond the chips, which have run out: they count, rule 6.3)."))
_WHARF = (N_("{who} ships {n} {good} with the wharf for {total} VP."),
          N_("{who} ships {n} {good} with the wharf for {total} VP ({short} of them noted beyond the chips, which "
             "have run out: they count, rule 6.3)."))


def _load(s, p: int, g: int, i: int, only: bool = False) -> None:
    sh = s.ships[i]
    h = s.goods[p][g]
    free = sh[0] - sh[2]
    amt = h if h < free else free
    sh[1] = g
    sh[2] += amt
    s.goods[p][g] -= amt
    s.passes = 0
    _vp(s, p, amt, _LOAD_ONLY if only else _LOAD, g, sh[0])


def act(s, a) -> None:
    p = s.actor
    kind = a[0]
    if kind == "load":
        _load(s, p, a[1], a[2])
    elif kind == "wharf":
        g = a[1]
        amt = s.goods[p][g]
        s.goods[p][g] = 0
        s.gsup[g] += amt
        s.wharf_used[p] = True
        s.passes = 0
        _vp(s, p, amt, _WHARF, g)
    elif kind == "pass":
        s.passes += 1
    s.turn += 1
    step(s)


# --- storage (5.7 K9) ----------------------------------------------------------------------------

def slots(s, p: int) -> int:
    bl = s.bld[p]
    return (1 if bl[SMALL_WAREHOUSE] > 0 else 0) + (2 if bl[LARGE_WAREHOUSE] > 0 else 0)


def begin_storage(s) -> None:
    s.phase = STORAGE
    s.turn = 0
    storage_step(s)


def _keeps_all(gd, kept, w) -> bool:
    """True when the player can keep every barrel, so there is nothing to choose."""
    rest = [gd[g] for g in range(5) if gd[g] and not kept[g]]
    return len(rest) <= w or (len(rest) == w + 1 and min(rest) == 1)


def storage_step(s) -> None:
    n = s.n
    while s.turn < n:
        p = (s.chooser + s.turn) % n
        s.actor = p
        gd = s.goods[p]
        k = 5 - gd.count(0)     # the kinds he holds (counted in C: a comprehension here cost a frame a player)
        if not k:
            s.turn += 1
            continue
        w = slots(s, p)
        if k <= w or k == w + 1 and 1 in gd:     # _keeps_all, nothing kept yet (1 in gd: his fewest is 1)
            s.turn += 1
            continue
        none = [False] * 5
        if w == 0 and k == 1:
            _finish(s, p, none, gd.index(max(gd)))  # his one kind
            continue
        s.st_slots = w
        s.st_kept = none
        s.mv = storage_options(s, p)
        return
    # 5.7 K11: only full ships are emptied
    for sh in s.ships:
        if sh[1] >= 0 and sh[2] >= sh[0]:
            s.gsup[sh[1]] += sh[2]
            s.events.append((_emptied_said, sh[0], sh[2], sh[1]))
            sh[1] = -1
            sh[2] = 0
    s.st_kept = None
    role_over(s)


def _emptied_said(ship, n, g) -> str:
    return _("The full {ship}-ship is emptied ({n} {good}).").format(ship=ship, n=n, good=good_(g))


def storage_options(s, p: int) -> list:
    who = s.names[p]
    gd = s.goods[p]
    out = [mk(who, "ok", ("ok",))]
    for g in range(5):
        if gd[g] and not s.st_kept[g]:
            out.append(mk(who, KEEP_TEXT[g], ("keep", g)))
    return out


def propose(s, p: int):
    """Warehouses keep the kinds with the most barrels (dearer first on ties); the single barrel is the
    dearest kind left."""
    gd = s.goods[p]
    kept = list(s.st_kept)
    w = s.st_slots
    rest = sorted((g for g in range(5) if gd[g] and not kept[g]), key=lambda g: (gd[g], PRICE[g]), reverse=True)
    for g in rest[:w]:
        kept[g] = True
    left = [g for g in rest[w:]]
    single = max(left, key=lambda g: PRICE[g]) if left else -1
    return kept, single


def _finish(s, p: int, kept, single: int) -> None:
    gd = s.goods[p]
    lost = []
    for g in range(5):
        if kept[g] or not gd[g]:
            continue
        keep = 1 if g == single else 0
        x = gd[g] - keep
        if x:
            s.gsup[g] += x
            gd[g] = keep
            lost.append((x, g))
    if lost:    # written when read (core/said.py)
        s.events.append((_returns_said, s.names[p], lost))
    s.turn += 1


def _returns_said(who, lost) -> str:
    return _("{who} returns {goods} to the supply (storage).").format(
        who=who, goods=", ".join(f"{x} {good_(g)}" for x, g in lost))


def storage_act(s, a) -> None:
    p = s.actor
    if a[0] == "keep":
        g = a[1]
        if s.st_slots > 0:
            s.st_kept[g] = True
            s.st_slots -= 1
            gd = s.goods[p]
            rest = [x for x in range(5) if gd[x] and not s.st_kept[x]]
            if not _keeps_all(gd, s.st_kept, s.st_slots) and not (s.st_slots == 0 and len(rest) == 1):
                s.mv = storage_options(s, p)
                return
            if s.st_slots == 0 and len(rest) == 1 and not _keeps_all(gd, s.st_kept, 0):
                _finish(s, p, s.st_kept, rest[0])
            else:
                s.turn += 1
        else:
            _finish(s, p, s.st_kept, g)
    else:
        kept, single = propose(s, p)
        _finish(s, p, kept, single)
    storage_step(s)
