"""Puerto Rico speed: random legal games through the public API (legal_moves + play(text)) with check()
after every move, and the time to list the legal moves anywhere in a game.

    python benchmarks/bench_puerto_rico.py [--games N] [--players 4] [--no-check]

Targets (the issue): at least 150 4-player games/s with all checks (aim 250/s); listing legal moves at
most 1 ms median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import referee  # noqa: E402

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]


def relist_times(games: int, players: int, seed: int = 2):
    """The listing computed from scratch (rules.relist) at every decision of random games."""
    from referee.games.puerto_rico.rules import relist

    rng = random.Random(seed)
    out = []
    for _ in range(games):
        g = referee.new_game("puerto-rico", NAMES[:players])
        while not g.finished:
            a = time.perf_counter()
            relist(g.state)
            out.append(time.perf_counter() - a)
            g._legal = None
            g.play(rng.choice(g.legal_moves()).text)
    out.sort()
    return out


def run(games: int, players: int, check: bool, seed: int = 1):
    rng = random.Random(seed)
    listing = []
    moves = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for _ in range(games):
        g = referee.new_game("puerto-rico", NAMES[:players])
        while not g.finished:
            a = time.perf_counter()
            legal = g.legal_moves()
            listing.append(time.perf_counter() - a)
            g.play(rng.choice(legal).text)
            if check:
                g.check()
            moves += 1
        g.result()
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return elapsed, cpu, moves, listing


def check_cost(games: int, players: int, seed: int = 3) -> float:
    """Microseconds per check() call, on states sampled from random games (the best of 5 passes)."""
    import copy

    from referee.games.puerto_rico.rules import check

    rng = random.Random(seed)
    states = []
    for _ in range(games):
        g = referee.new_game("puerto-rico", NAMES[:players])
        while not g.finished:
            g.play(rng.choice(g.legal_moves()).text)
            if len(g.moves) % 5 == 0:
                states.append(copy.deepcopy(g.state))
    best = float("inf")
    for _ in range(5):
        a = time.process_time()
        for st in states:
            check(st)
        best = min(best, (time.process_time() - a) / len(states))
    return best * 1e6


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=0, help="one player count (default: 4, then 2, 3, 5)")
    ap.add_argument("--no-check", action="store_true")
    args = ap.parse_args(argv)
    counts = [args.players] if args.players else [4, 2, 3, 5]
    run(20, 4, True)   # warm-up
    rows = []
    for n in counts:
        games = args.games if n == 4 else max(50, args.games // 4)
        elapsed, cpu, moves, listing = run(games, n, not args.no_check)
        listing.sort()
        rows.append((n, games, games / elapsed, games / cpu, moves / games, moves / elapsed,
                     statistics.median(listing) * 1e6, listing[int(len(listing) * 0.99)] * 1e6,
                     listing[-1] * 1e6))
    print(f"{'players':>7} {'games':>6} {'games/s':>8} {'per CPU s':>9} {'moves/game':>10} {'moves/s':>9} "
          f"{'list median us':>14} {'list p99 us':>11} {'list max us':>11}")
    for n, games, gps, gpc, mpg, mps, med, p99, mx in rows:
        print(f"{n:>7} {games:>6} {gps:>8.1f} {gpc:>9.1f} {mpg:>10.1f} {mps:>9.0f} {med:>14.1f} {p99:>11.1f} {mx:>11.1f}")
    import os
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (games/s is wall clock; 'per CPU s' "
          "counts this process's CPU time only)")
    rel = relist_times(50, counts[0])
    print(f"listing recomputed from scratch (rules.relist), {counts[0]} players: median "
          f"{statistics.median(rel) * 1e6:.1f} us, p99 {rel[int(len(rel) * 0.99)] * 1e6:.1f} us, "
          f"max {rel[-1] * 1e6:.1f} us")
    if not args.no_check:
        print(f"check() alone, {counts[0]} players: {check_cost(10, counts[0]):.1f} us per call (CPU)")
    print("checks: " + ("check() after every move" if not args.no_check else "none")
          + "; target 4 players: >= 150 games/s (aim 250), listing median <= 1000 us")


if __name__ == "__main__":
    main()
