"""The tile tables against the rules file's checksums (§3, §4 'Totals (checked)')."""

from referee.core.tables import load_json
from referee.games.carcassonne.tiles import HALF_NAMES, start_key, tile_types, validate_table


def _tiles(set_):
    return [t for t in tile_types().values() if t.set == set_]


def test_tile_totals():
    base, tb = _tiles("base"), _tiles("tb")
    assert sum(t.count for t in base) == 72
    assert sum(t.count for t in tb) == 24 and all(t.count == 1 for t in tb)
    counts = {t.letter: t.count for t in base}
    assert counts == dict(A=2, B=4, C=1, D=4, E=5, F=2, G=1, H=3, I=2, J=3, K=3, L=3, M=2, N=3, O=2, P=3, Q=1,
                          R=3, S=2, T=1, U=8, V=9, W=4, X=1)
    assert len(tb) == 24 and sorted(t.letter for t in tb) == [chr(ord("A") + i) for i in range(24)]


def test_pennants_cloisters_goods():
    all_ = list(tile_types().values())
    assert sum(t.count * t.pennants for t in all_) == 10
    assert {t.letter: t.count for t in _tiles("base") if t.pennants} == dict(C=1, F=2, M=2, O=2, Q=1, S=2)
    assert sum(t.count for t in _tiles("base") if t.cloister) == 6
    assert [t.letter for t in _tiles("tb") if t.cloister] == ["J"]
    goods = {"wine": [], "grain": [], "cloth": []}
    for t in _tiles("tb"):
        assert len(t.goods) <= 1
        for g in t.goods:
            goods[g].append(t.letter)
    assert goods == {"wine": list("PQRSTUVWX"), "grain": list("DEFGHI"), "cloth": list("KLMNO")}
    assert sorted(t.letter for t in _tiles("tb") if not t.goods) == list("ABCJ")
    assert not any(t.pennants for t in _tiles("tb"))


def test_start_tile_and_geometry():
    assert start_key() == "B:D"
    d = tile_types()["B:D"]
    assert d.rotations[1].edges == "RCRF"       # §2.3 example: D at r90 reads RCRF
    assert validate_table() == []               # fields cover F and R halves once; caps carry no pennant/goods


def test_half_edge_rotation_table():
    # §2.3: at 90 degrees Nw->En, Ne->Es, En->Se, Es->Sw, Se->Ws, Sw->Wn, Ws->Nw, Wn->Ne
    u = tile_types()["B:U"]  # fields {Wn,Nw,Ne,En} and {Es,Se,Sw,Ws}
    rot = u.rotations[1]
    north = [s for s in u.segments if s.kind == "field"][0]
    assert {HALF_NAMES[h] for h in rot.seg_halves[north.index]} == {"Ne", "En", "Es", "Se"}  # now the east field


def test_data_file_shape():
    data = load_json("carcassonne/tiles.json")
    for rec in data["tiles"]:
        assert set(rec) <= {"set", "id", "count", "start", "edges", "cities", "roads", "cloister", "fields",
                            "note", "split"}
        assert len(rec["edges"]) == 4 and set(rec["edges"]) <= set("CRF")


def test_inner_fields_and_separate_segments():
    t = tile_types()
    for key in ("TB:M", "TB:N", "TB:P", "TB:X"):
        assert any(s.kind == "field" and not s.halves for s in t[key].segments)
    assert len([s for s in t["TB:B"].segments if s.kind == "road"]) == 2       # bridge: two roads
    assert len([s for s in t["TB:B"].segments if s.kind == "field"]) == 4
    assert len([s for s in t["TB:M"].segments if s.kind == "city"]) == 3
    assert t["TB:M"].edges_ambiguous and t["TB:X"].edges_ambiguous and not t["B:C"].edges_ambiguous
