"""This tree against a base commit, side by side: no slowdown goes unseen.

    python benchmarks/compare.py BASE [--rounds 5] [--seconds 3] [--only engines cli replay]
                                      [--titles port-royal:2,4 puerto-rico:4 ...] [--json FILE]

BASE is any commit git knows (`main`, `HEAD~5`, a sha). Each side runs in a virtual environment of its own
(the base from `git archive`, the tree as an editable install), cached under ~/.cache/referee-compare by
commit so a second comparison starts at once. The sides are measured interleaved, round by round, in
alternating order, so the machine's load falls on both alike; each figure is the median of the rounds, with
the spread (lowest-highest) beside it and the ratio tree/base (above 1 is faster for rates, slower for times).

What it measures, each through what a user or script uses (nothing internal, so any two versions compare):
- engines: random legal games through the public API (`legal_moves()` then `play(text)`, every check on),
  per title and player count: games/s and decisions/s (a decision is a player's move, chance moves not
  counted: what other engines' benchmarks count), CPU time of one process, the same seeds on both sides;
- cli: cold `referee --help`, `moves ID`, `show ID` and `move ID MOVE` at move 1 and at move 600 of a tracked
  El Capitan game, wall time and CPU time (user + system: on a loaded machine the wall time is mostly
  waiting), beside a Click hello-world measured in the same round (its ratio is the start-up target of
  issue 25);
- replay: `referee.load_record` of stored records (made once by the tree, replayed by both sides), records/s.

Every child runs with PYTHONDONTWRITEBYTECODE removed (bytecode is cached as in an installed referee), and
each CLI command runs once before the rounds, so no round pays for compiling.

Run it on a quiet machine: on 2 cores, a test run in the background halves the figures (the ratios much
less, since both sides share the load).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("REFEREE_COMPARE_CACHE", Path.home() / ".cache" / "referee-compare"))
DEFAULT_TITLES = {"port-royal": (2, 4), "puerto-rico": (3, 4, 5), "carcassonne": (2,), "el-capitan": (2, 4)}
# The folder every child runs in: `python -m referee` puts its working folder first on sys.path, so a crowded
# one (a /tmp holding thousands of test folders) costs every import a long directory listing that neither the
# hello-world (run as a file) nor an installed `referee` (a console script) pays. Set to a fresh folder in main().
WORKDIR = tempfile.gettempdir()
HELLO = "import click\n@click.command()\ndef hello():\n    click.echo('hello')\nhello()\n"

# Run inside each side's venv: only the public API (contracts §2), so it works on any version.
PROBE = r'''
import json, random, sys, time
import referee

def playout(game_id, n, seed, rng_moves=None):
    rng = random.Random(seed)
    game = referee.new_game(game_id, ["P%d" % i for i in range(1, n + 1)])
    texts = []
    while not game.finished and (rng_moves is None or len(texts) < rng_moves):
        move = rng.choice(game.legal_moves())
        game.play(move.text)
        texts.append(move.text)
    return game, texts

mode = sys.argv[1]
if mode == "engines":
    game_id, n, seconds, seed = sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
    rng = random.Random(seed)
    names = ["P%d" % i for i in range(1, n + 1)]
    games = moves = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = referee.new_game(game_id, names)
        while not game.finished:
            move = rng.choice(game.legal_moves())
            game.play(move.text)
            moves += 1
            decisions += move.player is not None
        games += 1
    cpu = time.process_time() - start
    print(json.dumps({"games": games, "moves": moves, "decisions": decisions, "cpu": cpu}))
elif mode == "moves":       # the first K moves of a seeded random game, for the CLI's move-600 game
    game, texts = playout(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    print(json.dumps({"moves": texts, "next": game.legal_moves()[0].text if not game.finished else None}))
elif mode == "records":     # K finished games' records, written to DIR
    game_id, n, k, out = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    for i in range(k):
        game, _t = playout(game_id, n, 1000 + i)
        with open("%s/%s-%d-%d.txt" % (out, game_id, n, i), "w", encoding="utf-8") as f:
            f.write(game.to_record())
elif mode == "replay":
    import glob
    texts = [open(p, encoding="utf-8").read() for p in sorted(glob.glob(sys.argv[2] + "/*.txt"))]
    start = time.process_time()
    for text in texts:
        referee.load_record(text)
    print(json.dumps({"records": len(texts), "cpu": time.process_time() - start}))
'''


def git(*args, cwd=ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _venv(where: Path, install: list[str]) -> Path:
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if python.exists():
        return python
    shutil.rmtree(where, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *install],
                   check=True)
    return python


class Side:
    """One side of the comparison: an interpreter, and the PYTHONPATH that puts its referee first."""

    def __init__(self, python, path: Path | None = None):
        self.python = Path(python)
        self.path = path

    def env(self, **extra) -> dict:
        env = dict(os.environ, **extra)
        env.pop("PYTHONPATH", None)
        # As an installed referee runs: from cached bytecode. With PYTHONDONTWRITEBYTECODE set (CI and some
        # sandboxes set it) every cold command recompiles all it imports, and the start-up times measure the
        # compiler, not referee (issue 25: 2-3x the real figures, ratios to hello-world distorted).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if self.path is not None:
            env["PYTHONPATH"] = str(self.path)
        return env


def base_source(rev: str) -> tuple[str, Path]:
    """(sha, folder) of BASE's files from `git archive`, cached by commit."""
    sha = git("rev-parse", "--verify", rev + "^{commit}")
    home = CACHE / sha[:12]
    src = home / "src"
    if not (src / "referee" / "__init__.py").exists():
        shutil.rmtree(home, ignore_errors=True)
        src.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", sha], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    return sha, src


def base_side(rev: str, venv: bool) -> tuple[str, Side]:
    """BASE installed into a cached venv of its own; or, --no-venv, this interpreter with BASE's files first
    on PYTHONPATH (quick, when the two sides' dependencies are the same)."""
    sha, src = base_source(rev)
    if not venv:
        return sha, Side(sys.executable, src)
    return sha, Side(_venv(CACHE / sha[:12] / "venv", [str(src)]))


def tree_side(venv: bool) -> Side:
    """The working tree, as an editable install (so it is always what is on disk now)."""
    if not venv:
        return Side(sys.executable, ROOT)
    key = hashlib.sha1(str(ROOT).encode()).hexdigest()[:12]
    return Side(_venv(CACHE / f"tree-{key}", ["-e", str(ROOT)]))


def referee_cmd(side: Side) -> list[str]:
    return [str(side.python), "-m", "referee"]


def probe(side: Side, *args) -> dict | None:
    out = subprocess.run([str(side.python), "-c", PROBE, *map(str, args)], check=True, capture_output=True,
                         text=True, cwd=WORKDIR, env=side.env()).stdout
    return json.loads(out) if out.strip() else None


def wall(cmd, env) -> float:
    return timed(cmd, env)[0]


def timed(cmd, env) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run. On a loaded machine the wall time is mostly
    waiting for a core; the CPU time is what the command itself costs, so both are reported."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=WORKDIR)
    if hasattr(os, "wait4"):
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
    else:                                   # Windows: wall time only
        proc.wait()
        cpu = float("nan")
    return time.perf_counter() - t0, cpu


class CliGame:
    """A tracked El Capitan game of one side at move 1 and one at move 600 (--deep), in a store of its own."""

    def __init__(self, side: Side, tmp: Path, name: str, deep: int = 600):
        self.env = side.env(REFEREE_DB=str(tmp / f"{name}.json"), REFEREE_LANG="en")
        self.cmd = referee_cmd(side)
        self.ids = {}
        for at in (1, deep):
            gid = json.loads(self._run("new", "el-capitan", "-p", "Ann", "-p", "Bob", "-p", "Cal", "--json"))["id"]
            plan = probe(side, "moves", "el-capitan", 3, 7, at - 1)
            if plan["moves"]:
                self._run("move", gid, *plan["moves"])
            self.ids[at] = (gid, plan["next"])

    def _run(self, *args) -> str:
        return subprocess.run(self.cmd + list(args), env=self.env, check=True, capture_output=True, text=True,
                              cwd=WORKDIR).stdout

    def timings(self) -> dict:
        out = {"referee --help": timed(self.cmd + ["--help"], self.env)}
        gid, _next = self.ids[max(self.ids)]
        out["moves ID"] = timed(self.cmd + ["moves", gid], self.env)
        out["show ID"] = timed(self.cmd + ["show", gid], self.env)
        for at, (gid, text) in self.ids.items():
            out[f"move at move {at}"] = timed(self.cmd + ["move", gid, text], self.env)
            self._run("undo", gid)          # back to the same position for the next round
        return out


def _num(x: float) -> str:
    return f"{x:.0f}" if x >= 1000 else f"{x:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per engine measurement")
    ap.add_argument("--only", nargs="*", choices=("engines", "cli", "replay"), default=["engines", "cli", "replay"])
    ap.add_argument("--titles", nargs="*", help="title:n,n (default: %s)" % " ".join(
        f"{t}:{','.join(map(str, ns))}" for t, ns in DEFAULT_TITLES.items()))
    ap.add_argument("--records", type=int, default=20, help="records per title for the replay measurement")
    ap.add_argument("--json", help="also write every sample to this file")
    ap.add_argument("--deep", type=int, default=600, help="the later move of the `move` measurement")
    ap.add_argument("--no-venv", action="store_true",
                    help="no venvs: this interpreter, each side's files first on PYTHONPATH (same dependencies)")
    args = ap.parse_args()
    titles = DEFAULT_TITLES
    if args.titles:
        titles = {t.split(":")[0]: tuple(int(n) for n in t.split(":")[1].split(",")) for t in args.titles}

    sha, base = base_side(args.base, not args.no_venv)
    tree = tree_side(not args.no_venv)
    sides = {"base": base, "tree": tree}
    rates = ("games/s", "decisions/s", "records/s")
    samples: dict[tuple, dict[str, list]] = {}

    def add(key, side, value):
        samples.setdefault(key, {"base": [], "tree": []})[side].append(value)

    global WORKDIR
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        WORKDIR = str(tmp / "cwd")
        os.mkdir(WORKDIR)
        hello = tmp / "hello.py"
        hello.write_text(HELLO)
        cli = {name: CliGame(py, tmp, name, args.deep) for name, py in sides.items()} if "cli" in args.only else {}
        for game in cli.values():       # a round of warm-up, not counted: bytecode written, files cached
            game.timings()
        records = tmp / "records"
        if "replay" in args.only:
            records.mkdir()
            for title, ns in titles.items():
                probe(tree, "records", title, ns[0], args.records, records)
        for py in sides.values():       # warm-up: byte-compiled files and OS caches, for both alike
            probe(py, "engines", next(iter(titles)), next(iter(titles.values()))[0], 0.05, 0)
            wall(referee_cmd(py) + ["--help"], py.env())
        for r in range(args.rounds):
            order = ["base", "tree"] if r % 2 == 0 else ["tree", "base"]
            for side in order:
                py = sides[side]
                if "engines" in args.only:
                    for title, ns in titles.items():
                        for n in ns:
                            got = probe(py, "engines", title, n, args.seconds, 1 + r)
                            add((f"{title} {n}p", "games/s"), side, got["games"] / got["cpu"])
                            add((f"{title} {n}p", "decisions/s"), side, got["decisions"] / got["cpu"])
                if "cli" in args.only:
                    t, cpu = timed([str(py.python), str(hello)], py.env())
                    add(("click hello-world", "ms"), side, t * 1000)
                    add(("click hello-world", "ms CPU"), side, cpu * 1000)
                    for name, (t, cpu) in cli[side].timings().items():
                        add((name, "ms"), side, t * 1000)
                        add((name, "ms CPU"), side, cpu * 1000)
                if "replay" in args.only:
                    got = probe(py, "replay", records)
                    add(("replay of records", "records/s"), side, got["records"] / got["cpu"])
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    print(f"tree {ROOT} (HEAD {git('rev-parse', '--short', 'HEAD')}{', changed' if git('status', '--porcelain') else ''})"
          f" against base {args.base} ({sha[:10]}), {args.rounds} rounds, medians (lowest-highest)")
    print(f"{'measure':<26} {'unit':<11} {'base':>23} {'tree':>23} {'tree/base':>9}")
    hello_med = {unit: {s: statistics.median(samples[("click hello-world", unit)][s]) for s in sides}
                 for unit in ("ms", "ms CPU") if ("click hello-world", unit) in samples}
    for (name, unit), got in samples.items():
        med = {s: statistics.median(v) for s, v in got.items()}
        cell = {s: f"{_num(med[s])} ({_num(min(v))}-{_num(max(v))})" for s, v in got.items()}
        ratio = med["tree"] / med["base"] if med["base"] else float("nan")
        note = ""
        hello = hello_med.get(unit)
        if hello and name != "click hello-world":
            note = f"  x hello: {med['base'] / hello['base']:.2f} -> {med['tree'] / hello['tree']:.2f}"
        faster = ratio >= 1 if unit in rates else ratio <= 1
        print(f"{name:<26} {unit:<11} {cell['base']:>23} {cell['tree']:>23} {ratio:>8.2f}{' ' if faster else '!'}{note}")
    if args.json:
        Path(args.json).write_text(json.dumps([{"measure": k[0], "unit": k[1], **v} for k, v in samples.items()],
                                              indent=1))


if __name__ == "__main__":
    main()
