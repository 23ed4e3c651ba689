"""Temp files of killed writes are removed by the next write in their folder; a live writer's never are
(issue 26 item 10)."""

import os
import subprocess
import sys
import time

import pytest

from referee.store import atomic
from tests.faultharness import run_child


def _temps(folder):
    return sorted(p for p in folder.rglob("*") if p.name.endswith(".tmp"))


def _age(path, seconds):
    then = time.time() - seconds
    os.utime(path, (then, then))


@pytest.mark.posix_only(reason="kills a child process")
def test_a_killed_writes_temp_is_removed_by_the_next_write(tmp_path):
    db = tmp_path / "history.json"
    assert run_child(db, ["record", "port-royal", "-p", "Ann=3", "-p", "Bob=2"], "ENOSPC", 10 ** 9).code == 0
    left = []
    for at in range(1, 40):        # kill `record` at each file operation until one leaves its temp behind
        run = run_child(db, ["record", "port-royal", "-p", "Cy=3", "-p", "Di=2"], "kill", at)
        left = _temps(tmp_path)
        if left or run.ops is not None:
            break
    assert left, "no kill left a temp file (the test no longer tests anything)"
    assert all(atomic._TEMP.match(p.name) for p in left)
    for p in left:
        _age(p, 5)       # the killed process is gone; its temp is a few seconds old
    assert run_child(db, ["record", "port-royal", "-p", "Eve=3", "-p", "Fay=2"], "ENOSPC", 10 ** 9).code == 0
    assert not [p for p in left if p.exists()]


def test_a_live_writers_temp_is_kept_and_a_dead_ones_removed(tmp_path):
    folder = tmp_path
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout.strip()
        live = folder / f".history.json.{sleeper.pid}~abc123.tmp"
        mine = folder / f".history.json.{os.getpid()}~def456.tmp"
        dead = folder / f".history.json.{gone}~ghi789.tmp"
        fresh_dead = folder / f".x.json.{gone}~jkl012.tmp"
        old_live = folder / f".y.json.{sleeper.pid}~mno345.tmp"
        other = folder / ".notes.tmp"            # not a name referee makes: never touched
        for p in (live, mine, dead, fresh_dead, old_live, other):
            p.write_bytes(b"half")
        for p in (live, mine, dead, other):
            _age(p, 600)
        _age(old_live, atomic.STALE_SECONDS + 60)
        removed = set(atomic.sweep_temps(folder))
        if atomic.os.name == "posix":       # (what referee sees: REFEREE_SIMULATE=windows says "nt")
            assert removed == {dead, old_live}
        else:                               # no way to ask whether a pid runs: by age alone
            assert removed == {old_live}
        assert live.exists() and mine.exists() and fresh_dead.exists() and other.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_each_folder_is_swept_once_per_process(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(atomic, "sweep_temps", lambda folder, now=None: calls.append(folder) or [])
    monkeypatch.setattr(atomic, "_swept", set())
    for n in range(3):
        atomic.atomic_write(tmp_path / f"f{n}.json", b"{}")
    assert calls == [tmp_path]
