"""Multi-file changes are all-or-nothing after a crash (issue 12 finding 7).

A child process makes one change (the move that finishes a game, the undo that reopens one, abandon, a
JSON import with move records, repair --set-aside) and is killed (os._exit, no clean-up) right after its
k-th file operation, for every k until it gets through. After each kill, the next command (here: what
every command does first) must find the store whole: the game in progress or in the history, never both
nor neither; an import entirely there or not at all; and `repair` calls the store sound.
"""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from referee import session
from referee.store import Store, journal
from referee.club.log.repair import repair

ROOT = os.getcwd()

CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    from referee import session
    from referee.store import Store

    kill_at = int(sys.argv[1])
    count = [0]

    def counted(real):
        def call(*a, **k):
            result = real(*a, **k)
            count[0] += 1
            if count[0] == kill_at:
                os._exit(9)                 # a power cut: nothing after this instant happens
            return result
        return call

    for name in ("replace", "unlink", "link", "rename"):
        setattr(os, name, counted(getattr(os, name)))
    store = Store({db!r})
    {action}
    print("done", count[0], flush=True)
""")

ACTIONS = {
    "finish": "session.play(store, session.open_game(store, {gid!r}), 'keep')",
    "reopen": "session.undo(store, session.open_game(store, {gid!r}), 1, reopen=True)",
    "abandon": "from referee.cli import main\ntry:\n    main(['--db', {db!r}, 'abandon', {gid!r}])\n"
               "except SystemExit as e:\n    assert not e.code, e.code",
    "import": "from referee.cli import main\ntry:\n    main(['--db', {db!r}, 'import', {file!r}])\n"
              "except SystemExit as e:\n    assert not e.code, e.code",
    "set-aside": "from referee.club.log.repair import repair\nrepair(store, set_aside=True)",
    "restore": "from referee.club.log.repair import repair\nrepair(store, restore=True)",
}


def _run(db, action, kill_at, **names):
    script = CHILD.format(root=ROOT, db=str(db), action=ACTIONS[action].format(db=str(db), **names))
    out = subprocess.run([sys.executable, "-c", script, str(kill_at)], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "REFEREE_DB": str(db)})
    assert "Traceback" not in out.stderr, out.stderr
    return out


def _after_kill(db):
    """What the next command does first, then the store as it is seen."""
    store = Store(db)
    journal.recover_if_pending(store)
    assert not journal.journal_path(store).exists()
    return store


def _kills(tmp_path, action, prepare, check):
    """Kill the child after each file operation in turn, from a fresh copy of the prepared store."""
    for kill_at in range(1, 60):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        db = folder / "history.json"
        names = prepare(Store(db), folder)
        out = _run(db, action, kill_at, **names)
        store = _after_kill(db)
        check(store, names, finished=out.returncode == 0)
        assert "is sound" in repair(store), f"after a kill at operation {kill_at}"
        if out.returncode == 0:
            assert "\ndone " in "\n" + out.stdout
            return kill_at
        assert out.returncode == 9, out.stderr
    raise AssertionError("the change never got through")


def _finishable(store, folder):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    return {"gid": t.id}


def _both_or_neither_place(store, gid):
    live, archived = store.read_live(gid), store.get_archived(gid)
    assert (live is None) != (archived is None), "the game is in both places, or in neither"
    return live, archived


def test_the_move_that_finishes_a_game(tmp_path, toy):
    def check(store, names, finished):
        live, archived = _both_or_neither_place(store, names["gid"])
        if archived is None:        # killed before anything of the finish: the move may or may not be there
            assert live["moves"] in (["roll 2"], ["roll 2", "keep"])
            opened = session.open_game(store, names["gid"])           # and opening it completes the game
            assert opened.archived == (live["moves"] == ["roll 2", "keep"])
        else:
            assert archived["result"]["winners"] == ["Ann"] and "2. keep" in store.read_record(names["gid"])
    assert _kills(tmp_path, "finish", _finishable, check) >= 4


def _finished(store, folder):
    names = _finishable(store, folder)
    session.play(store, session.open_game(store, names["gid"]), "keep")
    return names


def test_the_undo_that_reopens_a_finished_game(tmp_path, toy):
    def check(store, names, finished):
        live, archived = _both_or_neither_place(store, names["gid"])
        if live is not None:
            assert live["moves"] == ["roll 2"]
        else:
            assert archived["result"]["winners"] == ["Ann"]
        assert not finished or live is not None
    assert _kills(tmp_path, "reopen", _finished, check) >= 3


def _reopened(store, folder):
    names = _finished(store, folder)
    session.undo(store, session.open_game(store, names["gid"]), 1, reopen=True)
    return names


def test_abandoning_a_reopened_game(tmp_path, toy):
    def check(store, names, finished):
        gid = names["gid"]
        live, record = store.read_live(gid), store.read_record(gid)
        assert (live is None) == (record is None), "abandoned by half: the old record would come back"
        assert store.get_archived(gid) is None
        assert not finished or live is None
    assert _kills(tmp_path, "abandon", _reopened, check) >= 2


def _export(store, folder):
    source = Store(folder / "source.json")
    ids = [_finished(source, folder)["gid"] for _ in range(3)]
    playing = session.create(source, "toy", ["Cy", "Di"])
    file = folder / "club.json"
    from referee.club.formats.export import export_json

    rows = source.archived()
    file.write_text(export_json(rows, {d["id"]: source.read_record(d["id"]) for d in rows},
                                live=source.live_docs()))
    return {"file": str(file), "ids": ids, "live": playing.id}


def test_a_json_import_with_move_records(tmp_path, toy):
    def check(store, names, finished):
        archived = store.archived_ids()
        records = {p.stem for p in store.records_dir.glob("*.txt")} if store.records_dir.is_dir() else set()
        if archived:
            assert archived == set(names["ids"]) and records == archived and store.live_ids() == {names["live"]}
        else:       # nothing of it is kept: no records left for repair to enter as games, no game in progress
            assert not records and not store.live_ids()
            assert not finished
    assert _kills(tmp_path, "import", _export, check) >= 4


def _damaged(store, folder):
    keep = _finished(store, folder)["gid"]
    other = session.create(store, "toy", ["Cy", "Di"])
    store.add_archived([{"game": "toy", "players": ["Cy", "Di"], "source": "recorded", "result": None}])
    for shard in store.shards_dir.glob("*.json"):      # the recorded game, by hand, in its shard
        if shard.name.endswith(".sum.json"):
            continue
        raw = json.loads(shard.read_text())
        key = next((k for k, d in raw["games"].items() if d["id"] != keep), None)
        if key is not None:
            raw["games"][key] = "not a game"
            shard.write_text(json.dumps(raw))
    return {"keep": keep, "live": other.id}


def test_setting_damaged_games_aside(tmp_path, toy):
    def check(store, names, finished):
        aside = list(store.path.parent.glob("history.json.games.damaged-*"))
        docs = store.archive_documents()
        if "not a game" in docs:
            assert not finished
            assert all(json.loads(p.read_text())["games"] == ["not a game"] for p in aside)
        else:
            assert len(aside) == 1 and json.loads(aside[0].read_text())["games"] == ["not a game"]
            assert [d["id"] for d in docs] == [names["keep"]]
    # (a kill before the set-aside is complete leaves the damaged game where it was; repair then says so)
    for kill_at in range(1, 60):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        db = folder / "history.json"
        names = _damaged(Store(db), folder)
        out = _run(db, "set-aside", kill_at)
        store = _after_kill(db)
        check(store, names, finished=out.returncode == 0)
        if out.returncode == 0:
            assert kill_at >= 2
            assert "is sound" in repair(store)
            return
        assert out.returncode == 9, out.stderr
    raise AssertionError("never got through")


def test_restoring_the_backup(tmp_path, toy):
    """A kill at any instant of `repair --restore` leaves the damaged store or the whole backup in its place,
    never an empty or torn file, and the damaged one is kept."""
    for kill_at in range(1, 60):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        db = folder / "history.json"
        store = Store(db)
        _finished(store, folder)
        _finished(store, folder)
        backup = store.backup_path.read_bytes()
        db.write_bytes(b"{ torn")
        out = _run(db, "restore", kill_at)
        now = db.read_bytes()
        assert now in (b"{ torn", backup) or json.loads(now)["games"], f"kill at {kill_at}: {now[:40]!r}"
        if out.returncode == 0:
            assert any(p.read_bytes() == b"{ torn" for p in folder.glob("history.json.damaged-*"))
            assert len(Store(db).archived()) == 2          # the backup, and the game its record gives back
            return
        assert out.returncode == 9, out.stderr
    raise AssertionError("never got through")


ACTIONS["reset"] = "from referee.club.log.repair import repair\nrepair(store, reset=True)"


def _two_in_one_shard(folder, db):
    """Games aa2345 and ae2345 in shard a1 (written twice: it has a last good copy) and cc2345 elsewhere;
    a1 then torn. Returns the torn bytes and the good copy's."""
    from tests.store.test_layout import recorded

    store = Store(db)
    for i, gid in enumerate(["aa2345", "ae2345", "cc2345"]):
        store.add_archived([recorded(i, gid=gid)])
    shard = store.shards_dir / "a1.json"
    good = (store.shards_dir / "a1.json.bak").read_bytes()
    shard.write_bytes(shard.read_bytes()[:25])
    return shard, shard.read_bytes(), good


def _kept_damaged(shard, torn):
    return [p for p in shard.parent.iterdir() if p.name.startswith("a1.json.damaged-") and p.read_bytes() == torn]


@pytest.mark.parametrize("action", ["restore", "reset"])
def test_repairing_a_damaged_shard(tmp_path, toy, action):
    """A kill at any instant of `repair --restore` / `--reset` of a damaged shard: the shard is the damaged one,
    its good copy, or (reset) kept aside whole; the other games never move; and a second repair finishes."""
    for kill_at in range(1, 60):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        db = folder / "history.json"
        shard, torn, good = _two_in_one_shard(folder, db)
        out = _run(db, action, kill_at)
        now = shard.read_bytes() if shard.exists() else None
        if action == "restore":
            assert now in (torn, good), f"kill at {kill_at}: {now!r}"
        else:
            assert now == torn or (now is None and _kept_damaged(shard, torn)), f"kill at {kill_at}: {now!r}"
        store = Store(db)
        if out.returncode != 0:
            assert out.returncode == 9, out.stderr
            if now == torn:             # killed before anything changed: the repair is simply run again
                repair(store, **{action: True})
        assert not (shard.exists() and shard.read_bytes() == torn)
        assert _kept_damaged(shard, torn), f"kill at {kill_at}: the damaged shard is not kept"
        expected = {"aa2345", "cc2345"} if action == "restore" else {"cc2345"}
        assert store.archived_ids() == expected, f"kill at {kill_at}"
        assert "is sound" in repair(store)
        if out.returncode == 0:
            assert "\ndone " in "\n" + out.stdout
            return
    raise AssertionError("never got through")


def test_resetting_a_damaged_root_beside_its_shards(tmp_path, toy):
    """A kill at any instant of `repair --reset` of a torn history.json (the root) beside sound shards: the
    root is the torn one or a new one, never missing, so no later write takes the shards for a stale folder;
    every finished game is still there once the reset has gone through."""
    from tests.store.test_layout import recorded

    for kill_at in range(1, 60):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        db = folder / "history.json"
        store = Store(db)
        for i, gid in enumerate(["aa2345", "cc2345", "kk2345"]):
            store.add_archived([recorded(i, gid=gid)])
        db.write_bytes(b"{ torn")
        store.backup_path.unlink()
        out = _run(db, "reset", kill_at)
        assert db.exists(), f"kill at {kill_at}: no root"
        if db.read_bytes() == b"{ torn":
            assert out.returncode == 9, out.stderr
            repair(Store(db), reset=True)
        store = Store(db)
        store.add_archived([recorded(5, gid="mm2345")])
        assert store.archived_ids() == {"aa2345", "cc2345", "kk2345", "mm2345"}, f"kill at {kill_at}"
        assert "is sound" in repair(store)
        if out.returncode == 0:
            return
        assert out.returncode == 9, out.stderr
    raise AssertionError("never got through")
