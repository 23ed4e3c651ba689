"""`referee sync` between laptops (contracts §7), through the CLI as a club uses it: each laptop its own
history and settings, one folder their file sync shares (here one folder on one disk: a sync engine that has
delivered everything; tests/sync/test_reconcile.py delivers late, torn and twice)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

RUN = [sys.executable, "-m", "referee"]


class Laptop:
    def __init__(self, root, name, folder):
        self.dir = root / name
        self.dir.mkdir()
        self.env = dict(os.environ, REFEREE_DB=str(self.dir / "history.json"),
                        REFEREE_CONFIG=str(self.dir / "settings.toml"), REFEREE_LANG="en")
        if folder is not None:
            self("config", "sync-folder", str(folder))

    def __call__(self, *args, code=0, lang="en"):
        env = dict(self.env, REFEREE_LANG=lang)
        done = subprocess.run(RUN + list(args), env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == code, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        return done

    def plays(self):
        return {g["id"]: g for g in json.loads(self("history", "--json").stdout)}

    def export(self):
        out = self.dir / f"export{len(list(self.dir.glob('export*.json')))}.json"
        self("export", str(out))
        data = json.loads(out.read_text(encoding="utf-8"))
        data.pop("exported_at", None)
        return data


@pytest.fixture
def club(tmp_path):
    folder = tmp_path / "Sync"
    folder.mkdir()
    return folder, [Laptop(tmp_path, name, folder) for name in ("petr", "jana", "ota")]


def sync_all(laptops, rounds=2):
    for _ in range(rounds):
        for laptop in laptops:
            laptop("sync")


def test_plays_corrections_and_renames_reach_every_laptop(club):
    folder, (petr, jana, ota) = club
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-20")
    jana("record", "puerto-rico", "-p", "Eva=40", "-p", "Jan=38", "-p", "Bob=30", "--date", "2026-11-21")
    sync_all([petr, jana, ota])
    ids = sorted(petr.plays())
    assert len(ids) == 2 and sorted(jana.plays()) == ids == sorted(ota.plays())
    pr = next(i for i, g in petr.plays().items() if g["game"] == "port-royal")
    jana("edit", pr, "--notes", "Bob forgot a tax")
    petr("players", "rename", "Bob", "Bob K.")
    ota("record", "port-royal", "-p", "Bob=20", "-p", "Eva=10", "--date", "2026-11-22")   # before the rename came
    sync_all([petr, jana, ota])
    for laptop in (petr, jana, ota):
        plays = laptop.plays()
        assert len(plays) == 3
        names = {n for g in plays.values() for n in g["players"]}
        assert "Bob" not in names and "Bob K." in names, laptop.dir
    assert petr.export() == jana.export() == ota.export()
    jana("delete", pr)
    sync_all([petr, jana, ota])
    for laptop in (petr, jana, ota):
        assert pr not in laptop.plays()
        assert pr in laptop("trash").stdout
    ota("restore", pr)
    sync_all([petr, jana, ota])
    assert all(pr in laptop.plays() for laptop in (petr, jana, ota))
    assert petr.export() == jana.export() == ota.export()


def test_a_tracked_game_travels_with_its_moves(club):
    from tests.playout import random_playout

    folder, (petr, jana, _ota) = club
    gid = json.loads(petr("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    sync_all([petr, jana])
    assert gid not in jana.plays()                      # a game in progress stays on its laptop
    moves = random_playout("port-royal", ["Ann", "Bob"], seed=7).moves
    done = subprocess.run(RUN + ["play", gid], env=petr.env, input="\n".join(moves) + "\n", capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    petr("players", "rename", "Ann", "Anna")
    sync_all([petr, jana])
    assert gid in jana.plays()
    assert jana("moves", gid).stdout == petr("moves", gid).stdout
    assert "Anna" in jana("show", gid).stdout
    assert petr.export() == jana.export()


def test_junk_conflict_copies_and_a_cut_short_file_in_the_folder(club):
    folder, (petr, jana, _ota) = club
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9")
    petr("sync")
    device_dir = next((folder / "devices").iterdir())
    segment = next(p for p in device_dir.iterdir() if p.suffix == ".jsonl")
    stem = segment.name[: -len(".jsonl")]
    (device_dir / f"{stem}.sync-conflict-20261128-101010-ABCDEFG.jsonl").write_bytes(segment.read_bytes())
    (device_dir / f"{stem} (Jana's conflicted copy 2026-11-28).jsonl").write_bytes(segment.read_bytes())
    (device_dir / "desktop.ini").write_text("[.ShellClassInfo]")
    (device_dir / ".DS_Store").write_bytes(b"\x00\x01")
    (device_dir / ".syncthing.00000009-aa.jsonl.tmp").write_bytes(b"half")
    (device_dir / "00000009-deadbeef.jsonl").write_text('{"id": "x", "dev": "y", "kind": "play.put"')  # cut short
    report = json.loads(jana("sync", "--json").stdout)
    assert len(jana.plays()) == 1
    assert [w["path"].endswith("00000009-deadbeef.jsonl") for w in report["waiting"]] == [True]
    said = jana("sync").stdout
    assert "00000009-deadbeef.jsonl" in said and "next sync" in said
    assert len(jana.plays()) == 1


def test_without_a_folder_and_with_the_history_inside_it(tmp_path):
    alone = Laptop(tmp_path, "alone", None)
    said = alone("sync", code=2).stderr
    assert "sync-folder" in said and "Traceback" not in said
    inside = Laptop(tmp_path, "inside", None)
    inside("config", "sync-folder", str(inside.dir))
    said = inside("sync", code=2).stderr
    assert "inside the sync folder" in said and not (inside.dir / "devices").exists()
    gone = Laptop(tmp_path, "gone", None)
    (tmp_path / "usb").mkdir()
    gone("config", "sync-folder", str(tmp_path / "usb"))
    (tmp_path / "usb").rmdir()
    assert "is not there" in gone("sync", code=2).stderr


def test_reading_commands_take_in_and_writing_ones_leave_their_change(club):
    folder, (petr, jana, _ota) = club
    petr("sync")
    jana("sync")                                        # sync on for both (their .sync folders exist)
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9")      # left in the folder as it ends
    assert len(jana.plays()) == 1                       # `history` took it in first
    said = jana("stats").stderr
    assert "Traceback" not in said
    (folder / "devices").rename(folder.parent / "elsewhere")         # the disk unplugged: commands go on
    (folder).rmdir()
    assert len(jana.plays()) == 1
    jana("record", "port-royal", "-p", "Eva=3", "-p", "Jan=2")


def test_a_history_in_a_synced_folder_is_warned_and_its_conflict_copies_never_counted(tmp_path):
    share = tmp_path / "Dropbox" / "club"
    share.mkdir(parents=True)
    (tmp_path / "Sync").mkdir()
    laptop = Laptop(share, "petr", tmp_path / "Sync")
    laptop("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9")
    shard = next(p for p in (laptop.dir / "history.json.d").iterdir() if len(p.stem) == 2 and p.suffix == ".json")
    for copy in (f"{shard.stem}.sync-conflict-20261128-101010-ABCDEFG.json",
                 f"{shard.stem} (Petr's conflicted copy 2026-11-28).json", f"{shard.stem}-PETR-LAPTOP.json",
                 f"{shard.stem}(1).json"):
        (shard.parent / copy).write_bytes(shard.read_bytes())
    assert len(laptop.plays()) == 1
    assert "1 game" in laptop("stats").stdout or "(1 game)" in laptop("stats").stdout
    said = laptop("sync").stderr
    assert "Dropbox" in said and "conflict copies" in said


def test_with_sync_on_new_plays_get_longer_ids(club):
    folder, (petr, _jana, _ota) = club
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9")
    assert [len(i) for i in petr.plays()] == [6]                   # sync not yet run: as before
    petr("sync")
    petr("record", "port-royal", "-p", "Ann=2", "-p", "Bob=9")
    assert sorted(len(i) for i in petr.plays()) == [6, 10]


def test_one_play_logged_on_two_laptops_is_listed_never_merged(club):
    folder, (petr, jana, _ota) = club
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-20")
    jana("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-20")
    jana("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-21")   # another day
    petr("sync")
    report = json.loads(jana("sync", "--json").stdout)
    assert len(jana.plays()) == 3
    [pair] = report["possible_duplicates"]
    assert set(pair) <= set(jana.plays())
    said = jana("sync").stdout
    assert "Possible duplicate" in said and f"referee delete {pair[1]}" in said
    jana("delete", pair[1])
    assert json.loads(jana("sync", "--json").stdout)["possible_duplicates"] == []


def _old_play(laptop, pid, first, score, notes=None):
    """A play logged before sync was on (ids of 6 characters, made by each laptop alone)."""
    from referee.store import Store

    Store(laptop.dir / "history.json").add_archived([{
        "id": pid, "schema_version": 1, "game": "port-royal", "players": [first, "Bob"], "options": {},
        "date": "2026-10-01", "location": None, "notes": notes, "source": "recorded",
        "created": "2026-10-01T20:00:00+00:00", "finished_at": "2026-10-01T20:00:00+00:00", "moves": 0,
        "has_record": False, "result": {"game": "port-royal", "winners": [first], "ranking": [
            {"player": first, "total": score, "rank": 1}, {"player": "Bob", "total": 1, "rank": 2}]}}])


def test_two_plays_that_got_one_id_on_two_laptops_are_both_kept_everywhere(club):
    """Two laptops with a history from before sync: each made the id k3x9qa for a play of its own. The play
    put first keeps the id on every laptop, the other gets a second id (the same on every laptop), and each
    keeps its own edits, made before and after the laptops met."""
    folder, (petr, jana, ota) = club
    _old_play(jana, "k3x9qa", "Jana", 30)
    _old_play(petr, "k3x9qa", "Petr", 20)
    jana("sync")                                       # jana's play is in the folder first
    jana("edit", "k3x9qa", "--notes", "Jana's notes")
    jana("sync")
    petr("edit", "k3x9qa", "--notes", "Petr's notes")   # petr has not seen jana's yet (the edit syncs as it ends)
    said = [json.loads(laptop("sync", "--json").stdout)["new_ids"] for laptop in (petr, jana, ota)]
    [second] = {entry["now"] for told in said for entry in told}
    assert said == [[{"id": "k3x9qa", "now": second, "this_laptop": mine}] for mine in (True, False, False)]
    assert "Play k3x9qa of this laptop is now play" not in petr("sync").stdout        # said once
    assert json.loads(jana("sync", "--json").stdout)["new_ids"] == []
    views = [laptop.plays() for laptop in (petr, jana, ota)]
    assert all(len(v) == 2 for v in views), views
    assert views[0].keys() == views[1].keys() == views[2].keys() == {"k3x9qa", second}
    assert second.startswith("k3x9qa-")
    for view in views:
        assert view["k3x9qa"]["players"] == ["Jana", "Bob"]
        assert view[second]["players"] == ["Petr", "Bob"]
    exports = [laptop.export() for laptop in (petr, jana, ota)]
    assert exports[0] == exports[1] == exports[2]
    notes = {g["id"]: g["notes"] for g in exports[0]["games"]}
    assert notes == {"k3x9qa": "Jana's notes", second: "Petr's notes"}
    petr("edit", second, "--notes", "fixed on petr's laptop")        # each is edited as itself from now on
    jana("edit", "k3x9qa", "--location", "Klub")
    sync_all([petr, jana, ota])
    assert all(len(laptop.plays()) == 2 for laptop in (petr, jana, ota))
    final = [{g["id"]: (g["notes"], g["location"]) for g in laptop.export()["games"]} for laptop in (petr, jana, ota)]
    assert final[0] == final[1] == final[2] == {"k3x9qa": ("Jana's notes", "Klub"),
                                                 second: ("fixed on petr's laptop", None)}


def test_one_play_that_two_laptops_hold_with_one_id_stays_one_play(club):
    """A laptop cloned with its history (or one export imported on two): the same play under the same id
    on both is one play, not two."""
    folder, (petr, jana, _ota) = club
    _old_play(jana, "m4n5pq", "Ann", 25)
    _old_play(petr, "m4n5pq", "Ann", 25, notes="noted on petr's")
    sync_all([petr, jana])
    assert list(petr.plays()) == list(jana.plays()) == ["m4n5pq"]
    assert petr.export() == jana.export()


def test_a_cloned_laptop_and_a_collision_at_once_leave_no_stale_copy(club, tmp_path):
    """Petr's laptop copied whole (Petr2) before sync, and Jana's play with the same id: three puts of one
    id, two of them the same play. A laptop that gets Petr2's first, then Jana's, then Petr's, saw Petr's
    play under a second id on the way; when its earliest put comes, it takes the id and that second id
    leaves the history (it used to stay, a copy of the play no other laptop had)."""
    import shutil

    folder, (petr, jana, ota) = club
    _old_play(petr, "k3x9qa", "Petr", 20)
    _old_play(jana, "k3x9qa", "Jana", 30)
    shutil.copytree(petr.dir, tmp_path / "petr2")
    petr2 = Laptop.__new__(Laptop)
    petr2.dir = tmp_path / "petr2"
    petr2.env = dict(petr.env, REFEREE_DB=str(petr2.dir / "history.json"),
                     REFEREE_CONFIG=str(petr2.dir / "settings.toml"))
    for laptop in (petr, jana, petr2):          # their puts' clocks: Petr's, then Jana's, then Petr2's
        laptop("sync")
    device = {laptop: json.loads((laptop.dir / "history.json.sync" / "device.json").read_text())["device"]
              for laptop in (petr, jana, petr2)}
    hidden = tmp_path / "hidden"
    shutil.move(str(folder / "devices"), hidden)
    (folder / "devices").mkdir()
    for laptop in (petr2, jana, petr):          # Ota gets them the other way round
        shutil.move(str(hidden / device[laptop]), folder / "devices" / device[laptop])
        ota("sync")
    views = []
    for laptop in (petr, jana, petr2, ota):
        laptop("sync")
        views.append(sorted((g["id"], g["players"][0]) for g in laptop.plays().values()))
    assert views[0] == views[1] == views[2] == views[3]
    assert len(views[0]) == 2 and ("k3x9qa", "Petr") in views[0]
    exports = [laptop.export() for laptop in (petr, jana, petr2, ota)]
    assert exports[0] == exports[1] == exports[2] == exports[3]


def test_a_game_finished_by_move_travels_without_another_command(club):
    """`referee move` pays for a sync only when its move finishes the game, and then the game reaches the
    other laptops with nothing more typed on this one."""
    from tests.playout import random_playout

    folder, (petr, jana, _ota) = club
    sync_all([petr, jana])
    gid = json.loads(petr("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    moves = random_playout("port-royal", ["Ann", "Bob"], seed=3).moves
    files = sorted(p.name for p in folder.rglob("*"))
    petr("move", gid, *moves[:-1])
    assert sorted(p.name for p in folder.rglob("*")) == files          # a game in progress: nothing written
    petr("move", gid, moves[-1])
    jana("sync")
    assert gid in jana.plays()
    assert jana("moves", gid).stdout == petr("moves", gid).stdout


def test_plays_of_one_second_keep_their_order_on_every_laptop(club):
    """An import's plays all carry its time: plays of one day then tie, and each laptop counts them (stats,
    ratings) in the order its history holds them. Another laptop gets them in the order they were logged."""
    from referee.store import Store

    folder, (petr, jana, _ota) = club
    docs = [{"id": pid, "schema_version": 1, "game": "port-royal", "players": ["Ann", "Bob"], "options": {},
             "date": "2026-10-01", "location": None, "notes": None, "source": "imported",
             "created": "2026-10-02T20:00:00+00:00", "finished_at": None, "moves": 0, "has_record": False,
             "result": {"game": "port-royal", "winners": [w], "ranking": [
                 {"player": w, "total": 9, "rank": 1}, {"player": "Bob" if w == "Ann" else "Ann", "total": 1,
                                                         "rank": 2}]}}
            for pid, w in (("zz2222", "Ann"), ("mm3333", "Bob"), ("aa4444", "Bob"), ("kk5555", "Ann"))]
    Store(petr.dir / "history.json").add_archived(docs)
    sync_all([petr, jana])
    assert [g["id"] for g in json.loads(jana("history", "--json").stdout)] == \
        [g["id"] for g in json.loads(petr("history", "--json").stdout)] == ["kk5555", "aa4444", "mm3333", "zz2222"]
    assert json.loads(jana("stats", "--json").stdout)["ratings"] == json.loads(petr("stats", "--json").stdout)["ratings"]


def test_a_foreign_laptops_well_formed_but_unusable_events(club):
    """Lines that pass their checksum but name no play id (a path, the merge's own "@"), and a play whose
    fields are no play: named by `referee sync` (waiting, not taken in), never an internal error; the
    rest is taken in and every command still works."""
    from referee.sync.clock import Clock
    from referee.sync.events import new_event

    folder, (petr, _jana, _ota) = club
    clock = Clock("cizi")
    good = {"schema_version": 1, "game": "port-royal", "players": ["Ann", "Bob"], "options": {},
            "date": "2026-10-01", "source": "recorded", "moves": 0, "has_record": False,
            "result": {"game": "port-royal", "winners": ["Ann"], "ranking": [
                {"player": "Ann", "total": 5, "rank": 1}, {"player": "Bob", "total": 2, "rank": 2}]}}
    lines = [new_event(clock, "play.put", "../x", dict(good)).line(),
             new_event(clock, "play.put", "@a@b", dict(good)).line(),
             new_event(clock, "play.put", "bad123", {"game": 5, "players": 7, "result": "x"}).line(),
             new_event(clock, "play.put", "good12", dict(good)).line()]
    (folder / "devices" / "cizi").mkdir(parents=True)
    (folder / "devices" / "cizi" / "000001.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = petr("sync").stdout
    assert "Play bad123 from another laptop was not taken in" in said
    assert "Waiting for" in said and "000001.jsonl" in said
    assert list(petr.plays()) == ["good12"]
    report = json.loads(petr("sync", "--json").stdout)
    assert report["refused"] == [] and report["waiting"]              # said when taken in; still waiting
    cs = petr("sync", lang="cs").stdout
    assert "Čeká se na" in cs, cs
    petr("history")


def test_a_foreign_play_of_any_shape_is_named_never_an_internal_error(club):
    """A put from another laptop is read for what two records of one play share (day, game, scores) and,
    after a rename, for its players' names before it is checked as a play: a ranking that is a number, one
    name twice with totals that do not compare, players that are a number, winners that are no list. Each
    is named as not taken in; the count of plays changed says only what was written."""
    from referee.sync.clock import Clock
    from referee.sync.events import new_event

    folder, (petr, jana, _ota) = club
    jana("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2")
    jana("players", "rename", "Ann", "Anna")
    jana("sync")
    clock = Clock("cizi")
    day = {"date": "2026-10-01", "game": "port-royal", "players": ["Ann", "Bob"]}
    shapes = {"rank12": {"result": {"ranking": 5}},
              "twice2": {"result": {"ranking": [{"player": "Ann", "total": None}, {"player": "Ann", "total": 5}]}},
              "odd123": {"result": {"ranking": [{"player": "Ann", "total": [1]}, {"player": "Ann", "total": {}}]}},
              "many23": {"players": 7, "result": {"ranking": []}},
              "wins23": {"result": {"winners": 5, "ranking": [{"player": "Ann", "total": 1, "rank": 1}]}}}
    lines = [new_event(clock, "play.put", pid, dict(day, **fields)).line() for pid, fields in shapes.items()]
    (folder / "devices" / "cizi").mkdir(parents=True)
    (folder / "devices" / "cizi" / "000001.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = json.loads(petr("sync", "--json").stdout)
    assert sorted(pid for pid, *_ in (tuple(r.values()) for r in report["refused"])) == sorted(shapes)
    assert report["changed"] == 1                     # jana's play; the five refused are not "changed"
    said = petr("sync").stdout + jana("sync").stdout
    assert "internal error" not in said
    assert [g["players"] for g in petr.plays().values()] == [["Anna", "Bob"]]
    jana("history")


def test_a_damaged_index_of_possible_duplicates_is_read_as_far_as_it_goes(club):
    """The index of plays that look alike (<history>.sync/alike/, derived) damaged by hand or by a disk:
    entries of the wrong shape are left out, never an internal error; the plays are all taken in."""
    folder, (petr, jana, _ota) = club
    petr("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2")
    petr("sync")
    for path in (petr.dir / "history.json.sync" / "alike").glob("*.json"):
        if path.name != "pairs.json":
            path.write_text(json.dumps({key: 5 for key in json.loads(path.read_text())}
                                       | {"x": [[1, 2, 3], "y", ["a", None]]}))
    jana("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2", "-p", "Cyril=1")
    jana("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2")
    jana("sync")
    said = petr("sync").stdout
    assert "internal error" not in said and len(petr.plays()) == 3


@pytest.mark.parametrize("damage", [
    {"marks": 5, "done": [], "own": 7, "base": [], "partial": 3, "clock": 5, "split": 5},
    {"marks": {"a": 1}, "done": {"x": 5}, "own": {"y": [1]}, "partial": {"z": 5, "w": [1, None]}, "split": [5]},
    {"pending": {"plays": ["zzzzzz", 5], "renames": [[1, 2], "x"]}},
    {"pending": 5}])
def test_a_sync_state_of_another_shape_is_read_as_far_as_it_goes(club, damage):
    """The sync's own state (<history>.sync/state.json) with parts of another shape (a hand edit, a disk):
    each such part is taken as unknown (groups compared again, files read again: an event counts once),
    a damaged list of plays the history is to get has every play of the base written again; never an
    internal error, and every play on both laptops."""
    folder, (petr, jana, _ota) = club
    petr("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2")
    jana("record", "port-royal", "-p", "Cyril=3", "-p", "Dana=1")
    sync_all([petr, jana])
    state = petr.dir / "history.json.sync" / "state.json"
    state.write_text(json.dumps(dict(json.loads(state.read_text()), **damage)))
    petr("sync")
    petr("record", "port-royal", "-p", "Ann=1", "-p", "Eva=2")
    sync_all([petr, jana])
    assert len(petr.plays()) == len(jana.plays()) == 3
    petr("stats")


def test_a_damaged_pending_list_writes_what_the_history_lacks_and_undoes_no_correction(club):
    """A sync cut short after its state said which plays the history was to get, the list then damaged, and
    a correction made on this laptop before the next sync: that sync writes the play the history never got,
    and leaves the corrected play as corrected (writing every play of the base again undid the correction)."""
    from referee.store import Store

    folder, (petr, jana, _ota) = club
    jana("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2")
    jana("record", "port-royal", "-p", "Cyril=3", "-p", "Dana=1")
    sync_all([petr, jana])
    lost, kept = sorted(petr.plays())
    Store(petr.dir / "history.json").remove_archived(lost)      # the history's write never happened
    state = petr.dir / "history.json.sync" / "state.json"
    state.write_text(json.dumps(dict(json.loads(state.read_text()), pending={"plays": [lost, 5], "renames": 7})))
    petr("edit", kept, "--notes", "corrected here")            # (its own sync, at its end, is the next)
    petr("sync")
    assert sorted(petr.plays()) == [lost, kept]
    sync_all([petr, jana])
    for laptop in (petr, jana):
        assert Store(laptop.dir / "history.json").get_archived(kept)["notes"] == "corrected here"


@pytest.mark.skipif(sys.platform != "linux", reason="file names of bytes that are not UTF-8: Linux keeps them")
def test_a_name_that_is_not_text_in_the_folder_is_said_as_left_alone(club):
    folder, (petr, jana, _ota) = club
    jana("record", "port-royal", "-p", "Ann=5", "-p", "Bob=2")
    jana("sync")
    (device,) = os.listdir(folder / "devices")
    with open(os.fsencode(folder / "devices" / device) + b"/00000001-ab \xe9.jsonl", "w") as handle:
        handle.write("junk")
    os.mkdir(os.fsencode(folder / "devices") + b"/\xfe")
    said = petr("sync").stdout
    assert "00000001-ab ?.jsonl (not a file of changes)" in said and "?" + " (not a laptop's folder)" in said
    assert json.loads(petr("sync", "--json").stdout)["skipped"]
    assert len(petr.plays()) == 1


def test_a_fault_of_the_sync_itself_never_takes_a_reading_command_down(tmp_path, monkeypatch):
    from tests.sync.convergence import Laptop as InProcess

    laptop = InProcess(tmp_path, "petr")
    laptop("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9")
    laptop("sync")

    def broken(store, folder):
        raise RuntimeError("a bug in sync")
    monkeypatch.setattr("referee.club.log.synced.quick", broken)
    done = laptop("history")
    assert "the sync was skipped, a fault of referee's own (RuntimeError: a bug in sync)" in done.output
    assert "port-royal" in done.output.lower() or "Port Royal" in done.output
