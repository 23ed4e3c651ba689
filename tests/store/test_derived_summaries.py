"""Shard summaries are written without a flush to disk (they are derived): whatever a crash leaves of one
(nothing, zeros, half of it, the old one) is rebuilt from its shard, ids elsewhere included."""

import os

import pytest

from referee.club.log.record import recorded_doc
from referee.store import Store, shards


@pytest.mark.parametrize("left", [b"", b"\0" * 300, None, "half", "old"])
def test_whatever_a_crash_leaves_of_a_summary_is_rebuilt_from_its_shard(tmp_path, left):
    store = Store(tmp_path / "history.json")
    first = dict(recorded_doc("Azul", [("Ann", 3), ("Bob", 2)], date="2025-01-02"), bgstats_uuid="u-1")
    (gid,) = store.add_archived([first])
    key = shards.shard_key(gid)
    summary = store.shards_dir / f"{key}.sum.json"
    old = summary.read_bytes()
    second = dict(recorded_doc("Azul", [("Ann", 5), ("Bob", 9)], date="2025-01-03"), id=gid[:2] + "zzzz",
                  bgg_play_id=77)
    store.add_archived([second])
    new = summary.read_bytes()
    if left is None:
        os.unlink(summary)
    else:
        summary.write_bytes({"half": new[: len(new) // 2], "old": old}.get(left, left))
    assert {r.get("id") for r in store.archived_summaries()} == {gid, second["id"]}
    assert store.external_ids() == {("bgstats", "u-1"): gid, ("bgg", "77"): second["id"]}


def test_a_write_keeps_the_rows_of_a_shard_that_held_games_and_reads_no_summary_of_an_empty_one(tmp_path,
                                                                                                  monkeypatch):
    store = Store(tmp_path / "history.json")
    read, summarised = [], []
    real_read, real_summarise = shards.read_derived, shards.summarise
    monkeypatch.setattr(shards, "read_derived", lambda path: read.append(path.name) or real_read(path))
    monkeypatch.setattr(shards, "summarise", lambda seq, doc: summarised.append(doc["id"]) or real_summarise(seq, doc))
    first = recorded_doc("Azul", [("Ann", 3), ("Bob", 2)], date="2025-01-02")
    (gid,) = store.add_archived([dict(first, id="ab2345")])
    assert read == [] and summarised == [gid]          # a shard that held nothing: no summary to keep
    read.clear(), summarised.clear()
    store.add_archived([dict(first, id="ab2399", date="2025-01-03"), dict(first, id="zz2345")])
    key = shards.shard_key("ab2345")
    # the summary of the shard that held a game is read, its row kept; the new games are summarised
    assert read == [f"{key}.sum.json"] and sorted(summarised) == ["ab2399", "zz2345"]
    data, _own = real_read(store.shards_dir / f"{key}.sum.json")
    docs = store._shard_docs(key)
    assert data["rows"] == shards.summary_of(docs)["rows"] and len(data["rows"]) == 2
