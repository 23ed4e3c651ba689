"""`referee site` at club scale: a history of N plays of which T are tracked games with their records
(default 10,000 and 500, the issue's target: generated in <= 30 s, front page < 300 KB).

The history is generated directly through the store (recorded plays in one batch; tracked games played
by random legal moves, El Capitan by the benchmark's table player, and stored with their records), then
`referee site` runs cold in a subprocess, timed, with its peak memory.

    python benchmarks/bench_site.py [--plays 10000] [--tracked 500]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("port-royal", "puerto-rico", "carcassonne", "el-capitan")
NAMES = [f"Player {i:02d}" for i in range(40)]


def tracked_game(game_id: str, players, rng):
    import referee
    from benchmarks.bench_el_capitan import table_choices

    game = referee.new_game(game_id, players)
    while not game.finished:
        legal = game.legal_moves()
        if game_id == "el-capitan":
            legal = table_choices(legal, rng)
        game.play(legal[int(rng.random() * len(legal))].text)
    return game


def build_history(db: Path, plays: int, tracked: int, seed: int = 1) -> None:
    from referee.session import archive_doc
    from referee.store import Store

    rng = random.Random(seed)
    store = Store(db)
    docs = []
    for i in range(plays - tracked):
        game = GAMES[i % 4]
        seats = rng.sample(NAMES, rng.randint(2, 4))
        scores = {p: rng.randint(10, 80) for p in seats}
        top = max(scores.values())
        ranking = sorted(seats, key=lambda p: -scores[p])
        ranks = {p: 1 + sum(scores[q] > scores[p] for q in seats) for p in seats}
        day = f"{2020 + i * 6 // plays}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        docs.append({"game": game, "date": day, "players": seats, "source": "recorded",
                     "result": {"game": game, "winners": [p for p in seats if scores[p] == top],
                                "ranking": [{"player": p, "total": scores[p], "rank": ranks[p], "breakdown": {},
                                             "tiebreak": None} for p in ranking]}})
    store.add_archived(docs)
    ids = set(store.archived_ids())
    batch = []
    for i in range(tracked):
        game = tracked_game(GAMES[i % 4], rng.sample(NAMES, 3), rng)
        from referee.store.ids import new_id

        gid = new_id(ids)
        ids.add(gid)
        store.write_record(gid, game.to_record(id=gid))
        batch.append(archive_doc(gid, game, {"created": None}))
    store.add_archived(batch)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plays", type=int, default=10_000)
    ap.add_argument("--tracked", type=int, default=500)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "history.json"
        t = time.perf_counter()
        build_history(db, args.plays, min(args.tracked, args.plays))
        print(f"history: {args.plays} plays, {args.tracked} tracked, generated in {time.perf_counter() - t:.1f} s")
        out = Path(tmp) / "site"
        env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "referee", "site", str(out)], env=env, capture_output=True,
                              text=True)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode:
            sys.exit(done.stderr)
        files = list(out.rglob("*"))
        size = sum(f.stat().st_size for f in files if f.is_file())
        front = (out / "index.html").stat().st_size
        print(f"{'measure':<28}{'value':>14}  target")
        print(f"{'referee site, wall':<28}{wall:>12.1f} s  <= 30 s")
        print(f"{'referee site, CPU':<28}{after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime:>12.1f} s")
        print(f"{'peak memory':<28}{after.ru_maxrss / 1024:>11.0f} MB")
        print(f"{'front page':<28}{front / 1024:>11.0f} KB  < 300 KB")
        print(f"{'pages':<28}{len([f for f in files if f.suffix == '.html']):>14}")
        print(f"{'whole site':<28}{size / 2**20:>11.1f} MB")


if __name__ == "__main__":
    main()
