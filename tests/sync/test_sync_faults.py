"""A sync cut short anywhere (a power cut after any file operation, a full disk or an I/O error at any one)
is settled by the next sync: the same history as a sync that was never interrupted, no play lost, none
twice, and never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faultharness import run_child, state

RUN = [sys.executable, "-m", "referee"]


def _cli(folder: Path, *args, config: str = "settings.toml"):
    env = dict(os.environ, REFEREE_DB=str(folder / "history.json"), REFEREE_CONFIG=str(folder / config),
               REFEREE_LANG="en")
    done = subprocess.run(RUN + list(args), env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (args, done.stderr)
    return done


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """Petr's laptop with plays of his own and a correction not yet synced, and Jana's events in the folder."""
    root = tmp_path_factory.mktemp("prepared")
    petr, jana, shared = root / "petr", root / "jana", root / "petr" / "Sync"
    for laptop in (petr, jana):
        laptop.mkdir(exist_ok=True)
    shared.mkdir()
    for laptop in (petr, jana):
        _cli(laptop, "config", "sync-folder", str(shared))
    _cli(petr, "record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-01")
    _cli(petr, "sync")
    _cli(jana, "sync")
    played = json.loads(_cli(jana, "history", "--json").stdout)[0]["id"]
    _cli(jana, "record", "puerto-rico", "-p", "Eva=40", "-p", "Jan=38", "--date", "2026-11-02")
    _cli(jana, "edit", played, "--notes", "Bob forgot a tax")
    _cli(jana, "players", "rename", "Ann", "Anna")
    _cli(jana, "sync")
    # recorded with sync off (a settings file without the folder): the play, Jana's play, her edit and her
    # rename all wait for the sync under test, not for the record's own sync when it ends
    _cli(petr, "record", "el-capitan", "-p", "Ann=30", "-p", "Ota=25", "--date", "2026-11-03", config="off.toml")
    shutil.rmtree(jana)
    return petr


def _settings(folder: Path) -> dict:
    (folder / "settings.toml").write_text(f'sync-folder = "{(folder / "Sync").as_posix()}"\n', encoding="utf-8")
    return {"REFEREE_CONFIG": str(folder / "settings.toml"), "REFEREE_LANG": "en"}


def _next_sync(folder: Path, *args) -> str:
    """The next `referee sync` after a fault, as a fork of this process without faults (the harness's child:
    a new process's state, some 50 ms instead of the half second of a new interpreter, hundreds of times)."""
    run = run_child(folder / "history.json", ["sync", *args], "ENOSPC", 10 ** 9, toy=False, env=_settings(folder))
    assert run.code == 0 and "Traceback" not in run.err, (args, run.code, run.err)
    return run.out


def _synced(prepared: Path, work: Path) -> dict:
    shutil.copytree(prepared, work)
    _settings(work)
    _cli(work, "sync")
    return state(work / "history.json", toy=False)


@pytest.mark.parametrize("kind", ["kill", "ENOSPC"])
def test_a_sync_cut_short_anywhere_is_settled_by_the_next(prepared, tmp_path, kind):
    expected = _synced(prepared, tmp_path / "clean")
    assert len(expected["archived"]) == 3
    names = {n for doc in expected["archived"].values() for n in doc["players"]}
    assert "Ann" not in names and "Anna" in names
    for at in range(1, 400):
        folder = tmp_path / f"{kind}-{at}"
        shutil.copytree(prepared, folder)
        run = run_child(folder / "history.json", ["sync"], kind, at, toy=False, env=_settings(folder))
        assert "Traceback" not in run.err and "internal error" not in run.err, (kind, at, run.op, run.err)
        if kind != "kill":
            assert run.code in (0, 2), (at, run.op, run.err)
        _next_sync(folder)
        assert state(folder / "history.json", toy=False) == expected, (kind, at, run.op)
        if run.ops is not None:
            assert at > 20, f"only {at} file operations: the faults did not reach the sync"
            break
        shutil.rmtree(folder)
    else:
        raise AssertionError("still meeting faults after 400 operations")
