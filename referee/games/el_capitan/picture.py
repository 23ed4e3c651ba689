"""What the site's picture of an El Capitan board shows, and nothing more (issue 25).

The replay on a play's page draws the board after every move (club/site/boards.py: the phase, paydays and
current player; each city's sites and fortresses; each player's colour, money, ship, number of cards and of
loans). Building the whole ``view()`` for that (loans' repayments, net worth, harbours, learned board values,
card labels) at every step was a third of a first site build. These are the same values, taken from the
state the same way ``present.view`` takes them; tests/club/test_site_picture.py draws both at every step of
random games and compares the pictures.
"""

from __future__ import annotations

from functools import lru_cache

from .board import CITIES
from .chain import EMPTY, FREE
from .present import _where
from .state import COLOURS


def picture_view(rules, s, memo: dict | None = None) -> dict:
    """The keys of ``present.view(rules, s)`` the board picture reads, with the same values, but the players
    as "player rows": what the picture shows of each, in the order it reads them (boards._el_capitan).
    ``memo``: a dict kept from one step of a replay to the next: the cities' entries are made again only when
    a site or fortress changed."""
    now = [(bytes(city.sites), tuple(city.fort)) for city in s.cities]
    last = memo.get("el-capitan view") if memo is not None else None
    if last is not None and last[0] == now:
        cities = last[1]        # shared, read only, as the lists in it are
    else:
        cities = {}
        for ci, (sites, fort) in enumerate(now):
            cities[CITIES[ci]] = {"sites": _sites(sites), "fortresses": _forts(fort)}
        if memo is not None:
            memo["el-capitan view"] = (now, cities)
    # each player's line as the picture reads it (name, colour, money, ship, cards, loans): the view's dict of
    # a player with a list for his hand and one for his loans, made at every step, was only counted
    rows = tuple((s.players[p], COLOURS[s.main[p]], s.money[p], _where(s, p), len(s.hands[p]),
                  sum(c for c in s.loans[p].values() if c > 0)) for p in range(s.n))
    return {"game": "el-capitan", "phase": s.phase, "paydays": s.paydays, "current": s.players[s.cur],
            "player rows": rows, "cities": cities}


# A city's sites and fortresses change at a few steps of a game: their lists are made once for each content
# and shared by the steps that show it (read only: the picture copies what it keeps), so that the picture
# sees an unchanged city as the same lists.
@lru_cache(maxsize=4096)
def _sites(sites: bytes) -> list:
    return [None if c == FREE else COLOURS[c] for c in sites[1:]]


@lru_cache(maxsize=1024)
def _forts(fort: tuple) -> list:
    return [None if c == EMPTY else COLOURS[c] for c in fort]
