"""Crash safety and concurrency: kill writers with SIGKILL at random instants, run writers in parallel.

After every kill the store opens and every move the child acknowledged is there. Fast variants run by
default; `pytest -m slow` runs hundreds of trials.
"""

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from referee import session
from referee.store import Store

ROOT = os.getcwd()

MOVER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    from referee import session
    from referee.store import Store
    store = Store({db!r})
    target = {target}
    n = 0
    while True:
        t = session.create(store, "toy", ["Ann", "Bob"], {{"target": target}})
        while not t.game.finished:
            move = t.game.legal_moves()[n % 2 if t.game.to_move else n % 3].text
            session.play(store, t, move)
            n += 1
            print("ack", t.id, len(t.game.moves), flush=True)
""")


def _trial(db, seed: int, target: int) -> None:
    rng = random.Random(seed)
    child = subprocess.Popen([sys.executable, "-c", MOVER.format(root=ROOT, db=str(db), target=target)],
                             stdout=subprocess.PIPE, text=True)
    acked: dict[str, int] = {}
    deadline = time.monotonic() + rng.uniform(0.05, 0.4)
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        _, gid, count = line.split()
        acked[gid] = int(count)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    # Lines printed before the kill but not yet read are acknowledgements too.
    for line in child.stdout.read().splitlines():
        if line.startswith("ack "):
            _, gid, count = line.split()
            acked[gid] = int(count)
    store = Store(db)
    archived = store.archived_ids()  # parses: never torn
    for gid, count in acked.items():
        if gid in archived:
            continue
        doc = store.read_live(gid)
        assert doc is not None, f"acknowledged game {gid} is lost"
        assert len(doc["moves"]) >= count, f"game {gid}: {count} moves acknowledged, {len(doc['moves'])} on disk"
        session.open_game(store, gid)  # and it replays


@pytest.mark.parametrize("target", [10**6, 3])  # long live games; many games that finish and archive
def test_sigkill_loses_no_acknowledged_move(tmp_path, target, toy):
    db = tmp_path / "h.json"
    for seed in range(4):
        _trial(db, seed, target)


@pytest.mark.slow
@pytest.mark.parametrize("target", [10**6, 3])
def test_sigkill_many_trials(tmp_path, target, toy):
    db = tmp_path / "h.json"
    for seed in range(150):
        _trial(db, seed, target)


RECORDER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    from referee import session
    from referee.store import Store
    store = Store({db!r})
    for i in range({n}):
        t = session.create(store, "toy", ["{who}", "Zed"], {{"target": 1}})
        session.play(store, t, "roll 1")
        session.play(store, t, "keep")
    print("done", flush=True)
""")


def test_two_processes_recording_lose_nothing(tmp_path, monkeypatch):
    db = tmp_path / "h.json"
    monkeypatch.setenv("REFEREE_LOCK_TIMEOUT", "30")
    procs = [subprocess.Popen([sys.executable, "-c", RECORDER.format(root=ROOT, db=str(db), n=15, who=who)],
                              stdout=subprocess.PIPE, text=True) for who in ("Ann", "Bob")]
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0 and out.strip() == "done"
    docs = Store(db).archived()
    assert len(docs) == 30 and len({d["id"] for d in docs}) == 30
    assert sorted(d["players"][0] for d in docs) == ["Ann"] * 15 + ["Bob"] * 15
