"""What the site's picture of a Port Royal table shows, and nothing more (issue 25).

The replay on a play's page draws the table after every move (drawing/boards.py: the turn, phase, active
player and piles; each player's name, coins, influence, swords, persons and number of expeditions; the
expeditions on offer; the harbour). The whole ``view()`` also wrote the prompt line, the last events'
sentences, the box and the end's bookkeeping at every step: a third of a Port Royal replay's drawing. These
are the same values, taken from the state the way ``view.view`` takes them; tests/club/test_site_picture.py
draws both at every step of random games and compares the pictures.
"""

from __future__ import annotations

from .cards import IDS, S_INFL, S_SWORDS


def picture_view(rules, s, memo: dict | None = None) -> dict:
    """The keys of ``view.view(rules, s)`` the board picture reads, with the same values (a player's
    expeditions as a list of the same length: the picture counts them)."""
    players = []
    for p, name in enumerate(s.players):
        st = s.stats[p]
        persons = {}
        for c in s.persons[p]:
            persons[IDS[c]] = persons.get(IDS[c], 0) + 1
        players.append({"name": name, "coins": s.coins[p], "influence": st[S_INFL], "swords": st[S_SWORDS],
                        "persons": dict(sorted(persons.items())), "expeditions": [None] * len(s.exps[p])})
    return {"phase": s.phase, "turn": s.turn, "active": s.players[s.active],
            "display": [IDS[c] for c in s.display], "expedition_area": [IDS[c] for c in s.area],
            "draw_pile": s.draw, "discard_pile": s.discard, "players": players}
