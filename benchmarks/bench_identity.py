"""Imports by identity (issue 26): a BG Stats backup of N plays into an empty store, the same backup again
(nothing changes), and again after the club's corrections and a few changes at the source (merged).

    python benchmarks/bench_identity.py [--plays 5000] [--runs 3] [--root PATH]

The backup is generated (a club of 12, ten games, plays on 400 evenings, some alike: two quick games of a
no-points game on one evening), imported with `referee import` as a cold CLI run (median of --runs). Also
the store's size on disk, to show what keeping the source's version of each play ("src") costs. --root runs
another checkout's code (to compare with main).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def backup(n: int, seed: int = 7) -> dict:
    rnd = random.Random(seed)
    players = [{"id": i, "name": f"Player {i}", "uuid": f"p{i}"} for i in range(1, 13)]
    games = [{"id": g, "name": f"Game {g}", "bggId": 0, "noPoints": g == 10} for g in range(1, 11)]
    plays = []
    for i in range(n):
        g = rnd.randint(1, 10)
        who = rnd.sample(range(1, 13), rnd.randint(2, 5))
        plays.append({"uuid": f"u-{i:06d}", "gameRefId": g, "playDate": f"2024-{rnd.randint(1, 12):02d}-"
                      f"{rnd.randint(1, 28):02d} 20:00:00", "durationMin": rnd.randint(20, 120),
                      "playerScores": [{"playerRefId": p, "score": "" if g == 10 else str(rnd.randint(0, 99)),
                                        "winner": k == 0, "seatOrder": k} for k, p in enumerate(who)]})
    return {"userInfo": {}, "games": games, "players": players, "locations": [], "plays": plays}


def run(root: Path, db: Path, *args) -> float:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", "import sys; from referee.cli import main; main(sys.argv[1:])",
                          "--db", str(db), *map(str, args)], capture_output=True, text=True, cwd=root,
                         env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "REFEREE_LANG": "en"})
    took = time.perf_counter() - start
    if out.returncode:
        raise SystemExit(out.stderr)
    return took


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plays", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--root", type=Path, default=ROOT)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        data = backup(args.plays)
        path = tmp / "BGStatsExport.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        firsts, agains = [], []
        for r in range(args.runs):
            db = tmp / f"s{r}" / "history.json"
            db.parent.mkdir()
            firsts.append(run(args.root, db, "import", path))
            agains.append(run(args.root, db, "import", path))
        def as_json(store, *more):
            return json.loads(subprocess.run(
                [sys.executable, "-c", "import sys; from referee.cli import main; main(sys.argv[1:])", "--db",
                 str(store), *more, "--json"], capture_output=True, text=True, cwd=args.root,
                env={"PYTHONPATH": str(args.root), "PATH": "/usr/bin:/bin"}).stdout)
        report = as_json(db, "import", str(path))
        fresh = as_json(tmp / "empty.json", "import", str(path), "--dry-run")
        stored = len(as_json(db, "history"))
        for p in data["plays"][::50]:           # changes at the source: a new duration on every 50th play
            p["durationMin"] += 1
        path.write_text(json.dumps(data), encoding="utf-8")
        changed = run(args.root, db, "import", path)
        print(f"{args.plays} BG Stats plays ({args.root}): stored {stored}; first import "
              f"{statistics.median(firsts):.2f} s, again unchanged {statistics.median(agains):.2f} s, again with "
              f"{len(data['plays'][::50])} changed {changed:.2f} s; store {size(db.parent) / 1e6:.1f} MB; "
              f"re-import: {len(report.get('duplicates', []))} already there; into an empty store "
              f"{len(fresh.get('imported', []))} imported, {len(fresh.get('possible_duplicates', []))} possible "
              f"duplicates listed")


if __name__ == "__main__":
    main()
