"""A fault at every file operation of a command: the machinery behind "every message is true" (issue 26
item 8), for any test to reuse.

    from tests.faultharness import every_fault, state

    for run in every_fault(db, ["move", gid, "keep"], kinds=("ENOSPC", "EIO", "kill")):
        ...   # run.kind, run.at, run.code, run.err, run.state (the store as the next command sees it)

The command runs in a child process (``referee`` through ``main``, the toy game installed) whose file
operations are counted: every os.open for writing, os.write, os.fsync, os.ftruncate, os.replace,
os.rename, os.unlink, os.remove, os.link, os.mkdir, os.rmdir, os.chmod, and every raw write of a file
opened for writing by open()/io.open()/os.fdopen()/Path.write_* (the real io.BufferedWriter sits on top,
so a buffer written again at close is seen as it happens). At the ``at``-th operation the fault is
injected: ``kill`` ends the process right after the operation (a power cut: os._exit), an errno name
(``ENOSPC``, ``EIO``, ...) makes the operation fail instead of happening. ``every_fault`` runs the command
once per operation (k = 1, 2, ...) until a run gets through without meeting its fault.

Ids are made from a seeded generator in the child, so a fault-free run and a faulty one give their games
the same ids; ``state`` drops the times, so "exactly as before" and "exactly as after" can be compared.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[1])

CHILD = textwrap.dedent("""
    import builtins, errno, io, json, os, random, secrets, sys
    sys.path.insert(0, {root!r})
    spec = json.loads(sys.argv[1])
    secrets.choice = random.Random(spec.get("seed", 1)).choice      # the same ids in every run
    if spec.get("toy"):
        from tests.core.toy import install
        install()

    count = [0]
    hits = []

    def due(name):
        count[0] += 1
        hits.append(name)
        return count[0] == spec["at"]

    def fail(name, path=None):
        code = getattr(errno, spec["kind"])
        raise OSError(code, os.strerror(code), path)

    def wrapped(name, real, writes=None):
        def call(*a, **k):
            if writes is not None and not writes(*a, **k):
                return real(*a, **k)
            if due(name):
                if spec["kind"] == "kill":
                    result = real(*a, **k)
                    os._exit(9)
                fail(name, a[0] if a and isinstance(a[0], (str, bytes, os.PathLike)) else None)
            return real(*a, **k)
        return call

    WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    os.open = wrapped("open", os.open, lambda path, flags, *a, **k: bool(flags & WRITING))
    for name in ("write", "fsync", "ftruncate", "replace", "rename", "unlink", "remove", "link", "mkdir",
                 "rmdir", "chmod"):
        setattr(os, name, wrapped(name, getattr(os, name)))

    class Raw(io.RawIOBase):
        # a file's raw writes counted; the real buffering of Python on top of it
        def __init__(self, real):
            self.real = real
            self.name, self.mode = real.name, real.mode
        def writable(self): return True
        def readable(self): return self.real.readable()
        def seekable(self): return self.real.seekable()
        def readinto(self, b): return self.real.readinto(b)
        def write(self, b):
            if due("raw-write"):
                if spec["kind"] == "kill":
                    self.real.write(b)
                    os._exit(9)
                fail("raw-write", self.real.name)
            return self.real.write(b)
        def seek(self, *a): return self.real.seek(*a)
        def tell(self): return self.real.tell()
        def truncate(self, *a): return self.real.truncate(*a)
        def fileno(self): return self.real.fileno()
        def close(self):
            try:
                super().close()
            finally:
                self.real.close()

    real_open, real_fdopen = io.open, os.fdopen

    def faulty_open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True,
                    opener=None):
        if not any(c in mode for c in "wax+") or buffering == 0:
            return real_open(file, mode, buffering, encoding, errors, newline, closefd, opener)
        raw_mode = mode.replace("t", "").replace("b", "")
        real = io.FileIO(file, raw_mode, closefd=closefd, opener=opener)
        if isinstance(file, int):
            pass
        elif due("open"):
            if spec["kind"] == "kill":
                os._exit(9)
            real.close()
            fail("open", file)
        raw = Raw(real)
        buffered = io.BufferedRandom(raw) if "+" in mode else io.BufferedWriter(raw)
        if "b" in mode:
            return buffered
        return io.TextIOWrapper(buffered, encoding=encoding, errors=errors, newline=newline,
                                line_buffering=buffering == 1)

    def faulty_fdopen(fd, mode="r", *a, **k):
        return faulty_open(fd, mode, *a, **k) if any(c in mode for c in "wax+") else real_fdopen(fd, mode, *a, **k)

    builtins.open = io.open = faulty_open
    os.fdopen = faulty_fdopen

    from referee.cli import main
    try:
        main(spec["argv"])
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    sys.stderr.flush()
    print(json.dumps({{"code": code, "ops": count[0], "hits": hits, "modules": sorted(sys.modules)}}), flush=True)
    os._exit(code)
""")


@dataclass
class Run:
    kind: str
    at: int
    code: int
    out: str
    err: str
    ops: int | None         # operations the command made (a run that met its fault: None)
    op: str | None          # the operation that met the fault
    state: object = None


@dataclass
class _Done:
    returncode: int
    stdout: str
    stderr: str


def _forked(script: str, spec: dict, env: dict) -> _Done:
    """The child as a fork of this process (referee already imported: some 30 ms a run instead of the
    half second a new interpreter takes; a command's hundreds of faulty runs stay affordable)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="faultharness-") as tmp:
        out_path, err_path = os.path.join(tmp, "out"), os.path.join(tmp, "err")
        pid = os.fork()
        if pid == 0:        # the child: its own stdout/stderr, environment and argv, then the script
            try:
                for fd, path in ((1, out_path), (2, err_path)):
                    target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                    os.dup2(target, fd)
                    os.close(target)
                sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
                sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
                sys.stdin = open(os.devnull, encoding="utf-8")
                os.environ.update(env)
                sys.argv = ["faultharness", json.dumps(spec)]
                _fresh_state()
                exec(compile(script, "<faultharness child>", "exec"), {"__name__": "__faultharness__"})
            except SystemExit as done:
                os._exit(done.code if isinstance(done.code, int) else 1)
            except BaseException:
                import traceback

                traceback.print_exc()
                sys.stderr.flush()
                os._exit(70)
            os._exit(0)
        _pid, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        with open(out_path, encoding="utf-8", errors="replace") as fh:
            out = fh.read()
        with open(err_path, encoding="utf-8", errors="replace") as fh:
            err = fh.read()
    return _Done(code, out, err)


def _import_beforehand(modules) -> None:
    """Import here what a child imported, so that the next forks find it done: a forked child otherwise
    imports a command's modules (the import's formats, the site's templates...) anew in every one of its
    hundreds of runs, most of a run's time. Importing runs no command: no store, cache or setting is filled
    that a new process would not have (_fresh_state clears the few that importing sets)."""
    for name in modules:
        if name not in sys.modules and not name.startswith("__"):
            try:
                importlib.import_module(name)
            except Exception:       # a module of the child's own making (its script), or one only it can import
                pass


def _fresh_state() -> None:
    """What a new process would not carry over from this one: cached settings, language, swept folders."""
    from referee import i18n, settings
    from referee.store import atomic, journal

    settings._cache = None
    i18n._language = None
    i18n._translation = None
    atomic._swept.clear()
    journal.under_way = None


FORK = hasattr(os, "fork") and os.environ.get("REFEREE_SIMULATE") != "windows"


def run_child(db: Path, argv: list[str], kind: str, at: int, toy: bool = True, seed: int = 1,
              env: dict | None = None) -> Run:
    spec = {"argv": ["--db", str(db), *map(str, argv)], "kind": kind, "at": at, "toy": toy, "seed": seed}
    script = CHILD.format(root=ROOT)
    env = {"REFEREE_DB": str(db), "REFEREE_LOCK_TIMEOUT": "2", **(env or {})}
    if FORK:
        done = _forked(script, spec, env)
    else:
        done = subprocess.run([sys.executable, "-c", script, json.dumps(spec)], capture_output=True, text=True,
                              timeout=120, env={**os.environ, **env})
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    ops, op = None, None
    out = done.stdout
    if last.startswith("{"):
        info = json.loads(last)
        out = done.stdout[: done.stdout.rstrip().rfind("\n") + 1] if "\n" in done.stdout.strip() else ""
        hits = info["hits"]
        if FORK:
            _import_beforehand(info.get("modules", ()))
        if info["ops"] < at:
            ops = info["ops"]
        else:
            op = hits[at - 1]
    elif kind != "kill" or done.returncode != 9:
        raise AssertionError(f"the child ended without its report (exit {done.returncode}): {done.stderr}")
    return Run(kind, at, done.returncode, out, done.stderr, ops, op)


_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def _timeless(value):
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items() if k not in ("updated", "stamp")}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    if isinstance(value, str) and _TIME.match(value):
        return "<time>"
    return value


def state(db: Path, toy: bool = True) -> dict:
    """The store as the next command sees it (a change cut short is settled first, as every command does):
    the finished games with their move records, the games in progress with their moves; times dropped."""
    if toy:
        from tests.core.toy import install

        install()
    from referee.store import Store, journal

    store = Store(db)
    journal.recover_if_pending(store)
    archived = {d["id"]: _timeless(d) for d in store.archived()}
    records = {gid: store.read_record(gid) for gid in archived if store.read_record(gid) is not None}
    live = {gid: _timeless(store.read_live(gid)) for gid in sorted(store.live_ids())}
    trash = db.with_name(db.name + ".trash")        # the deleted plays (`referee trash`)
    try:
        kept = _timeless(json.loads(trash.read_bytes())) if trash.is_file() else None
    except ValueError:
        kept = "<damaged>"
    return {"archived": archived, "records": records, "live": live, "trash": kept}


def repaired_state(db: Path, toy: bool = True) -> dict:
    """The store once `referee repair` has completed what a message said was stored in part."""
    if toy:
        from tests.core.toy import install

        install()
    from referee.store import Store
    from referee.club.log.repair import repair

    repair(Store(db))
    return state(db, toy=toy)


def copy_store(src_folder: Path, dst_folder: Path) -> None:
    shutil.copytree(src_folder, dst_folder, symlinks=True)


NOTHING = re.compile(r"nothing was changed|nothing was imported|nothing of it is kept|not saved|nothing was "
                     r"published|nothing was stored|was not changed|nothing was read or changed", re.I)


def says_nothing_changed(run: Run) -> bool:
    return bool(NOTHING.search(run.err))


def every_fault(prepared: Path, argv: list[str], work: Path, kinds=("ENOSPC", "EIO", "kill"), limit: int = 200,
                toy: bool = True, seed: int = 1):
    """Yield a Run for each fault kind and each operation k of the command, each from a fresh copy of the
    prepared store folder ``prepared`` (holding history.json) into ``work``; the run's ``state`` is the
    store afterwards. The last run of each kind is the one that got through (``run.ops`` set)."""
    for kind in kinds:
        for at in range(1, limit + 1):
            folder = work / f"{kind}-{at}"
            copy_store(prepared, folder)
            db = folder / "history.json"
            run = run_child(db, argv, kind, at, toy=toy, seed=seed)
            assert "Traceback" not in run.err and "internal error" not in run.err, (kind, at, run.op, run.err)
            run.state = state(db, toy=toy)
            yield run
            if run.ops is not None:
                break
        else:
            raise AssertionError(f"{argv}: still meeting faults after {limit} operations")
