"""Random legal playouts through the public API, with the engine's invariants after every move."""

from __future__ import annotations

import random

import referee


def random_playout(game_id: str, players, seed: int, options=None, check: bool = True, max_moves=200_000):
    """Play one game to the end choosing uniformly among legal_moves(); return the Game."""
    rng = random.Random(seed)
    game = referee.new_game(game_id, players, options or {})
    for _ in range(max_moves):
        if game.finished:
            return game
        legal = game.legal_moves()
        assert legal, f"no legal moves but the game is not finished after {len(game.moves)} moves"
        move = rng.choice(legal)
        played = game.play(move.text)
        assert played.text == move.text
        if check:
            game.check()
    raise AssertionError(f"{game_id} did not end within {max_moves} moves (seed {seed})")
