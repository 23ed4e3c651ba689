"""The store's integrity against what a club types and what a computer does (issue 12: 5, 6, 8, 10, 11;
issue 13: 6). Each test fails on the main this work started from."""

import errno
import json
import os
import tempfile

import pytest

from referee import session
from referee.core.errors import BadInput, HalfDone, StoreError, WouldReopen
from referee.store import Store
from referee.store.ids import is_id


@pytest.fixture
def store(db, toy):
    return Store(db)



def snapshot(folder):
    """Every file under ``folder`` with its bytes: proof that a refused command changed nothing."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.endswith(".lock")}


def finished_game(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    session.play(store, t, "keep")
    assert t.archived
    return t


# --- issue 13 item 6: undo across the end needs --reopen ---------------------------------------------------
def test_undo_of_a_finished_game_without_reopen_changes_nothing(store, referee, tmp_path):
    t = finished_game(store)
    before = snapshot(tmp_path)
    code, out, err = referee("undo", t.id)
    assert code == 2 and out == ""
    assert err.startswith(f"referee: Game {t.id} is finished and in the history;") and "--reopen" in err
    assert err.count("\n") == 1 and "Nothing was changed." in err
    assert snapshot(tmp_path) == before


def test_undo_with_reopen_takes_the_game_out_of_the_history_until_it_ends_again(store, referee):
    t = finished_game(store)
    code, out, _ = referee("undo", t.id, "--reopen")
    assert code == 0 and "Took back: keep" in out
    assert store.get_archived(t.id) is None and store.read_live(t.id)["moves"] == ["roll 2"]
    code, out, _ = referee("history", "--json")
    assert t.id not in out
    assert referee("move", t.id, "give")[0] == 0                     # finished again, the other way
    assert store.get_archived(t.id)["result"]["winners"] == ["Bob"] and not store.live_ids()


def test_session_undo_says_when_it_would_reopen(store):
    t = finished_game(store)
    with pytest.raises(WouldReopen) as refused:
        session.undo(store, t, 1)
    assert isinstance(refused.value, BadInput) and refused.value.exit_code == 2
    assert t.archived and t.game.moves == ["roll 2", "keep"] and store.get_archived(t.id) is not None
    session.undo(store, t, 1, reopen=True)
    assert not t.archived and t.game.moves == ["roll 2"]


def test_undo_within_a_game_in_progress_needs_no_reopen(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 3})
    session.play(store, t, "roll 2")
    assert [m.text for m in session.undo(store, t, 1)] == ["roll 2"]


# --- 5: ids never become paths ----------------------------------------------------------------------------
HOSTILE_IDS = ["../other/h.json.live/abcdef", "../../other/h.json.live/abcdef", "../x", "..", ".", "a/b", "a\\b", "ABC\x1b]0;x\x07", "a" * 300,
               "abc def", "ab-", "x.json", "~", "аbc"]      # the last one starts with a Cyrillic а


@pytest.mark.parametrize("gid", HOSTILE_IDS)
@pytest.mark.parametrize("command", [["show"], ["play"], ["moves"], ["move", "+", "roll 1"], ["abandon"],
                                     ["undo"], ["qr"], ["replay"]])
def test_an_id_outside_the_id_alphabet_is_refused_before_any_path(store, referee, tmp_path, gid, command):
    mine = session.create(store, "toy", ["Ann", "Bob"])      # the live folder exists, as in the finding
    other = tmp_path / "other"                               # another store, next to this one
    (other / "h.json.live").mkdir(parents=True)
    (other / "h.json.live" / "abcdef.json").write_bytes(store.live_path(mine.id).read_bytes())
    before = snapshot(tmp_path)
    args = [command[0], gid, *command[2:]] if command[0] == "move" else [*command, gid]
    code, out, err = referee(*args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("referee: ")
    assert "is not a game id" in err or "No game with id" in err or "is a game, not a game id" in err
    assert snapshot(tmp_path) == before


def test_the_id_written_inside_a_game_file_never_becomes_a_path(store, referee, tmp_path):
    t = session.create(store, "toy", ["Ann", "Bob"])
    path = store.live_path(t.id)
    doc = json.loads(path.read_text())
    doc["id"] = "../../escaped"
    path.write_text(json.dumps(doc))
    assert referee("move", t.id, "roll 1")[0] == 0
    assert store.read_live(t.id)["moves"] == ["roll 1"]
    assert not (tmp_path.parent / "escaped.json").exists() and not list(tmp_path.parent.glob("escaped*"))


def test_stray_files_in_the_live_folder_are_not_games_and_repair_names_them(store):
    from referee.club.log.repair import repair

    t = session.create(store, "toy", ["Ann", "Bob"])
    (store.live_dir / "not a game.json").write_text("{}")
    (store.live_dir / "..json").write_text("{}")
    (store.live_dir / "ABC.json").write_bytes(store.live_path(t.id).read_bytes())
    assert store.live_ids() == {t.id}
    said = repair(store)
    assert "is sound" in said and "3 file(s) in" in said and "ABC.json" in said


@pytest.mark.parametrize("text", ["abc234", "i1", "game-7", "a" * 32])
def test_the_id_alphabet(text):
    assert is_id(text)


@pytest.mark.parametrize("text", ["", "-a", "a-", "A", "a" * 33, "a.b", "a b", "é", "a\n", "a/b", None, 5])
def test_not_ids(text):
    assert not is_id(text)


# --- 6: decisions under the lock from what was read under it -------------------------------------------
def test_opening_a_game_never_finishes_it_from_a_copy_read_before_the_lock(store, monkeypatch):
    """Window 1 opens a game whose last move is stored but which never entered the history (a failed archive
    write). Before window 1 takes the lock, window 2 takes that move back (and so the game is in progress
    again). Window 1 must not archive the game from its old copy."""
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    doc = store.read_live(t.id)
    doc["moves"] = ["roll 2", "keep"]                      # finished on disk, still a live file
    store.write_live(doc)

    real_acquire = type(store.lock).acquire
    stretched = {"done": False}

    def acquire(lock, *a, **k):                           # the stretched window: another process acts here
        if not stretched["done"]:
            stretched["done"] = True
            other = Store(store.path)
            d = other.read_live(t.id)
            d["moves"] = ["roll 2"]                        # window 2 took the last move back
            other.write_live(d)
        return real_acquire(lock, *a, **k)

    monkeypatch.setattr(type(store.lock), "acquire", acquire)
    opened = session.open_game(store, t.id)
    monkeypatch.setattr(type(store.lock), "acquire", real_acquire)
    assert stretched["done"]
    assert store.get_archived(t.id) is None and store.read_live(t.id)["moves"] == ["roll 2"]
    assert not opened.archived and opened.game.moves == ["roll 2"]


def test_an_entry_typed_at_one_position_is_never_applied_at_another_with_as_many_moves(store):
    """Same number of moves, another position: window 2 took back 'roll 1' and rolled 2 instead."""
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 5})
    session.play(store, t, "roll 1")
    here = session.open_game(Store(store.path), t.id)
    there = session.open_game(Store(store.path), t.id)
    session.undo(store, there, 1)
    session.play(store, there, "roll 2")
    from referee.core.errors import MovedOn

    with pytest.raises(MovedOn):
        session.enter(store, here, "keep", typed_at=1)
    assert store.read_live(t.id)["moves"] == ["roll 2"] and here.game.moves == ["roll 2"]
    session.enter(store, here, "keep", typed_at=1)       # confirmed at the new position: applied
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep"]


# --- 8: say exactly what was stored -----------------------------------------------------------------------
def test_a_failed_archive_write_after_the_last_move_says_the_move_was_saved(store, referee, monkeypatch):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")

    real = os.replace

    def replace(src, dst, *a, **k):                       # the disk fills up just as the archive is written
        if str(dst) == str(store.path):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(dst))
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    code, out, err = referee("move", t.id, "keep")
    monkeypatch.setattr(os, "replace", real)
    assert code == 2 and "nothing was changed" not in err.lower()
    assert "saved" in err and "could not enter the history" in err
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep"]          # the move is on disk, as said
    code, out, err = referee("show", t.id, "--json")                     # and opening it completes the finish
    assert code == 0 and store.get_archived(t.id) is not None and not store.live_ids()


def test_a_failed_write_of_the_record_before_the_archive_is_a_half_done_finish_completed_later(store, monkeypatch):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    real = Store.remove_live

    def fail(self, gid):
        raise StoreError("Could not remove it (Permission denied); nothing was changed.")

    monkeypatch.setattr(Store, "remove_live", fail)
    with pytest.raises(HalfDone, match=r"The last move of game \w+ is saved, but the game could not enter the "
                                       r"history"):
        session.play(store, t, "keep")
    monkeypatch.setattr(Store, "remove_live", real)
    fresh = Store(store.path)
    session.create(fresh, "toy", ["Cy", "Di"])             # any writer completes it first
    assert fresh.get_archived(t.id) is not None and t.id not in fresh.live_ids()


# --- 10: ordinary faults are one sentence, exit 2, naming the file -------------------------------------
def _raiser(code, filename=None):
    def boom(*a, **k):
        raise OSError(code, os.strerror(code), filename)
    return boom


@pytest.mark.parametrize("code, says", [(errno.EROFS, "read-only"), (errno.EACCES, "permission denied"),
                                        (errno.ENOSPC, "is full"), (errno.EDQUOT, "is full")])
def test_a_store_that_cannot_be_written_is_one_sentence(store, referee, monkeypatch, db, code, says):
    monkeypatch.setattr(tempfile, "mkstemp", _raiser(code, str(db.parent)))
    code_, out, err = referee("record", "toy", "-p", "Ann=3", "-p", "Bob=1")
    assert code_ == 2 and err.count("\n") == 1 and says in err.lower() and str(db.parent) in err
    assert not db.exists()


@pytest.mark.parametrize("code, says", [(errno.ENOLCK, "cannot lock files"), (errno.ENOSPC, "is full"),
                                        (errno.EACCES, "permission denied"), (errno.EISDIR, "is a folder")])
def test_a_lock_that_cannot_be_taken_is_one_sentence(store, referee, monkeypatch, db, code, says):
    lock = store.lock.path
    monkeypatch.setattr(type(store.lock), "acquire", _raiser(code, str(lock)))
    code_, out, err = referee("new", "toy", "-p", "Ann", "-p", "Bob", "--json")
    assert code_ == 2 and err.count("\n") == 1 and says in err.lower() and str(lock) in err
    assert out == ""


def test_a_store_that_may_not_be_read_is_one_sentence(store, referee, monkeypatch, db):
    finished_game(store)
    import os

    real = os.open

    def refusing_open(path, *args, **kw):    # every store file is opened so (atomic.read_regular)
        if os.fspath(path) == str(db):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **kw)

    monkeypatch.setattr(os, "open", refusing_open)
    code, out, err = referee("history")
    assert code == 2 and "permission denied" in err.lower() and str(db) in err and err.count("\n") == 1


def test_a_lock_that_is_a_folder(store, referee, db):
    store.lock.path.mkdir(parents=True)
    code, out, err = referee("new", "toy", "-p", "Ann", "-p", "Bob")
    assert code == 2 and err.count("\n") == 1 and str(store.lock.path) in err and "folder" in err


def test_a_store_whose_parent_is_a_file(toy, referee, tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    db = tmp_path / "notes.txt" / "history.json"
    code, out, err = referee("--db", db, "record", "toy", "-p", "Ann=3", "-p", "Bob=1")
    assert code == 2 and err.count("\n") == 1 and "notes.txt" in err and "is a file where a folder" in err


def test_a_store_name_too_long_for_the_file_system(toy, referee, tmp_path):
    db = tmp_path / ("h" * 300 + ".json")
    code, out, err = referee("--db", db, "record", "toy", "-p", "Ann=3", "-p", "Bob=1")
    assert code == 2 and err.count("\n") == 1 and "too long" in err


def test_a_game_id_longer_than_a_file_name_may_be(store, referee):
    session.create(store, "toy", ["Ann", "Bob"])
    code, out, err = referee("show", "a" * 300)
    assert code == 2 and "is not a game id" in err and err.count("\n") == 1


# --- 11: export onto the store, Ctrl-C ---------------------------------------------------------------------
@pytest.mark.parametrize("which", ["path", "backup_path", "journal", "live"])
def test_export_onto_the_stores_own_files_is_refused(store, referee, which, tmp_path):
    finished_game(store)
    finished_game(store)
    t = session.create(store, "toy", ["Ann", "Bob"])
    target = {"path": store.path, "backup_path": store.backup_path,
              "journal": store.path.with_name(store.path.name + ".journal"),
              "live": store.live_path(t.id)}[which]
    before = snapshot(tmp_path)
    code, out, err = referee("export", target)
    assert code == 2 and "history store itself" in err and err.count("\n") == 1
    assert snapshot(tmp_path) == before


def test_export_onto_a_link_to_the_store_is_refused(store, referee, tmp_path):
    finished_game(store)
    link = tmp_path / "club.json"
    link.symlink_to(store.path)
    before = store.path.read_bytes()
    code, out, err = referee("export", link)
    assert code == 2 and "history store itself" in err and store.path.read_bytes() == before


def test_ctrl_c_exits_130_with_a_sentence_saying_what_was_saved(store, referee, monkeypatch):
    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(session, "create", interrupted)
    code, out, err = referee("new", "toy", "-p", "Ann", "-p", "Bob")
    assert code == 130 and "Aborted" not in err and "Interrupted" in err and "saved" in err


# --- 9: repair handles any JSON shape ----------------------------------------------------------------------
def _replace_one_game(store, gid, value):
    """Put ``value`` where game ``gid`` is stored, in its shard (a hand edit: the shard's summary goes stale)."""
    for shard in store.shards_dir.glob("*.json"):
        if shard.name.endswith(".sum.json"):
            continue
        raw = json.loads(shard.read_text())
        key = next((k for k, d in raw["games"].items() if isinstance(d, dict) and d.get("id") == gid), None)
        if key is not None:
            raw["games"][key] = value
            shard.write_text(json.dumps(raw))
            return
    raise AssertionError(f"game {gid} is in no shard")


@pytest.mark.parametrize("value", ["a string", 7, None, [1, 2], {"id": ["x"]}, {"id": "abc234", "players": 5}])
def test_a_game_replaced_by_any_json_is_named_and_set_aside_and_the_rest_kept(store, referee, tmp_path, value):
    kept = finished_game(store)
    broken = finished_game(store)
    _replace_one_game(store, broken.id, value)
    for args in (["history"], ["stats"], ["repair"], ["export", "-"]):
        code, out, err = referee(*args)
        assert code == 2 and err.count("\n") == 1 and "damaged" in err and "--set-aside" in err, (args, err)
    # `show` reads the one shard its game is in, and only that shard's games matter to it (two random ids
    # share a shard about once in 124 tries: then the damaged neighbour is named there too)
    from referee.store.shards import shard_key

    same_shard = shard_key(kept.id) == shard_key(broken.id)
    assert referee("show", kept.id)[0] == (2 if same_shard else 0)
    code, out, err = referee("repair", "--set-aside")
    assert code == 0 and "Set aside 1 damaged finished game(s)" in out
    assert [d["id"] for d in store.archived()] == [kept.id]
    aside = json.loads(next(tmp_path.glob("history.json.games.damaged-*")).read_text())
    assert aside["games"][0] == value or aside["games"][0]["players"] == 5
    assert referee("history")[0] == 0 and referee("stats")[0] == 0
    # The tracked game's move record survives it: the plain check enters it again, re-scored from its moves.
    code, out, err = referee("repair")
    assert code == 0 and "is sound: 2 finished games" in out and f"move records ({broken.id})" in out
    assert store.get_archived(broken.id)["result"] == store.get_archived(kept.id)["result"]


def test_a_game_file_whose_moves_is_a_number(store, referee):
    t = session.create(store, "toy", ["Ann", "Bob"])
    path = store.live_path(t.id)
    doc = json.loads(path.read_text())
    doc["moves"] = 5
    path.write_text(json.dumps(doc))
    for args in (["show", t.id], ["play", t.id], ["moves", t.id], ["repair"], ["history", "--unfinished"]):
        code, out, err = referee(*args)
        assert code in (0, 2) and (code == 0 or (err.count("\n") == 1 and "--set-aside" in err)), (args, err)
    code, out, err = referee("repair", "--set-aside")
    assert code == 0 and f"Set aside 1 damaged game(s) in progress ({t.id})" in out
    assert not store.live_ids()


def test_restore_never_leaves_the_store_missing_or_torn(store, referee, monkeypatch):
    finished_game(store)
    finished_game(store)                                    # the backup now holds the first game
    store.path.write_text("{ torn")
    real = os.replace
    seen = []

    def replace(src, dst, *a, **k):                         # at the instant the restore lands, look at the store
        if str(dst) == str(store.path):
            seen.append(store.path.read_bytes())
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    code, out, err = referee("repair", "--restore")
    assert code == 0 and "Restored" in out and seen[0] == b"{ torn"     # old file in place until replaced whole
    assert len(store.archived()) >= 1


# --- 7: an import is all or nothing, even killed -----------------------------------------------------------
def _export_with_records(store, referee, tmp_path):
    finished_game(store)
    finished_game(store)
    playing = session.create(store, "toy", ["Cy", "Di"])
    path = tmp_path / "club.json"
    assert referee("export", path)[0] == 0
    return path, playing


def test_a_failed_import_keeps_nothing_of_it(store, referee, tmp_path, monkeypatch):
    path, playing = _export_with_records(store, referee, tmp_path)
    other = Store(tmp_path / "other.json")
    before = snapshot(tmp_path)

    def full(self, docs):
        raise StoreError(f"Could not write {self.path} (No space left on device); nothing was changed.")

    monkeypatch.setattr(Store, "add_archived", full)
    code, out, err = referee("--db", other.path, "import", path)
    assert code == 2 and "Nothing was imported" in err and err.count("\n") == 1
    after = snapshot(tmp_path)
    assert after == before                                    # no game in progress, no record left behind


def test_ctrl_c_while_the_command_line_is_still_being_imported(tmp_path):
    """The first tens of milliseconds: a KeyboardInterrupt while referee.cli (click...) is imported."""
    import subprocess
    import sys

    script = ("import builtins, sys\n"
              "real = builtins.__import__\n"
              "def imp(name, *a, **k):\n"
              "    if name == 'click':\n"
              "        raise KeyboardInterrupt\n"
              "    return real(name, *a, **k)\n"
              "builtins.__import__ = imp\n"
              "sys.argv = ['referee', 'history']\n"
              "from referee._start import run\n"
              "run()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "REFEREE_DB": str(tmp_path / "h.json")})
    assert done.returncode == 130 and "Traceback" not in done.stderr
    assert done.stderr.strip() == "referee: Interrupted before anything was done; nothing was changed."


def test_ctrl_c_at_the_table_exits_130_not_aborted(store, tmp_path):
    """A real SIGINT to `referee play` waiting for the next line: exit 130 and a sentence, not 'Aborted!'
    with exit 1 (a rule says no), never a traceback; the moves entered before it are on disk."""
    import signal
    import subprocess
    import sys
    import time

    t = session.create(store, "toy", ["Ann", "Bob"])
    script = (f"import sys\nsys.path.insert(0, {os.getcwd()!r})\nfrom tests.core.toy import install\ninstall()\n"
              f"sys.argv = ['referee', 'play', {t.id!r}]\nfrom referee._start import run\nrun()\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "REFEREE_DB": str(store.path)})
    child.stdin.write("roll 2\n")
    child.stdin.flush()
    deadline = time.monotonic() + 30
    while (store.read_live(t.id) or {}).get("moves") != ["roll 2"] and time.monotonic() < deadline:
        time.sleep(0.02)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130, (child.returncode, err)
    assert "Traceback" not in err and "Aborted" not in err and "Interrupted" in err and "saved" in err
    assert store.read_live(t.id)["moves"] == ["roll 2"]


def test_a_change_cut_short_that_a_damaged_game_blocks_is_completed_by_repair_set_aside(store, referee):
    """A finish cut short (its journal waits) while another game in the history is damaged: every command
    says so in one sentence; `repair --set-aside` moves the damaged game out and then completes the finish.
    (The damaged game is in the shard the finish writes: one in another shard does not block it.)"""
    from referee.store import journal

    finished_game(store)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    (other_id,) = store.add_archived([{"id": t.id[:2] + "zzzz", "game": "toy", "players": ["Cy", "Di"],
                                       "source": "recorded", "result": None}])
    real = Store.add_archived

    def killed(self, docs):                       # the process dies as the game would enter the history
        raise KeyboardInterrupt

    Store.add_archived = killed
    try:
        with pytest.raises(KeyboardInterrupt):
            session.play(store, t, "keep")
    finally:
        Store.add_archived = real
    journal.under_way = None
    assert journal.pending(store)["op"] == "finish"
    _replace_one_game(store, other_id, "not a game")
    for args in (["history"], ["show", t.id], ["repair"]):
        code, out, err = referee(*args)
        assert code == 2 and err.count("\n") == 1 and "--set-aside" in err, (args, err)
    code, out, err = referee("repair", "--set-aside")
    assert code == 0 and "Set aside 1 damaged finished game(s)" in out and f"Game {t.id} had finished" in out
    assert journal.pending(store) is None and t.id not in store.live_ids()
    assert store.get_archived(t.id)["result"]["winners"] == ["Ann"]


def test_ctrl_c_in_the_middle_of_a_finish_says_the_next_command_completes_it(store, referee, monkeypatch):
    from referee.store import journal

    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    real = Store.remove_live

    def interrupted(self, gid):
        raise KeyboardInterrupt

    monkeypatch.setattr(Store, "remove_live", interrupted)
    code, out, err = referee("move", t.id, "keep")
    monkeypatch.setattr(Store, "remove_live", real)
    monkeypatch.setattr(journal, "under_way", None)
    assert code == 130 and "Interrupted in the middle of a change to the history" in err
    assert "the next referee command completes it" in err
    code, out, err = referee("history", "--json")             # the next command, a reader, completes it
    assert code == 0 and f"Game {t.id} had finished" in err and t.id in out
    assert t.id not in store.live_ids() and journal.pending(store) is None


@pytest.mark.parametrize("writer", ["new", "record", "move", "undo", "abandon", "import", "repair-set-aside"])
def test_every_writer_on_a_read_only_store_is_one_sentence(store, referee, monkeypatch, db, tmp_path, writer):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 5})
    session.play(store, t, "roll 1")
    if writer == "repair-set-aside":
        broken = finished_game(store)
        _replace_one_game(store, broken.id, "not a game")  # so that repair --set-aside has something to write
    export = tmp_path / "in.json"
    export.write_text(json.dumps({"format": "referee-history", "version": 1, "games": [
        {"schema_version": 1, "id": "abc234", "game": "toy", "players": ["Cy", "Di"], "source": "recorded",
         "date": "2024-05-01", "has_record": False, "result": {"game": "toy", "winners": ["Cy"], "ranking": [
             {"player": "Cy", "total": 5, "rank": 1, "breakdown": {"points": 5}, "tiebreak": None},
             {"player": "Di", "total": 3, "rank": 2, "breakdown": {"points": 3}, "tiebreak": None}]}}]}))
    args = {"new": ["new", "toy", "-p", "Ann", "-p", "Bob", "--json"],
            "record": ["record", "toy", "-p", "Ann=3", "-p", "Bob=1"], "move": ["move", t.id, "keep"],
            "undo": ["undo", t.id], "abandon": ["abandon", t.id], "import": ["import", export],
            "repair-set-aside": ["repair", "--set-aside"]}[writer]
    before = snapshot(tmp_path)
    real = os.replace

    def read_only(src, dst, *a, **k):                  # the disk turned read-only under referee
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(dst))

    monkeypatch.setattr(tempfile, "mkstemp", _raiser(errno.EROFS, str(db.parent)))
    monkeypatch.setattr(os, "replace", read_only)
    # a move appends its line to the game's file (no temp file, no rename): the append meets the disk too
    monkeypatch.setattr("referee.store.files.append_line", _raiser(errno.EROFS, str(store.live_path(t.id))))
    code, out, err = referee(*args)
    monkeypatch.setattr(os, "replace", real)
    assert code == 2 and err.count("\n") == 1 and "read-only" in err and str(db.parent) in err, err
    assert snapshot(tmp_path) == before


def test_a_disk_that_turns_read_only_after_the_last_move_says_the_move_was_saved(store, referee, monkeypatch):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2")
    real = tempfile.mkstemp
    calls = []

    def mkstemp(*a, **k):                  # the move's file is written; the next file (the record) is not
        calls.append(1)
        if len(calls) > 1:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), k.get("dir"))
        return real(*a, **k)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    code, out, err = referee("move", t.id, "keep")
    monkeypatch.setattr(tempfile, "mkstemp", real)
    assert code == 2 and err.count("\n") == 1 and "The move was saved, but game" in err
    assert "nothing was changed" not in err.lower()
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep"]
