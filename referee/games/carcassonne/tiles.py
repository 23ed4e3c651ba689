"""Tile geometry: the tile types of tables/carcassonne/tiles.json, precomputed for each rotation.

Conventions (shared/rules/carcassonne.md §2): edges N E S W = 0..3, half-edges Nw Ne En Es Se Sw Ws Wn =
0..7, rotation q quarter turns clockwise: edge e lies on board edge (e+q) % 4, half h on (h+2q) % 8. Segment
indices are the tile record's own (canonical) order, the same in every rotation.
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.tables import load_json

EDGE_NAMES = "NESW"
HALF_NAMES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
KIND_WORD = {"C": "city", "R": "road", "F": "field"}
# board offsets of the neighbour across edge e (x grows east, y grows south)
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
# centre positions of the half-edges on a unit tile (y south), for naming fields by direction
_HALF_POS = ((-1, -2), (1, -2), (2, -1), (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1))
_DIRS = ("e", "se", "s", "sw", "w", "nw", "n", "ne")  # 8 sectors of 45 degrees from east, clockwise (y south)
EDGE_TYPE_CODE = {"C": 1, "R": 2, "F": 3}


def _edge_set(text: str) -> tuple:
    return tuple(sorted(EDGE_NAMES.index(ch) for ch in text))


def edges_label(edges) -> str:
    """Board edge indices -> 'n-e-w' (always in N E S W order)."""
    return "-".join(EDGE_NAMES[e].lower() for e in sorted(edges))


class Segment:
    __slots__ = ("index", "kind", "edges", "halves", "pennant", "goods", "cities", "label")

    def __init__(self, index, kind, edges=(), halves=(), pennant=False, goods=None, cities=()):
        self.index = index
        self.kind = kind          # "city", "road", "field", "cloister"
        self.edges = edges        # canonical edge indices (city, road)
        self.halves = halves      # canonical half-edge indices (field); () = inner field
        self.pennant = pennant
        self.goods = goods
        self.cities = cities      # field: local indices of the city segments it touches
        self.label = ""


class Rotated:
    """One tile type turned by q quarter turns: board edges, segments by board position, names."""

    __slots__ = ("tile", "q", "edges", "code", "edge_seg", "half_seg", "seg_edges", "seg_halves", "names",
                 "by_name", "signature")

    def __init__(self, tile: "TileType", q: int):
        self.tile = tile
        self.q = q
        self.edges = "".join(tile.edges[(e - q) % 4] for e in range(4))
        self.code = tuple(EDGE_TYPE_CODE[t] for t in self.edges)
        self.edge_seg = [-1] * 4
        self.half_seg = [-1] * 8
        self.seg_edges = []
        self.seg_halves = []
        for seg in tile.segments:
            be = tuple(sorted((e + q) % 4 for e in seg.edges))
            bh = tuple(sorted((h + 2 * q) % 8 for h in seg.halves))
            self.seg_edges.append(be)
            self.seg_halves.append(bh)
            for e in be:
                self.edge_seg[e] = seg.index
            for h in bh:
                self.half_seg[h] = seg.index
        self.names = _segment_names(tile, self)
        self.by_name = {n: i for i, n in enumerate(self.names)}
        self.signature = tuple(sorted((s.kind, self.seg_edges[s.index], self.seg_halves[s.index], s.pennant,
                                       s.goods, tuple(sorted(self.seg_edges[c] for c in s.cities)))
                                      for s in tile.segments))

    def edge_text(self) -> str:
        return " ".join(f"{EDGE_NAMES[e]}={self.edges[e]}" for e in range(4))


def _direction(halves) -> str:
    import math

    if not halves:
        return "inner"
    x = sum(_HALF_POS[h][0] for h in halves)
    y = sum(_HALF_POS[h][1] for h in halves)
    if x == 0 and y == 0:
        return "all"
    ang = math.degrees(math.atan2(y, x)) % 360
    return _DIRS[int(((ang + 22.5) % 360) // 45)]


def _segment_names(tile, rot) -> list[str]:
    names = [""] * len(tile.segments)
    fields = [s for s in tile.segments if s.kind == "field"]
    for s in tile.segments:
        if s.kind in ("city", "road"):
            names[s.index] = f"{s.kind} {edges_label(rot.seg_edges[s.index])}"
        elif s.kind == "cloister":
            names[s.index] = "cloister"
    if len(fields) == 1:
        names[fields[0].index] = "farm"
    elif fields:
        dirs = {s.index: _direction(rot.seg_halves[s.index]) for s in fields}
        for s in fields:
            d = dirs[s.index]
            rivals = [o for o in fields if dirs[o.index] == d]
            if len(rivals) == 1 or _pull(rot, s) > max(_pull(rot, o) for o in rivals if o is not s):
                # the field that clearly lies that way keeps the direction (base O's corner inside the bend)
                names[s.index] = f"farm {d}"
            else:  # a weaker field pointing the same way: named by its half-edges
                hs = rot.seg_halves[s.index]
                names[s.index] = "farm " + ("-".join(HALF_NAMES[h].lower() for h in hs) if hs else "inner")
    return names


def _pull(rot, seg) -> int:
    """How strongly a field points its way: the squared length of its half-edges' summed position."""
    x = sum(_HALF_POS[h][0] for h in rot.seg_halves[seg.index])
    y = sum(_HALF_POS[h][1] for h in rot.seg_halves[seg.index])
    return x * x + y * y


class TileType:
    def __init__(self, rec: dict):
        self.set = rec["set"]
        self.letter = rec["id"].upper()
        self.key = ("B:" if self.set == "base" else "TB:") + self.letter
        self.count = int(rec["count"])
        self.start = int(rec.get("start", 0))
        self.edges = rec["edges"]
        self.cloister = bool(rec.get("cloister"))
        self.split = rec.get("split", "text")
        self.segments: list[Segment] = []
        city_index = {}
        for c in rec.get("cities", []):
            seg = Segment(len(self.segments), "city", _edge_set(c["edges"]), pennant=bool(c.get("pennant")),
                          goods=c.get("goods"))
            city_index[c["edges"]] = seg.index
            self.segments.append(seg)
        for r in rec.get("roads", []):
            self.segments.append(Segment(len(self.segments), "road", _edge_set(r["edges"])))
        if self.cloister:
            self.segments.append(Segment(len(self.segments), "cloister"))
        for f in rec.get("fields", []):
            halves = tuple(sorted(HALF_NAMES.index(h) for h in f["halves"]))
            cities = tuple(city_index[c] for c in f.get("cities", []))
            self.segments.append(Segment(len(self.segments), "field", halves=halves, cities=cities))
        self.rotations = [Rotated(self, q) for q in range(4)]
        # rotations that give a different board picture; canon[q] = the smallest equivalent rotation
        self.canon = []
        seen = {}
        for rot in self.rotations:
            seen.setdefault(rot.signature, rot.q)
            self.canon.append(seen[rot.signature])
        self.distinct = sorted(set(self.canon))
        # constraint pattern (4 digits base 4, 0 = no neighbour) -> fitting distinct rotations
        self.fits: dict[int, tuple] = {}
        for pattern in range(256):
            need = [(pattern >> (2 * e)) & 3 for e in range(4)]
            self.fits[pattern] = tuple(q for q in self.distinct
                                       if all(n == 0 or n == self.rotations[q].code[e] for e, n in enumerate(need)))
        self.pennants = sum(1 for s in self.segments if s.pennant)
        self.goods = [s.goods for s in self.segments if s.goods]
        # rotations share an edge string but differ (T&B M, X): the edge text alone cannot confirm them
        by_edges: dict = {}
        for q in self.distinct:
            by_edges.setdefault(self.rotations[q].edges, []).append(q)
        self.edges_ambiguous = any(len(v) > 1 for v in by_edges.values())

    @property
    def text(self) -> str:
        return self.key.lower()

    def describe(self, q: int = 0) -> str:
        """Short description of the features in rotation q, with pennants and goods."""
        rot = self.rotations[q]
        out = []
        for seg in self.segments:
            name = rot.names[seg.index]
            if seg.pennant:
                name += " (pennant)"
            if seg.goods:
                name += f" ({seg.goods})"
            out.append(name)
        return ", ".join(out)

    def edge_strings(self) -> set:
        """The edge strings N E S W this tile can show on the board, in any rotation."""
        return {r.edges for r in self.rotations}

    def __repr__(self):
        return f"<TileType {self.key} {self.edges}>"


@lru_cache(maxsize=None)
def tile_types() -> dict[str, TileType]:
    data = load_json("carcassonne/tiles.json")
    out = {}
    for rec in data["tiles"]:
        t = TileType(rec)
        out[t.key] = t
    return out


def start_key() -> str:
    for t in tile_types().values():
        if t.start:
            return t.key
    raise LookupError("no start tile in tables/carcassonne/tiles.json")


def validate_table() -> list[str]:
    """Self-check of the tile data against the rules' conventions; returns a list of problems."""
    problems = []
    for t in tile_types().values():
        cover = {}
        for s in t.segments:
            if s.kind in ("city", "road"):
                for e in s.edges:
                    if t.edges[e] != s.kind[0].upper():
                        problems.append(f"{t.key}: {s.kind} on edge {EDGE_NAMES[e]} but the edge is {t.edges[e]}")
                    if e in cover:
                        problems.append(f"{t.key}: edge {EDGE_NAMES[e]} in two segments")
                    cover[e] = s.index
            if s.kind == "field":
                for h in s.halves:
                    if ("h", h) in cover:
                        problems.append(f"{t.key}: half {HALF_NAMES[h]} in two fields")
                    cover[("h", h)] = s.index
                for c in s.cities:
                    if t.segments[c].kind != "city":
                        problems.append(f"{t.key}: field touches a non-city")
            if s.pennant and len(s.edges) < 2:
                problems.append(f"{t.key}: pennant on a cap")
            if s.goods and len(s.edges) < 2:
                problems.append(f"{t.key}: goods on a cap")
        for e in range(4):
            if t.edges[e] in "CR" and e not in cover:
                problems.append(f"{t.key}: edge {EDGE_NAMES[e]} belongs to no segment")
            for h in (2 * e, 2 * e + 1):
                has = ("h", h) in cover
                if t.edges[e] in "FR" and not has:
                    problems.append(f"{t.key}: half {HALF_NAMES[h]} belongs to no field")
                if t.edges[e] == "C" and has:
                    problems.append(f"{t.key}: half {HALF_NAMES[h]} is a field on a city edge")
        for rot in t.rotations:
            if len(set(rot.names)) != len(rot.names):
                problems.append(f"{t.key} r{rot.q * 90}: segment names are not unique: {rot.names}")
    return problems
