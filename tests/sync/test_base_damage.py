"""The sync's base (``<store>.sync/base/``: what every laptop agreed on at the last sync) is written without
waiting for the disk; a file of it that a power cut left old or empty, or that is damaged, is rebuilt from the
event files already taken in, never read as empty: read as empty, this laptop's plays would go out again with
newer stamps and win over another laptop's later edit."""

from __future__ import annotations

import json
import pytest

from tests.sync.test_cli_sync import Laptop


@pytest.fixture
def pair(tmp_path):
    folder = tmp_path / "Sync"
    folder.mkdir()
    petr, jana = Laptop(tmp_path, "petr", folder), Laptop(tmp_path, "jana", folder)
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-20")
    petr("sync")
    jana("sync")
    return petr, jana


def _base_files(laptop):
    return sorted((laptop.dir / "history.json.sync" / "base").glob("*.jsonl"))


@pytest.mark.parametrize("damage", ["garbage", "empty", "gone", "old", "earlier kind"])
def test_a_damaged_base_is_rebuilt_and_another_laptops_edit_wins(pair, tmp_path, damage):
    petr, jana = pair
    [gid] = petr.plays()
    [path] = _base_files(petr)
    before = path.read_bytes()
    petr("record", "puerto-rico", "-p", "Eva=40", "-p", "Jan=38", "--date", "2026-11-21")
    petr("sync")
    jana("edit", gid, "--notes", "Bob forgot a tax")
    jana("sync")
    for path in _base_files(petr):
        if damage == "garbage":
            path.write_bytes(b'{"not": "a base"')
        elif damage == "empty":
            path.write_bytes(b"")
        elif damage == "gone":
            path.unlink()
        elif damage == "earlier kind":         # a base written by the version before (merged plays as JSON)
            path.with_suffix(".json").write_text(json.dumps({gid: {"f": {}, "put": None}}), encoding="utf-8")
            path.unlink()
        elif path.read_bytes() != before:
            path.write_bytes(before)           # the file as it was before the last sync: its write was lost
    report = json.loads(petr("sync", "--json").stdout)
    assert report["sent"] == 0                 # nothing of Petr's is mistaken for a change of his
    jana("sync")
    for laptop in (petr, jana):
        assert len(laptop.plays()) == 2
        assert "Bob forgot a tax" in json.dumps(laptop.export(), ensure_ascii=False), laptop.dir
    assert petr.export() == jana.export()


def test_a_damaged_aliases_file_is_rebuilt(pair):
    petr, jana = pair
    jana("players", "rename", "Ann", "Anna")
    jana("sync")
    petr("sync")
    (petr.dir / "history.json.sync" / "aliases.json").write_text("{", encoding="utf-8")
    petr("record", "el-capitan", "-p", "Ann=30", "-p", "Ota=25", "--date", "2026-11-22")
    petr("sync")
    jana("sync")
    for laptop in (petr, jana):
        names = {n for g in laptop.plays().values() for n in g["players"]}
        assert "Ann" not in names and "Anna" in names


def test_a_sync_state_from_before_the_hashes_is_taken_as_found(pair):
    """A laptop that synced with an earlier referee (no hashes in state.json, a pending.json of its own) goes
    on from its base as it was: nothing of its is sent again."""
    petr, jana = pair
    sync = petr.dir / "history.json.sync"
    state = json.loads((sync / "state.json").read_text(encoding="utf-8"))
    state.pop("base"), state.pop("clock", None)
    (sync / "state.json").write_text(json.dumps(state), encoding="utf-8")
    (sync / "pending.json").write_text(json.dumps({"plays": [], "renames": []}), encoding="utf-8")
    jana("record", "puerto-rico", "-p", "Eva=40", "-p", "Jan=38", "--date", "2026-11-21")
    report = json.loads(petr("sync", "--json").stdout)
    assert report["sent"] == 0 and report["changed"] == 1
    assert not (sync / "pending.json").exists()
    assert "base" in json.loads((sync / "state.json").read_text(encoding="utf-8"))
    assert petr.export() == jana.export()
