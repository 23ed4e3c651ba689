"""Random legal playouts through the public API: invariants after every move, records replay exactly."""

import random

import pytest

import referee
from referee.games.carcassonne.features import recompute

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve"]


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
                                     {"farm_rule": "once-per-city", "old_small_city": True}])
def test_random_playouts_with_options(options):
    for seed in range(8):
        playout(seed, 2 + seed % 4, options, replay=seed % 4 == 0)


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
