"""The store on every platform: only calls Windows, macOS and Linux all have, proven by running the store
and a CLI round trip with the POSIX-only ones removed; and files that are not a store are refused."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import session
from referee.cli import cli
from referee.core.errors import StoreError
from referee.store import Store

STORE_CODE = Path(__file__).resolve().parents[2] / "referee" / "store"
POSIX_ONLY = {"pwrite", "pread", "fchmod", "fchown", "getuid", "geteuid", "getgid", "fork", "mkfifo"}


@pytest.fixture
def windows_like(monkeypatch, db, toy):
    """What Windows lacks, taken away (after the test's folder is made: pytest itself asks os.getuid): no
    fcntl module, no os.pwrite, os.fchmod (before 3.13), os.getuid."""
    import filelock  # noqa: F401  (loaded as usual first: the rest of the suite keeps its real lock)

    monkeypatch.setitem(sys.modules, "fcntl", None)          # `import fcntl` now raises ImportError
    for name in ("pwrite", "pread", "fchmod", "getuid", "geteuid", "sync"):
        monkeypatch.delattr(os, name, raising=False)
    yield


def _guarded(tree) -> set:
    """The imports inside a `try:` whose handler takes ImportError (a fallback for where they are missing)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            out |= {id(n) for stmt in node.body for n in ast.walk(stmt) if isinstance(n, ast.Import)}
    return out


def test_the_store_code_calls_nothing_posix_only():
    for path in STORE_CODE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        guarded = _guarded(tree) if path.name == "lock.py" else set()  # its flock, else filelock (issue 25)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in guarded:
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert "fcntl" not in names and "msvcrt" not in names, f"{path.name}:{node.lineno}"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os":
                assert node.attr not in POSIX_ONLY, f"{path.name}:{node.lineno} uses os.{node.attr}"


def test_the_store_works_without_posix_only_calls(db, toy, windows_like):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    session.undo(store, t, 1)
    session.play(store, t, "roll 2")
    session.play(store, t, "keep")                 # the end: archived
    session.undo(store, t, 1, reopen=True)         # reopened
    session.play(store, t, "keep")
    assert t.archived and store.get_archived(t.id)["result"]["winners"] == ["Ann"]
    (gid,) = store.add_archived([{"game": "toy", "players": ["Cal", "Dan"], "source": "recorded", "result": None}])
    assert store.archived_ids() == {t.id, gid} and len(store.archived_summaries()) == 2
    store.remove_archived(gid)
    assert store.archived_ids() == {t.id}
    store.write_records({f"r{i}2345": f"record {i}" for i in range(10)})     # an import's records: no os.sync
    assert store.read_record("r52345") == "record 5"


def test_the_lock_names_its_holder_without_posix_only_calls(db, toy, windows_like, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["referee", "move", "abc234"])
    holder = Store(db)
    holder.lock.acquire()
    try:
        with pytest.raises(StoreError, match=rf"busy: process {os.getpid()} \(referee move abc234\) since "):
            session.create(Store(db), "toy", ["Ann", "Bob"])
    finally:
        holder.lock.release()
    session.create(Store(db), "toy", ["Ann", "Bob"])                  # free again


def test_a_cli_round_trip_without_posix_only_calls(db, toy, windows_like):
    run = lambda *a: CliRunner().invoke(cli, list(a), catch_exceptions=False)   # noqa: E731
    r = run("new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json")
    assert r.exit_code == 0, r.output
    gid = json.loads(r.stdout)["id"]
    assert run("move", gid, "roll 2").exit_code == 0
    assert run("move", gid, "keep").exit_code == 0
    assert run("record", "toy", "-p", "Cal=3", "-p", "Dan=1").exit_code == 0
    r = run("history", "--json")
    assert r.exit_code == 0 and {g["id"] for g in json.loads(r.stdout)} >= {gid}
    assert len(json.loads(r.stdout)) == 2
    assert run("show", gid, "--json").exit_code == 0 and run("stats").exit_code == 0


PRELUDE = """
import os, sys
sys.modules["fcntl"] = None                       # before anything is imported: as on Windows
for name in ("pwrite", "pread", "fchmod", "getuid", "geteuid", "sync"):
    if hasattr(os, name):
        delattr(os, name)
import warnings
warnings.simplefilter("ignore")                   # filelock says it falls back to its portable lock
from referee.cli import main
sys.argv = ["referee"] + sys.argv[1:]
main()
"""


def test_new_move_record_history_in_fresh_processes_without_posix_only_calls(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(STORE_CODE.parents[1]), REFEREE_DB=str(tmp_path / "h.json"))
    cli_ = lambda *a: subprocess.run([sys.executable, "-c", PRELUDE, *a], env=env, capture_output=True,   # noqa: E731
                                     text=True, timeout=60)
    r = cli_("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json")
    assert r.returncode == 0, r.stderr
    gid = json.loads(r.stdout)["id"]
    first = json.loads(cli_("moves", gid, "--json").stdout)[0]["text"]
    assert cli_("move", gid, first).returncode == 0
    assert cli_("record", "port-royal", "-p", "Cal=7", "-p", "Dan=3").returncode == 0
    r = cli_("history", "--json")
    assert r.returncode == 0 and len(json.loads(r.stdout)) == 1 and "Traceback" not in r.stderr
    assert json.loads(cli_("show", gid, "--json").stdout)["moves"] == [first]


def test_a_lock_that_cannot_be_taken_is_one_sentence(db, toy):
    db.with_name(db.name + ".lock").mkdir()                        # the lock is a folder
    with pytest.raises(StoreError, match=r"^Cannot lock the history store .*h(istory)?\.json"):
        session.create(Store(db), "toy", ["Ann", "Bob"])


# --- files that are not a store (finding 11) -------------------------------------------------------------
def referee(*args, env_db=None, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(STORE_CODE.parents[1]), REFEREE_LOCK_TIMEOUT="0.5")
    env.pop("REFEREE_DB", None)
    if env_db is not None:
        env["REFEREE_DB"] = env_db
    return subprocess.run([sys.executable, "-m", "referee", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_a_fifo_as_the_store_is_refused_at_once(tmp_path):
    fifo = tmp_path / "history.json"
    os.mkfifo(fifo)
    for args in (["history"], ["record", "port-royal", "-p", "Ann=7", "-p", "Bob=3"],
                 ["new", "port-royal", "-p", "Ann", "-p", "Bob"]):
        r = referee("--db", str(fifo), *args)
        assert r.returncode == 2 and "not a regular file" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_as_the_store_is_refused_at_once():
    r = referee("--db", "/dev/zero", "stats")
    assert r.returncode == 2 and "not a regular file" in r.stderr


def test_an_empty_db_is_refused_not_taken_for_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    r = CliRunner().invoke(cli, ["--db", "", "record", "toy", "-p", "Ann=2", "-p", "Bob=1"])
    assert r.exit_code == 2 and "history store path is empty" in r.stderr
    assert not (tmp_path / "data").exists()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_a_symlinked_store_is_written_through_to_its_target(tmp_path, toy):
    synced = tmp_path / "Dropbox" / "club.json"
    synced.parent.mkdir()
    Store(synced).add_archived([{"game": "toy", "players": ["Ann", "Bob"], "source": "recorded", "result": None}])
    link = tmp_path / "history.json"
    link.symlink_to(synced)
    run = lambda *a: CliRunner().invoke(cli, ["--db", str(link), *a], catch_exceptions=False)   # noqa: E731
    assert run("record", "toy", "-p", "Cal=3", "-p", "Dan=1").exit_code == 0
    gid = json.loads(run("new", "toy", "-p", "Eve", "-p", "Fay", "--json").stdout)["id"]
    assert run("move", gid, "roll 1").exit_code == 0
    assert link.is_symlink() and os.path.realpath(link) == str(synced)
    assert len(Store(synced).archived()) == 2 and Store(synced).read_live(gid)["moves"] == ["roll 1"]
    assert not (tmp_path / "history.json.d").exists() and not (tmp_path / "history.json.live").exists()


def test_a_game_of_a_newer_schema_refuses_record_as_it_refuses_history(db, toy):
    db.write_text(json.dumps({"_meta": {"1": {"schema_version": 1}}, "games": {
        "1": {"schema_version": 1, "id": "aa2345", "game": "toy", "players": ["Ann", "Bob"], "source": "recorded"},
        "2": {"schema_version": 99, "id": "bb2345", "game": "toy", "players": ["Ann", "Bob"], "source": "?"}}}))
    before = db.read_bytes()
    for args in (["history"], ["record", "toy", "-p", "Ann=2", "-p", "Bob=1"]):
        r = CliRunner().invoke(cli, list(args))
        assert r.exit_code == 2 and "newer referee" in r.stderr, args
    assert db.read_bytes() == before and {p.name for p in db.parent.iterdir()} <= {db.name, db.name + ".lock"}
