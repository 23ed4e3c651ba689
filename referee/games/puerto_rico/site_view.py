"""What the site's picture of a Puerto Rico table shows, and nothing more (issue 25).

The replay on a play's page draws the table after every move (drawing/boards.py: the round, governor, role,
colonists and VP chips; the role cards, ships and trading house; each player's doubloons, goods, San Juan,
island and city). The whole ``view()`` also wrote the plantations, the supplies, the buildings left, the
events' sentences and the mayor's and storage's proposals at every step. These are the same values, taken
from the state the way ``rules.view`` takes them; tests/club/test_site_picture.py draws both at every step
of random games and compares the pictures.
"""

from __future__ import annotations

from .rules import table_view
from .state import BIDS, END, GOODS, KINDS, ROLE


def picture_view(s) -> dict:
    """The keys of ``rules.view(s)`` the board picture reads, with the same values, but the players as
    "player rows": what the picture shows of each, as it keys its parts (boards._puerto_rico: name, governor,
    doubloons, goods, San Juan, island, city; goods, island and city as sorted pairs). A dict of each and the
    picture's sorting of them back into pairs were most of a step's drawing (issue 25)."""
    rows = []
    for p in range(s.n):
        bl = s.bld[p]
        goods, tiles, tocc = s.goods[p], s.tiles[p], s.tocc[p]
        rows.append((str(s.names[p]), p == s.gov, s.dbl[p],
                     tuple((GOODS[g], goods[g]) for g in _GOODS_BY_NAME if goods[g]), s.sj[p],
                     tuple((KINDS[k], (tiles[k], tocc[k])) for k in _KINDS_BY_NAME if tiles[k]),
                     tuple(sorted((BIDS[b], bl[b]) for b in s.owned[p]))))
    return {"round": s.round, "governor": s.names[s.gov],
            "role": s.cards[s.card] if s.card >= 0 and s.phase not in (ROLE, END) else None,
            "player rows": rows, **table_view(s)}


# the goods and the island's kinds in the order of their names (the picture's pairs are sorted by name)
_GOODS_BY_NAME = sorted(range(len(GOODS)), key=GOODS.__getitem__)
_KINDS_BY_NAME = sorted(range(len(KINDS)), key=KINDS.__getitem__)
