"""The history store at scale: what each command costs with 0, 1k, 10k and 100k finished games.

    python benchmarks/bench_store.py [--sizes 0 1000 10000 100000] [--runs 3] [--import-games 10000]
    python benchmarks/bench_store.py --sizes --runs 1 --import-games 10000     # the import alone (issue 25)

A store of N games is generated directly as shard files (the layout `referee` writes: random ids, four
games, 2-5 players of a club of 40), not through N commands. Then, as cold CLI runs (median of --runs):
`record` one game, the move that finishes a game, `new`, `show ID` of a recorded game, `stats`,
`history`, and the peak memory of the reading commands (ru_maxrss of the child); once: `import` of
--import-games tracked games (with move records) into an empty store, its time and peak memory; and the
bytes one move writes (write() calls, Linux /proc/self/io wchar) at move 1 and at move 600. Then, in CPU time
(best of --runs) and peak memory: `stats` counting every play (no saved tally), from the saved tally, after
one game recorded since, `stats --json`, `stats --player Ann`, and `history`.

Corrections (issue 26 item 12), CPU of the `stats` after each (best of --runs; the correction itself not
counted): counting every play (no saved tally, no checkpoints), after a new play, after an edit of a note of a
recent play, after an edit of the result of a recent play (the play at 99.5 % in date order: last week's), of
the play in the middle, after a delete and a restore of a recent play.

A copied store (issue 26 item 7): the store copied as `cp -r` copies it (new mtimes), after the copy's
timestamp granule (2 s); CPU of `history` on the original, then on the copy's first, second and third
command, and of the copy's first command when it may not stamp the summaries afresh (its lock busy): each
summary checked against its shard's hash, every time.

    python benchmarks/bench_store.py --sections corrections copied --sizes 10000 100000

Targets (issue 12) at 100k games: record, finishing move, new and show ID <= 1.5x their cost with an
empty store; stats <= 1 s; history <= 0.5 s; a reading command <= 150 MB; import of 10,000 tracked games
<= 15 s and <= 200 MB.
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
sys.path.insert(0, str(ROOT / "benchmarks"))


def generate(db: Path, n: int, seed: int = 11) -> list[str]:
    """Write a store of ``n`` finished games straight into shard files; returns their ids."""
    from bench_club import make_docs
    from referee.store import shards
    from referee.store.ids import ALPHABET, LENGTH
    from referee.store.store import Store

    rnd = random.Random(seed)
    docs = make_docs(n, seed)
    ids = set()
    while len(ids) < n:
        ids.add("".join(rnd.choice(ALPHABET) for _ in range(LENGTH)))
    ids = sorted(ids, key=lambda _: rnd.random())
    by_key: dict[str, dict] = {}
    for seq, (doc, gid) in enumerate(zip(docs, ids), 1):
        doc["id"] = gid
        by_key.setdefault(shards.shard_key(gid), {})[seq] = doc
    store = Store(db)
    store._create()
    for key, games in by_key.items():
        shards.write_shards(store.shards_dir, {key: games})
    return ids


def in_process(db: Path, ids: list[str], runs: int) -> list[float]:
    """Median seconds of the store's own part of record (add_archived of one game), show ID (get_archived),
    new (new_id) and history (archived_summaries), in a fresh process (this one holds the generated games):
    steadier than cold CLI runs."""
    some = ids[len(ids) // 2] if ids else "x"
    out = subprocess.run([sys.executable, __file__, "--inner", str(db), some, str(runs)], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    return [float(x) for x in out.split()]


def _inner(db: str, some: str, runs: int) -> None:
    from referee.store import Store

    def median(fn) -> float:
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    store = Store(db)
    doc = {"game": "port-royal", "players": ["Ann", "Bob"], "source": "recorded", "date": "2026-01-01",
           "result": None}
    print(median(lambda: store.add_archived([dict(doc)])), median(lambda: store.get_archived(some)),
          median(store.new_id), median(store.archived_summaries))


def cold(argv, env, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "referee", *argv], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - t0)
        if done.returncode:
            raise SystemExit(f"referee {' '.join(argv)} failed: {done.stderr.decode()[-500:]}")
    return statistics.median(times)


def peak_mb(argv, env) -> float:
    code = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if r.returncode == 0 else -1)")
    out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "referee", *argv], env=env,
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    kib = int(out)
    if kib < 0:
        raise SystemExit(f"referee {' '.join(argv)} failed")
    return kib / 1024 if sys.platform != "darwin" else kib / 1024 / 1024


def cpu_mb(argv, env) -> tuple[float, float]:
    """(CPU seconds, user + system, and peak MB) of one cold CLI run, from a fresh parent that has no other
    child: steadier than wall time on a shared machine."""
    code = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
            "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
            "print(u.ru_utime + u.ru_stime if r.returncode == 0 else -1, u.ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "referee", *argv], env=env,
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    if float(out[0]) < 0:
        raise SystemExit(f"referee {' '.join(argv)} failed")
    return float(out[0]), int(out[1]) / 1024 / (1024 if sys.platform == "darwin" else 1)


def stats_cpu(db: Path, env, runs: int) -> list[tuple[float, float]]:
    """`stats` as a club meets it, each the best of ``runs`` (CPU s, peak MB): counting every play (no saved
    tally: the first reading, or the first after an edit, delete, rename or backdated record), from the
    saved tally, after one game recorded since (brought forward), `stats --json` from the saved tally,
    `stats --player Ann` (counts the plays itself), and `history`."""
    from referee.club.stats.stats_cache import NAME

    cache = Path(str(db) + ".d") / NAME

    def best(argv, before=None):
        results = []
        for _ in range(runs):
            if before:
                before()
            results.append(cpu_mb(argv, env))
        return min(r[0] for r in results), max(r[1] for r in results)

    def drop():
        if cache.exists():
            cache.unlink()

    def record():
        subprocess.run([sys.executable, "-m", "referee", "record", "port-royal", "-p", "Ann=7", "-p", "Bob=3"],
                       env=env, cwd=ROOT, check=True, capture_output=True)

    return [best(["stats"], drop), best(["stats"]), best(["stats"], record), best(["stats", "--json"]),
            best(["stats", "--player", "Ann"]), best(["history"])]


def _in_date_order(db: Path) -> list[tuple[str, list]]:
    from referee.store import Store

    return [(r.get("id"), r.get("players")) for r in Store(db).archived_summaries()]


def corrections_cpu(db: Path, env, runs: int) -> list[tuple[str, float]]:
    """(what, CPU s of the `stats` after it) for each correction; see the module's docstring."""
    from referee.club.stats.stats_cache import NAME, STEPS

    d = Path(str(db) + ".d")
    py = [sys.executable, "-m", "referee"]
    order = _in_date_order(db)
    if not order:
        return []
    recent, middle = order[int(len(order) * 0.995)], order[len(order) // 2]
    counter = [0]

    def change(*argv):
        def do():
            subprocess.run(py + [a(counter) if callable(a) else a for a in argv], env=env, cwd=ROOT, check=True,
                           capture_output=True)
            counter[0] += 1
        return do

    def scores(players):
        return [x for i, p in enumerate(players) for x in ("-p", lambda c, i=i, p=p: f"{p}={(c[0] * 7 + i * 3) % 50}")]

    def drop():
        for name in (NAME, STEPS):
            if (d / name).exists():
                (d / name).unlink()

    def best(before):
        out = []
        for _ in range(runs):
            before()
            out.append(cpu_mb(["stats"], env)[0])
        return min(out)

    cpu_mb(["stats"], env)
    results = [("counting every play", best(drop))]
    cpu_mb(["stats"], env)
    results.append(("after a new play", best(change("record", "port-royal", "-p", "Ann=7", "-p", "Bob=3"))))
    results.append(("after a note edit", best(change("edit", recent[0], "--notes", lambda c: f"note {c[0]}"))))
    results.append(("after a result edit, recent play", best(change("edit", recent[0], *scores(recent[1])))))
    results.append(("after a result edit, middle play", best(change("edit", middle[0], *scores(middle[1])))))
    deleted = [False]

    def toggle():
        subprocess.run(py + ["restore" if deleted[0] else "delete", recent[0]], env=env, cwd=ROOT, check=True,
                       capture_output=True)
        deleted[0] = not deleted[0]
    results.append(("after a delete or restore, recent play", best(toggle)))
    if deleted[0]:
        toggle()
    return results


def copied_cpu(db: Path, env, runs: int, where: Path) -> list[tuple[str, float]]:
    """(what, CPU s of `history`) on the original store and on a copy of it; see the module's docstring."""
    import shutil

    from referee.store import Store

    copy = where / "copied" / "history.json"
    copy.parent.mkdir(parents=True)
    shutil.copyfile(db, copy)
    shutil.copytree(str(db) + ".d", str(copy) + ".d", copy_function=shutil.copyfile)   # new mtimes, as cp -r
    time.sleep(2.1)            # the copy's timestamp granule is past (see shards.GRANULE_NS)
    cenv = dict(env, REFEREE_DB=str(copy))
    cpu_mb(["history"], env)   # the original's own summaries, written just now, stamped once past their granule
    original = min(cpu_mb(["history"], env)[0] for _ in range(runs))
    results = [("original", original)]
    busy = Store(copy)
    with busy.lock:            # another process writing: the copy cannot be stamped afresh, only read
        results.append(("copy, lock busy (checked by hash)", min(cpu_mb(["history"], cenv)[0] for _ in range(runs))))
    for n in ("first", "second", "third"):
        results.append((f"copy, {n} command", cpu_mb(["history"], cenv)[0]))
    return results


def finishing_moves(seed: int = 3) -> list[str]:
    """The moves of a whole Port Royal game (random legal moves): all but the last set it up."""
    from referee import new_game

    rnd = random.Random(seed)
    game = new_game("port-royal", ["A", "B"])
    while not game.finished:
        game.play(rnd.choice(game.legal_moves()).text)
    return list(game.moves)


def finish_cost(env, runs: int, moves: list[str]) -> float:
    times = []
    py = [sys.executable, "-m", "referee"]
    for _ in range(runs):
        gid = json.loads(subprocess.run(py + ["new", "port-royal", "-p", "A", "-p", "B", "--json"], env=env,
                                        capture_output=True, text=True, check=True, cwd=ROOT).stdout)["id"]
        subprocess.run(py + ["move", gid, *moves[:-1]], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        t0 = time.perf_counter()
        subprocess.run(py + ["move", gid, moves[-1]], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bytes_per_move() -> tuple[int, int, int, int] | None:
    """Bytes passed to write() (Linux /proc/self/io wchar) to store one move at move 1 and at move 600 of a
    game in progress, through Store.append_moves as session.enter does; and, for comparison, what
    rewriting the whole game file (schema 1's way, still how undo writes) costs at move 600."""
    if not Path("/proc/self/io").exists():
        return None
    from referee import new_game
    from referee.store import Store

    def wchar() -> int:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
        return 0

    rnd = random.Random(5)
    texts = []
    while len(texts) < 600:          # real Puerto Rico move texts, several random games end to end
        game = new_game("puerto-rico", ["A", "B", "C"])
        while not game.finished:
            game.play(rnd.choice(game.legal_moves()).text)
        texts += game.moves
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "h.json")
        doc = {"schema_version": 1, "kind": "live-game", "id": "abc234", "game": "puerto-rico",
               "players": ["A", "B", "C"], "options": {}, "date": "2026-01-01", "moves": []}
        store.write_live(dict(doc))
        sizes = {}
        for n in range(600):
            before = wchar()
            with store.lock:
                store.append_moves("abc234", [texts[n]], at=n)
            sizes[n + 1] = wchar() - before
        before = wchar()
        store.write_live(dict(doc, moves=texts[:600]))
        rewrite = wchar() - before
        return sizes[1], sizes[600], store.live_path("abc234").stat().st_size, rewrite


def import_file(path: Path, n: int) -> None:
    """A referee JSON export of ``n`` tracked games with their move records (a few real games, new ids)."""
    from referee import new_game
    from referee.club.formats.export import export_json
    from referee.session import archive_doc
    from referee.store.ids import ALPHABET, LENGTH

    rnd = random.Random(17)
    samples = []
    for seed in range(8):
        game = new_game("port-royal", ["Ann", "Bob"])
        r = random.Random(seed)
        while not game.finished:
            game.play(r.choice(game.legal_moves()).text)
        samples.append(game)
    docs, records, ids = [], {}, set()
    while len(ids) < n:
        ids.add("".join(rnd.choice(ALPHABET) for _ in range(LENGTH)))
    for i, gid in enumerate(sorted(ids)):
        game = samples[i % len(samples)]
        docs.append(archive_doc(gid, game, {"location": "Club"}))
        records[gid] = game.to_record(id=gid, location="Club")
    path.write_text(export_json(docs, records), encoding="utf-8")


def main() -> None:
    if sys.argv[1:2] == ["--inner"]:
        _inner(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[0, 1_000, 10_000, 100_000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--import-games", type=int, default=10_000)
    ap.add_argument("--sections", nargs="*", default=["all"], choices=["all", "corrections", "copied"],
                    help="only the corrections and/or copied-store measurements (each size generated once)")
    opts = ap.parse_args()
    if opts.sections != ["all"]:
        return sections(opts)
    moves = finishing_moves()
    cols = ["record", "finish", "new", "show ID", "stats", "history", "MB history", "MB stats", "MB show"]
    print(f"cold CLI runs, median of {opts.runs}; seconds (MB: peak resident memory)")
    print(f"{'games':>8} " + " ".join(f"{c:>10}" for c in cols))
    base = None
    inner = []
    cpus = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in opts.sizes:
            db = Path(tmp) / f"h{n}.json"
            t0 = time.perf_counter()
            ids = generate(db, n)
            made = time.perf_counter() - t0
            env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT), COLUMNS="120")
            rec = cold(["record", "port-royal", "-p", "Ann=7", "-p", "Bob=3", "--json"], env, opts.runs)
            fin = finish_cost(env, opts.runs, moves)
            new = cold(["new", "port-royal", "-p", "A", "-p", "B", "--json"], env, opts.runs)
            some = ids[len(ids) // 2] if ids else json.loads(subprocess.run(
                [sys.executable, "-m", "referee", "record", "port-royal", "-p", "Ann=7", "-p", "Bob=3", "--json"],
                env=env, capture_output=True, text=True, check=True, cwd=ROOT).stdout)["id"]
            show = cold(["show", some], env, opts.runs)
            stats = cold(["stats"], env, opts.runs)
            hist = cold(["history"], env, opts.runs)
            mem = [peak_mb(a, env) for a in (["history"], ["stats"], ["show", some])]
            inner.append((n, in_process(db, ids, max(opts.runs, 5))))
            cpus.append((n, stats_cpu(db, env, opts.runs)))
            row = [rec, fin, new, show, stats, hist]
            base = base or row
            print(f"{n:>8} " + " ".join(f"{v:>10.3f}" for v in row) + " " + " ".join(f"{m:>10.1f}" for m in mem)
                  + f"   (generated in {made:.1f} s)", flush=True)
        if base:
            print("ratio to the smallest store, last size: " + ", ".join(
                f"{c} {v / b:.2f}x" for c, v, b in zip(cols, row, base)))
        print("the store's own part, in process (median, ms): add_archived one game, get_archived, new_id, "
              "archived_summaries")
        for n, times in inner:
            print(f"{n:>8} " + " ".join(f"{t * 1000:>10.1f}" for t in times))
        print(f"stats and history, CPU seconds (user+sys, best of {opts.runs}) / peak MB: stats counting every play "
              "(no saved tally), stats from the saved tally, stats after one game recorded since, stats --json, "
              "stats --player Ann, history")
        for n, results in cpus:
            print(f"{n:>8} " + " ".join(f"{t:>8.2f}/{mb:<4.0f}" for t, mb in results))
        if opts.import_games:
            src = Path(tmp) / "tracked.json"
            import_file(src, opts.import_games)
            # CPU time (user + sys) of the import and its worker processes, wall time, and the largest
            # resident set among them (ru_maxrss of waited-for children is the largest one, not a sum)
            code = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
                    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
                    "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
                    "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss, r.returncode)")
            runs = []
            for run in range(opts.runs):
                target = Path(tmp) / f"imported{run}.json"
                env = dict(os.environ, REFEREE_DB=str(target), PYTHONPATH=str(ROOT))
                out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "referee", "import", str(src)],
                                     env=env, cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
                if int(out[3]):
                    raise SystemExit("referee import failed")
                runs.append((float(out[1]), float(out[0]), int(out[2]) / 1024))
            cpu, wall, mb = min(runs)
            print(f"import {opts.import_games} tracked games into an empty store (best of {opts.runs} by CPU): "
                  f"{cpu:.1f} s CPU, {wall:.1f} s wall, {mb:.0f} MB peak; CPU of each run: "
                  + ", ".join(f"{c:.1f}" for c, _, _ in runs) + f"; load average {os.getloadavg()[0]:.1f}")
    sizes = bytes_per_move()
    if sizes:
        print(f"bytes written by one move: {sizes[0]} at move 1, {sizes[1]} at move 600 (the game's file: "
              f"{sizes[2]} bytes at move 600; rewriting it whole, as each move did before: {sizes[3]} bytes)")


def sections(opts) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} (CPU seconds: user + sys of the command, best of {opts.runs})")
    with tempfile.TemporaryDirectory() as tmp:
        for n in opts.sizes:
            db = Path(tmp) / f"h{n}.json"
            generate(db, n)
            env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT), COLUMNS="120")
            if "copied" in opts.sections and n:
                for what, cpu in copied_cpu(db, env, opts.runs, Path(tmp) / f"c{n}"):
                    print(f"{n:>8} history, {what:<40} {cpu:>7.2f} s", flush=True)
            if "corrections" in opts.sections:
                rows = corrections_cpu(db, env, opts.runs)
                base = dict(rows).get("after a new play")
                for what, cpu in rows:
                    print(f"{n:>8} stats {what:<42} {cpu:>7.2f} s  ({cpu / base:.2f}x after a new play)", flush=True)


if __name__ == "__main__":
    main()
