"""The club log at club scale: `players`, `stats`, `stats --chart rating` with 10,000 plays, and importing a
1,500-play BG Stats backup into it (targets: each <= 1 s here). Cold CLI runs in subprocesses.

    python benchmarks/bench_club_log.py [--plays 10000] [--backup 1500] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMES = [f"Hráč {i:02d}" for i in range(40)]
TITLES = ["port-royal", "puerto-rico", "carcassonne", "el-capitan", "Ticket to Ride", "Codenames", "Azul"]


def history(db: Path, n: int, seed: int = 1) -> None:
    from referee.club.log.record import recorded_doc
    from referee.store import Store

    rng = random.Random(seed)
    docs = []
    for i in range(n):
        title = TITLES[i % len(TITLES)]
        players = rng.sample(NAMES, rng.randint(2, 4))
        pairs = [(p, rng.randint(10, 90)) for p in players]
        docs.append(recorded_doc(title, pairs, date=f"{2016 + i * 9 // n}-{1 + i % 12:02d}-{1 + i % 28:02d}"))
    Store(db).add_archived(docs)


def backup(n: int, seed: int = 2) -> dict:
    rng = random.Random(seed)
    games = [{"id": 1, "name": "Azul", "bggId": 230802, "cooperative": False, "highestWins": True},
             {"id": 2, "name": "Pandemic", "bggId": 30549, "cooperative": True, "noPoints": True}]
    players = [{"id": i + 1, "name": f"Člen {i:02d}", "isAnonymous": False} for i in range(30)]
    plays = []
    for i in range(n):
        coop = i % 5 == 0
        seats = rng.sample(range(1, 31), rng.randint(2, 4))
        scores = [{"playerRefId": p, "score": "" if coop else f"{rng.randint(20, 60)}-{rng.randint(0, 9)}",
                   "winner": coop or k == 0, "seatOrder": k, "startPlayer": k == 0, "newPlayer": False, "rank": 0}
                  for k, p in enumerate(seats)]
        plays.append({"uuid": f"u{i}", "gameRefId": 2 if coop else 1, "locationRefId": 0,
                      "playDate": f"2024-{1 + i % 12:02d}-{1 + i % 28:02d} 19:00:00", "durationMin": 40,
                      "ignored": False, "expansionPlays": [], "playerScores": scores})
    return {"games": games, "players": players, "locations": [], "plays": plays}


def timed(args, env, runs, fresh=None):
    """Median wall time of ``runs`` cold runs; with ``fresh`` (called before each run: a new copy of the
    history, for a command that changes it) also the best CPU time (user + sys)."""
    import resource

    out, cpu = [], []
    for _ in range(runs):
        if fresh is not None:
            env = dict(env, REFEREE_DB=str(fresh()))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "referee", *args], env=env, capture_output=True, text=True)
        out.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        if done.returncode:
            sys.exit(f"{args}: {done.stderr}")
    if fresh is None:
        return statistics.median(out)
    return statistics.median(out), min(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plays", type=int, default=10_000)
    ap.add_argument("--backup", type=int, default=1500)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "history.json"
        history(db, args.plays)
        env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT), COLUMNS="100")
        print(f"{'command':<40}{'median s':>10}  target")
        for cmd in (["players"], ["stats"], ["stats", "--chart", "rating"]):
            print(f"{' '.join(cmd):<40}{timed(cmd, env, args.runs):>10.2f}  <= 1 s")
        path = Path(tmp) / "BGStatsExport.json"
        path.write_text(json.dumps(backup(args.backup), ensure_ascii=False), encoding="utf-8")
        t = timed(["import", str(path), "--dry-run"], env, args.runs)
        print(f"{'import BG Stats (' + str(args.backup) + ' plays), dry run':<40}{t:>10.2f}  <= 1 s")
        import shutil

        copies = iter(range(args.runs))

        def fresh():
            # the import changes the history: each run imports into its own copy of it
            folder = Path(tmp) / f"run{next(copies)}"
            folder.mkdir()
            for item in Path(tmp).iterdir():
                if item.name.startswith("history.json"):
                    (shutil.copytree if item.is_dir() else shutil.copy2)(item, folder / item.name)
            return folder / "history.json"

        t, cpu = timed(["import", str(path)], env, args.runs, fresh)
        print(f"{'import BG Stats (' + str(args.backup) + ' plays)':<40}{t:>10.2f}  <= 1 s  "
              f"(CPU {cpu:.2f} s best of {args.runs}; load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
