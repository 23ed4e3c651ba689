"""Club-log speed with a big history, measured as cold CLI runs (a new process each time).

    python benchmarks/bench_club.py [--games 10000] [--runs 5]

Fills a temporary store with N finished games (four games, 2-5 players from a club of 40, through
Store.add_archived in one call), then times `referee stats`, `referee history --game X` and
`referee export --format csv`. Prints a table. Targets (issue): stats <= 1 s, history --game <= 0.5 s,
CSV export <= 2 s with 10,000 games.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["puerto-rico", "carcassonne", "port-royal", "el-capitan"]
NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Ned",
         "Ola", "Pia", "Quin", "Rae", "Sam", "Tom", "Uma", "Vic", "Wes", "Xia", "Yan", "Zoe", "Abe", "Bea",
         "Cy", "Dee", "Eli", "Flo", "Gil", "Hana", "Ivo", "Jo", "Kai", "Liv", "Mo", "Nia"]


def _gid(i: int) -> str:
    """A distinct id of the id alphabet (store/ids.py) for game i: an import refuses any other."""
    alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
    digits = ""
    for _ in range(5):
        i, d = divmod(i, len(alphabet))
        digits = alphabet[d] + digits
    return "b" + digits


def make_docs(n: int, seed: int = 7) -> list[dict]:
    from scoring import rank

    rnd = random.Random(seed)
    docs = []
    for i in range(n):
        game = GAMES[i % 4]
        players = rnd.sample(NAMES, rnd.randint(2, 5))
        rows = [(p, {"points": rnd.randint(20, 60), "bonus": rnd.randint(0, 15)}, None) for p in players]
        res = rank(game, rows).to_dict()
        day = f"{2015 + i * 10 // n}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        docs.append({"schema_version": 1, "id": _gid(i), "game": game, "players": players, "options": {},
                     "date": day, "location": rnd.choice(["Club Hall", "Pub", "Ann's flat", None]), "notes": None,
                     "created": f"{day}T19:00:00+00:00", "finished_at": f"{day}T21:00:00+00:00",
                     "source": "recorded", "moves": 0, "has_record": False, "duration": rnd.choice([None, 60, 90]),
                     "result": res})
    return docs


def cold(args, env, runs) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "referee", *args], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - t0)
        if proc.returncode:
            raise SystemExit(f"referee {' '.join(args)} failed: {proc.stderr.decode()}")
    return statistics.median(times), max(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    opts = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from referee.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "history.json"
        docs = make_docs(opts.games)
        t0 = time.perf_counter()
        Store(db).add_archived(docs)
        fill = time.perf_counter() - t0
        env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT), COLUMNS="120")
        out = Path(tmp) / "club.csv"
        cases = [
            ("referee stats", ["stats"], 1.0),
            ("referee stats --json", ["stats", "--json"], 1.0),
            ("referee history --game carcassonne", ["history", "--game", "carcassonne"], 0.5),
            ("referee history --game carcassonne --json", ["history", "--game", "carcassonne", "--json"], 0.5),
            ("referee export --format csv FILE", ["export", "--format", "csv", str(out)], 2.0),
            ("referee export --format json FILE", ["export", "--format", "json", str(Path(tmp) / "c.json")], None),
            ("referee --help (reference)", ["--help"], None),
        ]
        print(f"{opts.games} games stored via one Store.add_archived call in {fill:.1f} s "
              f"({db.stat().st_size / 1e6:.1f} MB); cold runs, median of {opts.runs}")
        print(f"{'command':<46} {'median':>8} {'max':>8} {'target':>8}  ok")
        for label, args, target in cases:
            med, worst = cold(args, env, opts.runs)
            ok = "" if target is None else ("yes" if med <= target else "NO")
            tgt = "" if target is None else f"{target:.1f} s"
            print(f"{label:<46} {med:>7.3f}s {worst:>7.3f}s {tgt:>8}  {ok}")
        # Importing everything into an empty store: once each (dominated by Store.add_archived).
        for fmt, path in (("csv", out), ("json", Path(tmp) / "c.json")):
            empty = dict(env, REFEREE_DB=str(Path(tmp) / f"empty-{fmt}.json"))
            med, _ = cold(["import", str(path)], empty, 1)
            print(f"{'referee import FILE.' + fmt + ' (empty store, 1 run)':<46} {med:>7.3f}s")


if __name__ == "__main__":
    main()
