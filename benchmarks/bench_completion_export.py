"""Shell completion, `score --record` and `export` at scale: CPU time and peak memory with N finished games.

    python benchmarks/bench_completion_export.py [--sizes 0 10000 100000] [--runs 3] [--keep DIR]

The store is generated as bench_store.py does (shard files straight away). Each measure is a cold CLI run
in a child process: its CPU time (user + sys, best of --runs: the machine is shared) and its peak memory
(ru_maxrss). Measured: completing a game id (`referee show a<Tab>`), completing a player name
(`referee record port-royal -p A<Tab>`), `score port-royal FILE --record`, `export FILE.json` and
`export FILE.csv`.

Targets (issue 12): completion reads summaries only (as fast as `history`); a reading command <= 150 MB;
`export` streams (<= 150 MB at 100k games).
The numbers measured are in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))


def run_child(argv, env) -> tuple[float, float]:
    """(CPU seconds, peak MB) of one cold CLI run: the child reports its own rusage as it ends."""
    code = ("import resource, sys\nsys.path.insert(0, '.')\nfrom referee.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "r = resource.getrusage(resource.RUSAGE_SELF)\n"
            "sys.stderr.write('\\nRUSAGE %f %d\\n' % (r.ru_utime + r.ru_stime, r.ru_maxrss))\n")
    out = subprocess.run([sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True,
                         cwd=ROOT)
    line = [x for x in out.stderr.splitlines() if x.startswith("RUSAGE ")][-1]
    _, cpu, rss = line.split()
    return float(cpu), int(rss) / 1024


def best(argv, env, runs) -> tuple[float, float]:
    results = [run_child(argv, env) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[0, 10_000, 100_000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", default=None, help="a folder to keep (and reuse) the generated stores in")
    args = ap.parse_args()
    base = Path(args.keep or tempfile.mkdtemp(prefix="bench-complete-"))
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1/5 min), CPU seconds best of {args.runs}")
    print(f"{'games':>7} {'complete id':>16} {'complete name':>16} {'score --record':>16} {'export json':>16} {'export csv':>16}")
    for n in args.sizes:
        folder = base / f"n{n}"
        db = folder / "history.json"
        if not db.exists():
            folder.mkdir(parents=True, exist_ok=True)
            # in a process of its own: a child started from one that held N games would inherit its peak
            # memory (ru_maxrss survives fork and exec on Linux) and every measure would show it
            subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
                            f"from bench_store import generate; generate(__import__('pathlib').Path({str(db)!r}), {n})"],
                           check=True, cwd=ROOT)
        env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_CONFIG": str(folder / "none.toml")}
        complete_id = {**env, "_REFEREE_COMPLETE": "bash_complete", "COMP_WORDS": "referee show a",
                       "COMP_CWORD": "2"}
        complete_name = {**env, "_REFEREE_COMPLETE": "bash_complete",
                         "COMP_WORDS": "referee record port-royal -p A", "COMP_CWORD": "4"}
        template = subprocess.run([sys.executable, "-m", "referee", "score", "port-royal", "--template"],
                                  capture_output=True, text=True, env=env, cwd=ROOT).stdout
        score_in = folder / "score.json"
        score_in.write_text(template)
        cells = [best([], complete_id, args.runs), best([], complete_name, args.runs)]
        # score --record adds a game each run: on a copy of the root only (the shards are shared; the
        # few games added do not change what is measured)
        cells.append(best(["score", "port-royal", str(score_in), "--record"], env, args.runs))
        cells.append(best(["export", str(folder / "out.json")], env, args.runs))
        cells.append(best(["export", str(folder / "out.csv")], env, args.runs))
        print(f"{n:>7} " + " ".join(f"{c:>7.2f}s {m:>5.0f}MB" for c, m in cells), flush=True)
        json.loads((folder / "out.json").read_text())   # the export is whole JSON


if __name__ == "__main__":
    main()
