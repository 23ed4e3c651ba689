"""Issue 24's targets for sync, measured through the club log's own sync (referee.club.log.synced):

- taking in one new file from another laptop at a history of N plays (target ≤ 100 ms at 10,000);
- a new laptop taking in every event of a club's history (target: rebuilding from 20,000 events ≤ 2 s;
  a recorded play is 1 event, so N plays + N/2 edits);
- a sync that finds nothing new (what every reading command pays with sync on).

    python benchmarks/bench_sync.py [--plays 10000] [--fsync-ms 0]

Each step also says how many times it waited for the disk (fsync, sync): on a laptop's disk one such wait
costs 10-80 ms, which a machine with a fast disk (or a CI runner's) never shows; ``--fsync-ms`` adds that
much to each wait, to see what a laptop would.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def make_plays(n: int, seed: int = 1, rng=None, names=None, most: int = 5) -> list:
    """``n`` recorded Port Royal plays of 2 to ``most`` players among ``names`` (tests/sync's simulated club
    makes its first laptop's history with these too)."""
    rng = rng or random.Random(seed)
    names = names or [f"Player{i}" for i in range(40)]
    docs = []
    for i in range(n):
        players = rng.sample(names, rng.randint(2, most))
        scores = sorted(((p, rng.randint(0, 60)) for p in players), key=lambda e: -e[1])
        docs.append({"schema_version": 1, "game": "port-royal", "players": players, "options": {},
                     "date": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}", "location": None, "notes": None,
                     "source": "recorded", "moves": 0, "has_record": False,
                     "result": {"game": "port-royal", "winners": [scores[0][0]],
                                "ranking": [{"player": p, "total": t, "rank": r + 1, "breakdown": {"score": t},
                                             "tiebreak": None} for r, (p, t) in enumerate(scores)]}})
    return docs


WAITS = [0]


def count_waits(delay_ms: float) -> None:
    """Count every fsync and sync (and make each cost ``delay_ms`` more)."""
    import os

    def counted(real):
        def call(*args):
            WAITS[0] += 1
            if delay_ms:
                time.sleep(delay_ms / 1000)
            return real(*args)
        return call

    os.fsync = counted(os.fsync)
    if hasattr(os, "sync"):
        os.sync = counted(os.sync)


def timed(fn):
    WAITS[0] = 0
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def waits() -> str:
    return f"[{WAITS[0]} disk waits]"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plays", type=int, default=10000)
    ap.add_argument("--fsync-ms", type=float, default=0.0)
    args = ap.parse_args(argv)
    count_waits(args.fsync_ms)
    from referee.club.log import synced
    from referee.store import Store

    root = Path(tempfile.mkdtemp())
    folder = root / "Sync"
    folder.mkdir()
    a, b, c = (Store(root / name / "history.json") for name in ("a", "b", "c"))
    a.add_archived(make_plays(args.plays))
    t, report = timed(lambda: synced.run(a, folder))
    print(f"laptop A, first sync of {args.plays} plays: {report.sent} events sent in {t:.2f} s {waits()}")
    t, report = timed(lambda: synced.run(b, folder))
    print(f"laptop B takes in all {sum(report.received.values())} events (rebuild): {t:.2f} s {waits()}")
    t, report = timed(lambda: synced.run(b, folder))
    print(f"laptop B, a sync that finds nothing new: {t * 1000:.1f} ms {waits()}")
    a.add_archived(make_plays(1, seed=99))
    synced.run(a, folder)
    t, report = timed(lambda: synced.run(b, folder))
    print(f"laptop B takes in one new file (1 play) at {args.plays} plays: {t * 1000:.1f} ms "
          f"({report.changed} play written) {waits()}")
    t, report = timed(lambda: synced.run(c, folder))
    print(f"laptop C, a new laptop, rebuilds from {sum(report.received.values())} events: {t:.2f} s {waits()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
