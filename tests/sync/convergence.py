"""Five laptops, each its own history and settings and its own copy of the shared folder (what its file sync
has delivered so far), random commands through the real command line in this process, files delivered from
one laptop's copy to another's one at a time in random order; once everything is delivered and everyone has
synced, every laptop's export is the same, byte for byte (but for exported_at).

Used by tests/sync/test_convergence.py (small, every run) and tests/sync/test_convergence_heavy.py (a
500-play history, run once per CI run)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from click.testing import CliRunner

PEOPLE = ["Ann", "Bob", "Cal", "Dan", "Eva", "Řehoř"]
GAMES = ["port-royal", "puerto-rico", "el-capitan"]


class Laptop:
    def __init__(self, root: Path, name: str):
        from referee.cli import cli

        self.cli, self.runner = cli, CliRunner()
        self.dir = root / name
        self.folder = self.dir / "Sync"               # this laptop's copy of the shared folder
        self.folder.mkdir(parents=True)
        self.env = {"REFEREE_DB": str(self.dir / "history.json"), "REFEREE_CONFIG": str(self.dir / "settings.toml"),
                    "REFEREE_LANG": "en", "REFEREE_LOCK_TIMEOUT": "5"}
        self("config", "sync-folder", str(self.folder))

    def __call__(self, *args, codes=(0,)):
        done = self.runner.invoke(self.cli, [str(a) for a in args], env=self.env, catch_exceptions=False)
        assert done.exit_code in codes, (self.dir.name, args, done.output)
        assert "Traceback" not in done.output and "internal error" not in done.output, (args, done.output)
        return done

    def ids(self) -> list:
        return sorted(g["id"] for g in json.loads(self("history", "--json").stdout))

    def export(self) -> bytes:
        out = self.dir / "export.json"
        self("export", out, "--force", codes=(0,)) if out.exists() else self("export", out)
        raw = out.read_bytes()
        out.unlink()
        # the file as written, byte for byte, but for the one line that says when it was written
        lines = raw.split(b"\n")
        assert sum(b'"exported_at"' in line for line in lines) == 1
        return b"\n".join(line for line in lines if b'"exported_at"' not in line)

    def files(self) -> set:
        return {p.relative_to(self.folder).as_posix() for p in self.folder.rglob("*") if p.is_file()}


def deliver(rng, laptops, count=None) -> None:
    """Copy files one laptop's folder has and another's lacks (or holds older: a HEAD.json), ``count`` of them
    (all when None), in random order, whole (a sync engine renames a finished download into place)."""
    todo = []
    for src in laptops:
        for rel in src.files():
            for dst in laptops:
                if dst is not src:
                    there = dst.folder / rel
                    if not there.exists() or there.read_bytes() != (src.folder / rel).read_bytes():
                        todo.append((src, dst, rel))
    rng.shuffle(todo)
    for src, dst, rel in todo[:count] if count is not None else todo:
        target = dst.folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(".syncthing." + target.name + ".tmp")
        shutil.copyfile(src.folder / rel, tmp)
        tmp.replace(target)


def step(rng, laptop, history: list) -> None:
    """One random command of a club member on ``laptop``."""
    ids = laptop.ids()
    roll = rng.random()
    if roll < 0.4 or not ids:
        players = rng.sample(PEOPLE, rng.randint(2, 4))
        args = ["record", rng.choice(GAMES), "--date", f"2026-11-{rng.randint(1, 28):02d}"]
        for name in players:
            args += ["-p", f"{name}={rng.randint(0, 60)}"]
        laptop(*args)
    elif roll < 0.6:
        laptop("edit", rng.choice(ids), "--notes", rng.choice(["long game", "Bob forgot a tax", "první hra"]),
               codes=(0, 2))                       # 2: the play has those notes already, nothing to change
    elif roll < 0.7:
        laptop("delete", rng.choice(ids))
    elif roll < 0.75:
        gone = [gid for gid in history if gid not in ids]
        if gone:
            laptop("restore", rng.choice(gone), codes=(0, 1, 2))
    elif roll < 0.8:
        old, new = rng.sample(PEOPLE, 2)
        laptop("players", "rename", old, new + "2", codes=(0, 1, 2))
    else:
        laptop("sync")
    history.extend(gid for gid in laptop.ids() if gid not in history)


def converge(root: Path, seed: int, steps: int, laptops: int = 5, plays: int = 0) -> list:
    rng = random.Random(seed)
    club = [Laptop(root, f"laptop{i}") for i in range(laptops)]
    if plays:
        from referee.store import Store

        Store(club[0].dir / "history.json").add_archived(made_plays(plays, rng))
    history: list = []
    for _ in range(steps):
        step(rng, rng.choice(club), history)
        if rng.random() < 0.5:
            deliver(rng, club, count=rng.randint(1, 4))
    for _ in range(3):                 # everything delivered, everyone synced, and the last files delivered
        for laptop in club:
            laptop("sync")
        deliver(rng, club)
    exports = [laptop.export() for laptop in club]
    return exports


def made_plays(n: int, rng) -> list:
    """Plays recorded before sync was on (on the first laptop)."""
    from benchmarks.bench_sync import make_plays

    return make_plays(n, rng=rng, names=PEOPLE, most=4)
