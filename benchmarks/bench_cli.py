"""CLI cold start and move-commit latency against archive size.

    python benchmarks/bench_cli.py [--runs 15] [--archives 0 1000 10000]

Prints a table. Targets (issue 2): `referee --help` and `referee games` cold at most 2x a minimal Click
hello-world measured in the same run; `referee move` with 10,000 archived games at most 1.2x the same
move with an empty store. Issue 3: `referee score GAME FILE --json` at most 250 ms median.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HELLO = "import click\n@click.command()\ndef hello():\n    click.echo('hello')\nhello()\n"


def cold(cmds, env, runs: int) -> dict:
    """Median wall time of each command, run interleaved (round-robin) to share machine noise."""
    times = {name: [] for name, _ in cmds}
    for _ in range(runs):
        for name, cmd in cmds:
            t0 = time.perf_counter()
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(t) for name, t in times.items()}


def fill_archive(db: Path, n: int) -> None:
    sys.path.insert(0, str(ROOT))
    from referee.store import Store

    players = ["Ann", "Bob", "Cal", "Dan", "Eve", "Fay"]
    docs = []
    for i in range(n):
        ps = players[i % 3: i % 3 + 3]
        ranking = [{"player": p, "total": 10 + (i * 7 + j * 3) % 20, "rank": j + 1,
                    "breakdown": {"score": 10 + (i * 7 + j * 3) % 20}, "tiebreak": None}
                   for j, p in enumerate(ps)]
        docs.append({"game": "port-royal", "players": ps, "date": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}",
                     "source": "recorded", "result": {"game": "port-royal", "ranking": ranking,
                                                      "winners": [ps[0]]}})
    Store(db).add_archived(docs)


def move_latencies(dbs, runs: int) -> list[float]:
    """Median `referee move` time per store, runs interleaved so machine load hits every store alike."""
    py = [sys.executable, "-m", "referee"]
    games = []
    for db in dbs:
        env = dict(os.environ, REFEREE_DB=str(db))
        gid = json.loads(subprocess.run(py + ["new", "port-royal", "-p", "A", "-p", "B", "--json"], env=env,
                                        capture_output=True, text=True, check=True).stdout)["id"]
        games.append((env, gid))
    times = [[] for _ in dbs]
    for _ in range(runs):
        for i, (env, gid) in enumerate(games):
            legal = json.loads(subprocess.run(py + ["moves", gid, "--json"], env=env, capture_output=True,
                                              text=True, check=True).stdout)
            t0 = time.perf_counter()
            subprocess.run(py + ["move", gid, legal[0]["text"]], env=env, stdout=subprocess.DEVNULL, check=True)
            times[i].append(time.perf_counter() - t0)
    return [statistics.median(t) for t in times]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--archives", type=int, nargs="*", default=[0, 1_000, 10_000])
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        hello = Path(tmp, "hello.py")
        hello.write_text(HELLO)
        env["REFEREE_DB"] = str(Path(tmp, "empty.json"))
        py = [sys.executable, "-m", "referee"]
        template = Path(tmp, "pr.json")
        template.write_text(subprocess.run(py + ["score", "puerto-rico", "--template"], env=env, text=True,
                                           capture_output=True, check=True).stdout)
        gid = json.loads(subprocess.run(py + ["new", "port-royal", "-p", "A", "-p", "B", "--json"], env=env,
                                        capture_output=True, text=True, check=True).stdout)["id"]
        cmds = [("click hello-world", [sys.executable, str(hello)]), ("referee --help", py + ["--help"]),
                ("referee games", py + ["games"]), ("referee --version", py + ["--version"]),
                ("referee score puerto-rico FILE --json", py + ["score", "puerto-rico", str(template), "--json"]),
                ("referee moves ID --json", py + ["moves", gid, "--json"]),
                ("referee show ID --json", py + ["show", gid, "--json"])]
        medians = cold(cmds, env, args.runs)
        base = medians["click hello-world"]
        targets = {"referee --help": "<= 2.0x", "referee games": "<= 2.0x",
                   "referee score puerto-rico FILE --json": "<= 250 ms"}
        rows = [(name, t, t / base, targets.get(name, "")) for name, t in medians.items()]
        stores = []
        for n in args.archives:
            db = Path(tmp, f"store-{n}.json")
            if n:
                fill_archive(db, n)
            stores.append(db)
        latencies = move_latencies(stores, args.runs)
        for n, t in zip(args.archives, latencies):
            rows.append((f"referee move, {n} archived", t, t / latencies[0],
                         "<= 1.2x" if n == 10_000 else ""))
    print(f"{'measurement':<36} {'median ms':>10} {'ratio':>7}  target")
    for name, t, ratio, target in rows:
        print(f"{name:<36} {t * 1000:>10.1f} {ratio:>7.2f}  {target}")


if __name__ == "__main__":
    main()
