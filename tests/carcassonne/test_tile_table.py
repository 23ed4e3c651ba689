"""Every tile of tables/carcassonne/tiles.json against the rules file's tile tables, row by row.

The rows below are transcribed by hand from shared/rules/carcassonne.md §3 (base, 72 tiles) and §4 (Traders &
Builders, 24 tiles); they are NOT generated from the JSON. Notation of a row:

    letter count edges | cities | roads | cloister | fields | split

- cities: segments separated by ';', each by its canonical edges; '*' = pennant, ':wine' etc. = goods symbol.
- roads: segments separated by ';', each by its edges (one edge = ends on the tile, two = passes through).
- fields: segments separated by ';', each 'halves>touched cities' (cities by their edges, ',' between them);
  an inner field has no halves ('>NW,E,S'); '-' = touches no city.
- split (T&B only): text, data or ? (the rules file's warning sign).

Both the raw JSON and the engine's reading of it (tiles.TileType) are compared, so a loader bug shows too.
"""

import pytest

from referee.core.tables import load_json
from referee.games.carcassonne.tiles import EDGE_NAMES, HALF_NAMES, tile_types

# §3, transcribed from the base table (L, #, N E S W, cities, roads, cloister, fields)
BASE = """
A 2 FFRF | - | S | yes | Nw,Ne,En,Es,Se,Sw,Ws,Wn>-
B 4 FFFF | - | - | yes | Nw,Ne,En,Es,Se,Sw,Ws,Wn>-
C 1 CCCC | NESW* | - | no | -
D 4 CRFR | N | WE | no | Wn,En>N; Es,Se,Sw,Ws>-
E 5 CFFF | N | - | no | En,Es,Se,Sw,Ws,Wn>N
F 2 FCFC | WE* | - | no | Nw,Ne>WE; Se,Sw>WE
G 1 FCFC | WE | - | no | Nw,Ne>WE; Se,Sw>WE
H 3 CFCF | N; S | - | no | En,Es,Ws,Wn>N,S
I 2 CFFC | N; W | - | no | En,Es,Se,Sw>N,W
J 3 CRRF | N | ES | no | En,Sw,Ws,Wn>N; Es,Se>-
K 3 CFRR | N | SW | no | En,Es,Se,Wn>N; Sw,Ws>-
L 3 CRRR | N | E; S; W | no | Wn,En>N; Ws,Sw>-; Es,Se>-
M 2 CFFC | NW* | - | no | En,Es,Se,Sw>NW
N 3 CFFC | NW | - | no | En,Es,Se,Sw>NW
O 2 CRRC | NW* | ES | no | En,Sw>NW; Es,Se>-
P 3 CRRC | NW | ES | no | En,Sw>NW; Es,Se>-
Q 1 CCFC | NEW* | - | no | Se,Sw>NEW
R 3 CCFC | NEW | - | no | Se,Sw>NEW
S 2 CCRC | NEW* | S | no | Se>NEW; Sw>NEW
T 1 CCRC | NEW | S | no | Se>NEW; Sw>NEW
U 8 FRFR | - | WE | no | Wn,Nw,Ne,En>-; Es,Se,Sw,Ws>-
V 9 FFRR | - | WS | no | Wn,Nw,Ne,En,Es,Se>-; Sw,Ws>-
W 4 FRRR | - | E; S; W | no | Wn,Nw,Ne,En>-; Es,Se>-; Sw,Ws>-
X 1 RRRR | - | N; E; S; W | no | Wn,Nw>-; Ne,En>-; Es,Se>-; Sw,Ws>-
"""

# §4, transcribed from the Traders & Builders table (one copy each)
TB = """
A 1 CRFF | N | E | no | En>N; Es,Se,Sw,Ws,Wn>N | data
B 1 RRRR | - | NS; WE | no | Wn,Nw>-; Ne,En>-; Es,Se>-; Sw,Ws>- | text
C 1 CFRR | N | S; W | no | Wn>N; Ws,Sw>-; En,Es,Se>N | text
D 1 CRCC | NW:grain; S | E | no | En>NW; Es>NW,S | data
E 1 FCRC | WE:grain | S | no | Nw,Ne>WE; Sw>WE; Se>WE | ?
F 1 CFRC | NW:grain | S | no | Sw>NW; Se,En,Es>NW | ?
G 1 CFFC | NW:grain | - | no | En,Es,Se,Sw>NW | data
H 1 CCFC | NEW:grain | - | no | Se,Sw>NEW | data
I 1 CFRC | NW:grain | S | no | Sw>NW; Se>NW; En,Es>NW | ?
J 1 FRRR | - | E; S; W | yes | Wn,Nw,Ne,En>-; Es,Se>-; Ws,Sw>- | text
K 1 CRFC | NW:cloth | E | no | En>NW; Es,Se,Sw>NW | ?
L 1 CRCC | NW:cloth; S | E | no | En>NW; Es>NW,S | data
M 1 CCCC | NW:cloth; E; S | - | no | >NW,E,S | text
N 1 FCCC | WE:cloth; S | - | no | Nw,Ne>WE; >WE,S | text
O 1 CRRC | NW:cloth | E; S | no | En>NW; Es>NW; Se>NW; Sw>NW | ?
P 1 FCCC | WE:wine; S | - | no | Nw,Ne>WE; >WE,S | data
Q 1 FCFC | WE:wine | - | no | Nw,Ne>WE; Se,Sw>WE | data
R 1 RCRC | WE:wine | N; S | no | Nw>WE; Ne>WE; Se>WE; Sw>WE | ?
S 1 FCRC | WE:wine | S | no | Nw,Ne>WE; Sw>WE; Se>WE | ?
T 1 CFFC | NW:wine | - | no | En,Es,Se,Sw>NW | data
U 1 CRRC | NW:wine | E; S | no | En>NW; Es,Se>NW; Sw>NW | ?
V 1 CCRC | NEW:wine | S | no | Se>NEW; Sw>NEW | data
W 1 CRFC | NW:wine | E | no | En>NW; Es>NW; Se,Sw>NW | ?
X 1 CCCC | NW:wine; ES | - | no | >NW,ES | text
"""

SPLIT = {"text": "text", "data": "data", "?": "uncertain"}


def _edges(text: str) -> frozenset:
    assert text and set(text) <= set("NESW"), text
    return frozenset(text)


def _parse(table: str) -> dict:
    rows = {}
    for line in table.strip().splitlines():
        cols = [c.strip() for c in line.split("|")]
        letter, count, edges = cols[0].split()
        cities = set()
        if cols[1] != "-":
            for c in cols[1].split(";"):
                c = c.strip()
                goods = None
                if ":" in c:
                    c, goods = c.split(":")
                pennant = c.endswith("*")
                cities.add((_edges(c.rstrip("*")), pennant, goods))
        roads = set() if cols[2] == "-" else {_edges(r.strip()) for r in cols[2].split(";")}
        fields = set()
        if cols[4] != "-":
            for f in cols[4].split(";"):
                halves, touched = f.strip().split(">")
                fields.add((frozenset(h for h in halves.split(",") if h),
                            frozenset() if touched == "-" else frozenset(_edges(c) for c in touched.split(","))))
        rows[letter] = {"count": int(count), "edges": edges, "cities": cities, "roads": roads,
                        "cloister": cols[3] == "yes", "fields": fields,
                        "split": SPLIT[cols[5]] if len(cols) > 5 else None}
    return rows


EXPECTED = {"base": _parse(BASE), "tb": _parse(TB)}


def _from_json(rec: dict) -> dict:
    return {"count": rec["count"], "edges": rec["edges"],
            "cities": {(_edges(c["edges"]), bool(c.get("pennant")), c.get("goods")) for c in rec["cities"]},
            "roads": {_edges(r["edges"]) for r in rec["roads"]},
            "cloister": bool(rec["cloister"]),
            "fields": {(frozenset(f["halves"]), frozenset(_edges(c) for c in f["cities"])) for f in rec["fields"]},
            "split": rec.get("split") if rec["set"] == "tb" else None}


def _from_engine(t) -> dict:
    """The same facts as the engine reads them (canonical rotation)."""
    def names(edges):
        return frozenset(EDGE_NAMES[e] for e in edges)

    segs = t.segments
    return {"count": t.count, "edges": t.edges,
            "cities": {(names(s.edges), s.pennant, s.goods) for s in segs if s.kind == "city"},
            "roads": {names(s.edges) for s in segs if s.kind == "road"},
            "cloister": any(s.kind == "cloister" for s in segs) and t.cloister,
            "fields": {(frozenset(HALF_NAMES[h] for h in s.halves), frozenset(names(segs[c].edges) for c in s.cities))
                       for s in segs if s.kind == "field"},
            "split": t.split if t.set == "tb" else None}


RECORDS = {(r["set"], r["id"]): r for r in load_json("carcassonne/tiles.json")["tiles"]}
ROWS = [(s, letter) for s in ("base", "tb") for letter in EXPECTED[s]]


def test_transcription_is_complete():
    assert len(EXPECTED["base"]) == 24 and len(EXPECTED["tb"]) == 24
    assert sorted(RECORDS) == sorted(ROWS), "the data file has other tile types than the rules file"
    assert sum(r["count"] for r in EXPECTED["base"].values()) == 72
    assert sum(r["count"] for r in EXPECTED["tb"].values()) == 24


@pytest.mark.parametrize("set_,letter", ROWS, ids=[f"{s}:{t}" for s, t in ROWS])
def test_tile_row_matches_the_rules_file(set_, letter):
    want = EXPECTED[set_][letter]
    got = _from_json(RECORDS[(set_, letter)])
    for fact in want:
        assert got[fact] == want[fact], f"{set_}:{letter} {fact}: data {got[fact]} but the rules file says {want[fact]}"
    key = ("B:" if set_ == "base" else "TB:") + letter
    assert _from_engine(tile_types()[key]) == want, f"{key}: the engine reads the record differently"


@pytest.mark.parametrize("set_,letter", ROWS, ids=[f"{s}:{t}" for s, t in ROWS])
def test_segments_cover_each_edge_once(set_, letter):
    """Cities cover the C edges, roads the R edges, fields the F and R halves, each exactly once (§3/§4 totals)."""
    want = EXPECTED[set_][letter]
    edges = want["edges"]
    city = [e for c, _, _ in want["cities"] for e in c]
    road = [e for r in want["roads"] for e in r]
    halves = [h for hs, _ in want["fields"] for h in hs]
    assert sorted(city) == sorted(EDGE_NAMES[i] for i in range(4) if edges[i] == "C")
    assert sorted(road) == sorted(EDGE_NAMES[i] for i in range(4) if edges[i] == "R")
    assert sorted(halves) == sorted(h for h in HALF_NAMES if edges["NESW".index(h[0])] in "FR")
    for hs, touched in want["fields"]:
        assert touched <= {c for c, _, _ in want["cities"]}


def test_checked_totals_from_the_transcription():
    """§3/§4 'Totals (checked)': pennants, cloisters, goods; caps never carry a pennant or goods."""
    def tally(pred):
        return sum(r["count"] for s in EXPECTED for r in EXPECTED[s].values() if pred(r))

    assert sum(r["count"] * sum(p for _, p, _ in r["cities"]) for s in EXPECTED for r in EXPECTED[s].values()) == 10
    assert tally(lambda r: r["cloister"]) == 7
    for good, letters in (("wine", "PQRSTUVWX"), ("grain", "DEFGHI"), ("cloth", "KLMNO")):
        assert sorted(k for k, r in EXPECTED["tb"].items() if any(g == good for _, _, g in r["cities"])) == list(letters)
    for s in EXPECTED:
        for r in EXPECTED[s].values():
            assert all(len(c) > 1 for c, p, g in r["cities"] if p or g)


def test_warning_rows_are_exactly_the_uncertain_splits():
    assert sorted(k for k, r in EXPECTED["tb"].items() if r["split"] == "uncertain") == list("EFIKORSUW")
    assert sorted(t.letter for t in tile_types().values() if t.split == "uncertain") == list("EFIKORSUW")


def test_edge_strings_in_every_rotation():
    """§2.3: the board edge string is the canonical string rotated right by q (D at r90 reads RCRF)."""
    for t in tile_types().values():
        want = EXPECTED[t.set][t.letter]["edges"]
        for q in range(4):
            assert t.rotations[q].edges == (want[4 - q:] + want[:4 - q] if q else want)
    assert tile_types()["B:D"].rotations[1].edges == "RCRF"


def test_same_edges_types_differ_only_as_the_rules_file_says():
    """§2.7: C, TB:M, TB:X all read CCCC; M and X need the goods city's position; J and K are mirror images."""
    t = tile_types()
    assert {k for k, v in t.items() if v.edges == "CCCC"} == {"B:C", "TB:M", "TB:X"}
    assert t["TB:M"].edges_ambiguous and t["TB:X"].edges_ambiguous
    assert not any(v.edges_ambiguous for k, v in t.items() if k not in ("TB:M", "TB:X"))
    assert t["B:J"].edge_strings().isdisjoint(t["B:K"].edge_strings())
    j = {r.signature for r in t["B:J"].rotations}
    k = {r.signature for r in t["B:K"].rotations}
    assert j.isdisjoint(k)
