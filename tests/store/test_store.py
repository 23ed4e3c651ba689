"""The history store: every acknowledged move on disk, atomic writes, one writer, corruption handled."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from referee import session
from referee.core.errors import BadInput, IllegalMove, StoreError
from referee.store import Store
from referee.store.ids import ALPHABET, LENGTH
from referee.club.log.repair import repair


@pytest.fixture
def store(db, toy):
    return Store(db)


def test_each_move_is_on_disk_before_play_returns(store):
    t = session.create(store, "toy", ["Ann", "Bob"])
    session.play(store, t, "roll 2")
    assert store.read_live(t.id)["moves"] == ["roll 2"]
    session.play(store, t, "keep")
    again = session.open_game(Store(store.path), t.id)
    assert again.game.moves == ["roll 2", "keep"] and again.game.view() == t.game.view()


def test_refused_move_changes_nothing_on_disk(store):
    t = session.create(store, "toy", ["Ann", "Bob"])
    before = store.live_path(t.id).read_bytes()
    with pytest.raises(IllegalMove):
        session.play(store, t, "roll 9")
    assert store.live_path(t.id).read_bytes() == before


def test_finished_game_is_archived_with_result_and_record(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 3}, location="Club")
    session.play(store, t, "roll 3")
    session.play(store, t, "keep")
    assert not store.live_path(t.id).exists()
    doc = store.get_archived(t.id)
    assert doc["schema_version"] == 1 and doc["source"] == "tracked" and doc["location"] == "Club"
    assert doc["result"]["winners"] == ["Ann"]
    assert "2. keep" in store.read_record(t.id)
    # undo reopens it: back to a live game, out of the archive
    t2 = session.open_game(store, t.id)
    session.undo(store, t2, 1, reopen=True)
    assert store.get_archived(t.id) is None and store.read_live(t.id)["moves"] == ["roll 3"]


def test_every_document_carries_schema_version(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 1})
    session.play(store, t, "roll 1"); session.play(store, t, "keep")
    # Layout 2 (adjusted from the single file): history.json holds the store's own schema, the shards the games.
    root = json.loads(store.path.read_text())
    assert [m["schema_version"] for m in root["_meta"].values()] == [2]
    docs = [d for shard in store.shards_dir.glob("*.json") if not shard.name.endswith(".sum.json")
            for table in json.loads(shard.read_text()).values() for d in table.values()]
    assert docs and all(d["schema_version"] == 1 for d in docs)


def test_ids_are_short_stable_and_never_reused(store):
    ids = set()
    for _ in range(5):
        t = session.create(store, "toy", ["Ann", "Bob"], {"target": 1})
        session.play(store, t, "roll 1"); session.play(store, t, "keep")
        ids.add(t.id)
    assert len(ids) == 5 and all(len(i) == LENGTH and set(i) <= set(ALPHABET) for i in ids)
    victim = sorted(ids)[0]
    store.remove_archived(victim)
    assert store.archived_ids() == ids - {victim}
    t = session.create(store, "toy", ["Ann", "Bob"])
    assert t.id not in ids  # TinyDB would reuse a doc id here; ours are never reused


def test_id_prefixes(store):
    t = session.create(store, "toy", ["Ann", "Bob"])
    assert store.resolve(t.id[:3]) == (t.id, "live")
    with pytest.raises(BadInput, match="No game with id"):
        store.resolve("zzzzzzzz")


def test_a_move_does_not_rewrite_the_archive(store):
    store.add_archived([{"game": "toy", "players": ["A", "B"], "source": "recorded", "result": None}
                        for _ in range(50)])
    stat = store.path.stat()
    t = session.create(store, "toy", ["Ann", "Bob"])
    for text in ["roll 1", "keep", "roll 2", "give"]:
        session.play(store, t, text)
    after = store.path.stat()
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (stat.st_ino, stat.st_mtime_ns, stat.st_size)


def test_crash_during_write_leaves_the_old_file(store, monkeypatch):
    store.add_archived([{"game": "toy", "players": ["A", "B"], "source": "recorded", "result": None}])
    before = store.path.read_bytes()

    def boom(*a, **k):
        raise OSError("disk pulled")

    games = store.archived()
    monkeypatch.setattr(os, "replace", boom)
    # Layout 2 (adjusted): the write that fails is the game's shard, history.json.d/<first letter>.json.
    with pytest.raises(StoreError, match=r"Could not write .*history\.json\.d/\w+\.json \(disk pulled\); nothing "
                                         r"was changed"):
        store.add_archived([{"game": "toy", "players": ["C", "D"], "source": "recorded", "result": None}])
    monkeypatch.undo()
    assert store.path.read_bytes() == before and store.archived() == games
    assert not [p for p in store.path.parent.rglob("*") if p.name.endswith(".tmp")]


def test_killed_writer_never_tears_the_file(store, tmp_path):
    """A child rewriting the archive in a loop is SIGKILLed; the file always parses afterwards."""
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {os.getcwd()!r})
        from referee.store import Store
        s = Store({str(store.path)!r})
        i = 0
        while True:
            s.add_archived([{{"game": "toy", "players": ["A", "B"], "notes": "x" * 2000, "n": i}}])
            i += 1
            if i == 3:
                print("ready", flush=True)
    """)
    for trial in range(3):
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        assert child.stdout.readline().strip() == b"ready"
        import time
        time.sleep(0.05 * (trial + 1))
        child.kill()
        child.wait()
        docs = Store(store.path).archived()  # must parse, never torn
        assert len(docs) >= 3


def test_second_writer_waits_then_names_the_holder(store):
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            sys.path.insert(0, {os.getcwd()!r})
            sys.argv = ["referee", "move", "abc123"]
            from referee.store import Store
            s = Store({str(store.path)!r})
            s.lock.acquire()
            print("locked", flush=True)
            time.sleep(5)
        """)], stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == b"locked"
        with pytest.raises(StoreError, match=rf"busy: process {holder.pid} \(referee move abc123\)"):
            session.create(store, "toy", ["Ann", "Bob"])
    finally:
        holder.kill(); holder.wait()
    session.create(store, "toy", ["Ann", "Bob"])  # free again once the holder is gone


def test_corrupt_store_is_reported_and_never_overwritten(store):
    store.add_archived([{"game": "toy", "players": ["A", "B"], "source": "recorded"}])
    store.add_archived([{"game": "toy", "players": ["C", "D"], "source": "recorded"}])
    store.path.write_text('{"games": {"1": {"id": "abc"')  # torn by something outside our control
    damaged = store.path.read_bytes()
    with pytest.raises(StoreError, match=r"history\.json is not valid JSON.*referee repair --restore"):
        store.archived()
    with pytest.raises(StoreError):
        store.add_archived([{"game": "toy", "players": ["E", "F"]}])
    assert store.path.read_bytes() == damaged
    with pytest.raises(StoreError):
        repair(store)
    message = repair(store, restore=True)
    # Layout 2 (adjusted): history.json is only the store's root; the games are in the shards, so none is lost.
    assert "Restored" in message and len(store.archived()) == 2
    kept = [p for p in store.path.parent.iterdir() if ".damaged-" in p.name]
    assert kept and kept[0].read_bytes() == damaged


def test_reset_without_backup(store):
    store.path.write_text("garbage")
    with pytest.raises(StoreError, match="no backup: `referee repair --reset`"):
        store.archived()
    assert "empty history" in repair(store, reset=True)
    assert store.archived() == []


def test_newer_schema_is_refused_and_left_alone(store):
    store.path.write_text(json.dumps({"_meta": {"1": {"schema_version": 99}}, "games": {}}))
    before = store.path.read_bytes()
    with pytest.raises(StoreError, match="newer referee"):
        store.add_archived([{"game": "toy", "players": ["A", "B"]}])
    assert store.path.read_bytes() == before


def test_damaged_live_file_is_named(store):
    t = session.create(store, "toy", ["Ann", "Bob"])
    store.live_path(t.id).write_text("{oops")
    with pytest.raises(StoreError, match=rf"{t.id}\.json is damaged"):
        session.open_game(store, t.id)


def test_other_process_changed_the_game(store):
    t1 = session.create(store, "toy", ["Ann", "Bob"])
    t2 = session.open_game(Store(store.path), t1.id)
    session.play(store, t1, "roll 2")
    session.play(store, t2, "keep")  # t2 is behind: it reloads the disk version first
    assert t2.notices and store.read_live(t1.id)["moves"] == ["roll 2", "keep"]


def test_files_honour_the_umask_and_keep_their_mode(store):
    old = os.umask(0o022)
    try:
        t = session.create(store, "toy", ["Ann", "Bob"])
        assert store.live_path(t.id).stat().st_mode & 0o777 == 0o644
        os.chmod(store.live_path(t.id), 0o600)
        session.play(store, t, "roll 1")
        assert store.live_path(t.id).stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)


def test_batch_archive_keeps_order_and_the_last_copy_of_an_id(store):
    store.add_archived([{"id": "aaaaaa", "game": "toy", "players": ["A", "B"], "notes": "old"}])
    ids = store.add_archived([{"game": "toy", "players": ["C", "D"]} for _ in range(200)]
                             + [{"id": "aaaaaa", "game": "toy", "players": ["A", "B"], "notes": "new"},
                                {"id": "bbbbbb", "game": "toy", "players": ["E", "F"], "notes": "1"},
                                {"id": "bbbbbb", "game": "toy", "players": ["E", "F"], "notes": "2"}])
    docs = store.archived()
    assert len(ids) == 203 and len(docs) == 202 and len({d["id"] for d in docs}) == 202
    by_id = {d["id"]: d for d in docs}
    assert by_id["aaaaaa"]["notes"] == "new" and by_id["bbbbbb"]["notes"] == "2"


def test_repair_finds_and_sets_aside_damaged_games_in_progress(store):
    good = session.create(store, "toy", ["Ann", "Bob"])
    torn = session.create(store, "toy", ["Cal", "Dan"])
    stale = session.create(store, "toy", ["Eve", "Fay"])
    store.live_path(torn.id).write_text('{"id":')
    doc = store.read_live(stale.id)
    doc["moves"] = ["keep"]  # no longer replays
    store.live_path(stale.id).write_text(json.dumps(doc))
    with pytest.raises(StoreError, match=rf"2 of 3 games in progress cannot be opened.*{stale.id}: .*move 1 "
                                         rf"\(keep\) is refused.*--set-aside"):
        repair(store)
    assert "Set aside 2" in repair(store, set_aside=True)
    assert store.live_ids() == {good.id}
    assert len([p for p in store.live_dir.iterdir() if ".damaged-" in p.name]) == 2
    assert "is sound: 0 finished games, 1 in progress" in repair(store)


def test_repair_never_overwrites_a_kept_damaged_file(store):
    for i in range(3):
        store.path.write_text(f"garbage {i}")
        repair(store, reset=True)
    kept = sorted(p.read_text() for p in store.path.parent.iterdir() if ".damaged-" in p.name)
    assert kept == ["garbage 0", "garbage 1", "garbage 2"]


def test_restore_reenters_games_finished_after_the_backup_from_their_records(store):
    first = session.create(store, "toy", ["Ann", "Bob"], {"target": 1}, location="Club")
    session.play(store, first, "roll 1"); session.play(store, first, "keep")
    last = session.create(store, "toy", ["Cal", "Dan"], {"target": 1}, location="Pub")
    session.play(store, last, "roll 1"); session.play(store, last, "keep")
    # Layout 2 (adjusted): a torn history.json loses no game (they are in the shards) ...
    store.path.write_bytes(store.path.read_bytes()[:40])
    assert "Restored" in repair(store, restore=True) and len(store.archived()) == 2
    # ... and a game its shard lost (the shard put back from before it) comes back from its move record.
    from referee.store.shards import shard_key
    shard = store.shards_dir / f"{shard_key(last.id)}.json"
    kept = [d for d in store.archived() if shard_key(d["id"]) == shard_key(last.id) and d["id"] != last.id]
    shard.write_text(json.dumps({"games": {str(i + 1): d for i, d in enumerate(kept)}}))
    message = repair(store)
    assert f"again from their move records ({last.id})" in message
    docs = {d["id"]: d for d in store.archived()}
    assert set(docs) == {first.id, last.id}
    assert docs[last.id]["result"]["winners"] == ["Cal"] and docs[last.id]["location"] == "Pub"
    assert docs[last.id]["source"] == "tracked" and docs[last.id]["has_record"]
    assert session.open_game(store, last.id).game.finished
    assert "again" not in repair(store)    # nothing left to re-enter, nothing entered twice
    assert len(store.archived()) == 2


def test_reset_and_check_reenter_tracked_games_from_their_records(store):
    done = session.create(store, "toy", ["Ann", "Bob"], {"target": 1})
    session.play(store, done, "roll 1"); session.play(store, done, "keep")
    playing = session.create(store, "toy", ["Eve", "Fay"], {"target": 5})
    session.play(store, playing, "roll 1")
    store.path.write_text("garbage")
    store.backup_path.unlink(missing_ok=True)
    message = repair(store, reset=True)
    # Layout 2 (adjusted): history.json is only the root; a new one keeps the finished games in the shards
    assert "the finished games in" in message and "are kept" in message, message
    assert [d["id"] for d in store.archived()] == [done.id] and store.live_ids() == {playing.id}
    store.remove_archived(done.id)             # a sound store that lost one: the plain check re-enters it
    assert f"1 finished games, 1 in progress. Entered 1 finished game(s) again" in repair(store)


def test_finished_in_another_window_continues_from_the_result(store):
    here = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    there = session.open_game(Store(store.path), here.id)
    session.play(store, there, "roll 2"); session.play(store, there, "keep")
    with pytest.raises(IllegalMove, match="finished in another window"):
        session.play(store, here, "roll 1")
    assert here.archived and here.game.finished and here.game.moves == ["roll 2", "keep"]
    with pytest.raises(IllegalMove, match="is over"):      # no longer refused for a stale position
        session.play(store, here, "roll 1")
    session.undo(store, here, 1, reopen=True)               # and undo reopens it, as for a game ended here
    assert store.read_live(here.id)["moves"] == ["roll 2"] and store.get_archived(here.id) is None


@pytest.mark.parametrize("finish_again", [False, True])
def test_undo_after_the_end_never_overwrites_another_windows_reopening(store, finish_again):
    here = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, here, "roll 2"); session.play(store, here, "keep")     # Ann wins, here
    there = session.open_game(Store(store.path), here.id)
    session.undo(store, there, 1, reopen=True)              # reopened there ...
    if finish_again:
        session.play(store, there, "give")                  # ... and finished the other way: Bob wins
    before = (store.read_live(here.id), store.get_archived(here.id))
    with pytest.raises(IllegalMove, match="changed in another window"):
        session.undo(store, here, 1, reopen=True)
    assert (store.read_live(here.id), store.get_archived(here.id)) == before
    assert here.game.moves == there.game.moves and here.notices


def test_a_game_name_given_for_an_id_names_its_games_in_progress(store):
    with pytest.raises(BadInput, match=r"^'toy' is a game, not a game id; no toy game is in progress "
                                       r"\(`referee new toy -p NAME -p NAME` starts one\); `referee history "
                                       r"--game toy` lists the finished ones\.$"):
        store.resolve("toy")
    t = session.create(store, "toy", ["Ann", "Bob"])
    with pytest.raises(BadInput, match=rf"^'Toy' is a game, not a game id; its game in progress is {t.id};"):
        store.resolve("Toy")
    with pytest.raises(BadInput, match=r"^No game with id 'chess'"):
        store.resolve("chess")


def test_hand_edited_finished_games_are_named_set_aside_and_can_come_back(store, tmp_path):
    from click.testing import CliRunner

    from referee.cli import cli

    done = session.create(store, "toy", ["Ann", "Bob"], {"target": 1})
    session.play(store, done, "roll 1"); session.play(store, done, "keep")
    run = lambda *a: CliRunner().invoke(cli, ["--db", str(store.path), *a])
    assert run("record", "toy", "-p", "Cal=3", "-p", "Dan=4").exit_code == 0
    recorded = next(d for d in store.archived() if d["source"] == "recorded")
    from referee.store.shards import shard_key
    shard = store.shards_dir / f"{shard_key(recorded['id'])}.json"          # layout 2 (adjusted): its shard
    raw = json.loads(shard.read_text())
    edited = next(d for d in raw["games"].values() if d["source"] == "recorded")
    edited["result"]["ranking"][0]["total"] = "4 points"           # a score typed by hand into the file
    shard.write_text(json.dumps(raw))
    r = run("stats")
    assert r.exit_code == 2 and f"Game {edited['id']} in the history store" in r.stderr
    assert "is not a number); `referee repair --set-aside` moves it out of the history" in r.stderr
    with pytest.raises(StoreError, match=rf"1 of 2 finished games in the history are damaged \(game "
                                         rf"{edited['id']}: a damaged result: the total of Dan is not a number"):
        repair(store)
    message = repair(store, set_aside=True)
    assert f"Set aside 1 damaged finished game(s) ({edited['id']})" in message
    assert [d["id"] for d in store.archived()] == [done.id] and "is sound" in repair(store)
    assert run("stats").exit_code == 0
    kept = next(p for p in tmp_path.rglob("*.games.damaged-*"))
    fixed = json.loads(kept.read_text())
    fixed["games"][0]["result"]["ranking"][0]["total"] = 4
    kept.write_text(json.dumps(fixed))
    assert run("import", "--format", "json", str(kept)).exit_code == 0
    assert len(store.archived()) == 2 and "is sound: 2 finished games" in repair(store)


def test_a_game_file_that_no_longer_replays_says_how_to_go_on(store):
    t = session.create(store, "toy", ["Ann", "Bob"])
    doc = store.read_live(t.id)
    doc["moves"] = ["keep"]
    store.live_path(t.id).write_text(json.dumps(doc))
    with pytest.raises(StoreError, match=r"move 1 \(keep\) is refused .* Nothing was changed; `referee repair "
                                         r"--set-aside` moves it aside to go on with the other games\.$"):
        session.open_game(store, t.id)
