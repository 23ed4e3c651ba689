"""The parts of a sync's state that the general fault test (test_sync_faults.py) does not reach, cut short
anywhere: lines taken in from a file still arriving (its last line torn), and two plays that got one id on
two laptops told apart. After a power cut (or a full disk) at any file operation of the sync, the next syncs
give the history a sync never cut short gives once the file has arrived whole, and the club hears of the
play that changed its id at least once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faultharness import run_child, state
from tests.sync.test_sync_faults import _next_sync, _settings

RUN = [sys.executable, "-m", "referee"]


def _cli(folder: Path, *args, config: str = "settings.toml"):
    env = dict(os.environ, REFEREE_DB=str(folder / "history.json"), REFEREE_CONFIG=str(folder / config),
               REFEREE_LANG="en")
    done = subprocess.run(RUN + list(args), env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (args, done.stderr)
    assert "Traceback" not in done.stderr
    return done


def _old_play(folder: Path, pid: str, first: str, score: int) -> None:
    """A play logged before sync was on (an id of 6 characters, made by each laptop alone)."""
    from referee.store import Store

    Store(folder / "history.json").add_archived([{
        "id": pid, "schema_version": 1, "game": "port-royal", "players": [first, "Bob"], "options": {},
        "date": "2026-10-01", "location": None, "notes": None, "source": "recorded",
        "created": "2026-10-01T20:00:00+00:00", "finished_at": "2026-10-01T20:00:00+00:00", "moves": 0,
        "has_record": False, "result": {"game": "port-royal", "winners": [first], "ranking": [
            {"player": first, "total": score, "rank": 1}, {"player": "Bob", "total": 1, "rank": 2}]}}])


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """Petr's laptop, never synced, with a play whose id Jana's laptop also gave a play of hers; in the
    folder, Jana's events, the last file of them still arriving (its last line cut short): its whole lines
    hold a new play of hers and an edit of her k3x9qa."""
    root = tmp_path_factory.mktemp("prepared")
    petr, jana, shared = root / "petr", root / "jana", root / "petr" / "Sync"
    for laptop in (petr, jana):
        laptop.mkdir()
    shared.mkdir()
    for laptop in (petr, jana):
        _cli(laptop, "config", "sync-folder", str(shared))
        (laptop / "off.toml").write_text("", encoding="utf-8")
    _old_play(jana, "k3x9qa", "Jana", 30)
    _old_play(petr, "k3x9qa", "Petr", 20)
    _cli(jana, "sync")
    before = set(shared.rglob("*.jsonl"))
    _cli(jana, "record", "puerto-rico", "-p", "Eva=40", "-p", "Jan=38", "--date", "2026-11-02", config="off.toml")
    _cli(jana, "edit", "k3x9qa", "--notes", "Jana's notes", config="off.toml")
    _cli(jana, "record", "el-capitan", "-p", "Ota=30", "-p", "Eva=25", "--date", "2026-11-03", config="off.toml")
    _cli(jana, "sync")
    (segment,) = set(shared.rglob("*.jsonl")) - before
    whole = segment.read_bytes()
    lines = whole.splitlines(keepends=True)
    assert len(lines) == 3
    segment.write_bytes(b"".join(lines[:2]) + lines[2][: len(lines[2]) // 2])
    shutil.rmtree(jana)
    return petr, segment.relative_to(petr), whole


def _finish(folder: Path, segment: Path, whole: bytes) -> list:
    """The next sync, then the file arriving whole and one more: what those syncs said of new ids."""
    said = [json.loads(_next_sync(folder, "--json"))["new_ids"]]
    (folder / segment).write_bytes(whole)
    said.append(json.loads(_next_sync(folder, "--json"))["new_ids"])
    return said


@pytest.fixture(scope="module")
def expected(prepared, tmp_path_factory):
    """The history after a sync never cut short, then the file arriving whole and a sync; the new id."""
    petr, segment, whole = prepared
    clean = tmp_path_factory.mktemp("clean") / "petr"
    shutil.copytree(petr, clean)
    _settings(clean)
    first = json.loads(_cli(clean, "sync", "--json").stdout)
    assert [w["path"].endswith(segment.name) for w in first["waiting"]] == [True]
    [told] = first["new_ids"]
    assert told["id"] == "k3x9qa" and told["this_laptop"] is True
    assert _finish(clean, segment, whole) == [[], []]
    history = state(clean / "history.json", toy=False)
    notes = {doc["players"][0]: doc.get("notes") for doc in history["archived"].values()}
    assert len(history["archived"]) == 4 and notes["Jana"] == "Jana's notes" and notes["Petr"] is None
    assert set(history["archived"]) >= {"k3x9qa", told["now"]}
    return history, told


def _heard(run, said, told) -> bool:
    """The club heard of the new id once: from the sync cut short, or else from the next one."""
    text = "Play k3x9qa of this laptop is now play " + told["now"]
    return (text in run.out and said == [[], []]) or said == [[told], []] or (text in run.out and said[1] == [])


def test_a_sync_taking_in_a_file_still_arriving_and_telling_two_plays_apart_killed_anywhere(prepared, expected,
                                                                                          tmp_path):
    petr, segment, whole = prepared
    history, told = expected
    for at in range(1, 400):
        folder = tmp_path / f"kill-{at}"
        shutil.copytree(petr, folder)
        run = run_child(folder / "history.json", ["sync"], "kill", at, toy=False, env=_settings(folder))
        assert "Traceback" not in run.err and "internal error" not in run.err, (at, run.op, run.err)
        said = _finish(folder, segment, whole)
        assert state(folder / "history.json", toy=False) == history, (at, run.op)
        assert _heard(run, said, told), (at, run.op, run.out, said)
        if run.ops is not None:
            assert at > 20, f"only {at} file operations: the faults did not reach the sync"
            break
        shutil.rmtree(folder)
    else:
        raise AssertionError("still meeting faults after 400 operations")


def test_a_full_disk_as_the_sync_ends_says_so_and_the_next_sync_settles_it(prepared, expected, tmp_path):
    """The last file operations of `referee sync` (its state, the folder's files, forgetting the new id it
    has said) on a full disk: one sentence, exit 2 or done; the next syncs give the same history."""
    petr, segment, whole = prepared
    history, told = expected
    probe = tmp_path / "probe"
    shutil.copytree(petr, probe)
    total = run_child(probe / "history.json", ["sync"], "ENOSPC", 10_000, toy=False, env=_settings(probe)).ops
    assert total and total > 20
    for at in range(total - 12, total + 1):
        folder = tmp_path / f"full-{at}"
        shutil.copytree(petr, folder)
        run = run_child(folder / "history.json", ["sync"], "ENOSPC", at, toy=False, env=_settings(folder))
        assert run.code in (0, 2) and "Traceback" not in run.err, (at, run.op, run.err)
        if run.code == 2:
            assert len(run.err.strip().splitlines()) == 1, run.err
        said = _finish(folder, segment, whole)
        assert state(folder / "history.json", toy=False) == history, (at, run.op)
        assert _heard(run, said, told), (at, run.op, run.out, said)
