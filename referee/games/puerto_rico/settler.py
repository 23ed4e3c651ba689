"""Settler phase (5.2): plantations and quarries, hacienda, construction hut, hospice; the face-up row
turned up one tile at a time as chance moves (at setup and after every settler phase)."""

from __future__ import annotations

from referee.i18n import N_, _

from .state import (CONSTRUCTION_HUT, DRAW, HACIENDA, HOSPICE, ISLAND, KINDS, PH_SETTLER, QUARRY, REVEAL, a_,
                    _CHANCE, chance_list, good_, move_table, per_player, take_colonist)
from .turns import next_decision, role_over, round_starts


def begin(s) -> None:
    s.phase = PH_SETTLER
    s.turn = 0
    s.hac_used = False
    step(s)


def options(s, p: int) -> list:
    if s.isl[p] >= ISLAND:
        return []  # a full island takes nothing (5.2 S5)
    bl = s.bld[p]
    row = s.row
    # What the listing depends on, as bits: the row's kinds, the quarry, the hospice's colonist, the hacienda.
    # The same few listings come back all game: they are kept by these bits (and the player).
    key = (row[0] > 0) | (row[1] > 0) << 1 | (row[2] > 0) << 2 | (row[3] > 0) << 3 | (row[4] > 0) << 4
    if s.quarries > 0 and (p == s.chooser or bl[CONSTRUCTION_HUT] > 0):
        key |= 32
    if bl[HOSPICE] > 0 and (s.csup > 0 or s.cship > 0):
        key |= 64
    if bl[HACIENDA] > 0 and not s.hac_used and (sum(s.stack) > 0 or (s.o_hac_reshuffle and sum(s.disc) > 0)):
        key |= 128
    who = s.names[p]
    per = _LISTS.get(who) or per_player(_LISTS, who)     # per_player(), its common case read here
    out = per.get(key)
    if out is None:
        out = per[key] = _listing(move_table("settler", who, _table), key)
    return out


_LISTS: dict = {}   # player -> the bits options() works out -> the listing (shared: never mutated)


def _listing(tab, key: int) -> list:
    hosp = key & 64
    out = []
    if key & 128:
        out.append(tab[_HACIENDA])
    for k in range(6):      # the row's kinds, then the quarry (bit 5)
        if key >> k & 1:
            if hosp:
                out.append(tab[3 * k + 1])
                out.append(tab[3 * k + 2])
            else:
                out.append(tab[3 * k])
    if out:
        out.append(tab[_PASS])
    return out


def _table():
    """A player's settler moves, built once (state.move_table): for each tile kind 'take X' without and with
    the hospice's colonist and 'take X no-hospice', then 'hacienda' and 'pass'."""
    out = []
    for k in range(6):
        out += [("take " + KINDS[k], ("take", k, False)), ("take " + KINDS[k], ("take", k, True)),
                ("take " + KINDS[k] + " no-hospice", ("take", k, False))]
    return out + [("hacienda", ("hacienda",)), ("pass", ("pass",))]


_HACIENDA, _PASS = 18, 19


def _next_player(s) -> None:
    s.hac_used = False


def step(s) -> None:
    if next_decision(s, options, on_skip=_next_player):
        return
    # 5.2 S7: discard the row, turn up N+1 new tiles
    for k in range(5):
        s.disc[k] += s.row[k]
        s.row[k] = 0
    s.phase = REVEAL
    s.reveal_left = s.n + 1
    if s.triggers:   # the game ends with this round and it has no other settler phase: nobody takes from the row
        s.reveal_left = 0
        s.events.append(_("The game ends after this round, so no new plantations need to be turned up."))
    reveal_step(s)


def reshuffle(s) -> None:
    for k in range(5):
        s.stack[k] += s.disc[k]
        s.disc[k] = 0
    s.events.append(_("The plantation stack ran out: the discards are shuffled into a new stack."))


def reveal_step(s) -> None:
    while s.reveal_left > 0:
        if sum(s.stack) == 0:
            if sum(s.disc) > 0:
                reshuffle(s)
            else:
                s.events.append(_("No plantation tiles are left: the row stays short (5.2 S7)."))
                s.reveal_left = 0
                break
        stack = s.stack
        # chance_list("reveal", stack), its cache read here: a reveal is every seventh move of a random game
        mv = _CHANCE.get((stack[0] > 0) | (stack[1] > 0) << 1 | (stack[2] > 0) << 2 | (stack[3] > 0) << 3
                         | (stack[4] > 0) << 4) or chance_list("reveal", stack)
        if len(mv) > 1:
            s.actor = -1
            s.mv = mv
            return
        k = mv[0].action[1]   # one kind left in the stack: the table turns it up, nothing to enter
        s.stack[k] -= 1
        s.row[k] += 1
        s.reveal_left -= 1
        s.events.append(_("A {good} plantation is turned up (the only kind left in the stack).").format(good=good_(k)))
    if s.card < 0:  # the row at setup
        round_starts(s)
    else:
        role_over(s)


_TAKES_HOSPICE = N_("{who} takes {tile} tile with a hospice colonist on it.")
_TAKES = N_("{who} takes {tile} tile.")


def reveal(s, a) -> None:
    """A face-up plantation turned up (a chance move of the reveal phase)."""
    k = a[1]
    s.stack[k] -= 1
    s.row[k] += 1
    s.reveal_left -= 1
    reveal_step(s)


# A take's and a hacienda draw's events, written when read (core/said.py)
def _takes_said(text, who, k) -> str:
    return _(text).format(who=who, tile=a_(good_(k)))


def _draws_said(who, k) -> str:
    return _("{who} draws {plantation} plantation with the hacienda.").format(who=who, plantation=a_(good_(k)))


def act(s, a) -> None:
    kind = a[0]
    p = s.actor
    if kind == "take":
        k = a[1]
        if k == QUARRY:
            s.quarries -= 1
        else:
            s.row[k] -= 1
        s.tiles[p][k] += 1
        s.isl[p] += 1
        if a[2]:
            take_colonist(s)
            s.tocc[p][k] += 1
            text = _TAKES_HOSPICE
        else:
            text = _TAKES
        s.events.append((_takes_said, text, s.names[p], k))
    elif kind == "hacienda":
        if sum(s.stack) == 0:
            reshuffle(s)
        mv = chance_list("draw", s.stack)
        if len(mv) == 1:   # one kind left in the stack: nothing for the table to enter
            act(s, mv[0].action)
            return
        s.phase = DRAW
        s.mv = mv
        return
    elif kind == "draw":
        k = a[1]
        s.stack[k] -= 1
        s.tiles[p][k] += 1
        s.isl[p] += 1
        s.hac_used = True
        s.phase = PH_SETTLER
        s.events.append((_draws_said, s.names[p], k))
        mv = options(s, p)
        if mv:
            s.mv = mv
            return
    s.turn += 1
    s.hac_used = False
    step(s)
