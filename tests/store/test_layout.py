"""The store's layout 2: TinyDB shards with summaries, migration of a schema-1 file, newer schemas refused."""

import json
import os

import pytest

from referee import session
from referee.club.log.history import Filters, select, summary as history_row
from referee.club.stats.stats import plays_from_docs, summary as stats_summary
from referee.core.errors import StoreError
from referee.store import Store, shards
from referee.store.shards import Summary
from referee.store.store import STORE_SCHEMA


@pytest.fixture
def store(db, toy):
    return Store(db)


def recorded(i, gid=None, **more):
    doc = {"game": "toy", "players": ["Ann", "Bob"], "source": "recorded", "date": f"2025-01-{1 + i % 28:02d}",
           "finished_at": "2025-01-01T20:00:00+00:00", "location": "Club" if i % 2 else None,
           "result": {"game": "toy", "winners": ["Ann"],
                      "ranking": [{"player": "Ann", "total": 10 + i, "rank": 1, "breakdown": {"x": 10 + i}},
                                  {"player": "Bob", "total": 3, "rank": 2, "breakdown": {"x": 3}}]}, **more}
    if gid:
        doc["id"] = gid
    return doc


def v1_file(path, docs, meta=True):
    """A store exactly as schema 1 wrote it: one TinyDB file with every game."""
    tables = {"games": {str(i + 1): {"schema_version": 1, **d} for i, d in enumerate(docs)}}
    if meta:
        tables["_meta"] = {"1": {"schema_version": 1, "kind": "referee-history", "created": "2025-01-01T00:00:00+00:00"}}
    path.write_text(json.dumps(tables))
    return path.read_bytes()


def test_a_new_store_is_a_root_plus_tinydb_shards_that_tinydb_reads(store):
    ids = store.add_archived([recorded(i) for i in range(40)])
    root = json.loads(store.path.read_text())
    assert list(root) == ["_meta"] and root["_meta"]["1"]["schema_version"] == STORE_SCHEMA
    from tinydb import TinyDB

    seen = set()
    for shard in store.shards_dir.glob("*.json"):
        if shard.name.endswith(".sum.json"):
            continue
        db = TinyDB(str(shard))
        seen |= {d["id"] for d in db.table("games").all()}
        assert all(shards.shard_key(d["id"]) == shard.stem for d in db.table("games").all())
        db.close()
    assert seen == set(ids)
    assert [d["id"] for d in store.archived()] == ids          # the order they were stored in


def test_summaries_answer_history_and_stats_exactly_as_the_documents(store):
    docs = [recorded(i) for i in range(30)]
    docs[3]["result"] = None                                           # a game logged without a result
    docs[4]["result"]["ranking"][1]["total"] = 2.5                     # a fractional score
    store.add_archived(docs)
    docs[5]["location"] = "Hall\x1fB"                                  # a text that does not pack: kept as JSON
    store.add_archived(docs[5:6])
    full, rows = store.archived(), store.archived_summaries()
    assert len({r.__class__ for r in rows}) == 2
    everything = Filters()
    assert [history_row(d) for d in select(full, everything)] == [history_row(r) for r in select(rows, everything)]
    assert stats_summary(plays_from_docs(full)) == stats_summary(plays_from_docs(rows))
    packed = [r for r in rows if r.__class__ is Summary]
    assert stats_summary(plays_from_docs(full[:-1])) == stats_summary(plays_from_docs(packed))   # the fast path
    by_id = {d["id"]: d for d in full}
    for r in rows:
        for key in ("id", "date", "game", "location", "source", "players", "duration", "moves", "has_record",
                    "finished_at", "schema_version"):
            assert r.get(key) == by_id[r.get("id")].get(key), key
    assert rows[0].get("notes", "n/a") == "n/a"
    # oldest first (date, then time finished), as stored within a day
    assert [r.get("id") for r in rows] == [d["id"] for d in sorted(full, key=lambda d: d["date"])]


def test_a_damaged_result_is_summarised_whole_so_stats_names_it(store):
    bad = recorded(1)
    bad["result"]["ranking"][0]["total"] = "4 points"
    (gid,) = store.add_archived([bad])
    (row,) = store.archived_summaries()
    assert row.get("result")["ranking"][0] == bad["result"]["ranking"][0]
    with pytest.raises(StoreError, match=f"Game {gid} in the history has a damaged result"):
        plays_from_docs([row])


def test_games_stored_in_the_same_second_keep_their_order_across_shards(store):
    ids = []
    for i in range(12):
        ids += store.add_archived([recorded(0)])
    assert [r.get("id") for r in store.archived_summaries()] == ids
    assert [d["id"] for d in store.archived()] == ids


def test_a_summary_that_does_not_describe_its_shard_is_rebuilt_in_memory(store):
    (gid,) = store.add_archived([recorded(1)])
    shard = store.shards_dir / f"{shards.shard_key(gid)}.json"
    raw = json.loads(shard.read_text())
    doc = dict(next(iter(raw["games"].values())), id=gid[:2] + "zzzz", location="Hand-edited hall")
    raw["games"]["99"] = doc
    shard.write_text(json.dumps(raw))                                # by hand: the summary is now stale
    assert {r.get("id"): r.get("location") for r in store.archived_summaries()}[doc["id"]] == "Hand-edited hall"
    (store.shards_dir / f"{shard.stem}.sum.json").write_text("{garbage")   # a damaged summary costs time only
    assert doc["id"] in store.archived_ids() and store.resolve(doc["id"]) == (doc["id"], "archive")


def test_a_schema_1_store_is_read_as_it_is_and_migrated_on_the_first_write(store):
    old = [recorded(i, gid=f"{c}{c}2345") for i, c in enumerate("abcdefgh")]
    before = v1_file(store.path, old)
    assert store.layout() == 1
    assert [d["id"] for d in store.archived()] == [d["id"] for d in old]
    assert store.get_archived("cc2345")["players"] == ["Ann", "Bob"] and store.resolve("dd2") == ("dd2345", "archive")
    assert len(store.archived_summaries()) == 8
    assert store.path.read_bytes() == before and not store.shards_dir.exists()     # reads never write
    (new,) = store.add_archived([recorded(9)])
    assert store.layout() == 2
    assert store.v1_path.read_bytes() == before                    # the old store is kept, byte for byte
    assert [d["id"] for d in store.archived()] == [d["id"] for d in old] + [new]
    assert store.archived()[0] == {"schema_version": 1, **old[0]}


def test_a_schema_1_store_without_meta_migrates_too(store):
    v1_file(store.path, [recorded(1, gid="kk2345")], meta=False)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 1})
    session.play(store, t, "roll 1"); session.play(store, t, "keep")
    assert store.layout() == 2 and store.archived_ids() == {"kk2345", t.id}


def test_a_migration_that_fails_leaves_the_old_store_and_the_next_write_completes_it(store, monkeypatch):
    before = v1_file(store.path, [recorded(i, gid=f"{c}a2345") for i, c in enumerate("mnpq")])
    from referee.store import store as store_module

    real = store_module.atomic_write

    def failing(path, data, backup=None):
        if path == store.path:
            raise StoreError("Could not write history.json (disk full); nothing was changed.")
        return real(path, data, backup)

    monkeypatch.setattr(store_module, "atomic_write", failing)
    with pytest.raises(StoreError, match="disk full"):
        store.add_archived([recorded(5)])
    monkeypatch.undo()
    assert store.path.read_bytes() == before and store.layout() == 1 and len(store.archived()) == 4
    store.add_archived([recorded(5)])
    assert store.layout() == 2 and len(store.archived()) == 5
    assert list(store.path.parent.glob("history.json.d.stale-*"))  # the half-made shards: kept aside, unread


def test_a_game_of_a_newer_schema_blocks_reads_and_writes_until_set_aside(store):
    v1_file(store.path, [recorded(1, gid="aa2345"), recorded(2, gid="bb2345")])
    raw = json.loads(store.path.read_text())
    raw["games"]["2"]["schema_version"] = 99
    store.path.write_text(json.dumps(raw))
    before = store.path.read_bytes()
    with pytest.raises(StoreError, match="bb2345 .* newer referee"):
        store.archived()
    with pytest.raises(StoreError, match="bb2345 .* newer referee"):
        store.add_archived([recorded(3)])
    with pytest.raises(StoreError, match="newer referee"):
        session.create(store, "toy", ["Ann", "Bob"])       # a new game would end in a history it cannot write
    assert store.path.read_bytes() == before and not store.shards_dir.exists()
    store.remove_archived("bb2345")                          # how `repair --set-aside` isolates it
    assert store.archived_ids() == {"aa2345"}
    store.add_archived([recorded(3)])


def test_a_newer_game_in_a_shard_blocks_writes_to_it(store):
    (gid,) = store.add_archived([recorded(1)])
    shard = store.shards_dir / f"{shards.shard_key(gid)}.json"
    raw = json.loads(shard.read_text())
    next(iter(raw["games"].values()))["schema_version"] = 7
    shard.write_text(json.dumps(raw))
    before = shard.read_bytes()
    for action in (store.archived, store.archived_summaries, lambda: store.get_archived(gid),
                   lambda: store.add_archived([recorded(2, gid=gid[:2] + "yyyy")])):
        with pytest.raises(StoreError, match="newer referee"):
            action()
    assert shard.read_bytes() == before
    store.remove_archived(gid)
    assert store.archived() == []


def test_a_newer_store_schema_is_refused_for_reads_and_writes(store):
    store.path.write_text(json.dumps({"_meta": {"1": {"schema_version": 3, "layout": "something new"}}}))
    before = store.path.read_bytes()
    for action in (store.archived, store.archived_summaries, store.archived_ids, lambda: store.get_archived("x"),
                   lambda: store.add_archived([recorded(1)]), lambda: store.remove_archived("x"),
                   lambda: session.create(store, "toy", ["Ann", "Bob"])):
        with pytest.raises(StoreError, match=r"newer referee \(schema 3, this one reads up to 2\)"):
            action()
    assert store.path.read_bytes() == before


def test_an_import_across_shards_is_all_or_nothing(store, monkeypatch):
    store.add_archived([recorded(0, gid="aa2345")])
    before = store.archived()
    from referee.store import shards as shards_module

    def crash(directory):   # killed after every new shard is written, before any takes its place
        raise KeyboardInterrupt

    monkeypatch.setattr(shards_module, "finish_commit", crash)
    batch = [recorded(i, gid=f"{c}b2345") for i, c in enumerate("abcdefghjk")]
    with pytest.raises(KeyboardInterrupt):
        store.add_archived(batch)
    monkeypatch.undo()
    # The commit file says the new shards are whole: readers see all of the import, the next write puts it in place.
    assert len(Store(store.path).archived()) == 11 and len(Store(store.path).archived_summaries()) == 11
    store.add_archived([recorded(1, gid="zz2345")])
    assert not (store.shards_dir / shards.COMMIT).exists()
    assert {d["id"] for d in store.archived()} == {d["id"] for d in before + batch} | {"zz2345"}
    assert not list(store.shards_dir.glob(".*.tmp"))


def test_an_import_killed_before_its_commit_file_changes_nothing(store, monkeypatch):
    store.add_archived([recorded(0, gid="aa2345")])
    before = store.archived()
    from referee.store import shards as shards_module

    real = shards_module.atomic_write

    def crash(path, data, backup=None):
        if path.name == shards.COMMIT:
            raise StoreError("Could not write commit.json (disk full); nothing was changed.")
        return real(path, data, backup)

    monkeypatch.setattr(shards_module, "atomic_write", crash)
    with pytest.raises(StoreError, match="disk full"):
        store.add_archived([recorded(i, gid=f"{c}b2345") for i, c in enumerate("abcdefghjk")])
    monkeypatch.undo()
    assert store.archived() == before and not list(store.shards_dir.glob(".*.tmp"))


def test_each_shard_keeps_its_previous_version(store):
    (a,) = store.add_archived([recorded(0, gid="aa2345")])
    store.add_archived([recorded(1, gid="ae2345")])                     # the same shard, a1
    assert shards.shard_key("aa2345") == shards.shard_key("ae2345") == "a1"
    backup = store.shards_dir / "a1.json.bak"
    assert [d["id"] for d in json.loads(backup.read_text())["games"].values()] == ["aa2345"]
    (store.shards_dir / "a1.json").write_text("{torn")
    with pytest.raises(StoreError, match=r"a1\.json is not valid JSON.*last good copy is .*a1\.json\.bak"):
        store.archived()
    os.replace(backup, store.shards_dir / "a1.json")        # the way out the sentence gives
    assert store.archived_ids() == {"aa2345"}


def test_a_write_keeps_the_summary_rows_of_the_games_it_did_not_change_and_only_those(store):
    same = [f"a{c}2345" for c in "aeimqu"]                              # all in shard a1
    assert {shards.shard_key(i) for i in same} == {"a1"}
    store.add_archived([recorded(i, gid=gid) for i, gid in enumerate(same[:5])])
    store.add_archived([recorded(1, gid="ae2345", location="Moved hall")])     # the same id, replaced
    store.add_archived([recorded(2, gid="au2345")])
    store.remove_archived("ai2345")
    rows = {r.get("id"): r.get("location") for r in store.archived_summaries()}
    assert rows == {"aa2345": None, "ae2345": "Moved hall", "am2345": "Club", "aq2345": None, "au2345": None}
    summary = json.loads((store.shards_dir / "a1.sum.json").read_text())
    assert shards.summary_is_current(summary, store.shards_dir / "a1.json") and len(summary["rows"]) == 5


def test_a_damaged_shard_is_named_and_put_back_from_its_last_good_copy(store):
    store.add_archived([recorded(0, gid="aa2345")])
    store.add_archived([recorded(1, gid="ae2345")])
    store.add_archived([recorded(2, gid="cc2345")])
    assert store.damaged_shards() == []
    shard = store.shards_dir / "a1.json"
    shard.write_text('{"games": {"1": ')
    ((path, why),) = store.damaged_shards()
    assert path == shard and "is not valid JSON" in why
    ((path, kept),) = store.restore_shards()
    assert kept.read_text() == '{"games": {"1": ' and store.damaged_shards() == []
    assert store.archived_ids() == {"aa2345", "cc2345"}         # the shard as it was before its last write
