"""What the site's picture of a Carcassonne board shows, and nothing more (issue 25).

The replay on a play's page draws the map after every move (drawing/boards.py: each placed tile with its
edges and figure, the players' names and scores, the tiles left). The whole ``view()`` rebuilt every placed
tile's entry at every step, looking for a figure on each of its segments (the map's size times the game's
length), and the bag, the drawn tile's rotations and the events besides: the largest single cost of a
Carcassonne replay. These are the same values, taken from the state the way ``rules.view`` takes them; a
tile without a figure is the same entry at every step (shared, read only: the picture copies nothing it
keeps but compares it), so a step's map compares equal to the last one's at once. tests/club/
test_site_picture.py draws both views at every step of random games and compares the pictures.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from .rules import FIGURE_WORD


def picture_view(rules, st, memo: dict | None = None) -> dict:
    """The keys of ``rules.view(st)`` the board picture reads, with the same values. ``memo``: a dict kept
    from one step of a replay to the next: the map's entries of the step before are kept, and only the new
    tiles' and those whose figure changed are made (the map was made whole at every step: its size times
    the game's length)."""
    b = st.board
    last = memo.get("carcassonne view") if memo is not None else None
    if last is not None and last[3] == b.figs:
        figures = last[2]       # no figure placed or taken back since the step before (most steps)
    else:
        figures = _figures(st, b)
    placed = b.placed
    if last is not None and len(last[0]) <= len(placed) and placed[:len(last[0])] == last[0]:
        # the same tiles as at the step before, perhaps more: its entries stand but where a figure changed
        board, start, before = list(last[1]), len(last[0]), last[2]
        for i in () if figures is before else before.keys() | figures.keys():
            if i < start and before.get(i) != figures.get(i):
                board[i] = _entry(b, i, placed[i], figures.get(i))
    else:
        board, start = [], 0
    for i in range(start, len(placed)):
        board.append(_entry(b, i, placed[i], figures.get(i)))
    if memo is not None:
        memo["carcassonne view"] = (list(placed), board, figures, dict(b.figs))
    return {"game": "carcassonne", "players": [{"name": st.players[i], "score": st.scores[i]} for i in range(st.n)],
            "board": board, "bag_total": rules.left(st)}


def _figures(st, b) -> dict:
    """Each tile's figure, by the tile's index (as view() finds them)."""
    figures = {}
    if b.figs:
        base = b.base
        for gid in sorted(b.figs):       # ascending: a tile's last segment with a figure wins, as in view()
            i = bisect_right(base, gid) - 1
            got = b.figs[gid]
            figures[i] = {"player": st.players[got[0]], "figure": FIGURE_WORD[got[1]],
                          "feature": b.rot[i].names[gid - base[i]]}
    return figures


def _entry(b, i: int, tile, fig) -> dict:
    key, x, y, q = tile
    if fig is None:
        return _bare(key, x, y, q, b.rot[i].edges)
    return {"x": x, "y": y, "tile": key, "rotation": q * 90, "edges": b.rot[i].edges, "figure": fig}


@lru_cache(maxsize=16384)
def _bare(key, x: int, y: int, q: int, edges) -> dict:
    return {"x": x, "y": y, "tile": key, "rotation": q * 90, "edges": edges, "figure": None}
