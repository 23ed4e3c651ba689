"""A new laptop's first sync writes exactly the files it wrote before it was made faster: the history's
shards, their summaries and names, and sync's own base, possible-duplicates index and state, compared by a
digest of their bytes (what depends on the moment of writing left out: the seq the store gives a new game
is fixed here, and a derived file's stamp of its shard's mtime is dropped). The events are made by hand with
fixed ids and clocks, so the digests are those of the code before, not of whatever this code writes.

And the fast paths the first sync takes are tested equal to the slow ones they stand for: the shard's and the
possible-duplicates key's JSON (json.dumps), an event line's JSON (json.loads)."""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from pathlib import Path

import pytest

from benchmarks.bench_sync import make_plays
from referee.club.log import synced
from referee.store import Store, shards
from referee.store import store as store_module
from referee.sync import events as events_mod
from referee.sync.clock import Stamp
from referee.sync.events import Event, checksum
from referee.sync.reconcile import _alike_text

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
# The digests of the files below as the code before the fast paths wrote them (main at 066cb55).
HISTORY_DIGEST = "5a9edac76b5b6e8c87190b2ab392ccdb97692f5d47e13b1eb84d2c850e0dd03a"
SYNC_DIGEST = "6f4f8a489756429cdd7fe46cdffa2a83c92858ada62060b83d5dc733e52d9c9d"


def _odd_plays() -> list:
    """Plays whose rows do not pack, or whose JSON escapes: non-ASCII names, floats, a tab in the notes, a
    cooperative result, no result, a location, a quote and a backslash."""
    base = make_plays(6, seed=7)
    base[0]["players"] = ["Žofie", "Öykü", "李"]
    base[0]["result"]["ranking"] = [{"player": p, "total": t, "rank": r, "breakdown": {"score": t},
                                     "tiebreak": None} for r, (p, t) in enumerate(zip(base[0]["players"],
                                                                                    (12.5, 3, -1)), 1)]
    base[0]["result"]["winners"] = ["Žofie"]
    base[1]["notes"] = "first\tsecond \"quoted\" back\\slash"
    base[2]["result"] = {"game": "port-royal", "cooperative": True, "winners": [], "ranking": [
        {"player": p, "total": 5, "rank": 1, "breakdown": {"score": 5}, "tiebreak": None}
        for p in base[2]["players"]]}
    base[3]["result"] = None
    base[4]["location"] = "Klub \u2603 U Zlatého tygra"
    base[5]["result"]["ranking"][0]["total"] = 1e15
    return base


def _write_events(folder: Path) -> None:
    """One laptop's file of puts with fixed ids and stamps (a second file holds an edit and a delete)."""
    rng = random.Random(24)
    device = "0123456789abcdef"
    docs = make_plays(300, seed=3) + _odd_plays()
    ids, lines, ms = [], [], 0x1a2000000000
    for n, doc in enumerate(docs):
        pid = "".join(rng.choice(ALPHABET) for _ in range(6))
        ids.append(pid)
        event = Event(f"{n:024x}", device, Stamp(ms + n, 0, device), "play.put", pid, doc)
        lines.append(event.line())
    target = folder / "devices" / device
    target.mkdir(parents=True)
    (target / "00000001-00000001.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    put = lambda pid: Stamp(ms + ids.index(pid), 0, device).text()       # noqa: E731
    later = [Event("e" * 24, device, Stamp(ms + 1000, 0, device), "play.set", ids[5],
                   {"notes": "edited", "location": "Klub"}, put(ids[5])),
             Event("f" * 24, device, Stamp(ms + 1001, 0, device), "play.delete", ids[6], {}, put(ids[6]))]
    (target / "00000002-00000002.jsonl").write_text("".join(e.line() + "\n" for e in later), encoding="utf-8")
    head = {"schema_version": 1, "device": device, "nonce": "n" * 16, "files": 2}
    (target / "HEAD.json").write_text(json.dumps(head, sort_keys=True) + "\n", encoding="utf-8")


def _digest_of(folder: Path, skip=()) -> str:
    """A digest of every file under ``folder`` (by name), a derived file's stamp of its shard's mtime left
    out."""
    out = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder).as_posix()
        if rel in skip or path.name.endswith(".lock.holder"):
            continue
        raw = path.read_bytes()
        if path.name.endswith((".sum.json", ".names")):
            body = json.loads(raw)
            body.pop("shard_mtime_ns")
            body.pop("check")
            raw = json.dumps(body, sort_keys=True, ensure_ascii=False).encode("utf-8")
        out.update(rel.encode() + b"\0" + hashlib.sha256(raw).digest())
    return out.hexdigest()


def test_a_first_sync_writes_the_files_it_wrote_before(tmp_path, monkeypatch):
    folder = tmp_path / "Sync"
    _write_events(folder)
    store = Store(tmp_path / "c" / "history.json")
    # the seq the store gives a new game is the time of its write: fixed here (the store's only use of the
    # time when it writes a game)
    monkeypatch.setattr(store_module, "time", _FixedTime())
    report = synced.run(store, folder)
    assert sum(report.received.values()) == 308 and report.changed == 306
    assert _digest_of(tmp_path / "c" / "history.json.d") == HISTORY_DIGEST
    sync_dir = tmp_path / "c" / "history.json.sync"
    state = json.loads((sync_dir / "state.json").read_text(encoding="utf-8"))
    assert sorted(state) == ["base", "clock", "done", "marks", "own", "partial"]
    assert _digest_of(sync_dir, skip={"device.json", "state.json"}) == SYNC_DIGEST
    assert state["base"] == {p.stem: hashlib.blake2b(p.read_bytes(), digest_size=16).hexdigest()
                             for p in (sync_dir / "base").glob("*.jsonl")}


class _FixedTime:
    """The store module's ``time``, whose time_ns counts whole seconds from a fixed moment."""

    def __init__(self):
        self.now = 1_900_000_000_000_000_000

    def time_ns(self) -> int:
        self.now += 1_000_000_000
        return self.now

    def __getattr__(self, name):
        return getattr(time, name)


# --- the fast paths, equal to the slow ones -------------------------------------------------------------
VALUES = [
    {"a": 1, "b": [1, 2.5, -0.0, 1e300, True, False, None], "ž": "Žofie \u2603 \"q\" \\ \t\n\x00\x1f\u2028"},
    {"games": {"1": {"z": 1, "a": {"y": [], "b": {}}}, "2": {"id": "abc", "players": ["李", "Öykü"]}}},
    ["2025-01-01", "port-royal", [["Player1", 3], ["Player2", 2.5], ["\ud800", None], ["x", {"b": 1, "a": 2}]]],
    "just a text \u00e9", 12, 1.5, None, [], {},
    {"n": float("nan"), "i": float("inf"), "m": float("-inf"), "big": 10 ** 30},
]


@pytest.mark.parametrize("value", VALUES)
def test_the_made_once_encoders_write_what_json_dumps_writes(value):
    assert _alike_text(value) == json.dumps(value, ensure_ascii=False, sort_keys=True)
    compact = shards.json_encoder(ensure_ascii=False, separators=(",", ":"))
    assert compact(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if isinstance(value, dict):
        docs = {n: value for n in range(3)}
        assert shards.encode_shard(docs) == json.dumps({"games": {str(k): v for k, v in docs.items()}},
                                                       ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def test_the_made_once_encoder_refuses_what_json_dumps_refuses():
    for bad in ({"a": object()}, {1.5j: 1}, [set()]):
        with pytest.raises(TypeError):
            json.dumps(bad)
        with pytest.raises(TypeError):
            _alike_text(bad)


LINES = ['{"a":1}', ' {"a":1}', '{"a":1} ', '\t{"a":1}\r', '{"a":1}{"b":2}', '{"a":1', '', ' ', 'nul',
         '\ufeff{"a":1}', '[1,2]', '"text"', '1', 'NaN', '{"a":NaN}', '{"a":1}x', '{"a":"\\ud800"}', '}',
         '{"a":1,}', '{"a" : 1 , "b":[ ]}', '{"a":1}\n']


@pytest.mark.parametrize("line", LINES)
def test_an_event_line_reads_as_json_loads_reads_it(line):
    try:
        expected = json.loads(line)
    except ValueError:
        expected = ValueError
    try:
        got = events_mod._loads(line)
    except ValueError:
        got = ValueError
    if isinstance(expected, float) and math.isnan(expected):
        assert isinstance(got, float) and math.isnan(got)
    else:
        assert repr(got) == repr(expected)


def test_an_event_read_back_is_the_event_written():
    device = "0123456789abcdef"
    event = Event("1" * 24, device, Stamp(5, 1, device), "play.put", "abc234", make_plays(1)[0])
    line = event.line()
    assert events_mod.parse_line(line) == event
    assert json.loads(line)["sum"] == checksum(json.loads(line))
