"""Benchmark: Puerto Rico per decision against the native C++ engine (linkret/Puerto-Rico-Bot, g++ -O2).

Run by hand:  python benchmarks/bench_engines_native.py --src DIR [--players 4] [--seconds 5] [--rounds 3]
              (or PR_NATIVE_SRC=DIR; DIR is a checkout of https://github.com/linkret/Puerto-Rico-Bot)
Target (issue 25 item 2): ours within 8x the native engine's time per decision.

Why per decision: the two engines' random games differ in length (their random player picks a role first,
then an action of it; ours picks uniformly among the listed moves, as benchmarks/compare.py does), so games/s
says little. A decision is counted as the peers count them: one action a player chooses (their
perform_action from a player's turn; ours a listed move whose player is not None: chance moves such as the
plantations turned up and the ships' goods are not decisions).

The native side: a small driver (written here, below) compiled against the checkout's sources with
g++ -O2 -std=c++17; it plays random games (uniform among get_legal_actions(), no integrity check: the peer's
own benchmark runs without it) and prints games, decisions and CPU seconds. Nothing of the checkout is copied
into this repository. Without g++ or without the checkout the script says so and exits 0 (skipped).
The two sides alternate round by round, so a loaded machine weighs on both alike; medians and spread.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

DRIVER = r"""
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include "game.h"
int main(int argc, char** argv) {
    int n = atoi(argv[1]); double seconds = atof(argv[2]); unsigned seed = (unsigned)atoi(argv[3]);
    std::mt19937 rng(seed);
    long games = 0, decisions = 0;
    std::clock_t start = std::clock();
    while (double(std::clock() - start) / CLOCKS_PER_SEC < seconds) {
        GameState game(n, false, (int)rng());
        while (!game.is_game_over()) {
            std::vector<Action> actions = game.get_legal_actions();
            game.perform_action(actions[rng() % actions.size()]);
            decisions++;
        }
        games++;
    }
    double cpu = double(std::clock() - start) / CLOCKS_PER_SEC;
    printf("{\"games\": %ld, \"decisions\": %ld, \"cpu\": %f}\n", games, decisions, cpu);
    return 0;
}
"""
SOURCES = ("game", "mayor", "craftsman", "settler", "builder", "captain", "trader", "prospector",
           "integrity_checker")


def build(src: Path, out: Path) -> Path | None:
    """The driver compiled against the checkout, or None (with the reason printed) if it cannot be."""
    gxx = shutil.which("g++")
    if gxx is None:
        print("skipped: no g++ on PATH")
        return None
    if not (src / "include" / "game.h").exists():
        print(f"skipped: {src} is not a checkout of linkret/Puerto-Rico-Bot (no include/game.h)")
        return None
    driver = out / "driver.cpp"
    driver.write_text(DRIVER, encoding="utf-8")
    exe = out / "pr_native"
    cmd = [gxx, "-O2", "-std=c++17", "-I", str(src / "include"), str(driver),
           *[str(src / "src" / f"{name}.cpp") for name in SOURCES], "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        print("skipped: the native engine did not build:\n" + proc.stderr[-2000:])
        return None
    return exe


def ours(n: int, seconds: float, seed: int) -> dict:
    import referee

    rng = random.Random(seed)
    names = ["P%d" % i for i in range(1, n + 1)]
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = referee.new_game("puerto-rico", names)
        while not game.finished:
            move = rng.choice(game.legal_moves())
            game.play(move.text)
            decisions += move.player is not None
        games += 1
    return {"games": games, "decisions": decisions, "cpu": time.process_time() - start}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=os.environ.get("PR_NATIVE_SRC"), help="checkout of linkret/Puerto-Rico-Bot")
    ap.add_argument("--players", type=int, nargs="*", default=[4])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if not args.src:
        print("skipped: no native engine (give --src DIR or PR_NATIVE_SRC: a checkout of linkret/Puerto-Rico-Bot)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        exe = build(Path(args.src), Path(tmp))
        if exe is None:
            return
        for n in args.players:
            rates = {"native": [], "ours": []}
            for r in range(args.rounds):
                order = ("native", "ours") if r % 2 == 0 else ("ours", "native")
                for side in order:
                    if side == "native":
                        got = json.loads(subprocess.run([str(exe), str(n), str(args.seconds), str(r + 1)],
                                                        check=True, capture_output=True, text=True).stdout)
                    else:
                        got = ours(n, args.seconds, r + 1)
                    rates[side].append(got["decisions"] / got["cpu"])
            nat, our = statistics.median(rates["native"]), statistics.median(rates["ours"])
            print(f"puerto-rico {n}p  native {nat:,.0f} decisions/s ({min(rates['native']):,.0f}-"
                  f"{max(rates['native']):,.0f})  ours {our:,.0f} ({min(rates['ours']):,.0f}-{max(rates['ours']):,.0f})"
                  f"  native/ours per decision {nat / our:.1f}x (target <= 8x)")


if __name__ == "__main__":
    main()
