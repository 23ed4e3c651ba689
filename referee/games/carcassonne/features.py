"""The laid-out area: tiles by integer position, and features as a union-find of tile segments.

Every placed tile gets a block of global segment ids (``base[tile] + local index``). Roads and cities join
across whole edges, fields across half-edges (rules §2.5, C1). Each union-find root carries the feature's
running totals, so completion (no open edge, C2/C3) and scoring need no board walk.
"""

from __future__ import annotations

from .tiles import DELTA, TileType, tile_types


class Feature:
    __slots__ = ("kind", "tiles", "open", "pennants", "goods", "figs", "cities", "done")

    def __init__(self, kind: str, tile: int):
        self.kind = kind
        self.tiles = {tile}      # distinct tiles holding a segment (C6)
        self.open = 0            # road/city edges facing an empty position
        self.pennants = 0
        self.goods: dict = {}    # good -> symbols
        self.figs: list = []     # (player, figure, gid): figure "f" follower, "b" builder, "p" pig
        self.cities: set = set() # field: gids of touched city segments
        self.done = False        # completed and scored (road, city, cloister)

    def followers(self) -> dict:
        out: dict = {}
        for p, kind, _ in self.figs:
            if kind == "f":
                out[p] = out.get(p, 0) + 1
        return out


class Board:
    def __init__(self):
        self.at: dict = {}            # (x, y) -> tile index
        self.placed: list = []        # tile index -> (key, x, y, q)
        self.rot: list = []           # tile index -> Rotated
        self.base: list = []          # tile index -> first global segment id
        self.parent: list = []        # global segment id -> parent id
        self.feat: dict = {}          # root gid -> Feature
        self.pattern: dict = {}       # frontier position -> neighbour constraint code (0..255)
        self.figs: dict = {}          # gid -> (player, figure)
        self.checked = 0              # tiles whose edges check() has verified

    # --- union-find ------------------------------------------------------------------------------
    def find(self, g: int) -> int:
        parent = self.parent
        root = g
        while parent[root] != root:
            root = parent[root]
        while parent[g] != root:
            parent[g], g = root, parent[g]
        return root

    def union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        fa, fb = self.feat[ra], self.feat[rb]
        if len(fa.tiles) + len(fa.figs) < len(fb.tiles) + len(fb.figs):
            ra, rb, fa, fb = rb, ra, fb, fa
        self.parent[rb] = ra
        fa.tiles |= fb.tiles
        fa.open += fb.open
        fa.pennants += fb.pennants
        for g, n in fb.goods.items():
            fa.goods[g] = fa.goods.get(g, 0) + n
        fa.figs.extend(fb.figs)
        fa.cities |= fb.cities
        del self.feat[rb]
        return ra

    def feature_of(self, tile: int, seg: int) -> Feature:
        return self.feat[self.find(self.base[tile] + seg)]

    def root_of(self, tile: int, seg: int) -> int:
        return self.find(self.base[tile] + seg)

    # --- placement -------------------------------------------------------------------------------
    def fits(self, tile: TileType, pos) -> tuple:
        """Distinct rotations of ``tile`` that fit at a frontier position (P1, P2)."""
        pat = self.pattern.get(pos)
        if pat is None:
            return ()
        return tile.fits[pat]

    def placements(self, tile: TileType) -> list:
        fits = tile.fits
        out = []
        for pos, pat in self.pattern.items():
            for q in fits[pat]:
                out.append((pos[0], pos[1], q))
        return out

    def placeable(self, tile: TileType) -> bool:
        fits = tile.fits
        return any(fits[pat] for pat in self.pattern.values())

    def place(self, key: str, x: int, y: int, q: int) -> int:
        """Put a tile down (legality already checked) and join its segments to their neighbours."""
        tile = tile_types()[key]
        rot = tile.rotations[q]
        idx = len(self.placed)
        base = len(self.parent)
        self.placed.append((key, x, y, q))
        self.rot.append(rot)
        self.base.append(base)
        self.at[(x, y)] = idx
        self.pattern.pop((x, y), None)
        feat = self.feat
        for seg in tile.segments:
            g = base + seg.index
            self.parent.append(g)
            f = Feature(seg.kind, idx)
            if seg.pennant:
                f.pennants = 1
            if seg.goods:
                f.goods[seg.goods] = 1
            if seg.cities:
                f.cities = {base + c for c in seg.cities}
            feat[g] = f
        neighbours = []
        for e in range(4):
            dx, dy = DELTA[e]
            npos = (x + dx, y + dy)
            n = self.at.get(npos)
            if n is None:
                if rot.edges[e] != "F":
                    feat[base + rot.edge_seg[e]].open += 1
                # the empty neighbour's constraint on its edge (e+2) is now our edge type
                shift = 2 * ((e + 2) % 4)
                pat = self.pattern.get(npos, 0)
                self.pattern[npos] = (pat & ~(3 << shift)) | (rot.code[e] << shift)
            else:
                neighbours.append((e, n))
        for e, n in neighbours:
            ne = (e + 2) % 4
            nrot = self.rot[n]
            nbase = self.base[n]
            if rot.edges[e] != "F":
                ng = nbase + nrot.edge_seg[ne]
                feat[self.find(ng)].open -= 1
                self.union(base + rot.edge_seg[e], ng)
            for h in (2 * e, 2 * e + 1):
                mine = rot.half_seg[h]
                if mine >= 0:
                    self.union(base + mine, nbase + nrot.half_seg[((h + 4) % 8) ^ 1])
        return idx

    # --- queries ---------------------------------------------------------------------------------
    def would_complete(self, key: str, x: int, y: int, q: int) -> list:
        """What placing ``key`` at x,y in rotation q would complete, without placing it (for a preview).

        Returns [(kind, tiles, pennants, goods dict, followers {player: n}, where)] for every road and city the
        tile would close (C2, C3) and every cloister it would surround (C4); ``where`` is the board name of a
        segment of the new tile (roads, cities) or the cloister's position.
        """
        rot = tile_types()[key].rotations[q]
        parent: dict = {}

        def find(a):
            while parent.setdefault(a, a) != a:
                a = parent[a]
            return a

        open_ = {}
        for seg in rot.tile.segments:
            if seg.kind in ("city", "road"):
                open_[("s", seg.index)] = 0
                find(("s", seg.index))
        for e in range(4):
            if rot.edges[e] == "F":
                continue
            mine = ("s", rot.edge_seg[e])
            n = self.at.get((x + DELTA[e][0], y + DELTA[e][1]))
            if n is None:
                open_[mine] += 1
                continue
            root = self.find(self.base[n] + self.rot[n].edge_seg[(e + 2) % 4])
            theirs = ("r", root)
            if theirs not in open_:
                open_[theirs] = self.feat[root].open
            open_[theirs] -= 1
            a, b = find(mine), find(theirs)
            if a != b:
                parent[b] = a
        groups: dict = {}
        for node in open_:
            groups.setdefault(find(node), []).append(node)
        out = []
        for nodes in groups.values():
            if sum(open_[n] for n in nodes):
                continue
            segs = [n[1] for n in nodes if n[0] == "s"]
            feats = [self.feat[n[1]] for n in nodes if n[0] == "r"]
            tiles, pennants, goods, fol = {-1}, 0, {}, {}
            for f in feats:
                tiles |= f.tiles
                pennants += f.pennants
                for g, k in f.goods.items():
                    goods[g] = goods.get(g, 0) + k
                for p, c in f.followers().items():
                    fol[p] = fol.get(p, 0) + c
            for s in segs:
                seg = rot.tile.segments[s]
                pennants += seg.pennant
                if seg.goods:
                    goods[seg.goods] = goods.get(seg.goods, 0) + 1
            kind = rot.tile.segments[segs[0]].kind
            out.append((kind, len(tiles), pennants, goods, fol, rot.names[min(segs)]))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                cx, cy = x + dx, y + dy
                if dx == dy == 0:
                    if rot.tile.cloister and self.neighbours8(x, y) == 8:
                        out.append(("cloister", 9, 0, {}, {}, f"{x},{y}"))
                    continue
                t = self.at.get((cx, cy))
                if t is None or not self.rot[t].tile.cloister:
                    continue
                f = self.feat[self.cloister_gid(t)]
                if not f.done and self.neighbours8(cx, cy) == 7:
                    out.append(("cloister", 9, 0, {}, f.followers(), f"{cx},{cy}"))
        return out

    def neighbours8(self, x: int, y: int) -> int:
        at = self.at
        return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and (x + dx, y + dy) in at)

    def cloister_gid(self, idx: int):
        rot = self.rot[idx]
        for seg in rot.tile.segments:
            if seg.kind == "cloister":
                return self.base[idx] + seg.index
        return None

    def add_figure(self, tile: int, seg: int, player: int, figure: str) -> None:
        g = self.base[tile] + seg
        self.figs[g] = (player, figure)
        self.feat[self.find(g)].figs.append((player, figure, g))

    def remove_figures(self, feature: Feature, keep=("p",)) -> list:
        """Take the figures of a scored feature off the board; returns [(player, figure)]."""
        back = []
        rest = []
        for p, kind, g in feature.figs:
            if kind in keep:
                rest.append((p, kind, g))
            else:
                back.append((p, kind))
                self.figs.pop(g, None)
        feature.figs = rest
        return back

    def features(self):
        """Every current feature root and its data."""
        return self.feat.items()

    def gid_location(self, g: int):
        """Global segment id -> (tile index, local segment index)."""
        import bisect

        t = bisect.bisect_right(self.base, g) - 1
        return t, g - self.base[t]


def components(board: Board) -> list:
    """Feature id of every global segment id, rebuilt from the tiles alone (no union-find state)."""
    n = len(board.parent)
    parent = list(range(n))

    def find(g):
        while parent[g] != g:
            parent[g] = parent[parent[g]]
            g = parent[g]
        return g

    def join(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra

    at = board.at
    for i, (key, x, y, q) in enumerate(board.placed):
        rot = board.rot[i]
        base = board.base[i]
        for e in (1, 2):
            j = at.get((x + DELTA[e][0], y + DELTA[e][1]))
            if j is None:
                continue
            nrot, nbase = board.rot[j], board.base[j]
            opp = (e + 2) % 4
            if rot.edges[e] != "F":
                join(base + rot.edge_seg[e], nbase + nrot.edge_seg[opp])
            for h in (2 * e, 2 * e + 1):
                if rot.half_seg[h] >= 0:
                    join(base + rot.half_seg[h], nbase + nrot.half_seg[((h + 4) % 8) ^ 1])
    return [find(g) for g in range(n)]


def recompute(board: Board, unscored_tile: int | None = None) -> list[str]:
    """Rebuild every feature from the tiles alone and compare with the union-find; returns the problems.

    ``unscored_tile``: the tile just placed whose completed features are not scored yet (figure step).
    A slow, independent proof of the incremental bookkeeping (tests call it; check() stays fast).
    """
    comp = components(board)
    at = board.at
    comps: dict = {}
    for i, (key, x, y, q) in enumerate(board.placed):
        rot = board.rot[i]
        base = board.base[i]
        for seg in rot.tile.segments:
            g = base + seg.index
            c = comps.setdefault(comp[g], {"gids": set(), "tiles": set(), "open": 0, "pennants": 0, "goods": {}})
            c["gids"].add(g)
            c["tiles"].add(i)
            c["pennants"] += seg.pennant
            if seg.goods:
                c["goods"][seg.goods] = c["goods"].get(seg.goods, 0) + 1
            for e in rot.seg_edges[seg.index]:
                if (x + DELTA[e][0], y + DELTA[e][1]) not in at:
                    c["open"] += 1
    problems = []
    seen_roots = set()
    for root, c in comps.items():
        roots = {board.find(g) for g in c["gids"]}
        if len(roots) != 1:
            problems.append(f"segments {sorted(c['gids'])} form one feature but the union-find splits them")
            continue
        r = roots.pop()
        if r in seen_roots:
            problems.append(f"union-find joins separate features at {r}")
        seen_roots.add(r)
        f = board.feat[r]
        if f.kind in ("road", "city"):
            if f.tiles != c["tiles"]:
                problems.append(f"feature {r}: tiles {sorted(f.tiles)} != {sorted(c['tiles'])}")
            if f.open != c["open"]:
                problems.append(f"feature {r}: open edges {f.open} != {c['open']}")
            if f.pennants != c["pennants"] or f.goods != c["goods"]:
                problems.append(f"feature {r}: pennants or goods wrong")
            if f.done and c["open"]:
                problems.append(f"feature {r} scored as complete but has open edges")
            if not f.done and not c["open"] and unscored_tile not in c["tiles"]:
                problems.append(f"feature {r} is complete but was never scored")
        if f.kind == "cloister":
            t = next(iter(c["tiles"]))
            _, x, y, _ = board.placed[t]
            full = board.neighbours8(x, y) == 8
            near = unscored_tile is not None and max(abs(board.placed[unscored_tile][1] - x),
                                                     abs(board.placed[unscored_tile][2] - y)) <= 1
            if f.done != full and not (near and full):
                problems.append(f"cloister at {x},{y}: scored {f.done} but surrounded {full}")
        for p, kind, g in f.figs:
            if g not in c["gids"] or board.figs.get(g) != (p, kind):
                problems.append(f"feature {r}: figure on segment {g} is misplaced")
    if len(seen_roots) != len(board.feat):
        problems.append(f"{len(board.feat)} features recorded but {len(seen_roots)} exist")
    return problems
