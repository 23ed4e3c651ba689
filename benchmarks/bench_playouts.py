"""Engine playouts for every game: games/s, moves/s and legal-move latency, through the public API.

    python benchmarks/bench_playouts.py [--seconds 8] [--games port-royal puerto-rico ...] [--no-check]

Each game is played by choosing uniformly among legal_moves() and calling play(text) (all the rules'
checks on), with the engine's conservation audit check() after every move unless --no-check. Times are
CPU seconds of this process (one core), so machine load from other processes matters less. Legal-move
latency is the time of a fresh legal_moves() listing (cache dropped) sampled along the games.
Targets: Port Royal 4p >= 2,000 games/min (33/s); Puerto Rico 4p >= 150/s; Carcassonne 2p >= 20/s and
placements <= 5 ms median; El Capitan 4p >= 100/s.
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

DEFAULT = {"port-royal": 4, "puerto-rico": 4, "carcassonne": 2, "el-capitan": 4}


def run(game_id: str, players: int, seconds: float, check: bool, seed: int = 1):
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(1, players + 1)]
    games = moves = 0
    latencies = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = referee.new_game(game_id, names)
        while not game.finished:
            if moves % 97 == 0:  # sample a fresh listing
                game._legal = None
                t0 = time.perf_counter()
                legal = game.legal_moves()
                latencies.append(time.perf_counter() - t0)
            else:
                legal = game.legal_moves()
            game.play(rng.choice(legal).text)
            if check:
                game.check()
            moves += 1
        games += 1
    cpu = time.process_time() - start
    return games / cpu, moves / cpu, moves / max(games, 1), statistics.median(latencies), \
        sorted(latencies)[int(len(latencies) * 0.99) - 1] if latencies else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=8.0, help="CPU seconds per game and player count")
    ap.add_argument("--games", nargs="*", default=list(DEFAULT))
    ap.add_argument("--players", type=int, nargs="*", help="player counts (default: the target's count)")
    ap.add_argument("--no-check", action="store_true")
    args = ap.parse_args()
    print(f"{'game':<12} {'players':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10} "
          f"{'legal med':>10} {'legal p99':>10}")
    for game_id in args.games:
        for n in args.players or [DEFAULT[game_id]]:
            gps, mps, mpg, med, p99 = run(game_id, n, args.seconds, not args.no_check)
            print(f"{game_id:<12} {n:>7} {gps:>9.1f} {mps:>9.0f} {mpg:>10.0f} {med * 1e3:>8.3f}ms "
                  f"{p99 * 1e3:>8.3f}ms")


if __name__ == "__main__":
    main()
