"""Benchmark: Carcassonne + Traders & Builders through the public API.

Run by hand:  python benchmarks/bench_carcassonne.py [--games N] [--players 2] [--profile]
Targets:
  * random legal games (all 96 tiles, followers, builders, pigs; legal_moves + play(text) + check() after
    every move): at least 20 complete 2-player games per second on one core;
  * legal placements for a drawn tile on a board of 96 tiles: at most 5 ms median;
  * the table's live preview of a typed placement (every keystroke), late in a game: at most 5 ms median.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import referee  # noqa: E402


def play_games(n: int, players: int, seed: int = 0) -> tuple[float, int]:
    names = ["Ann", "Bob", "Cal", "Dee", "Eve"][:players]
    moves = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = random.Random(seed + i)
        g = referee.new_game("carcassonne", names)
        while not g.finished:
            m = rng.choice(g.legal_moves())
            g.play(m.text)
            g.check()
            moves += 1
        g.result()
    return time.perf_counter() - t0, moves


def full_board(seed: int):
    """A finished 2-player game: its board holds 96 tiles minus the discarded ones."""
    rng = random.Random(seed)
    g = referee.new_game("carcassonne", ["Ann", "Bob"])
    while not g.finished:
        g.play(rng.choice(g.legal_moves()).text)
    return g


def placement_times(boards: int, per_board: int) -> list[float]:
    from referee.games.carcassonne.tiles import tile_types

    types = list(tile_types().values())
    times = []
    for s in range(boards):
        g = full_board(1000 + s)
        st = g.state
        rules = g.rules
        rng = random.Random(s)
        for _ in range(per_board):
            tile = rng.choice(types)
            st.hand, st.phase = tile.key, "place"        # pretend this tile was just drawn
            t0 = time.perf_counter()
            moves = rules.legal(st)
            times.append(time.perf_counter() - t0)
            assert all(m.text.startswith("place ") for m in moves)
        st.phase, st.hand = "over", None
    return times


def preview_times(games: int) -> list[float]:
    """The table's live preview (every keystroke) of typed placements late in a game (80+ tiles down)."""
    times = []
    for s in range(games):
        rng = random.Random(2000 + s)
        g = referee.new_game("carcassonne", ["Ann", "Bob"])
        while not g.finished:
            if g.state.phase == "place" and len(g.state.board.placed) > 80:
                for m in g.legal_moves()[:40]:
                    _, x, y, q = m.action
                    for typed in (m.text, f"{x} {y} {q * 90}", f"place {x},{y}"):
                        t0 = time.perf_counter()
                        g.preview(typed)
                        times.append(time.perf_counter() - t0)
            g.play(rng.choice(g.legal_moves()).text)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("play_games(10, players)", globals(), {"players": args.players}, "/tmp/carc.prof")
        pstats.Stats("/tmp/carc.prof").sort_stats("tottime").print_stats(25)
        return
    play_games(2, args.players)  # warm the caches (tile table, imports)
    secs, moves = play_games(args.games, args.players)
    rate = args.games / secs
    times = placement_times(10, 100)
    med = statistics.median(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95)] * 1000
    rows = [
        ("complete games/s (%d players, checks on)" % args.players, f"{rate:8.1f}", ">= 20", rate >= 20),
        ("moves/s", f"{moves / secs:8.0f}", "", True),
        ("legal placements, 96-tile board: median ms", f"{med:8.3f}", "<= 5", med <= 5),
        ("legal placements, 96-tile board: p95 ms", f"{p95:8.3f}", "", True),
    ]
    pv = preview_times(3)
    pmed = statistics.median(pv) * 1000
    pmax = max(pv) * 1000
    rows += [
        ("live preview of a typed placement: median ms", f"{pmed:8.3f}", "<= 5", pmed <= 5),
        ("live preview of a typed placement: max ms", f"{pmax:8.3f}", "<= 50", pmax <= 50),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>8}  {'target':>6}  ok")
    for name, value, target, ok in rows:
        print(f"{name:<{width}}  {value}  {target:>6}  {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
