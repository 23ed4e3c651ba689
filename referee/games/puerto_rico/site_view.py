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
    """The keys of ``rules.view(s)`` the board picture reads, with the same values."""
    players = []
    for p in range(s.n):
        bl = s.bld[p]
        goods, tiles, tocc = s.goods[p], s.tiles[p], s.tocc[p]
        players.append({"name": s.names[p], "governor": p == s.gov, "doubloons": s.dbl[p],
                        "goods": {GOODS[g]: goods[g] for g in range(5) if goods[g]},
                        "island": {KINDS[k]: [tiles[k], tocc[k]] for k in range(6) if tiles[k]},
                        "city": {BIDS[b]: bl[b] for b in s.owned[p]}, "san_juan": s.sj[p]})
    return {"round": s.round, "governor": s.names[s.gov],
            "role": s.cards[s.card] if s.card >= 0 and s.phase not in (ROLE, END) else None,
            "players": players, **table_view(s)}
