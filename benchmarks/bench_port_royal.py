"""Benchmark: random legal Port Royal games through the public API (legal_moves + play(text), check() on).

Run by hand:  python benchmarks/bench_port_royal.py [--games N] [--players 4] [--profile]
Target: at least 2,000 complete 4-player games per minute on one core.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import referee  # noqa: E402

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]


def play_one(n: int, seed: int, check: bool = True) -> int:
    rng = random.Random(seed)
    g = referee.new_game("port-royal", NAMES[:n])
    moves = 0
    while not g.finished:
        legal = g.legal_moves()
        g.play(rng.choice(legal).text)
        if check:
            g.check()
        moves += 1
    g.result()
    return moves


def run(n: int, games: int, check: bool = True) -> dict:
    t = time.perf_counter()
    moves = sum(play_one(n, seed, check) for seed in range(games))
    dt = time.perf_counter() - t
    return {"players": n, "games": games, "moves": moves, "seconds": dt,
            "moves/game": moves / games, "ms/game": 1000 * dt / games, "games/min": 60 * games / dt,
            "us/move": 1e6 * dt / moves}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run(4, args.games, not args.no_check)", globals(), {"args": args, "run": run},
                        "/tmp/bench_port_royal.prof")
        pstats.Stats("/tmp/bench_port_royal.prof").sort_stats("tottime").print_stats(20)
        return
    print(f"{'players':>7} {'games':>6} {'moves/game':>10} {'us/move':>8} {'ms/game':>8} {'games/min':>10}")
    for n in args.players:
        r = run(n, args.games, not args.no_check)
        print(f"{r['players']:>7} {r['games']:>6} {r['moves/game']:>10.0f} {r['us/move']:>8.1f} "
              f"{r['ms/game']:>8.2f} {r['games/min']:>10.0f}")
    print("target: >= 2000 games/min with 4 players (check() on)")


if __name__ == "__main__":
    main()
