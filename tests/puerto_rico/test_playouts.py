import random

import pytest

import referee
from tests.playout import random_playout

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]
OPTION_SETS = [{}, {"allow-decline-colonists": True, "mayor-privilege-optional": False},
               {"doubloon-bank-limit": True, "hacienda-reshuffle": False, "customs-house-counts-overflow": False},
               {"show-running-vp": True}]


def _one(n, seed, options=None):
    g = random_playout("puerto-rico", NAMES[:n], seed, options)
    assert g.finished
    res = g.result()
    assert len(res.ranking) == n
    for e in res.ranking:
        assert sum(e.breakdown.values()) == e.total
    s = g.state
    assert s.triggers, "a game ends only through a trigger"
    return g


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts(n):
    for seed in range(75):
        g = _one(n, seed, OPTION_SETS[seed % len(OPTION_SETS)] | ({"vp-pool-5p": 126} if n == 5 and seed % 2 else {}))
        if seed % 10 == 0:
            assert referee.load_record(g.to_record()).view() == g.view()


def test_record_roundtrip_midgame_and_undo():
    rng = random.Random(7)
    g = referee.new_game("puerto-rico", NAMES[:4])
    for _ in range(150):
        g.play(rng.choice(g.legal_moves()).text)
    assert referee.load_record(g.to_record()).view() == g.view()
    v = g.view()
    m = g.legal_moves()[0]
    g.play(m.text)
    g.undo()
    assert g.view() == v


def test_every_listed_move_is_accepted_and_texts_unique():
    rng = random.Random(3)
    g = referee.new_game("puerto-rico", NAMES[:3])
    while not g.finished:
        moves = g.legal_moves()
        assert len({m.text for m in moves}) == len(moves)
        assert all(m.text == " ".join(m.text.split()).lower() for m in moves)
        assert all((m.player is None) == m.chance for m in moves)
        g.play(rng.choice(moves).text)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_random_playouts(n):
    for seed in range(1000, 1800):
        g = _one(n, seed, OPTION_SETS[seed % len(OPTION_SETS)])
        if seed % 50 == 0:
            assert referee.load_record(g.to_record()).view() == g.view()
