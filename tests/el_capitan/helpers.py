"""Helpers for El Capitan scenarios: a game on the made-up test board, with the table's single-answer
chance moves auto-played, and direct placement of earlier warehouses (taken from the supply)."""

from __future__ import annotations

from pathlib import Path

import referee
from referee.games.el_capitan import chain as ch
from referee.games.el_capitan.board import CITY_INDEX
from referee.games.el_capitan.state import COLOURS

BOARD = str(Path(__file__).with_name("test_board.json"))
NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]


def auto(g):
    """Play chance moves the way the table does: single answers at once, else the first listed."""
    while not g.finished:
        moves = g.legal_moves()
        if not all(m.chance for m in moves):
            return g
        g.play(moves[0].text)
    return g


def new(n=3, board=BOARD, **options):
    """A game on the test board whose harbour and fortress prices the table has already read out (each is
    otherwise asked when a build is first announced there, rule D6)."""
    g = referee.new_game("el-capitan", NAMES[:n], {"board": board, **options})
    s = g.state
    for key in [("harbour", c, i) for c in range(9) for i in (0, 1)] + [("fortress", c, i) for c in range(9)
                                                                       for i in (0, 1)]:
        value = g.rules._known(s, key)
        if value is not None:
            s.learned[key] = value
    return auto(g)


def colour(name):
    return COLOURS.index(name)


def put(g, city, chain, start=1):
    """Place warehouses of these colours on consecutive sites from ``start`` (taken from the supply)."""
    s = g.state
    c = s.cities[CITY_INDEX[city]]
    for k, name in enumerate(chain):
        col = colour(name)
        s.supply_w[col] -= 1
        s.stamp += 1
        ch.place(c, start + k, col, s.stamp)
    g._legal = None
    return c


def at(g, player, city, space=0, first_turn_done=True):
    """Anchor a player's ship in a city harbour space (as if it arrived earlier)."""
    s = g.state
    p = s.players.index(player)
    ci = CITY_INDEX[city]
    if s.ship_space[p] >= 0 and s.ship_city[p] >= 0:
        s.cities[s.ship_city[p]].harbour[s.ship_space[p]] = -1
    other = s.cities[ci].harbour[space]
    if other >= 0 and other != p:          # that ship has sailed on to the bank meanwhile
        s.ship_city[other], s.ship_space[other] = -1, -1
    s.ship_city[p] = ci
    s.ship_space[p] = space
    s.cities[ci].harbour[space] = p
    if first_turn_done:
        s.turns = [max(t, 1) for t in s.turns]
    g._legal = None


def texts(g):
    return [m.text for m in g.legal_moves()]


def turn_of(g, player):
    """Make ``player`` the active player at the start of a turn (display full, no action yet)."""
    s = g.state
    s.cur = s.players.index(player)
    s.acted = s.loan_turn = s.dest_leg = False
    g._legal = None
    return auto(g)
