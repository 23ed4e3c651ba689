"""Invariant playouts for every game and player count through the public API: check() after every
move, every game ends, and the record replays to the same state with the same legal moves."""

import pytest

import referee
from referee.core.registry import GAMES, get_rules
from tests.playout import random_playout

CASES = [(g, n) for g in GAMES if g != "toy"
         for n in range(get_rules(g).min_players, get_rules(g).max_players + 1)]


def _one(game_id, n, seed):
    game = random_playout(game_id, [f"P{i}" for i in range(1, n + 1)], seed)
    assert game.finished and game.result() is not None
    result = game.result()
    assert sorted(e.player for e in result.ranking) == sorted(game.players)
    for e in result.ranking:
        assert sum(e.breakdown.values()) == e.total
    again = referee.load_record(game.to_record())
    assert again.view() == game.view() and again.moves == game.moves
    assert again.result().to_dict() == result.to_dict()


@pytest.mark.parametrize("game_id,n", CASES)
def test_playouts(game_id, n):
    for seed in range(2):
        _one(game_id, n, 1000 * n + seed)


@pytest.mark.slow
@pytest.mark.parametrize("game_id,n", CASES)
def test_playouts_long(game_id, n):
    for seed in range(250):
        _one(game_id, n, 10_000 + 1000 * n + seed)
