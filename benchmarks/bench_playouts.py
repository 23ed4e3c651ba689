"""Engine playouts for every game: games/s, moves/s and legal-move latency, through the public API.

    python benchmarks/bench_playouts.py [--seconds 8] [--games port-royal puerto-rico ...] [--no-check]
                                        [--policy uniform|table]

Each game is played by a random player choosing among legal_moves() and calling play(text): the contract's
"parse, check, apply", every rule check on (there is no unchecked path). That is what the issues' targets
measure ("random legal games through the public API with all checks"); the "rules" column. The "+audit"
column also runs the engine's conservation audit check() after every move (the playout tests' invariants:
money, pieces, cards), which is extra work no target asks for; --no-check skips it.

The random player is uniform over the listed moves, except for El Capitan, whose default player is the
"table" policy of bench_el_capitan.py: uniform, but half the time it takes the turn's action (or ends the
turn) when one is listed. A uniformly random El Capitan player buys every affordable sailing card, lives on
loans (91% of turns) and drags a game to ~4,500 moves against some 500-750 at a real table; at that length
100 games/s would need 2.2 us a move, and an engine that does no work at all behind this API takes 1.6 us
(bench_el_capitan.py --floor). The table policy's games (~950 moves) are still longer than real ones.
--policy uniform measures every game with the uniform player.

Times are CPU seconds of this process (one core), so machine load from other processes matters less.
Legal-move latency is the time of a fresh legal_moves() listing (cache dropped) sampled along the games.
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

import referee  # noqa: E402
from bench_el_capitan import table_choices  # noqa: E402

DEFAULT = {"port-royal": 4, "puerto-rico": 4, "carcassonne": 2, "el-capitan": 4}
POLICY = {"el-capitan": "table"}
TARGET = {"port-royal": 2000 / 60, "puerto-rico": 150, "carcassonne": 20, "el-capitan": 100}


def run(game_id: str, players: int, seconds: float, check: bool, seed: int = 1, policy: str = "uniform"):
    rng = random.Random(seed)
    table = policy == "table"
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
            if table:
                legal = table_choices(legal, rng)
            game.play(legal[int(rng.random() * len(legal))].text)    # uniform; cheaper than rng.choice
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
    ap.add_argument("--no-check", action="store_true", help="skip the +audit runs")
    ap.add_argument("--policy", choices=("default", "uniform", "table"), default="default",
                    help="the random player: default (uniform; El Capitan: table), or one for every game")
    args = ap.parse_args()
    print(f"{'game':<12} {'players':>7} {'policy':>7} {'rules g/s':>9} {'+audit g/s':>10} {'moves/game':>10} "
          f"{'legal med':>10} {'legal p99':>10} {'target':>7}")
    for game_id in args.games:
        policy = POLICY.get(game_id, "uniform") if args.policy == "default" else args.policy
        for n in args.players or [DEFAULT[game_id]]:
            gps, mps, mpg, med, p99 = run(game_id, n, args.seconds, False, policy=policy)
            audit = "-" if args.no_check else f"{run(game_id, n, args.seconds, True, policy=policy)[0]:.1f}"
            target = TARGET[game_id] if n == DEFAULT[game_id] else None
            met = "" if target is None else ("met" if gps >= target else "NOT met")
            print(f"{game_id:<12} {n:>7} {policy:>7} {gps:>9.1f} {audit:>10} {mpg:>10.0f} {med * 1e3:>8.3f}ms "
                  f"{p99 * 1e3:>8.3f}ms {met:>7}")


if __name__ == "__main__":
    main()
