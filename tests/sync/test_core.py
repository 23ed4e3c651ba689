"""The sync core (issue 24): clock, events, the folder's files and the merge, without the club log.

The merge's promise, as properties: whatever order the files arrive in, however often, as conflict copies, with
junk beside them and lines cut short, every laptop that has read every whole file holds the same history; an
edit made after seeing another wins even when the clocks are wrong by years; only a delete event deletes."""

from __future__ import annotations

import json
import os
import random
import sys

import pytest
from hypothesis import given, settings, strategies as st

from referee.sync.clock import Clock, Stamp
from referee.sync.events import BadEvent, new_event, parse_line, parse_lines
from referee.sync.folder import is_junk, scan, write_head, write_segment
from referee.sync.merge import History

YEAR_MS = 365 * 24 * 3600 * 1000


def fixed(ms):
    box = [ms]
    return box, (lambda: box[0])


# --- the clock ---------------------------------------------------------------------------------------
def test_stamps_sort_as_text_and_as_values():
    stamps = [Stamp(5, 0, "b"), Stamp(5, 1, "a"), Stamp(6, 0, "a"), Stamp(5, 0, "a")]
    assert sorted(stamps) == sorted(stamps, key=lambda s: s.text())
    assert Stamp.parse(Stamp(123456, 7, "dev1").text()) == Stamp(123456, 7, "dev1")
    for bad in ("", "12-3", None, 5, "zz-0000-a"):
        with pytest.raises(ValueError):
            Stamp.parse(bad)


@given(ms=st.integers(0, 16 ** 13 - 1), counter=st.integers(0, 0xFFFF), device=st.text(min_size=1),
       upper=st.booleans())
def test_a_stamp_read_from_its_text_is_that_stamp_and_says_it_as_written(ms, counter, device, upper):
    """A stamp read keeps the text it was read from when that is how text() writes it (a put's stamp is
    asked for its text at every later event of its play); any other spelling it reads (upper-case digits,
    from another writer) it says as text() writes it."""
    stamp = Stamp(ms, counter, device)
    text = stamp.text()
    read = Stamp.parse(text.upper()[:18] + text[18:] if upper else text)
    assert read == stamp and hash(read) == hash(stamp) and not read < stamp and not stamp < read
    assert read.text() == text


def test_a_clock_never_goes_back_even_when_the_wall_clock_does():
    box, now = fixed(1000)
    clock = Clock("a", now=now)
    first = clock.tick()
    box[0] = 10                        # the laptop's clock was set back
    second = clock.tick()
    assert second > first


def test_an_edit_made_after_seeing_another_wins_whatever_the_wall_clocks_say():
    ahead_box, ahead = fixed(1_800_000_000_000 + 10 * YEAR_MS)
    behind_box, behind = fixed(1_800_000_000_000 - 10 * YEAR_MS)
    a, b = Clock("a", now=ahead), Clock("b", now=behind)
    seen = a.tick()
    b.see(seen)
    assert b.tick() > seen
    assert b.ahead(seen)


# --- events ------------------------------------------------------------------------------------------
def test_an_event_line_round_trips_and_any_change_fails_its_checksum():
    clock = Clock("dev1")
    event = new_event(clock, "play.set", "k3x9qa", {"note": "Vyhrála <b>Jana</b> ; =1+1"})
    line = event.line()
    assert parse_line(line) == event
    for cut in (len(line) // 2, len(line) - 1):
        with pytest.raises(BadEvent):
            parse_line(line[:cut])
    with pytest.raises(BadEvent):
        parse_line(line.replace("Jana", "Jano"))
    with pytest.raises(BadEvent):
        parse_line(json.dumps({"id": "x", "sum": "0"}))


@given(data=st.dictionaries(st.text(), st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                                                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                                                    max_leaves=5), max_size=4),
       kind=st.sampled_from(["play.put", "play.set", "play.delete"]))
def test_an_event_line_is_its_canonical_json_with_its_checksum_last(data, kind):
    """The line events.py's docstring defines (made in one encoding now: a first sync with history there
    made it twice over): the canonical JSON of the whole event, "sum" the first 16 hex digits of the SHA-256 of
    the canonical JSON without it; and a line read back gives itself."""
    import hashlib

    clock = Clock("dev1")
    event = new_event(clock, kind, "k3x9qa", data, of=None if kind == "play.put" else "0000000000001-0000-x")
    canonical = lambda body: json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))  # noqa: E731
    body = {"id": event.id, "dev": event.dev, "hlc": event.hlc.text(), "kind": kind, "data": data, "play": "k3x9qa"}
    if kind != "play.put":
        body["of"] = "0000000000001-0000-x"
    said = hashlib.sha256(canonical(body).encode("utf-8")).hexdigest()[:16]
    assert event.line() == canonical(dict(body, sum=said))
    assert parse_line(event.line()).line() == event.line()


def test_a_files_lines_read_as_one_give_each_lines_own_event_or_nothing():
    """parse_lines reads a file's lines as one JSON array (each key made once for all of them): exactly
    parse_line's events, each with its own line; and None (the file is then read line by line, naming the
    bad lines) when any line is not a whole event line as written, however the damage lines up."""
    clock = Clock("dev1")
    events = [new_event(clock, "play.put", f"p{i}x", {"n": i, "players": ["Ann", "Bob"], "result": {"ranking": []}})
              for i in range(5)]
    lines = [event.line() for event in events]
    got = parse_lines(lines)
    assert got == [parse_line(line) for line in lines] == events
    assert [event.raw for event in got] == lines
    a, b, c = lines[1], lines[2], lines[3]
    cut = a.index(',"players"')          # a line split at one of its commas: joined with "," it reads whole
    assert len(json.loads("[" + ",".join(lines[:1] + [a[:cut], a[cut + 1:], b + "," + c] + lines[4:]) + "]")) \
        == len(lines)
    spaced = json.dumps(json.loads(b), indent=1, ensure_ascii=False).replace("\n", "")
    assert parse_line(spaced) == events[2]              # another writer's spacing: read by its checksum...
    for damaged in (lines[:1] + [a[:40], a[40:]] + lines[2:],        # one line split in two
                    lines[:1] + [a + "," + b] + lines[3:],           # two events on one line
                    lines[:1] + [a[:cut], a[cut + 1:], b + "," + c] + lines[4:],   # both: as many items as lines
                    lines[:-1] + [lines[-1][:-3]],                   # the last one cut short
                    lines[:2] + [spaced] + lines[3:],                # ...but not as part of a whole file
                    lines + ["1"], lines + ["[" * 100_000 + "]" * 100_000]):
        assert parse_lines(damaged) is None
    with pytest.raises(BadEvent):
        parse_line("[" * 100_000 + "]" * 100_000)        # nested beyond the decoder: no JSON, not a crash


def test_a_line_escaping_half_a_character_is_no_event_a_whole_pair_is():
    """A line may escape a character as a UTF-16 pair ("\\ud83d\\ude00": one character) or escape half of one
    ("\\ud800"), which no text of a history can hold (it is written as UTF-8): the line is not taken in (it
    stopped `referee sync` with an internal error when the history was written)."""
    import hashlib

    def foreign(notes_json: str) -> str:
        line = new_event(Clock("dev1"), "play.put", "k3x9qa", {"notes": "XX"}).line()
        text = line[: line.index(',"sum":"')].replace('"XX"', notes_json) + "}"
        return text[:-1] + ',"sum":"' + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] + '"}'

    assert parse_line(foreign('"smile \\ud83d\\ude00"')).data == {"notes": "smile \U0001F600"}
    assert parse_line(foreign('"C:\\\\udaje"')).data == {"notes": "C:\\udaje"}     # a backslash, then "udaje"
    for half in ('"bad \\ud800"', '"bad \\uDFFF end"', '"\\ude00\\ud83d"'):
        with pytest.raises(BadEvent):
            parse_line(foreign(half))
        assert parse_lines([foreign('"fine"'), foreign(half)]) is None


@pytest.mark.skipif(sys.platform != "linux", reason="a file name of bytes that are not UTF-8: Linux keeps them as given")
def test_names_that_are_not_text_are_named_and_left_alone(tmp_path):
    """A file or folder in the shared folder whose name is not UTF-8 (a disk or a file sync of another
    encoding): never one of ours; named as left alone with "?" for each byte that is no text (it stopped
    `referee sync` with an internal error when said or kept in the state)."""
    clock = Clock("dev1")
    write_segment(tmp_path, "dev1", 1, [new_event(clock, "play.put", "p1x", {"n": 1}).line()])
    devices = os.fsencode(tmp_path / "devices")
    with open(devices + b"/dev1/00000001-ab \xff\xfe.jsonl", "w") as handle:
        handle.write("junk")
    os.mkdir(devices + b"/\xfedev")
    found = scan(tmp_path, {})
    assert [event.play for event in found.events] == ["p1x"]
    said = sorted(path for path, _why in found.skipped)
    assert said == sorted([str(tmp_path / "devices" / "dev1" / "00000001-ab ??.jsonl"), str(tmp_path / "devices" / "?dev")])
    for path in said:
        path.encode("utf-8")


def test_a_hostile_file_in_the_folder_is_named_and_the_rest_taken_in(tmp_path):
    clock = Clock("dev1")
    good = [new_event(clock, "play.put", f"p{i}x", {"n": i}).line() for i in range(3)]
    deep = "[" * 100_000 + "]" * 100_000
    write_segment(tmp_path, "dev1", 1, good[:1] + [deep] + good[1:])
    (tmp_path / "devices" / "dev1" / "HEAD.json").write_text(deep)
    found = scan(tmp_path, {})
    assert sorted(event.play for event in found.events) == ["p0x", "p1x", "p2x"]
    assert [why for _path, why in found.waiting] == ["line 2 is incomplete or changed"]
    assert found.heads == {}


# --- the folder --------------------------------------------------------------------------------------
CONFLICT_COPIES = (
    "{stem}.sync-conflict-20261128-101010-ABCDEFG.jsonl",       # Syncthing
    "{stem} (Petr's conflicted copy 2026-11-28).jsonl",         # Dropbox
    "{stem}-PETR-LAPTOP.jsonl",                                 # OneDrive
    "{stem}(1).jsonl",                                          # Google Drive
    "{stem} (conflicted copy 2026-11-28 101010).jsonl",         # Nextcloud
)
JUNK = (".syncthing.00000001-ab.jsonl.tmp", "~$00000001-ab.jsonl", "desktop.ini", ".DS_Store", "Thumbs.db",
        "00000002-cd.jsonl.part", "._00000001-ab.jsonl")


def test_junk_is_ignored_and_conflict_copies_are_read_once(tmp_path):
    clock = Clock("dev1")
    events = [new_event(clock, "play.put", f"p{i}", {"game": "port-royal"}) for i in range(3)]
    path = write_segment(tmp_path, "dev1", 1, [e.line() for e in events])
    stem = path.name[: -len(".jsonl")]
    for pattern in CONFLICT_COPIES:
        (path.parent / pattern.format(stem=stem)).write_bytes(path.read_bytes())
    for name in JUNK:
        (path.parent / name).write_bytes(b"\x00garbage")
    write_head(tmp_path, "dev1", "nonce1", 1)
    found = scan(tmp_path, {})
    history = History()
    for event in found.events:
        history.take(event)
    assert sorted(history.visible()) == ["p0", "p1", "p2"]
    assert len(history.seen) == 3
    assert not found.waiting and not found.skipped
    assert found.heads == {"dev1": [("nonce1", 1)]}


def test_a_file_cut_short_waits_and_is_read_again_whole(tmp_path):
    clock = Clock("dev1")
    events = [new_event(clock, "play.put", f"p{i}", {"n": i}) for i in range(4)]
    path = write_segment(tmp_path, "dev1", 1, [e.line() for e in events])
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) - 20])
    done = {}
    first = scan(tmp_path, done)
    assert len(first.events) == 3 and first.waiting and not done
    path.write_bytes(whole)
    second = scan(tmp_path, done)
    assert len(second.events) == 4 and not second.waiting and done
    assert scan(tmp_path, done).events == []       # read whole once: not read again
    assert scan(tmp_path, json.loads(json.dumps(done))).events == []     # nor after the state file's round trip


def test_a_missing_file_deletes_nothing(tmp_path):
    clock = Clock("dev1")
    history = History()
    path = write_segment(tmp_path, "dev1", 1, [new_event(clock, "play.put", "p1", {"n": 1}).line()])
    for event in scan(tmp_path, {}).events:
        history.take(event)
    path.unlink()
    for event in scan(tmp_path, {}).events:
        history.take(event)
    assert list(history.visible()) == ["p1"]


def test_foreign_files_are_named_not_read(tmp_path):
    (tmp_path / "devices").mkdir()
    (tmp_path / "devices" / "notes.txt").write_text("hello")
    (tmp_path / "devices" / "dev1").mkdir()
    (tmp_path / "devices" / "dev1" / "photo.jpg").write_bytes(b"\xff\xd8")
    found = scan(tmp_path, {})
    assert {os.path.basename(p) for p, _why in found.skipped} == {"notes.txt", "photo.jpg"}


def test_junk_names():
    assert all(is_junk(name) for name in JUNK)
    assert not any(is_junk(pattern.format(stem="00000001-ab")) for pattern in CONFLICT_COPIES)


# --- the merge, as a property --------------------------------------------------------------------------
def _laptops_work(seed: int, devices=3, steps=40):
    """Random changes on several laptops, each seeing some of the others' events now and then."""
    rng = random.Random(seed)
    skew = {f"d{i}": rng.choice([0, 10 * YEAR_MS, -10 * YEAR_MS, rng.randrange(-5000, 5000)])
            for i in range(devices)}
    wall = [1_800_000_000_000]
    clocks = {d: Clock(d, now=lambda d=d: wall[0] + skew[d]) for d in skew}
    written = {d: [] for d in skew}                 # each laptop's files: lists of events
    known = {d: {} for d in skew}                   # each laptop's plays: id -> the put it knows them by
    plays = [f"p{i}" for i in range(6)]
    names = ["Ann", "Bob", "Eva", "Jan"]
    for _ in range(steps):
        wall[0] += rng.randrange(0, 3000)
        device = rng.choice(list(skew))
        if rng.random() < 0.3:                      # this laptop takes in another's files
            other = rng.choice(list(skew))
            for batch in written[other]:
                for event in batch:
                    clocks[device].see(event.hlc)
                    if event.kind == "play.put":
                        known[device].setdefault(event.play, event.hlc.text())
        kind = rng.choice(["play.put", "play.set", "play.set", "play.delete", "play.restore", "player.alias"])
        clock = clocks[device]
        mine = known[device]
        new_ids = [p for p in plays if p not in mine]
        if kind == "play.put" and not new_ids or kind not in ("play.put", "player.alias") and not mine:
            kind = "player.alias"
        if kind == "player.alias":
            old, new = rng.sample(names, 2)
            event = new_event(clock, kind, None, {"from": old, "to": new})
        elif kind == "play.put":
            # a play this laptop makes: another laptop may have made one with the same id (ids of 6
            # characters made before sync), the same play (a cloned laptop: same fields) or another one
            pid = rng.choice(new_ids)
            event = new_event(clock, kind, pid, {"note": rng.choice(names), "place": rng.choice(names[:2])})
            mine[pid] = event.hlc.text()
        else:
            pid = rng.choice(sorted(mine))
            data = {rng.choice(["note", "place", "winner"]): rng.choice(names)} if kind == "play.set" else None
            event = new_event(clock, kind, pid, data, of=mine[pid])
        written[device].append([event])
    return [batch for d in sorted(written) for batch in written[d]]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), order=st.randoms(use_true_random=False))
def test_any_order_of_arrival_twice_over_gives_the_same_history(seed, order):
    batches = _laptops_work(seed)
    reference = History()
    for batch in batches:
        for event in batch:
            reference.take(event)
    shuffled = [event for batch in batches for event in batch] * 2        # every file twice (conflict copies)
    order.shuffle(shuffled)
    other = History()
    for event in shuffled:
        other.take(event)
    assert other.snapshot() == reference.snapshot()


def test_a_rename_reaches_a_play_that_arrives_later_and_a_cycle_ends_the_same_everywhere():
    clock = Clock("d1")
    history = History()
    history.take(new_event(clock, "player.alias", None, {"from": "Jana", "to": "Jana N."}))
    assert history.resolve("Jana") == "Jana N."
    history.take(new_event(clock, "player.alias", None, {"from": "Jana N.", "to": "Jana"}))
    assert history.resolve("Jana") == history.resolve("Jana N.") == "Jana"


def test_only_a_delete_event_deletes_and_the_later_of_delete_and_restore_wins():
    a_box, a = fixed(1000)
    b_box, b = fixed(2000)
    ca, cb = Clock("a", now=a), Clock("b", now=b)
    put = new_event(ca, "play.put", "p1", {"n": 1})
    delete = new_event(ca, "play.delete", "p1")
    restore = new_event(cb, "play.restore", "p1")
    for order in ([put, delete, restore], [restore, delete, put], [delete, put, restore]):
        history = History()
        for event in order:
            history.take(event)
        assert list(history.visible()) == ["p1"]


# --- this laptop's identity ------------------------------------------------------------------------------
def test_a_device_keeps_its_identity_and_a_cloned_one_is_told_apart(tmp_path):
    from referee.sync.device import Device

    path = tmp_path / "history.json.sync" / "device.json"
    first = Device.load(path)
    again = Device.load(path)
    assert (again.device, again.nonce) == (first.device, first.nonce)
    write_head(tmp_path / "folder", first.device, first.nonce, 1)
    assert not first.cloned(scan(tmp_path / "folder", {}).heads)
    write_head(tmp_path / "folder", first.device, "another-installation", 1)   # the clone wrote its HEAD
    assert first.cloned(scan(tmp_path / "folder", {}).heads)
    old = first.device
    first.renew()
    assert first.device != old and Device.load(path).device == first.device


def test_a_damaged_device_file_gets_a_new_identity_not_a_crash(tmp_path):
    from referee.sync.device import Device

    path = tmp_path / "device.json"
    path.write_bytes(b"\x00{not json")
    device = Device.load(path)
    assert len(device.device) == 16 and Device.load(path).device == device.device


def test_the_clock_never_goes_back_across_restarts(tmp_path):
    from referee.sync.device import Device

    path = tmp_path / "device.json"
    device = Device.load(path)
    clock = device.clock(now=lambda: 5_000)
    made = clock.tick()
    device.remember(clock)
    device.save()
    later = Device.load(path).clock(now=lambda: 10).tick()        # the wall clock was set back meanwhile
    assert later > made
