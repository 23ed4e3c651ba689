"""The result of a logged play from what another program kept of it: scores, BG Stats' ranks, win flags.

Used by the BG Stats and BGG imports. What comes out is always a result referee can stand behind: the
winners are exactly the players ranked 1, places are competition ranks (1, 1, 3) in the order of the play's
scores (the highest first, or the lowest where the game says so), and a play without points carries none
(every total 0, no breakdown, ``"no_points": true`` on the result, so that no export or statistic takes
the zeros for scores).

Where the winner flags and the scores disagree (a tie broken at the table, a player the club ruled out of
winning, a flag the club set by hand), the flags are followed: they are what the club entered as the
outcome, while the scores may be incomplete (a tie-break the app has no field for). The flagged players
are ranked 1 and everyone else after them, by score, so that the stored result never has a winner at
rank 2 or a rank 1 without a winner.

The stored shape is the store's (store/shape.py): a total must be a number, so a play without points has
totals of 0 and says so with ``no_points``; ``lowest_wins`` marks a play whose lowest score won.
"""

from __future__ import annotations

from ...i18n import _
from .parsed import Skip
from ..common import annotate_ties


def ranked_result(game: str, rows: list[dict], *, scored: bool, lowest_wins: bool = False) -> dict:
    """rows: {"player", "score" (int, used when ``scored``), "winner" (bool), "rank" (int or None: the other
    program's place), optional "team"} in seat order -> a result dict; Skip when nothing tells who won."""
    flagged = [r for r in rows if r["winner"]]
    if scored:
        # smaller is better: the best score first, whichever way the game counts
        key = (lambda r: r["score"]) if lowest_wins else (lambda r: -r["score"])
    elif all(r["rank"] is not None for r in rows):
        key = lambda r: r["rank"]
    elif flagged:
        key = lambda r: 0           # no scores, no places: the winners, then everyone else together
    else:
        raise Skip(_("neither scores nor a winner"))
    if flagged:
        ahead = [r for r in rows if r["winner"]]
        rest = [r for r in rows if not r["winner"]]
    else:
        ahead, rest = [], rows
    rank = {}
    for r in ahead:
        rank[r["player"]] = 1
    ordered = sorted(rest, key=key)
    for i, r in enumerate(ordered):
        same = i > 0 and key(ordered[i - 1]) == key(r)
        rank[r["player"]] = rank[ordered[i - 1]["player"]] if same else len(ahead) + i + 1
    entries = []
    for r in sorted(rows, key=lambda r: rank[r["player"]]):
        entry = {"player": r["player"], "total": r["score"] if scored else 0, "rank": rank[r["player"]],
                 "breakdown": {"score": r["score"]} if scored else {}, "tiebreak": None}
        if r.get("team"):
            entry["team"] = r["team"]
        entries.append(entry)
    annotate_ties(entries)
    result = {"game": game, "ranking": entries, "winners": [e["player"] for e in entries if e["rank"] == 1]}
    if not scored:
        result["no_points"] = True
    if lowest_wins and scored:
        result["lowest_wins"] = True
    return result
