"""Issue 24's rebuild target as a club meets it: a new laptop's first `referee sync`, a whole command run
cold (interpreter, imports, the sync, the history written, the exit), its CPU time (user + system, the
process and its children) and its peak memory.

    python benchmarks/bench_sync_cold.py [--plays 20000] [--rounds 3] [TREE ...]

The folder is made once: a laptop with ``--plays`` recorded plays (bench_sync.make_plays) turns sync on and
writes them as its events. Each round then gives a new laptop (a fresh history and settings naming that
folder) to each TREE (a checkout of referee: its code is put first on PYTHONPATH; by default this one), the
trees interleaved in alternating order, so a machine's load falls on all alike. The figure of each tree is
the median of its rounds, with every round beside it. bench_sync.py measures the same rebuild in-process,
wall time, without the start and the exit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

# the child: runs the command and says its CPU time and peak memory (getrusage of its own children)
CHILD = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
         "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
         "print(u.ru_utime + u.ru_stime, u.ru_maxrss, u.ru_minflt, done.returncode)")


def make_folder(root: Path, plays: int) -> Path:
    from benchmarks.bench_sync import make_plays
    from referee.club.log import synced
    from referee.store import Store

    folder = root / "Sync"
    folder.mkdir()
    first = Store(root / "first" / "history.json")
    first.add_archived(make_plays(plays))
    synced.run(first, folder)
    return folder


def first_sync(tree: str, folder: Path) -> tuple[float, int, int]:
    """(CPU seconds, peak memory in kB, page faults) of a new laptop's `referee sync` of ``folder``."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "settings.toml").write_text(f"sync-folder = {str(folder)!r}\n", encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=tree, REFEREE_DB=str(tmp / "history.json"),
                   REFEREE_CONFIG=str(tmp / "settings.toml"), REFEREE_LANG="en")
        env.pop("PYTHONDONTWRITEBYTECODE", None)        # bytecode cached, as in an installed referee
        out = subprocess.run([sys.executable, "-c", CHILD, sys.executable, "-m", "referee", "sync"], env=env,
                             cwd=tmp, capture_output=True, text=True, check=True).stdout.split()
        if out[3] != "0":
            raise SystemExit(f"`referee sync` of {tree} ended with {out[3]}")
        return float(out[0]), int(out[1]), int(out[2])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plays", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("trees", nargs="*", default=[str(HERE.parent)])
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as root:
        folder = make_folder(Path(root), args.plays)
        for tree in args.trees:           # once before the rounds: no round pays for compiling
            first_sync(tree, folder)
        got: dict = {tree: [] for tree in args.trees}
        for n in range(args.rounds):
            for tree in args.trees if n % 2 == 0 else args.trees[::-1]:
                got[tree].append(first_sync(tree, folder))
    for tree, runs in got.items():
        cpu = [r[0] for r in runs]
        print(f"{tree}: a new laptop's first `referee sync` of {args.plays} plays: "
              f"{statistics.median(cpu):.2f} s CPU median ({', '.join(f'{c:.2f}' for c in cpu)}), "
              f"peak {max(r[1] for r in runs) // 1024} MB, {statistics.median(r[2] for r in runs):.0f} page faults")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
