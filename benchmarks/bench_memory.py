"""Peak memory of the commands that open a big history.

    python benchmarks/bench_memory.py [--games 10000]

Fills a temporary store with N finished games (the same club history as bench_club.py), then runs each
command in a fresh process and reports its peak resident memory (ru_maxrss of the child). Target
(issue 8): a 10,000-game history opens within 200 MB peak memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

COMMANDS = [["--version"], ["history"], ["history", "--json"], ["stats"], ["stats", "--json"],
            ["export", "--format", "csv", "{tmp}/out.csv"], ["export", "--format", "json", "{tmp}/out.json"],
            ["show", "{some_id}"], ["new", "port-royal", "-p", "A", "-p", "B", "--json"]]


def peak_mb(argv, env) -> float:
    """Peak RSS of one child process, measured by a tiny wrapper so children don't accumulate."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
            "check=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "referee", *argv], env=env,
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return int(out) / 1024  # Linux reports KiB


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    args = ap.parse_args()
    from bench_club import make_docs
    from referee.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp, "history.json")
        docs = make_docs(args.games)
        Store(db).add_archived(docs)
        some_id = docs[len(docs) // 2]["id"]      # a game in the middle of the history
        env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT))
        print(f"store: {args.games} games, {db.stat().st_size / 1e6:.1f} MB on disk")
        print(f"{'command':<44} {'peak MB':>8}  target")
        for argv in COMMANDS:
            argv = [a.format(tmp=tmp, some_id=some_id) for a in argv]
            mb = peak_mb(argv, env)
            print(f"{'referee ' + ' '.join(a if tmp not in a else Path(a).name for a in argv):<44} {mb:>8.1f}  "
                  f"<= 200")


if __name__ == "__main__":
    main()
