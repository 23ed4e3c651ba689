"""`referee site` at club scale: a history of N plays of which T are tracked games with their records
(default 10,000 and 500, the issue's target: generated in <= 30 s, front page < 300 KB).

The history is generated directly through the store (recorded plays in one batch; tracked games played
by random legal moves, El Capitan by the benchmark's table player, and stored with their records), then
`referee site` runs cold in a subprocess, timed, with its peak memory.

    python benchmarks/bench_site.py [--plays 10000] [--tracked 500] [--keep DIR] [--runs 3]
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


def run_site(db: Path, out: Path, *extra: str):
    """`referee site OUT` cold in a subprocess: (wall seconds, CPU seconds of it and its workers, peak MB of
    its largest process)."""
    env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "referee", "site", str(out), *extra], env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            sys.exit(err.read().decode("utf-8", "replace"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024


def add_one_play(db: Path) -> None:
    """One more recorded play, as after a game night: every front page and two players' pages change."""
    from referee.store import Store

    Store(db).add_archived([{"game": "port-royal", "date": "2026-11-25", "players": [NAMES[0], NAMES[1]],
                             "source": "recorded",
                             "result": {"game": "port-royal", "winners": [NAMES[0]],
                                        "ranking": [{"player": NAMES[0], "total": 12, "rank": 1, "breakdown": {},
                                                     "tiebreak": None},
                                                    {"player": NAMES[1], "total": 7, "rank": 2, "breakdown": {},
                                                     "tiebreak": None}]}}])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plays", type=int, default=10_000)
    ap.add_argument("--tracked", type=int, default=500)
    ap.add_argument("--keep", metavar="DIR", help="keep the history (and reuse it when DIR has one) in DIR")
    ap.add_argument("--runs", type=int, default=1, help="first builds to time (the best is shown)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        import shutil

        home = Path(args.keep) if args.keep else Path(tmp) / "kept"
        kept = home / "history"      # the store is history.json and the folders beside it
        if not (kept / "history.json").exists():
            kept.mkdir(parents=True, exist_ok=True)
            t = time.perf_counter()
            build_history(kept / "history.json", args.plays, min(args.tracked, args.plays))
            print(f"history: {args.plays} plays, {args.tracked} tracked, generated in "
                  f"{time.perf_counter() - t:.1f} s")
        shutil.copytree(kept, Path(tmp) / "store")   # a copy: the rebuild adds a play to it
        db = Path(tmp) / "store" / "history.json"
        out = Path(tmp) / "site"
        firsts = []
        for _ in range(args.runs):
            shutil.rmtree(out, ignore_errors=True)
            firsts.append(run_site(db, out))
        first = min(firsts, key=lambda r: r[1])
        files = list(out.rglob("*"))
        size = sum(f.stat().st_size for f in files if f.is_file())
        front = (out / "index.html").stat().st_size
        same = run_site(db, out)
        add_one_play(db)
        one_more = run_site(db, out)
        print(f"{'measure':<36}{'wall':>9}{'CPU':>9}{'peak':>9}  target")
        for label, (wall, cpu, peak) in (("first build (empty folder)", first), ("rebuild, nothing new", same),
                                         ("rebuild after one new play", one_more)):
            print(f"{label:<36}{wall:>7.1f} s{cpu:>7.1f} s{peak:>6.0f} MB  "
                  f"{'<= 30 s' if label.startswith('first') else ''}")
        print(f"{'front page':<36}{front / 1024:>7.0f} KB  < 300 KB")
        print(f"{'pages':<36}{len([f for f in files if f.suffix == '.html']):>9}")
        print(f"{'whole site':<36}{size / 2**20:>7.1f} MB")
        if len(firsts) > 1:
            print("first builds (wall/CPU s): " + ", ".join(f"{w:.1f}/{c:.1f}" for w, c, _m in firsts))


if __name__ == "__main__":
    main()
