"""An import of many tracked games writes their move records together (store/files.py write_records: each
new record's temp file made in one open, one flush to disk for all, then each takes its name; issue 25
item 4). A fault at any file operation of it (a full disk, a kill) leaves the store exactly as before, or
as after, or said stored in part and completed by the next command; never a record without its game. The
import in tests/store/test_faults_every_step.py carries fewer records than this way takes (8)."""

from __future__ import annotations

import pytest

from tests.faultharness import copy_store, every_fault, repaired_state, run_child, says_nothing_changed, state
from tests.store.test_faults_every_step import _gid, _prepare

pytestmark = pytest.mark.posix_only(reason="kills and counts a child process's file operations")


def test_an_import_of_many_tracked_games(tmp_path):
    games = []
    for _ in range(9):      # one of the nine ids meets the history's own play (same seed): 8 records come in
        games += [["new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json"],
                  ["move", lambda o: _gid(o, len(o) - 1), "roll 2", "keep"]]
    source, _outs = _prepare(tmp_path, *games)
    file = tmp_path / "club.json"
    assert run_child(source / "history.json", ["export", file], "ENOSPC", 10 ** 9).code == 0
    (tmp_path / "prepared").rename(tmp_path / "source")
    folder, _ = _prepare(tmp_path, ["record", "port-royal", "-p", "Gil=1", "-p", "Hal=2"])
    copy_store(folder, tmp_path / "before")
    before = state(tmp_path / "before" / "history.json")
    copy_store(folder, tmp_path / "clean")
    assert run_child(tmp_path / "clean" / "history.json", ["import", file], "ENOSPC", 10 ** 9).code == 0
    after = state(tmp_path / "clean" / "history.json")
    assert len(after["records"]) >= 8         # write_records takes the way of many from 8 on
    met_records = 0
    for run in every_fault(folder, ["import", file], tmp_path / "runs", kinds=("ENOSPC", "kill")):
        where = f"{run.kind} at operation {run.at} ({run.op}): exit {run.code}, {run.err.strip()!r}"
        if ".records" in run.err:
            met_records += 1
        if run.code == 0:
            assert run.state == after, where
        elif run.kind == "kill":
            if run.state not in (before, after):
                assert repaired_state(tmp_path / "runs" / f"{run.kind}-{run.at}" / "history.json") == after, where
        elif says_nothing_changed(run):
            assert run.state == before, "said nothing changed, but something did: " + where
        else:
            assert run.code in (1, 2) and run.err.count("\n") == 1, where
    assert met_records >= 8, "the faults did not reach the move records' writes"
