"""Benchmark: instructions a random game costs, counted by valgrind (callgrind), this tree against a base.

    python benchmarks/bench_engines_instructions.py [--base DIR_OR_COMMIT] [--titles puerto-rico:4 ...] [--games N]

Why: on this 2-core machine, shared with other work, timings of the same code differ by 10-20 % from round to
round (benchmarks/compare.py reads 0.79 and 1.03 on identical code), so a 2-5 % step of engine work cannot be
told from noise by timing. An instruction count is deterministic (the same seeds, PYTHONHASHSEED=0): each
step of issue 25 item 2 was measured with it. It is not time (a cache miss costs more than an add), so the
closing figures still come from compare.py and bench_engines_native.py; this one says which way a change went.

The loop is bench_engines_native.py's and compare.py's: `legal_moves()`, a seeded random pick, `play(text)`.
Each side is counted twice, with N games and with none (imports and setup only), and the difference is given,
in millions of instructions. BASE is a folder holding a referee tree, or a commit (exported with `git archive`
into a temporary folder). Without valgrind the script says so and exits 0.

Two things made the count vary by tens of millions from run to run, and are kept out: the child runs in an
empty folder (its first import path is the working folder, and a busy /tmp's listing changed from run to
run), and it reads compiled .pyc files from a cache of its own, filled by a run without valgrind first (with
PYTHONDONTWRITEBYTECODE set, every run compiled every module again, and the compiler's count is not steady).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = r"""
import random, sys
sys.path.insert(0, sys.argv[1])
import referee
title, n, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
names = ["P%d" % i for i in range(1, n + 1)]
rng = random.Random(5)
referee.new_game(title, names)
for _ in range(games):
    g = referee.new_game(title, names)
    while not g.finished:
        g.play(rng.choice(g.legal_moves()).text)
"""


def _env(work: Path) -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def count(valgrind: str, tree: Path, title: str, n: int, games: int, work: Path) -> int:
    env = _env(work)
    proc = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           CHILD, str(tree), title, str(n), str(games)], capture_output=True, text=True, env=env,
                          cwd=work / "empty")
    got = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode != 0 or not got:
        raise SystemExit(f"callgrind failed on {tree} {title} {n}: {proc.stderr[-1000:]}")
    return int(got.group(1))


def per_games(valgrind: str, tree: Path, title: str, n: int, games: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "empty").mkdir()
        # the warm-up: one game without valgrind compiles every module the counted runs import
        subprocess.run([sys.executable, "-c", CHILD, str(tree), title, str(n), "1"], env=_env(work),
                       cwd=work / "empty", check=True, capture_output=True)
        return (count(valgrind, tree, title, n, games, work) - count(valgrind, tree, title, n, 0, work)) / 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", default="main", help="a folder with a referee tree, or a commit (default main)")
    ap.add_argument("--titles", nargs="*", default=["puerto-rico:4"], help="title:players")
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("skipped: no valgrind on PATH")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(args.base)
        if not (base / "referee").is_dir():
            base = Path(tmp) / "base"
            base.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base], capture_output=True)
            if archive.returncode != 0:
                raise SystemExit(f"{args.base} is neither a referee tree nor a commit git knows.")
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        for spec in args.titles:
            title, _, n = spec.partition(":")
            ours = per_games(valgrind, ROOT, title, int(n or 4), args.games)
            theirs = per_games(valgrind, base, title, int(n or 4), args.games)
            print(f"{title} {n or 4}p, {args.games} games: base {theirs:,.0f}M instructions, this tree {ours:,.0f}M "
                  f"(base/tree {theirs / ours:.3f})")


if __name__ == "__main__":
    main()
