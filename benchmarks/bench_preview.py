"""The table's live preview, which rehearses an entry the way Enter plays it (core.entry.rehearse, issue 22
item 5): milliseconds per keystroke at a late position of each game, for a one-move entry and for two moves
said in one breath (the first keystroke of the second move copies the position once; the later ones reuse
it). Target: a one-move preview under 5 ms; a two-move one under 50 ms once the position is copied.

    python benchmarks/bench_preview.py [--at MOVES]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GAMES = ("port-royal", "puerto-rico", "el-capitan", "carcassonne")
NAMES = ["Alexandra", "Bartholomew", "Cecilie", "Dominik"]


def _ms(fn, n):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def measure(game_id: str, at: int) -> dict:
    import referee
    from referee.core.entry import preview_entry
    from referee.core.labels import of
    from referee.i18n import using

    rng = random.Random(1)
    game = referee.new_game(game_id, NAMES, {})
    while not game.finished and len(game.moves) < at:
        game.play(rng.choice(game.legal_moves()).text)
    if game.finished:                  # a short game: its last position that asks for a move
        game.undo(1)
    with using("cs"):
        first = rng.choice(game.legal_moves())
        one = of(game, first)
        game.play(first.text)
        two = one if game.finished else one + " " + of(game, rng.choice(game.legal_moves()))
        game.undo(1)
        single = _ms(lambda: preview_entry(game, one), 20)
        copied = _ms(lambda: preview_entry(game, two), 1)      # the first keystroke: the position is copied
        again = _ms(lambda: preview_entry(game, two), 10)
    return {"at": len(game.moves), "one": statistics.median(single), "copy": copied[0],
            "two": statistics.median(again)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--at", type=int, default=280, help="moves into a random game (default 280)")
    args = parser.parse_args(argv)
    print(f"{'game':<12} {'moves':>6} {'1 move ms':>10} {'2 moves, 1st ms':>16} {'2 moves ms':>11}  target")
    for game_id in GAMES:
        r = measure(game_id, args.at)
        met = "met" if r["one"] < 5 and r["two"] < 50 else "NOT met"
        print(f"{game_id:<12} {r['at']:>6} {r['one']:>10.2f} {r['copy']:>16.1f} {r['two']:>11.2f}  {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
