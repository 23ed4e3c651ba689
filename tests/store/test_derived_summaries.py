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
