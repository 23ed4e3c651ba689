"""The mayor's proposal and moves, written for speed (issue 25 item 2: the moves after a placement from the
listing it was made from, a shortcut when every circle gets a colonist, no tuples in the greedy fill), against
the plain versions they replaced, kept here as the model: over random positions of random games the two
propose and list the same, and say alike when no choice is left."""

from __future__ import annotations

import copy
import random

import pytest

import referee
from referee.games.puerto_rico import mayor
from referee.games.puerto_rico.state import CIRC, COL, NB, PROD_GOOD, QUARRY


def model_propose(s, p, t, b, pool):
    t, b = list(t), list(b)
    tiles, owned = s.tiles[p], s.owned[p]
    circles = sum(tiles) + sum(CIRC[x] for x in owned)
    left = min(pool, circles) - sum(t) - sum(b)
    if left <= 0:
        return t, b
    prev_t, prev_b = s.tocc[p], s.bld[p]
    lim_t = [max(min(x, y), z) for x, y, z in zip(prev_t, tiles, t)]
    lim_b = list(b)
    for x in owned:
        lim_b[x] = max(prev_b[x], b[x])
    want = sum(lim_t) - sum(t) + sum(lim_b) - sum(b)
    if want <= left:
        return model_fill(lim_t, lim_b, owned, left - want, tiles, CIRC)
    return model_fill(t, b, owned, left, lim_t, lim_b)


def model_fill(t, b, owned, left, lim_t, lim_b):
    cap = [0] * 5
    for x in owned:
        if PROD_GOOD[x] >= 0:
            cap[PROD_GOOD[x]] += b[x]
    while left > 0:
        best, where = -1, None
        for x in owned:
            if b[x] >= lim_b[x]:
                continue
            g = PROD_GOOD[x]
            score = (20 + COL[x] if b[x] == 0 else 0) if g < 0 else (12 if t[g] > cap[g] else 3)
            if score > best:
                best, where = score, ("b", x)
        for k in range(6):
            if lim_t[k] <= t[k]:
                continue
            score = 8 if k == 0 else 7 if k == QUARRY else (11 if t[k] < cap[k] else 4 + k)
            if score > best:
                best, where = score, ("t", k)
        if where is None:
            break
        if where[0] == "b":
            b[where[1]] += 1
            if PROD_GOOD[where[1]] >= 0:
                cap[PROD_GOOD[where[1]]] += 1
        else:
            t[where[1]] += 1
        left -= 1
    return t, b


def model_forced(s, p):
    if s.opts.get("allow-decline-colonists", False) and s.m_new[p] > 0:
        return False
    places = [k for k in range(6) if s.tiles[p][k] > s.m_t[k]] + [x for x in s.owned[p] if CIRC[x] > s.m_b[x]]
    free = sum(s.tiles[p][k] - s.m_t[k] for k in range(6) if s.tiles[p][k] > s.m_t[k]) + sum(
        CIRC[x] - s.m_b[x] for x in s.owned[p] if CIRC[x] > s.m_b[x])
    return len(places) <= 1 or free <= s.m_target - s.m_placed


@pytest.mark.parametrize("n,decline", [(2, False), (3, True), (4, False), (5, True)])
def test_the_proposal_and_the_fill_rule_are_the_models(n, decline):
    rng = random.Random(n)
    checked = 0
    for _ in range(3):
        g = referee.new_game("puerto-rico", ["P%d" % i for i in range(1, n + 1)],
                             options={"allow-decline-colonists": decline})
        while not g.finished:
            s = g.state
            if s.phase == "mayor" and s.m_t is not None:
                p = s.actor
                assert mayor.propose(s, p, s.m_t, s.m_b, s.m_pool) == model_propose(s, p, s.m_t, s.m_b, s.m_pool)
                for pool in range(0, 14):   # as a player with more or fewer colonists would have it
                    got = mayor.propose(s, p, [0] * 6, [0] * NB, pool)
                    assert got == model_propose(s, p, [0] * 6, [0] * NB, pool)
                assert [m.text for m in s.mv] == [m.text for m in mayor.options(s, p)]
                for move in s.mv:       # each placement listed: the moves after it, or no choice left
                    if move.action[0] != "place":
                        continue
                    after = copy.deepcopy(s)
                    x = move.action[1]
                    mayor.place(after, x)
                    if after.m_placed < after.m_target:
                        want = None if model_forced(after, p) else [m.text for m in mayor.options(after, p)]
                        got = mayor._after_place(after, p, x)
                        assert (got and [m.text for m in got]) == want
                checked += 1
            g.play(rng.choice(g.legal_moves()).text)
    assert checked > 20
