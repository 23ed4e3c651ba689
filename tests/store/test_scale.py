"""No write costs in proportion to the history: a move appends a line, a finished game touches one shard,
reading one game reads one shard, and history reads only the summaries."""

import gc
import json
import os

import pytest

from referee import session
from referee.core.errors import StoreError
from referee.store import Store, shards


@pytest.fixture
def store(db, toy):
    return Store(db)


def recorded(gid):
    return {"id": gid, "game": "toy", "players": ["Ann", "Bob"], "source": "recorded", "date": "2025-03-01",
            "result": {"game": "toy", "winners": ["Ann"], "ranking": [{"player": "Ann", "total": 5, "rank": 1},
                                                                       {"player": "Bob", "total": 2, "rank": 2}]}}


def fill(store, n=300):
    from referee.store.ids import ALPHABET
    import random

    rnd = random.Random(1)
    ids = {"".join(rnd.choice(ALPHABET) for _ in range(6)) for _ in range(n)}
    store.add_archived([recorded(gid) for gid in sorted(ids)])
    return sorted(ids)


def test_a_move_appends_the_same_few_bytes_at_move_1_and_at_move_60(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 10_000})
    path = store.live_path(t.id)
    inode = path.stat().st_ino
    grew = []
    for i in range(60):
        before = path.stat().st_size
        session.play(store, t, "roll 2" if i % 2 == 0 else "keep")
        grew.append(path.stat().st_size - before)
        assert path.stat().st_ino == inode            # appended to, never rewritten
    assert max(grew) < 100 and max(grew) - min(grew) <= 3  # the digits of the move number, nothing else
    again = Store(store.path).read_live(t.id)
    assert again["moves"] == t.game.moves and len(again["moves"]) == 60
    assert session.open_game(Store(store.path), t.id).game.view() == t.game.view()


def test_an_entry_of_several_moves_is_one_line_all_or_nothing(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 100})
    session.enter(store, t, "roll 2")
    lines = store.live_path(t.id).read_bytes().count(b"\n")
    session.play(store, t, "keep")
    session.play(store, t, "roll 3")
    assert store.live_path(t.id).read_bytes().count(b"\n") == lines + 2
    assert store.read_live(t.id)["updated"] >= t.doc["created"]


def test_a_torn_last_line_is_an_unacknowledged_move_and_is_dropped(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 100})
    session.play(store, t, "roll 2")
    session.play(store, t, "keep")
    path = store.live_path(t.id)
    whole = path.read_bytes()
    line = whole[whole.rindex(b"\n", 0, len(whole) - 1) + 1:]
    for cut in range(1, len(line)):        # a crash at every byte of the next move's line
        path.write_bytes(whole + line[:cut])
        assert Store(store.path).read_live(t.id)["moves"] == ["roll 2", "keep"]
    path.write_bytes(whole + b'{"at":2,"moves":["roll')
    again = session.open_game(Store(store.path), t.id)
    session.play(Store(store.path), again, "roll 1")             # the torn line goes, the new move stays
    assert Store(store.path).read_live(t.id)["moves"] == ["roll 2", "keep", "roll 1"]
    assert path.read_bytes().endswith(b"\n") and b'"moves":["roll' + b"\n" not in path.read_bytes()


@pytest.mark.parametrize("line, why", [
    (b'{"at":1,"moves":["keep"]}\n', "does not follow on"),          # a line that skips a move
    (b'{"at":"2","moves":["keep"]}\n', "does not follow on"),
    (b'{"at":2,"moves":[3]}\n', "does not follow on"),
    (b'not json\n', "is not a move entry"),
    (b'[1, 2]\n', "does not follow on"),
])
def test_a_damaged_line_is_named_never_a_different_game(store, line, why):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 100})
    session.play(store, t, "roll 2")
    session.play(store, t, "keep")
    path = store.live_path(t.id)
    path.write_bytes(path.read_bytes() + line + b'{"at":3,"moves":["roll 1"]}\n')
    with pytest.raises(StoreError, match=rf"{t.id}\.json is damaged \(line \d+ {why}"):
        Store(store.path).read_live(t.id)


def test_a_game_file_of_the_old_single_document_form_is_read_and_continued(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 100})
    session.play(store, t, "roll 2")
    doc = store.read_live(t.id)
    store.live_path(t.id).write_text(json.dumps(doc, ensure_ascii=False, indent=1))   # as schema-1 referee wrote it
    again = session.open_game(Store(store.path), t.id)
    session.play(Store(store.path), again, "keep")
    assert Store(store.path).read_live(t.id)["moves"] == ["roll 2", "keep"]


def test_undo_rewrites_the_game_compacted(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 100})
    for text in ("roll 2", "keep", "roll 3"):
        session.play(store, t, text)
    session.undo(store, t, 2)
    raw = store.live_path(t.id).read_bytes()
    assert raw.count(b"\n") == 1 and json.loads(raw)["moves"] == ["roll 2"]


def test_recording_a_game_rewrites_only_its_shard(store):
    fill(store)
    before = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in store.shards_dir.iterdir()}
    root = store.path.stat()
    (gid,) = store.add_archived([recorded("zz2345")])
    key = shards.shard_key(gid)
    after = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in store.shards_dir.iterdir()}
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed <= {f"{key}.json", f"{key}.json.bak", f"{key}.sum.json", f"{key}.names"} and f"{key}.json" in changed
    assert (store.path.stat().st_ino, store.path.stat().st_mtime_ns) == (root.st_ino, root.st_mtime_ns)


def test_one_game_is_read_from_its_shard_only(store, monkeypatch):
    ids = fill(store)
    read = []
    real = Store._read_tinydb
    monkeypatch.setattr(Store, "_read_tinydb", lambda self, path, *a: read.append(path.name) or real(self, path, *a))
    fresh = Store(store.path)
    assert fresh.get_archived(ids[7])["id"] == ids[7]
    assert fresh.resolve(ids[9][:5]) == (ids[9], "archive")
    assert fresh.new_id() not in ids
    # (new_id looks in the shard of the id it draws: one without games is a file that is not there, never read)
    assert {n for n in read if n == store.path.name or (store.shards_dir / n).exists()} \
        <= {store.path.name, f"{shards.shard_key(ids[7])}.json"}


def test_history_reads_the_summaries_and_no_game_document(store, monkeypatch):
    ids = fill(store)
    read = []
    real = Store._read_tinydb
    monkeypatch.setattr(Store, "_read_tinydb", lambda self, path, *a: read.append(path.name) or real(self, path, *a))
    rows = Store(store.path).archived_summaries()
    assert sorted(r.get("id") for r in rows) == ids and read == [store.path.name]
    assert gc.isenabled()


def test_a_large_batch_is_one_write_per_shard(store, monkeypatch):
    from referee.store import atomic

    writes = []
    real = atomic.write_temp
    monkeypatch.setattr(atomic, "write_temp", lambda path, data, **k: writes.append(path.name) or real(path, data, **k))
    from referee.store import shards as shards_module
    monkeypatch.setattr(shards_module, "write_temp", atomic.write_temp)
    ids = fill(store, 2000)
    shard_writes = [w for w in writes if w.endswith(".json") and not w.endswith(".sum.json") and w != "commit.json"
                    and w != store.path.name]
    assert len(shard_writes) == len(set(shard_writes)) == len({shards.shard_key(i) for i in ids})
    assert len(store.archived_ids()) == 2000


def test_a_one_letter_prefix_looks_in_every_shard_of_that_letter(store):
    store.add_archived([recorded("ab2345"), recorded("ac2345"), recorded("bd2345")])
    assert shards.shard_key("ab2345") != shards.shard_key("ac2345")
    with pytest.raises(Exception, match="ambiguous: it starts ab2345, ac2345"):
        store.resolve("a")
    assert store.resolve("b") == ("bd2345", "archive") and store.resolve("AC") == ("ac2345", "archive")


def test_stats_reads_the_summaries_and_still_counts_what_they_keep_whole(store, monkeypatch):
    """`stats` reads no game document; a play kept out of the statistics (no_stats, incomplete), one whose
    seating is unknown, and a cooperative one keep their summary rows whole, so it counts them as before."""
    import io
    from contextlib import redirect_stdout

    from referee.cli import main

    fill(store, 40)
    coop = {"game": "toy", "cooperative": True, "won": True, "winners": ["Ann", "Bob"],
            "ranking": [{"player": "Ann", "total": 0, "rank": 1}, {"player": "Bob", "total": 0, "rank": 1}]}
    store.add_archived([dict(recorded("zz2345"), no_stats=True), dict(recorded("zz3456"), incomplete=True),
                        dict(recorded("zz4567"), seating=False, players=["Bob", "Ann"]),
                        dict(recorded("zz5678"), result=coop)])
    rows = {r.get("id"): r for r in Store(store.path).archived_summaries()}
    assert rows["zz2345"].get("no_stats") is True and rows["zz3456"].get("incomplete") is True
    assert rows["zz4567"].get("seating") is False and rows["zz5678"].get("result")["cooperative"] is True
    assert all(r.get("no_stats") is None and r.get("seating") is None for i, r in rows.items() if i[:2] != "zz")

    read = []
    real = Store._read_tinydb
    monkeypatch.setattr(Store, "_read_tinydb", lambda self, path, *a: read.append(path.name) or real(self, path, *a))
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            main(["--db", str(store.path), "stats", "--json"])
        except SystemExit as done:
            assert not done.code
    data = json.loads(out.getvalue())
    assert read == [store.path.name]                           # the root only: every shard's summary is current
    # the 40 plays, the one of unknown seating and the cooperative one; no_stats and incomplete count nowhere
    assert data["games"] == 42 and data["players"]["Ann"]["plays"] == 42
    # seat statistics leave out the play whose seating is unknown (there Ann is listed second)
    seats = data["per_game"]["toy"]["seats"]
    assert seats["1"]["plays"] == 41 and seats["2"]["plays"] == 41, seats
