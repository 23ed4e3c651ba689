"""Benchmark: instructions `referee import` of N tracked games costs, every process of it, counted by valgrind
(callgrind), this tree against a base.

    python benchmarks/bench_import_instructions.py [--base DIR_OR_COMMIT] [--games 300] [--inline 48] [--only-this]

Why: the import of 10,000 tracked games (issue 25 item 4, `bench_store.py --import-games`) is timed at 20-35 s
of CPU on this shared machine, from run to run of the same code; an instruction count is deterministic. The
export is made once by bench_store.py's own generator (Port Royal games, new ids) and imported by each tree
into a fresh store, as `python -m referee import FILE` runs it, with the first --inline records replayed in
the main process (the import's INLINE; 200 in the command, lowered here so that a few hundred games are
shaped as 10,000 are: nearly every record replayed by the workers while the main process reads the file).

Each process is counted on its own: callgrind dumps its counters at every fork (--dump-before), so a worker
counts only what it does after the fork, not the main process's work before it. Printed, in millions of
instructions: the main process, the workers together, the total, and the total without the same command
importing an export of no games (start, imports: a constant of each tree). As in
bench_engines_instructions.py, the child runs in an empty folder, with PYTHONHASHSEED=0 and compiled files
from a cache of its own (filled by a run without valgrind first). Without valgrind the script says so.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the command as `python -m referee import FILE` runs it, with the import's INLINE set
CHILD = r"""
import runpy, sys
tree, inline = sys.argv.pop(1), int(sys.argv.pop(1))
sys.path.insert(0, tree)
from referee.club.log.native import _Native
_Native.INLINE = inline
sys.argv[0] = "referee"
runpy.run_module("referee", run_name="__main__", alter_sys=True)
"""


def export(path: Path, games: int) -> None:
    """bench_store.py's export of ``games`` tracked games (made by this tree's generator, once)."""
    if path.exists():
        return
    sys.path.insert(0, str(ROOT / "benchmarks"))
    sys.path.insert(0, str(ROOT))
    from bench_store import import_file

    import_file(path, games)


def _env(work: Path) -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=str(work / "pycache"),
               REFEREE_DB=str(work / "db" / "h.json"), REFEREE_CONFIG=str(work / "settings.toml"), LANG="C.UTF-8")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("REFEREE_LANG", None)
    return env


def _fresh_store(work: Path) -> None:
    shutil.rmtree(work / "db", ignore_errors=True)
    for p in work.glob("h.json*"):
        shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink()
    (work / "db").mkdir()


def count(valgrind: str, tree: Path, src: Path, inline: int, work: Path) -> tuple[int, int]:
    """(main process, workers) instructions of one import of ``src`` into an empty store."""
    _fresh_store(work)
    out = work / "cg"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    argv = [sys.executable, "-c", CHILD, str(tree), str(inline), "import", str(src)]
    proc = subprocess.run([valgrind, "--tool=callgrind", "--trace-children=yes", "--dump-before=*fork*",
                           f"--callgrind-out-file={out}/cg.%p", *argv], capture_output=True, text=True,
                          env=_env(work), cwd=work / "empty")
    if proc.returncode != 0:
        raise SystemExit(f"callgrind of the import failed on {tree}: {proc.stderr[-2000:]}")
    main_pid = int(re.search(r"==(\d+)== Callgrind", proc.stderr).group(1))
    own: dict = defaultdict(int)
    for f in out.iterdir():
        pid = int(f.name.split(".")[1])
        with f.open() as fh:
            for line in fh:
                if line.startswith("totals:"):
                    own[pid] += int(line.split()[1])
    main = own.pop(main_pid)
    # a fork child that runs a program (none here, but a helper could) is counted as a worker too
    return main, sum(own.values())


def measure(valgrind: str, tree: Path, src: Path, empty: Path, inline: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "empty").mkdir()
        _fresh_store(work)
        # the warm-up fills the cache of compiled modules (and shows the import works)
        warm = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(inline), "import", str(src)],
                              env=_env(work), cwd=work / "empty", capture_output=True, text=True)
        if warm.returncode != 0:
            raise SystemExit(f"the import failed on {tree}: {warm.stderr[-2000:]}")
        main, workers = count(valgrind, tree, src, inline, work)
        base_main, base_workers = count(valgrind, tree, empty, inline, work)
    return {"main": main, "workers": workers, "total": main + workers,
            "own": main + workers - base_main - base_workers}


def _tree(base: str, tmp: Path) -> Path:
    if Path(base).is_dir():
        return Path(base).resolve()
    dest = tmp / "base"
    dest.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", base], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", default="main", help="a folder with a referee tree, or a commit (default main)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--inline", type=int, default=48, help="records replayed in the main process")
    ap.add_argument("--only-this", action="store_true", help="count this tree alone")
    ap.add_argument("--export-dir", default=None, help="where the generated exports are kept between runs")
    opts = ap.parse_args()
    valgrind = shutil.which("valgrind")
    if not valgrind:
        print("valgrind is not installed: nothing counted")
        return
    with tempfile.TemporaryDirectory() as tmp:
        keep = Path(opts.export_dir) if opts.export_dir else Path(tmp)
        keep.mkdir(parents=True, exist_ok=True)
        src, empty = keep / f"tracked{opts.games}.json", keep / "tracked0.json"
        export(src, opts.games)
        export(empty, 0)
        trees = [("this", ROOT)] if opts.only_this else [("base", _tree(opts.base, Path(tmp))), ("this", ROOT)]
        results = {}
        for label, tree in trees:
            results[label] = r = measure(valgrind, tree, src, empty, opts.inline)
            print(f"{label:>5} ({tree}): main {r['main'] / 1e6:,.0f} M, workers {r['workers'] / 1e6:,.0f} M, "
                  f"total {r['total'] / 1e6:,.0f} M; without the empty import's {(r['total'] - r['own']) / 1e6:,.0f} M: "
                  f"{r['own'] / 1e6:,.0f} M ({r['own'] / opts.games / 1e6:.2f} M a game)", flush=True)
        if len(results) == 2:
            b, t = results["base"], results["this"]
            print("this / base: " + ", ".join(f"{k} {t[k] / b[k]:.3f}x" for k in ("main", "workers", "total", "own")))


if __name__ == "__main__":
    main()
