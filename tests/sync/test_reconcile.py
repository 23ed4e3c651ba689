"""Several laptops syncing through copies of one folder, simulated: the club's operations on each laptop's
history (a dict here: the club log's Local comes with the wiring), files delivered late, out of order, twice,
as conflict copies, cut short, with junk beside them, clocks skewed by years. Once every file has arrived and
every laptop has synced, all hold the same plays, the same trash and the same names, and no play recorded
anywhere is missing anywhere."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from hypothesis import given, settings, strategies as st

from referee.sync.device import Device
from referee.sync.folder import DEVICES
from referee.sync.reconcile import Local, Sync

YEAR_MS = 365 * 24 * 3600 * 1000


class DictLocal(Local):
    def __init__(self):
        self.docs, self.trash, self.versions, self.aliases = {}, {}, {}, []

    def group_of(self, pid):
        return pid[:1]

    def _bump(self, pid):
        g = self.group_of(pid)
        self.versions[g] = self.versions.get(g, 0) + 1

    def marks(self):
        return dict(self.versions)

    def read(self, group):
        return ({p: dict(d) for p, d in self.docs.items() if self.group_of(p) == group},
                {p: dict(d) for p, d in self.trash.items() if self.group_of(p) == group})

    def put(self, pid, fields):
        self.trash.pop(pid, None)
        self.docs[pid] = dict(fields)
        self._bump(pid)

    def put_many(self, plays):
        for pid, fields in plays.items():
            self.put(pid, fields)

    def delete(self, pid, fields=None):
        if pid in self.docs or (fields is not None and pid not in self.trash):
            self.trash[pid] = self.docs.pop(pid, None) or dict(fields)
            self._bump(pid)

    def restore(self, pid):
        if pid in self.trash:
            self.docs[pid] = self.trash.pop(pid)
            self._bump(pid)

    def rename(self, old, new):
        for box in (self.docs, self.trash):
            for pid, doc in box.items():
                if old in doc.get("players", ()):
                    doc["players"] = [new if n == old else n for n in doc["players"]]
                    self._bump(pid)

    def names(self, fields, resolve):
        if "players" in fields:
            fields = dict(fields, players=[resolve(n) for n in fields["players"]])
        return fields

    def alike(self, fields):
        return [fields.get("game"), sorted(fields.get("players") or ())]

    def take_aliases(self):
        return list(self.aliases)

    def vacate(self, pid):
        if self.docs.pop(pid, None) is not None:
            self._bump(pid)

    def done_aliases(self):
        self.aliases = []

    # what a person does at this laptop
    def user_rename(self, old, new):
        self.rename(old, new)
        self.aliases.append((old, new))


class Laptop:
    def __init__(self, root: Path, name: str, skew: int, wall):
        self.name, self.root, self.local = name, root / name, DictLocal()
        self.folder = self.root / "folder"
        self.folder.mkdir(parents=True)
        self.device = Device.load(self.root / "history.json.sync" / "device.json")
        self.now = lambda: wall[0] + skew

    def sync(self):
        return Sync(self.local, self.root / "history.json.sync", self.folder, self.device, now=self.now).run()


PARTIAL: set = set()          # (laptop, file) copies still in transfer


def deliver(source: Laptop, target: Laptop, rng: random.Random, whole: bool):
    """Copy what ``source`` published to ``target``'s copy of the folder, the way a sync engine might."""
    for path in sorted((source.folder / DEVICES).rglob("*")):
        if not path.is_file() or path.name.startswith("."):
            continue
        rel = path.relative_to(source.folder)
        dest = target.folder / rel
        if dest.exists() and dest.read_bytes() == path.read_bytes():
            continue
        if not whole and rng.random() < 0.3:
            continue                                   # not yet
        dest.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        if (source.root, rel) in PARTIAL:
            continue                                   # a sync engine relays only what it has whole
        PARTIAL.discard((target.root, rel))
        if not whole and rng.random() < 0.15 and path.suffix == ".jsonl":
            dest.write_bytes(data[: rng.randrange(1, len(data))])       # cut short: the rest comes later
            PARTIAL.add((target.root, rel))
            continue
        dest.write_bytes(data)
        # a conflict copy beside it (not of a conflict copy: its name would grow at every delivery, past
        # what a file system takes)
        if rng.random() < 0.1 and path.suffix == ".jsonl" and ".sync-conflict-" not in path.name:
            dest.with_name(dest.stem + ".sync-conflict-20261128-101010-ABCD.jsonl").write_bytes(data)
        if rng.random() < 0.05:
            (dest.parent / ".syncthing.x.tmp").write_bytes(b"\x00half")
            (dest.parent / "desktop.ini").write_text("[.ShellClassInfo]")


def simulate(tmp: Path, seed: int, laptops=3, steps=60):
    rng = random.Random(seed)
    wall = [1_800_000_000_000]
    skews = [0, 10 * YEAR_MS, -10 * YEAR_MS, 1234, -98765][:laptops]
    table = [Laptop(tmp, f"l{i}", skews[i], wall) for i in range(laptops)]
    names = ["Ann", "Bob", "Eva", "Jan"]
    recorded = set()
    for step in range(steps):
        wall[0] += rng.randrange(1, 5000)
        laptop = rng.choice(table)
        local = laptop.local
        action = rng.random()
        pids = sorted(local.docs)
        if action < 0.3 or not pids:
            pid = f"{rng.choice('abc')}{laptop.name}{step}"
            local.put(pid, {"game": "port-royal", "players": rng.sample(names, 2), "note": ""})
            recorded.add(pid)
        elif action < 0.55:
            pid = rng.choice(pids)
            doc = dict(local.docs[pid])
            if rng.random() < 0.2:
                doc.pop("note", None)
            else:
                doc["note"] = rng.choice(["x", "y", "<b>z</b>"])
            local.put(pid, doc)
        elif action < 0.65:
            local.delete(rng.choice(pids))
        elif action < 0.72 and local.trash:
            local.restore(rng.choice(sorted(local.trash)))
        elif action < 0.78:
            old = rng.choice(names)
            new = old + "*" if not old.endswith("*") else old[:-1]
            local.user_rename(old, new)
        elif action < 0.9:
            laptop.sync()
        else:
            deliver(laptop, rng.choice(table), rng, whole=False)
        if rng.random() < 0.3:
            a, b = rng.sample(table, 2)
            deliver(a, b, rng, whole=False)
    for _round in range(3):                                # everything arrives, everybody syncs
        for laptop in table:
            laptop.sync()
        for a in table:
            for b in table:
                if a is not b:
                    deliver(a, b, rng, whole=True)
    for laptop in table:
        laptop.sync()
    return table, recorded


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_laptop_ends_with_the_same_history(tmp_path_factory, seed):
    table, recorded = simulate(tmp_path_factory.mktemp("club"), seed)
    first = table[0].local
    for laptop in table[1:]:
        assert laptop.local.docs == first.docs, laptop.name
        assert set(laptop.local.trash) == set(first.trash), laptop.name
    for laptop in table:
        assert recorded <= set(laptop.local.docs) | set(laptop.local.trash)


def test_an_edit_on_one_laptop_reaches_another_and_a_later_edit_wins(tmp_path):
    wall = [1_800_000_000_000]
    a, b = Laptop(tmp_path, "a", 0, wall), Laptop(tmp_path, "b", -10 * YEAR_MS, wall)
    a.local.put("p1", {"game": "port-royal", "players": ["Ann", "Bob"], "note": ""})
    a.sync()
    deliver(a, b, random.Random(1), whole=True)
    b.sync()
    assert b.local.docs["p1"]["note"] == ""
    wall[0] += 1000
    b.local.put("p1", dict(b.local.docs["p1"], note="from b"))     # b's clock is 10 years behind
    b.sync()
    deliver(b, a, random.Random(1), whole=True)
    report = a.sync()
    assert a.local.docs["p1"]["note"] == "from b"                  # made after seeing a's: it wins
    assert report.changed == 1 and sum(report.received.values()) >= 1


def test_a_rename_reaches_a_play_recorded_elsewhere_before_it_arrived(tmp_path):
    wall = [1_800_000_000_000]
    a, b = Laptop(tmp_path, "a", 0, wall), Laptop(tmp_path, "b", 0, wall)
    a.local.user_rename("Jana", "Jana N.")
    a.sync()
    b.local.put("p9", {"game": "el-capitan", "players": ["Jana", "Petr"]})     # b has not heard yet
    b.sync()
    for x, y in ((a, b), (b, a)):
        deliver(x, y, random.Random(2), whole=True)
    a.sync()
    b.sync()
    assert a.local.docs["p9"]["players"] == b.local.docs["p9"]["players"] == ["Jana N.", "Petr"]


def test_a_missing_file_deletes_nothing(tmp_path):
    wall = [1_800_000_000_000]
    a, b = Laptop(tmp_path, "a", 0, wall), Laptop(tmp_path, "b", 0, wall)
    a.local.put("p1", {"game": "port-royal", "players": ["Ann"]})
    a.sync()
    deliver(a, b, random.Random(3), whole=True)
    b.sync()
    shutil.rmtree(b.folder / DEVICES)
    b.sync()
    assert "p1" in b.local.docs


_json_value = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
                           max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(day=st.text() | _json_value, game=st.text(), scores=st.lists(
    st.tuples(st.text(), st.integers() | _json_value) | st.text() | _json_value, max_size=5))
def test_the_text_a_play_is_filed_under_is_the_encoders(day, game, scores):
    """The possible duplicates are filed under their key's JSON text: written out by hand for the usual key
    (day, game, whole scores), it must be exactly the encoder's for every key, or two laptops (and this
    one before and after) would file one play under two keys."""
    import json

    from referee.sync.reconcile import _alike_text

    key = [day, game, scores]
    assert _alike_text(key) == json.dumps(key, ensure_ascii=False, sort_keys=True)
