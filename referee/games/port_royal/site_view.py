"""What the site's picture of a Port Royal table shows, and nothing more (issue 25).

The replay on a play's page draws the table after every move (drawing/boards.py: the turn, phase, active
player and piles; each player's name, coins, influence, swords, persons and number of expeditions; the
expeditions on offer; the harbour). The whole ``view()`` also wrote the prompt line, the last events'
sentences, the box and the end's bookkeeping at every step: a third of a Port Royal replay's drawing. These
are the same values, taken from the state the way ``view.view`` takes them; tests/club/test_site_picture.py
draws both at every step of random games and compares the pictures.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import IDS, S_INFL, S_SWORDS


def picture_view(rules, s, memo: dict | None = None) -> dict:
    """The keys of ``view.view(rules, s)`` the board picture reads, with the same values, but the players as
    "player rows": what the picture shows of each, as it keys a player's part (boards._port_royal: name,
    coins, influence, swords, persons as (card, count) pairs in card order, number of expeditions). A dict of
    each, with his persons counted again and a list for his expeditions, was made at every step (issue 25)."""
    rows = tuple((name, s.coins[p], s.stats[p][S_INFL], s.stats[p][S_SWORDS], _persons(tuple(s.persons[p])),
                  len(s.exps[p])) for p, name in enumerate(s.players))
    return {"phase": s.phase, "turn": s.turn, "active": s.players[s.active],
            "display": [IDS[c] for c in s.display], "expedition_area": [IDS[c] for c in s.area],
            "draw_pile": s.draw, "discard_pile": s.discard, "player rows": rows}


@lru_cache(maxsize=4096)        # a player's persons change at a few of his turns
def _persons(cards: tuple) -> tuple:
    counted = {}
    for c in cards:
        counted[IDS[c]] = counted.get(IDS[c], 0) + 1
    return tuple(sorted(counted.items()))
