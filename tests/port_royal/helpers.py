"""Scenario helpers: play moves through the public API; rig a starting position only where a real
move sequence would be long (coins, persons already hired), keeping every invariant check() tests."""

from __future__ import annotations

import referee
from referee.games.port_royal import cards as C


def new(n=3, **options):
    names = ["Ann", "Bob", "Cal", "Dan", "Eve"][:n]
    return referee.new_game("port-royal", names, {k.replace("_", "-"): v for k, v in options.items()})


def play(g, *moves):
    for m in moves:
        g.play(m)
        g.check()
    return g


def flip(g, *cards):
    """The active player flips each card in turn (a 'flip' decision, then the chance move)."""
    for c in cards:
        play(g, "flip", c)
    return g


def seat(g, name):
    return g.players.index(name)


def player(g, name):
    return next(p for p in g.view()["players"] if p["name"] == name)


def coins(g):
    return {p["name"]: p["coins"] for p in g.view()["players"]}


def set_coins(g, name, k):
    """Rig: the player's coin count becomes k, exchanging coins with the draw pile (as if drawn/paid)."""
    s = g.state
    p = seat(g, name)
    diff = k - s.coins[p]
    assert s.draw >= diff, "not enough cards in the draw pile for the rigged coins"
    s.draw -= diff
    s.coins[p] = k
    g._legal = None
    g.check()


def give(g, name, *card_ids):
    """Rig: the player already employs these persons / holds these expeditions (taken from the draw pile)."""
    s = g.state
    rules = g.rules
    p = seat(g, name)
    for cid in card_ids:
        c = C.INDEX[cid]
        if C.KIND[c] == C.EXPEDITION and c in s.area:
            s.area.remove(c)
        else:
            assert s.ub[c] > 0 and s.draw > 0, f"no {cid} left in the draw pile to rig"
            s.ub[c] -= 1
            s.draw -= 1
            s.out[c] += 1
        rules._add_card(s, p, c)
    g._legal = None
    g.check()


def texts(g):
    return sorted(m.text for m in g.legal_moves())


def events(g):
    return g.view()["last_events"]
