"""Cold-start time of `referee score GAME FILE --json` (target: median <= 250 ms).

Each run is a fresh interpreter (subprocess), so imports are paid every time, as at the table.
    python benchmarks/bench_score.py [-n RUNS] [--importtime]
--importtime also prints the 15 heaviest imports of one run (python -X importtime) and checks that
neither rich nor prompt_toolkit is imported on this path.
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
GAMES = {"puerto-rico": "puerto_rico", "el-capitan": "el_capitan", "carcassonne": "carcassonne",
         "port-royal": "port_royal"}
TARGET_MS = 250.0


def env():
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("PYTHONPROFILEIMPORTTIME", None)
    return e


def template_file(game: str, folder: str) -> str | None:
    code = (f"import json, scoring.{GAMES[game]} as m; print(json.dumps(m.TEMPLATE))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(), cwd=ROOT)
    if proc.returncode:
        return None
    path = os.path.join(folder, f"{game}.json")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(proc.stdout)
    return path


def timed(argv, runs: int) -> tuple[list[float], int]:
    times, code = [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, env=env(), cwd=ROOT)
        times.append((time.perf_counter() - t0) * 1000)
        code = code or proc.returncode
    return times, code


def importtime(argv) -> tuple[list[tuple[int, str]], set[str]]:
    proc = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], capture_output=True, text=True, env=env(),
                          cwd=ROOT)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self_us, cum_us, name = (p.strip() for p in line.split(":", 1)[1].split("|"))
        rows.append((int(cum_us), name))
    top = {name.split(".")[0] for _, name in rows}
    return sorted(rows, reverse=True), top


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--runs", type=int, default=15)
    ap.add_argument("--importtime", action="store_true")
    args = ap.parse_args()
    py = sys.executable
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        base, _ = timed([py, "-c", "pass"], args.runs)
        rows.append(("python -c pass (interpreter floor)", base, 0))
        ver, code = timed([py, "-m", "referee", "--version"], args.runs)
        rows.append(("referee --version", ver, code))
        missing = []
        for game in GAMES:
            path = template_file(game, folder)
            if path is None:
                missing.append(game)
                continue
            argv = [py, "-m", "referee", "score", game, path, "--json"]
            t, code = timed(argv, args.runs)
            rows.append((f"referee score {game} FILE --json", t, code))
            if args.importtime:
                heavy, top = importtime(argv)
                bad = sorted(top & {"rich", "prompt_toolkit"})
                print(f"\n{game}: heaviest imports (cumulative ms)" + (f"  !! imports {bad}" if bad else ""))
                for us, name in heavy[:15]:
                    print(f"  {us / 1000:7.1f}  {name}")
    print(f"\nCold runs: {args.runs} each, median / min / max in ms (target: median <= {TARGET_MS:.0f} ms)\n")
    width = max(len(r[0]) for r in rows)
    print(f"{'command':<{width}}  {'median':>7}  {'min':>7}  {'max':>7}  status")
    worst = 0.0
    for label, t, code in rows:
        med = statistics.median(t)
        status = "exit %d" % code if code else "ok"
        if label.startswith("referee score"):
            worst = max(worst, med)
            status += "" if med <= TARGET_MS else "  OVER TARGET"
        print(f"{label:<{width}}  {med:7.1f}  {min(t):7.1f}  {max(t):7.1f}  {status}")
    if missing:
        print(f"\nNot measured (no calculator module yet): {', '.join(missing)}")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
