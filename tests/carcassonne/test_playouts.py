"""Random legal playouts through the public API: invariants after every move, records replay exactly."""

import random

import pytest

import referee
from referee.games.carcassonne.features import recompute

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


def playout(seed, n, options=None, replay=True, deep_every=0):
    rng = random.Random(seed)
    g = referee.new_game("carcassonne", NAMES[:n], options or {})
    prev = [0] * n
    while not g.finished:
        legal = g.legal_moves()
        assert legal, "no legal move but the game is not over"
        texts = [m.text for m in legal]
        assert len(texts) == len(set(texts))
        m = rng.choice(legal)
        assert (m.player is None) == m.chance
        g.play(m.text)
        g.check()                                # tiles, followers, builders, pigs, goods, edges, gains
        scores = [p["score"] for p in g.view()["players"]]
        assert all(a >= b for a, b in zip(scores, prev)), "a score fell"
        prev = scores
        if deep_every and len(g.moves) % deep_every == 0:
            st = g.state
            assert recompute(st.board, st.last if st.phase == "figure" else None) == []
    assert recompute(g.state.board) == []      # the union-find agrees with a rebuild from the tiles
    v = g.view()
    assert v["bag_total"] == 0 and len(v["board"]) + len(v["discarded"]) == (96 if (options or {}).get(
        "traders_builders", True) else 72)
    r = g.result()
    for e in r.ranking:
        assert sum(e.breakdown.values()) == e.total
    if replay:
        g2 = referee.load_record(g.to_record())
        assert g2.view() == g.view()
        assert g2.result().to_dict() == r.to_dict()
    return g


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts(n):
    for seed in range(50):
        playout(1000 * n + seed, n, replay=seed % 5 == 0, deep_every=7 if seed < 3 else 0)


@pytest.mark.parametrize("options", [{"traders_builders": False}, {"builder_chain": True},
                                     {"decline_second_tile": True, "farm_rule": "by-city"},
                                     {"farm_rule": "once-per-city", "old_small_city": True},
                                     {"six_players": True}])
def test_random_playouts_with_options(options):
    for seed in range(8):
        playout(seed, 6 if options.get("six_players") else 2 + seed % 4, options, replay=seed % 4 == 0)


def test_undo_restores_the_view():
    rng = random.Random(5)
    g = referee.new_game("carcassonne", ["Ann", "Bob", "Cal"])
    views = [g.view()]
    for _ in range(60):
        g.play(rng.choice(g.legal_moves()).text)
        views.append(g.view())
    for _ in range(60):
        g.undo()
        views.pop()
        assert g.view() == views[-1]


def test_render_fits_80_columns():
    from referee.games.carcassonne.render import plain

    g = playout(3, 4, replay=False)
    text = plain(g.rules, g.state)
    assert all(len(line) <= 80 for line in text.splitlines())
    g = referee.new_game("carcassonne", ["Ann", "Bob"])
    rng = random.Random(2)
    while not g.finished:
        g.play(rng.choice(g.legal_moves()).text)
        if g.state.phase == "place":
            text = plain(g.rules, g.state)
            assert all(len(line) <= 80 for line in text.splitlines())
            assert "?" in text and "B:" in text or "TB:" in text
    from rich.console import Console

    console = Console(width=80, record=True, file=open("/dev/null", "w"))
    console.print(g.render())
    assert "Bag (0)" in console.export_text()


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_random_playouts(n):
    for seed in range(600):
        playout(100000 * n + seed, n, replay=seed % 10 == 0)


def test_recompute_catches_a_broken_union_find():
    g = playout(11, 2, replay=False)
    b = g.state.board
    assert recompute(b) == []
    f = next(f for f in b.feat.values() if f.kind == "road")
    f.open += 1
    assert any("open edges" in p for p in recompute(b))


def _brute_placements(st, key):
    """Every empty position sharing an edge with a tile, every rotation whose touching edges all match."""
    from referee.games.carcassonne.tiles import DELTA, tile_types

    tile = tile_types()[key]
    b = st.board
    spots = {(x + dx, y + dy) for (x, y) in b.at for dx, dy in DELTA} - set(b.at)
    out = set()
    for (x, y) in spots:
        for q in range(4):
            rot = tile.rotations[q]
            ok = True
            for e, (dx, dy) in enumerate(DELTA):
                n = b.at.get((x + dx, y + dy))
                if n is not None and b.rot[n].edges[(e + 2) % 4] != rot.edges[e]:
                    ok = False
            if ok:
                out.add(f"place {x},{y} r{tile.canon[q] * 90}")
    return out


def test_legal_placements_equal_brute_force():
    from referee.games.carcassonne.tiles import tile_types

    rng = random.Random(9)
    for seed in range(6):
        g = referee.new_game("carcassonne", ["Ann", "Bob", "Cal"])
        r = random.Random(seed)
        while not g.finished:
            if g.state.phase == "draw" and r.random() < 0.3:
                st = g.state
                for key in rng.sample(sorted(tile_types()), 6):
                    st.hand, st.phase = key, "place"
                    assert {m.text for m in g.rules.legal(st)} == _brute_placements(st, key), key
                    assert st.board.placeable(tile_types()[key]) == bool(_brute_placements(st, key))
                st.hand, st.phase = None, "draw"
            g.play(r.choice(g.legal_moves()).text)


def test_figure_choices_equal_brute_force():
    """F3, F5, B2, PG2 from the tiles and figures alone, against figure_moves()."""
    from referee.games.carcassonne.features import components

    for seed in range(8):
        g = referee.new_game("carcassonne", NAMES[:2 + seed % 4])
        r = random.Random(seed)
        while not g.finished:
            st = g.state
            if st.phase == "figure":
                b = st.board
                comp = components(b)
                cur = st.current
                rot = b.rot[st.last]
                base = b.base[st.last]
                want = {"none"}
                for seg in rot.tile.segments:
                    c = comp[base + seg.index]
                    figs = [fig for g2, fig in b.figs.items() if comp[g2] == c]
                    name = rot.names[seg.index]
                    if st.supply[cur] and not any(k == "f" for _, k in figs):
                        want.add(name)
                    own = any(p == cur and k == "f" for p, k in figs)
                    if own and st.builder[cur] and seg.kind in ("road", "city"):
                        want.add("builder " + name)
                    if own and st.pig[cur] and seg.kind == "field":
                        want.add("pig " + name)
                assert {m.text for m in g.legal_moves()} == want
            g.play(r.choice(g.legal_moves()).text)


def _expected_scoring(st, move):
    """S2-S5, C2-C4, C6, G2 recomputed from the tiles and figures alone for the figure move about to be played."""
    from referee.games.carcassonne.features import components
    from referee.games.carcassonne.tiles import DELTA

    b = st.board
    comp = components(b)
    figs = dict(b.figs)
    base = b.base[st.last]
    if move.action[0] == "figure":
        figs[base + move.action[2]] = (st.current, move.action[1])
    gain = [0] * st.n
    goods = {}
    members: dict = {}
    for i, rec in enumerate(b.placed):
        for seg in b.rot[i].tile.segments:
            members.setdefault(comp[b.base[i] + seg.index], []).append((i, seg))
    small = st.options.get("old_small_city")

    def award(gids, pts):
        count = {}
        for g in gids:
            if g in figs and figs[g][1] == "f":
                count[figs[g][0]] = count.get(figs[g][0], 0) + 1
        if count:
            top = max(count.values())
            for p, c in count.items():
                if c == top:
                    gain[p] += pts

    rot = b.rot[st.last]
    done = set()
    for seg in rot.tile.segments:
        if seg.kind not in ("road", "city") or comp[base + seg.index] in done:
            continue
        c = comp[base + seg.index]
        done.add(c)
        opened = 0
        tiles = set()
        pennants = 0
        for i, s in members[c]:
            x, y = b.placed[i][1], b.placed[i][2]
            tiles.add(i)
            pennants += s.pennant
            for e in b.rot[i].seg_edges[s.index]:
                if (x + DELTA[e][0], y + DELTA[e][1]) not in b.at:
                    opened += 1
            if s.goods:
                goods[s.goods] = goods.get(s.goods, 0) + 1
        if opened:
            for i, s in members[c]:
                if s.goods:
                    goods[s.goods] -= 1
            continue
        n = len(tiles)
        pts = n if seg.kind == "road" else (n + pennants if small and n == 2 else 2 * n + 2 * pennants)
        award([b.base[i] + s.index for i, s in members[c]], pts)
    _, lx, ly, _ = b.placed[st.last]
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            t = b.at.get((lx + dx, ly + dy))
            if t is None or not b.rot[t].tile.cloister:
                continue
            cx, cy = lx + dx, ly + dy
            if all((cx + i, cy + j) in b.at for i in (-1, 0, 1) for j in (-1, 0, 1)):
                g = next(b.base[t] + s.index for s in b.rot[t].tile.segments if s.kind == "cloister")
                award([g], 9)
    return gain, {k: v for k, v in goods.items() if v}


@pytest.mark.parametrize("options", [{}, {"old_small_city": True}])
def test_completion_scoring_equals_an_independent_count(options):
    for seed in range(25):
        n = 2 + seed % 4
        g = referee.new_game("carcassonne", NAMES[:n], options)
        r = random.Random(seed)
        while not g.finished:
            st = g.state
            m = r.choice(g.legal_moves())
            if st.phase == "figure":
                gain, goods = _expected_scoring(st, m)
                before = list(st.scores)
                cur = st.current
                had = dict(st.goods[cur])
                g.play(m.text)
                assert [a - b for a, b in zip(g.state.scores, before)] == gain
                assert {k: v - had[k] for k, v in g.state.goods[cur].items() if v != had[k]} == goods
            else:
                g.play(m.text)


def _expected_final(st):
    """E2, M1-M6, PG5, G5 from the tiles and figures alone (current farm rule)."""
    from referee.games.carcassonne.features import components
    from referee.games.carcassonne.tiles import DELTA

    b = st.board
    comp = components(b)
    members: dict = {}
    for i in range(len(b.placed)):
        for seg in b.rot[i].tile.segments:
            members.setdefault(comp[b.base[i] + seg.index], []).append((i, seg))
    parts = [{"roads": 0, "cities": 0, "cloisters": 0, "farms": 0, "goods": 0} for _ in range(st.n)]

    def opened(c):
        k = 0
        for i, s in members[c]:
            x, y = b.placed[i][1], b.placed[i][2]
            k += sum((x + DELTA[e][0], y + DELTA[e][1]) not in b.at for e in b.rot[i].seg_edges[s.index])
        return k

    def winners(c, kind="f"):
        count = {}
        for i, s in members[c]:
            fig = b.figs.get(b.base[i] + s.index)
            if fig and fig[1] == kind:
                count[fig[0]] = count.get(fig[0], 0) + 1
        top = max(count.values(), default=0)
        return [p for p, k in count.items() if k == top and top > 0]

    for c, segs in members.items():
        kind = segs[0][1].kind
        if kind in ("road", "city") and opened(c):
            tiles = {i for i, _ in segs}
            pts = len(tiles) + (sum(s.pennant for _, s in segs) if kind == "city" else 0)
            for p in winners(c):
                parts[p]["roads" if kind == "road" else "cities"] += pts
        elif kind == "cloister":
            i = segs[0][0]
            x, y = b.placed[i][1], b.placed[i][2]
            around = sum((x + dx, y + dy) in b.at for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
            if around < 8:
                for p in winners(c):
                    parts[p]["cloisters"] += 1 + around
        elif kind == "field":
            cities = {comp[b.base[i] + ci] for i, s in segs for ci in s.cities}
            done = sum(1 for cc in cities if not opened(cc))
            pigs = set(winners(c, "p"))
            pig_owners = {b.figs[b.base[i] + s.index][0] for i, s in segs
                          if b.figs.get(b.base[i] + s.index, (0, ""))[1] == "p"}
            for p in winners(c):
                parts[p]["farms"] += (4 if p in pig_owners else 3) * done
            assert pigs <= pig_owners
    for good in ("wine", "grain", "cloth"):
        top = max(row[good] for row in st.goods)
        for p in range(st.n):
            if top and st.goods[p][good] == top:
                parts[p]["goods"] += 10
    return parts


def test_final_scoring_equals_an_independent_count():
    for seed in range(16):
        g = playout(500 + seed, 2 + seed % 4, replay=False)
        r = g.result()
        want = _expected_final(g.state)
        for p, name in enumerate(g.players):
            got = dict(r.entry(name).breakdown)
            assert got.pop("so_far") == g.state.scores[p]
            assert got == want[p], name


@pytest.mark.parametrize("options", [{}, {"old_small_city": True}])
def test_placement_preview_predicts_the_completions(options):
    """The live preview's would_complete() agrees with what the engine scores once the tile is down."""
    for seed in range(12):
        n = 2 + seed % 4
        g = referee.new_game("carcassonne", NAMES[:n], options)
        r = random.Random(seed)
        while not g.finished:
            st = g.state
            m = r.choice(g.legal_moves())
            if st.phase != "place":
                g.play(m.text)
                continue
            _, x, y, q = m.action
            pred = st.board.would_complete(st.hand, x, y, q)
            cur = st.current
            want, goods = [0] * n, {}
            for kind, tiles, pennants, gd, fol, _ in pred:
                if kind == "road":
                    pts = tiles
                elif kind == "city":
                    pts = tiles + pennants if tiles == 2 and options.get("old_small_city") else 2 * (tiles + pennants)
                else:
                    pts = 9
                top = max(fol.values(), default=0)
                for p, k in fol.items():
                    if k == top:
                        want[p] += pts
                for k, v in gd.items():
                    goods[k] = goods.get(k, 0) + v
            assert "completes" in g.rules.preview(st, m) if pred else "completes" not in g.rules.preview(st, m)
            before, had = list(st.scores), dict(st.goods[cur])
            g.play(m.text)
            g.play("none")
            assert [a - b for a, b in zip(g.state.scores, before)] == want
            assert {k: v - had[k] for k, v in g.state.goods[cur].items() if v != had[k]} == goods
            finished = [e for e in g.state.events if e[0] == len(g.moves) and e[1].startswith("Completed")]
            assert len(finished) == len(pred)


@pytest.mark.parametrize("options", [{}, {"builder_chain": True}])
def test_builder_extra_tile_equals_an_independent_check(options):
    """B5-B8 (and O3): the extra tile follows exactly when the placed tile's road or city joins a feature that
    held the active player's builder before the tile went down; never a third tile without the chain option."""
    from referee.games.carcassonne.features import components

    extra_seen = 0
    for seed in range(10):
        g = referee.new_game("carcassonne", NAMES[:2 + seed % 3], options)
        r = random.Random(seed)
        while not g.finished:
            st = g.state
            legal = g.legal_moves()
            m = r.choice(legal)
            if st.phase != "place":
                g.play(m.text)
                continue
            cur, part = st.current, st.part
            builders = {gid for gid, (p, k) in st.board.figs.items() if p == cur and k == "b"}
            g.play(m.text)
            b = st.board
            comp = components(b)
            base = b.base[st.last]
            mine = {comp[base + s.index] for s in b.rot[st.last].tile.segments if s.kind in ("road", "city")}
            want = any(comp[gid] in mine for gid in builders) and (part == 1 or bool(options.get("builder_chain")))
            g.play(r.choice(g.legal_moves()).text)      # any figure, a builder on this tile too (B7)
            if g.finished:
                continue
            got = g.state.current == cur and g.state.part == part + 1
            assert got == want, (seed, len(g.moves))
            extra_seen += got
    assert extra_seen > 5
