"""One sync: this laptop's changes out as events, everyone's events in, the merged result into the history.

The history itself stays a TinyDB store that every command reads as today; sync keeps beside it
(``<store>.sync/``) what it needs to tell a local change from a remote one:

    device.json         this laptop's identity (device.py)
    out/<device>/       this laptop's files of events, written here first (the folder may be offline: a
                        network share, a USB disk), then copied to the folder
    base/<group>.jsonl  the events every laptop agreed on at the last sync, of the plays of one group (grouped
                        like the history's shards, so a sync reads and writes what changed, not the whole
                        history), as the lines they came in: folding them again (merge.fold) gives the
                        merged state of each play; written without waiting for the disk, checked against
                        its hash in state.json, rebuilt from the event files when it does not match (Base)
    aliases.json        the merged player aliases (checked and rebuilt the same way)
    alike/              plays by what two records of one play share (day, game, scores): possible duplicates
    state.json          which history groups were seen at what version (marks), which files were read whole,
                        the base's hashes, the latest clock stamp seen, and (while they are being written)
                        the plays the history is to get: the one file a sync flushes before the history
    pending.json        where a sync of an earlier version kept that list (still finished when found)

A sync, under the history's lock:
1. finish a sync cut short (pending.json), and take in this laptop's own files not yet in the base;
2. **local changes out**: each history group whose mark changed is compared with the base (player names
   read through the aliases): a new play is a ``play.put``, changed fields a ``play.set``, a play in the trash
   a ``play.delete``, one back from it a ``play.restore``, a rename an alias; one new file of them;
3. **everyone's events in**: the folder's files not read yet, merged into the base (merge.History's rules);
4. **the merged result into the history**: each play the merge changed is written, deleted or restored, and
   aliases renamed, through the club's own operations (``Local``: the club log gives them; this package
   knows nothing of its documents);
5. this laptop's files copied to the folder, with its HEAD.json.

The order is what makes it safe: local changes are compared with the base *before* remote events move it,
so a remote change is never mistaken for a local one; a file is written before the base that counts it, the
base before the history, and a crash anywhere is completed by the next sync, never undone.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..store.ids import is_id
from ..store.shards import json_encoder
from .clock import Stamp
from .events import new_event, read_lines
from .folder import DEVICES, HEAD, own_files, read_files, scan, write_head, write_segment
from .merge import Play, _ident, fold, resolve, second_id, take_alias

# A field the local document no longer has: a value of its own, so "notes removed" travels and is merged
# like any other value (a document never holds this dict).
GONE = {"referee.sync": "gone"}


class Local:
    """What sync needs of the history (the club log implements it; tests use a dict). Plays are grouped
    (``group_of``) the way the history stores them, and each group has a mark that changes whenever any of
    its plays does (a shard file's size and modification time)."""

    def group_of(self, pid: str) -> str: ...
    def marks(self) -> dict: ...                                  # {group: mark} of every group
    def read(self, group: str) -> tuple: ...                      # ({pid: fields} present, {pid: fields} in trash)
    def put_many(self, plays: dict) -> list: ...                 # write (or restore) plays: {pid: fields},
                                                                  # each fields dict made for this call (kept
                                                                  # as the document, never copied);
                                                                  # [(pid, why)] of those it cannot hold
    def delete(self, pid: str, fields: dict) -> None: ...        # into the trash (these fields if not here)
    def rename(self, old: str, new: str) -> None: ...           # rename (or merge) a player everywhere
    def names(self, fields: dict, resolve) -> dict: ...          # fields with every player name resolved
    def alike(self, fields: dict): ...                           # what two records of one play share, or None
    def take_aliases(self) -> list: ...                           # [(old, new)] renamed here since last time
    def done_aliases(self) -> None: ...                           # those aliases are now events
    def vacate(self, pid: str) -> None: ...                       # out of the history, not into the trash: the
                                                                  # merge moved its play to another id


@dataclass
class Report:
    """What a sync did: the contract's `referee sync --json` body is built from it."""
    sent: int = 0                                     # events this laptop wrote
    received: dict = field(default_factory=dict)      # device -> events taken in from it
    changed: int = 0                                  # plays written into this history
    waiting: list = field(default_factory=list)       # (path, why): read again next time
    skipped: list = field(default_factory=list)       # (path, why): not ours
    missing: dict = field(default_factory=dict)       # device -> files it says it wrote that are not here yet
    renewed: str | None = None                        # a cloned device id was left for this new one
    ahead: list = field(default_factory=list)         # devices whose clock is far ahead of this laptop's
    alike: list = field(default_factory=list)         # [(pid, pid)]: one play recorded on two laptops?
    split: list = field(default_factory=list)         # [(id, second id, this laptop's?)]: two plays had one id
    refused: list = field(default_factory=list)       # [(id, why)]: merged fields that are not a play here


def _load_json(path: Path, default):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return default
    except (OSError, ValueError, RecursionError):       # (RecursionError: a file nested too deep to read)
        return default


def _save_json(path: Path, body, durable: bool = True) -> None:
    """Written whole or not at all; ``durable`` False for a derived index (the possible duplicates), whose
    loss after a power cut costs a pair not listed, never a play: no fsync, which a first sync would pay
    256 times."""
    from ..store.atomic import atomic_write, replace_with, write_temp

    data = _encode(body)            # (write_temp makes the folder when it is not there)
    if durable:
        atomic_write(path, data)
    else:
        replace_with(write_temp(path, data, sync=False), path)


def _bucket(loaded) -> dict:
    """One file of the possible duplicates' index as read ({key: [[play id, device], ...]}), without what is
    not of that shape (a damaged file: the index is derived, a pair it loses is found again when one of its
    plays is put again)."""
    if not isinstance(loaded, dict):
        return {}
    return {key: [entry for entry in held if isinstance(entry, list) and len(entry) == 2
                  and isinstance(entry[0], str) and isinstance(entry[1], str)]
            for key, held in loaded.items() if isinstance(held, list)}


def _digest(raw: bytes) -> str:
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


# the text an alike key is filed under (as json.dumps(key, ensure_ascii=False, sort_keys=True) writes it;
# one encoder, not one made for each of a first sync's 20,000 plays)
_encode_key = json_encoder(ensure_ascii=False, sort_keys=True)
_quote = json.encoder.encode_basestring      # a text as JSON writes it (ensure_ascii=False)


def _alike_text(key) -> str:
    """_encode_key(key), written out for the usual key, [day, game, [[player, whole score], ...]] (a new
    laptop's first sync files 20,000 plays; the encoder's calls were a third of noting them); any other
    key goes to the encoder."""
    if key.__class__ is list and len(key) == 3 and key[2].__class__ is list:
        day, game, scores = key
        parts = []
        for score in scores:
            if score.__class__ is not tuple or score[0].__class__ is not str or score[1].__class__ is not int:
                return _encode_key(key)
            parts.append(f"[{_quote(score[0])}, {score[1]}]")
        if day.__class__ is str and game.__class__ is str:
            return f"[{_quote(day)}, {_quote(game)}, [{', '.join(parts)}]]"
    return _encode_key(key)


def _encode(body) -> bytes:
    return (json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")


ALIASES = "@aliases"       # the aliases file's entry among the base's hashes (no group has this name)


def base_hashes(folder: Path) -> dict:
    """The hashes of the base's files as they are (a sync state written before the hashes were kept): each
    trusted once as found, from then on checked."""
    out = {}
    for path in sorted((Path(folder) / "base").glob("*.jsonl")) + [Path(folder) / "aliases.json"]:
        try:
            raw = path.read_bytes()
        except OSError:
            continue
        out[ALIASES if path.name == "aliases.json" else path.stem] = _digest(raw)
    return out


class Base:
    """The merged state of every play: per group, the lines of the events taken in so far and the plays
    they fold into; a group's file is read and written only when something in it changed.

    A group's file is its events' lines as they came (a new laptop's first sync writes the 20,000 lines it
    read, where encoding the merged plays took 1.8 s), and reading it is folding them again: the merge is
    the same whatever order events come in (merge.fold), so the lines need no order.

    Its files are written without waiting for the disk (a rebuild from 20,000 events would otherwise wait
    for 124 flushes, a new file from another laptop for one more): the sync's state file, which is flushed,
    holds the hash of each, and a file that does not match it (a power cut before the disk had it, a file
    damaged or hand-edited, a base of the earlier kind) is never read as a base: it is rebuilt from the
    event files the state says were taken in (``rebuild``), the same base by the merge's rules. Reading a
    damaged base as empty would send this laptop's plays again with newer stamps, over other laptops' edits."""

    def __init__(self, folder: Path, local: Local, hashes: dict, rebuild=None):
        self.folder, self.local, self.hashes, self._rebuild = Path(folder), local, hashes, rebuild
        self.groups: dict = {}             # group -> {pid: Play}
        self.lines: dict = {}              # group -> {event id: its line}
        self.dirty: set = set()
        self.rebuilt: list = []            # groups (and ALIASES) found damaged and rebuilt from the events
        self.splits: list = []             # (id, second id): two plays that had one id, told apart by take()
        self._events = None
        self._by_group = None
        raw = self._load(ALIASES, self.folder / "aliases.json")
        aliases = None
        if raw is not None:
            try:
                body = json.loads(raw.decode("utf-8"))
                aliases = {old: (Stamp.parse(s), new) for old, (s, new) in body.items()}
            except (ValueError, TypeError, AttributeError, RecursionError):
                aliases = None
        if aliases is None:
            self.aliases = {}
            for event in self._replay():
                if event.kind == "player.alias":
                    take_alias(self.aliases, event)
            self.rebuilt.append(ALIASES)
            self.aliases_dirty = True
        else:
            self.aliases = aliases
            self.aliases_dirty = False

    def _load(self, key: str, path: Path):
        """The file's bytes when it is the one the state knows (or neither knows it: b"", nothing yet),
        else None."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = None
        except OSError:
            return None
        expected = self.hashes.get(key)
        if data is None:
            return (b"{}" if key == ALIASES else b"") if expected is None else None
        if expected != _digest(data):
            return None
        return data

    def _replay(self) -> list:
        if self._events is None:
            self._events = self._rebuild() if self._rebuild else []
        return self._events

    def _replayed(self, name: str) -> list:
        """The events of group ``name`` among those taken in so far (sorted into groups once: a base damaged
        whole has every group rebuilt, and a pass over every event per group was 124 passes)."""
        if self._by_group is None:
            self._by_group = {}
            for event in self._replay():
                if event.kind != "player.alias":
                    self._by_group.setdefault(self.local.group_of(event.play), []).append(event)
        return self._by_group.get(name, [])

    def group(self, name: str) -> dict:
        if name not in self.groups:
            raw = self._load(name, self.folder / "base" / f"{name}.jsonl")
            events = None
            if raw is not None:
                try:
                    events, bad = read_lines(raw.decode("utf-8").split("\n"))
                except UnicodeDecodeError:
                    events, bad = None, 1
                if bad is not None:
                    events = None
            if events is None:
                events = self._replayed(name)
                self.dirty.add(name)
                self.rebuilt.append(name)
            plays, lines = {}, {}
            for event in events:
                if event.id not in lines and event.play is not None:
                    lines[event.id] = event.line()
                    fold(plays, event, self.local.alike)
            self.groups[name], self.lines[name] = plays, lines
        return self.groups[name]

    def play(self, pid: str) -> Play:
        plays = self.group(self.local.group_of(pid))
        play = plays.get(pid)
        if play is None:            # (not setdefault: that makes a Play for every call, 40,000 in a first sync)
            play = plays[pid] = Play()
        return play

    def take(self, event) -> set | bool:
        """Merge one event (merge.py's rules): for an alias whether it changed a name, for a play event the
        ids of the plays whose reading it changed (two when it tells two plays that had one id apart)."""
        if event.kind == "player.alias":
            changed = take_alias(self.aliases, event)
            self.aliases_dirty = self.aliases_dirty or changed
            return changed
        group = self.local.group_of(event.play)
        plays = self.groups.get(group)
        if plays is None:
            plays = self.group(group)
        lines = self.lines[group]
        if event.id in lines:                   # taken in before (a conflict copy, a file read again)
            return set()
        lines[event.id] = event.line()
        self.dirty.add(group)
        touched = fold(plays, event, self.local.alike)[1]
        # a second id among the plays it touched (not just its own: every new play's put touches that one)
        if event.kind == "play.put" and (len(touched) > 1 or (touched and event.play not in touched)):
            head = event.play[:27] + "-"
            self.splits.extend((event.play, pid) for pid in sorted(touched) if pid.startswith(head))
        return touched

    def resolve(self, name: str) -> str:
        return resolve(self.aliases, name)

    def save(self) -> bool:
        """Write the changed files (not flushed: see the class); their hashes go into ``hashes``, which the
        caller writes, flushed, in the state. Whether anything was written."""
        wrote = bool(self.dirty) or self.aliases_dirty
        for name in sorted(self.dirty):
            lines = self.lines[name]
            # each line and its newline (one join, not a copy of each of a first sync's 20,000 lines first)
            data = ("\n".join(lines.values()) + "\n").encode("utf-8") if lines else b""
            self.hashes[name] = _write_quick(self.folder / "base" / f"{name}.jsonl", data)
        self.dirty.clear()
        if self.aliases_dirty:
            self.hashes[ALIASES] = _write_quick(self.folder / "aliases.json",
                                                _encode({o: [s.text(), n] for o, (s, n) in sorted(self.aliases.items())}))
            self.aliases_dirty = False
        return wrote


def forget_said(state_dir: Path, said: list) -> None:
    """The plays told apart that `referee sync` has now said (Report.split) are dropped from the state, so
    the next sync does not say them again (the caller holds the history's lock)."""
    path = Path(state_dir) / "state.json"
    state = _load_json(path, None)
    if not isinstance(state, dict) or not isinstance(state.get("split"), list):
        return
    said = {tuple(entry) for entry in said}
    left = [e for e in state["split"] if not (isinstance(e, list) and tuple(e) in said)]
    if len(left) == len(state["split"]):
        return
    if left:
        state["split"] = left
    else:
        del state["split"]
    _save_json(path, state)


def _write_quick(path: Path, data: bytes) -> str:
    from ..store.atomic import replace_with, write_temp

    replace_with(write_temp(path, data, sync=False), path)     # (write_temp makes the folder)
    return _digest(data)


def merged_fields(play: Play) -> dict:
    """The play's fields as they read now, in name order (Play.values() without the removed ones)."""
    return play.values(leave_out=GONE)


class Sync:
    """One laptop's sync state (``state_dir``: ``<store>.sync``) against the shared ``folder``."""

    def __init__(self, local: Local, state_dir: Path, folder: Path, device, now=None, show_splits=False):
        self.local, self.dir, self.folder, self.device = local, Path(state_dir), Path(folder), device
        self.show_splits = show_splits          # `referee sync`: says (and then forgets) the plays told apart
        self.clock = device.clock(now=now)
        self.state = _load_json(self.dir / "state.json", None)
        # a base is trusted as found only beside a state written before the hashes were kept; with no state
        # (a first sync cut short before its state was written) or an unreadable one, every base file is
        # rebuilt from the events the state says were taken in: none, so they are all read again and written
        # to the history (a base trusted as found held plays the history never got, and never would)
        trust_found = isinstance(self.state, dict)
        if not isinstance(self.state, dict):
            self.state = {}
        # marks (groups as last compared), done (folder files read whole), own (own out/ files read whole),
        # partial (files still arriving: the ids of their lines taken in). One of another shape (a state
        # damaged by hand or by a disk) is taken as unknown: every group compared again, every file read
        # again (an event counts once by its id): what a first sync does, never an error.
        for part in ("marks", "done", "own", "partial"):
            if not isinstance(self.state.get(part), dict):
                self.state[part] = {}
        self.state["partial"] = {rel: ids for rel, ids in self.state["partial"].items()
                                 if isinstance(ids, list) and all(isinstance(i, str) for i in ids)}
        if not isinstance(self.state.get("split", []), list):
            del self.state["split"]
        if not isinstance(self.state.get("base"), dict):
            self.state["base"] = base_hashes(self.dir) if trust_found else {}   # before the hashes: as found
        if isinstance(self.state.get("clock"), str):        # the latest stamp seen (kept here, not in device.json:
            try:                                            # one flushed file a sync, not two)
                self.clock.see(Stamp.parse(self.state["clock"]))
            except ValueError:
                pass
        self.saved = _encode(self.state)
        self.taken = dict(self.state["done"])   # the folder's files in the base as loaded (scan adds to "done")
        self.taken_partly = {rel: set(ids) for rel, ids in self.state["partial"].items() if isinstance(ids, list)}
        self.base = Base(self.dir, local, self.state["base"], self._applied_events)
        self.echo: set = set()
        self.read_new = False
        self.refused: list = []                 # plays the history could not hold (Report.refused)

    # --- the steps ------------------------------------------------------------------------------------
    def run(self) -> Report:
        report = Report()
        self.buckets: dict = {}             # bucket -> {key: [[pid, device], ...]} read this run
        self.dirty_buckets: set = set()
        pairs = _load_json(self.dir / "alike" / "pairs.json", [])
        self.pairs = {tuple(p) for p in pairs if isinstance(p, list) and len(p) == 2} if isinstance(pairs, list) \
            else set()
        self.pairs_before = set(self.pairs)
        self._finish_pending()
        self._take_own()
        self._send(report)
        touched, renames = self._receive(report)
        touched |= self._split(report)
        self._apply(touched, renames, report)
        self._publish(report)
        report.refused = sorted(set(self.refused))
        report.alike = self._alike_pairs()
        for bucket in sorted(self.dirty_buckets):
            _save_json(self.dir / "alike" / f"{bucket}.json", self.buckets[bucket], durable=False)
        if self.pairs != self.pairs_before:
            _save_json(self.dir / "alike" / "pairs.json", sorted(self.pairs))
        # the base asks this sync for the events when it rebuilds (a bound method): without this the two hold
        # each other, and the collector, not the end of the sync, frees the club's history (0.6 s at 20,000)
        self.base._rebuild = None
        return report

    def _split(self, report: Report) -> set:
        """Plays told apart this run (two plays that got one id before sync was on): both ids are written to
        this history (this laptop's own play may be the one that moves, even when the other laptop's came
        first), and each is kept in the state until `referee sync` has said it (``shown``)."""
        told = [e for e in self.state.get("split") or () if isinstance(e, list) and len(e) == 3]
        for pid, second in self.base.splits:
            play = self.base.play(second)
            mine = play.put is not None and play.put.device == self.device.device
            if play.exists and not any(entry[1] == second for entry in told):
                told.append([pid, second, mine])
        if self.show_splits:        # kept in the state until said (forget_said): a sync cut short between
            report.split = [tuple(entry) for entry in told]     # the two says them again, never not at all
        if told:
            self.state["split"] = told
        else:
            self.state.pop("split", None)       # (no key at all: a sync that finds nothing writes nothing)
        return {pid for pair in self.base.splits for pid in pair}

    def _applied_events(self) -> list:
        """Every event already in the history: the folder's files read whole, the whole lines of those still
        arriving that were taken in, and all of this laptop's own."""
        partly = [event for rel, ids in sorted(self.taken_partly.items())
                  for event in read_files(self.folder / DEVICES, [rel]) if event.id in ids]
        return (read_files(self.folder / DEVICES, self.taken) + partly
                + read_files(self.dir / "out" / DEVICES, own_files(self.dir / "out")))

    def _note_alike(self, event) -> None:
        """Plays put by two laptops that look like one (same day, game, players, scores, other ids): indexed
        by what they share in 256 small files, so a new play reads and writes one of them, not the history."""
        if event.kind != "play.put":
            return
        key = self.local.alike(event.data)
        if key is None:
            return
        key = _alike_text(key)
        bucket = hashlib.sha256(key.encode("utf-8")).hexdigest()[:2]
        if bucket not in self.buckets:
            self.buckets[bucket] = _bucket(_load_json(self.dir / "alike" / f"{bucket}.json", {}))
        held = self.buckets[bucket].setdefault(key, [])
        play, dev = event.play, event.dev
        for pid, _dev in held:
            if pid == play:
                return
        for pid, other in held:
            if other != dev:
                self.pairs.add((pid, play) if pid < play else (play, pid))
        held.append([play, dev])
        self.dirty_buckets.add(bucket)

    def _alike_pairs(self) -> list:
        """The pairs found so far whose two plays are both still in the history (one deleted: resolved)."""
        live = lambda pid: (play := self.base.play(pid)).exists and not play.deleted     # noqa: E731
        self.pairs = {pair for pair in self.pairs if live(pair[0]) and live(pair[1])}
        return sorted(self.pairs)

    def _finish_pending(self) -> None:
        old = self.dir / "pending.json"         # where a sync before the state held it left it
        pending = self.state.get("pending") or _load_json(old, None)
        if isinstance(pending, dict):
            plays, renames = pending.get("plays"), pending.get("renames")
            sound = (isinstance(plays, list) and all(is_id(pid) for pid in plays) and isinstance(renames, list)
                     and all(isinstance(r, list) and len(r) == 2 and all(isinstance(name, str) for name in r)
                             for r in renames))
            if not sound:       # a list damaged by hand or by a disk: what the history lacks
                plays = self._lacking()
                renames = [r for r in renames if isinstance(r, list) and len(r) == 2
                           and all(isinstance(name, str) for name in r)] if isinstance(renames, list) else []
            before = self.local.marks()
            self._write_history(plays, [tuple(r) for r in renames])
            self._settle_marks(before)
            self.state.pop("pending", None)
            self._save_state()
            if old.exists():
                old.unlink()

    def _lacking(self) -> list:
        """The plays of the base the history holds neither present nor in its trash: what a pending list
        that is lost or damaged may have been about. Never one it holds: a correction made on this laptop
        since the sync was cut short is a local change, sent by this sync, not undone by it."""
        lacking = []
        for group in self._all_groups():
            present, trashed = self.local.read(group)
            lacking += [pid for pid, play in self.base.group(group).items()
                        if play.exists and is_id(pid) and pid not in present and pid not in trashed]
        return sorted(lacking)

    def _take_own(self) -> None:
        """Own files written but not yet in the base (a crash between the two): their changes are already
        in the history, so they go into the base only."""
        before = dict(self.state["own"])
        found = scan(self.dir / "out", self.state["own"])
        self.read_new = self.read_new or self.state["own"] != before
        for event in found.events:
            self.clock.see(event.hlc)
            self.base.take(event)
            self._note_alike(event)

    def _send(self, report: Report) -> None:
        events, docs = [], {}
        for old, new in self.local.take_aliases():
            if self.base.resolve(old) != self.base.resolve(new):
                events.append(new_event(self.clock, "player.alias", None, {"from": old, "to": new}))
                self.base.take(events[-1])
        marks = self.local.marks()
        work = []
        for group in sorted(g for g, mark in marks.items() if self.state["marks"].get(g) != mark):
            present, trashed = self.local.read(group)
            known = self.base.group(group)
            work.extend((pid, present, trashed, known) for pid in set(present) | set(trashed) | set(known))
        # in the order the history holds them: plays of one day logged in the same second (an import's) are
        # put in that order, and every other laptop stores them in the order of their puts (_write_history)
        order = getattr(self.local, "order", None)
        work.sort(key=lambda item: (order(item[0]) if order else 0, item[0]))
        for pid, present, trashed, known in work:
            if pid in present:
                made = self._changes(pid, present[pid], known.get(pid))
                if made:
                    docs[pid] = present[pid]
                events.extend(made)
            elif pid in trashed:
                events.extend(self._trashed(pid, trashed[pid], known.get(pid)))
        if events:
            lines = [e.line() for e in events]
            self.device.files += 1
            write_segment(self.dir / "out", self.device.device, self.device.files, lines)
            for event in events:
                self.base.take(event)
                self._note_alike(event)
            self.device.remember(self.clock)
            self.device.save()
        # a play of this laptop's naming a player renamed elsewhere is written as the club reads it
        self.echo = {pid for pid, doc in docs.items()
                     if self.local.names(merged_fields(self.base.play(pid)), self.base.resolve) != doc}
        # the base and the marks are written with the state at the end of the sync (one flushed write): until
        # then a crash leaves the old state, whose groups compare again, with a base rebuilt from the files
        # (this one included: own files count whole)
        self.state["marks"] = marks
        self.local.done_aliases()       # the renames are events in a flushed file of this laptop's now
        report.sent = len(events)

    def _trashed(self, pid, doc, play) -> list:
        """A play in this laptop's trash: deleted everywhere (and first made known, if it never was)."""
        if play is None or not play.exists:
            put = new_event(self.clock, "play.put", pid, dict(doc))
            return [put, new_event(self.clock, "play.delete", pid, of=put.hlc.text())]
        return [new_event(self.clock, "play.delete", pid, of=play.put.text())] if not play.deleted else []

    def _changes(self, pid, doc, play) -> list:
        """A play present here (a play neither here nor in the trash is missing, never deleted: no event)."""
        exists = play is not None and play.exists
        if not exists:
            return [new_event(self.clock, "play.put", pid, dict(doc))]
        events = []
        if play.deleted:
            events.append(new_event(self.clock, "play.restore", pid, of=play.put.text()))
        known = self.local.names(merged_fields(play), self.base.resolve)
        changed = {k: v for k, v in doc.items() if known.get(k, _ABSENT) != v}
        changed.update({k: GONE for k in known if k not in doc})
        if changed:
            events.append(new_event(self.clock, "play.set", pid, changed, of=play.put.text()))
        return events

    def _receive(self, report: Report):
        before = {name: self.base.resolve(name) for name in self._alias_names()}
        done_before = dict(self.state["done"])
        found = scan(self.folder, self.state["done"])
        self.read_new = self.read_new or self.state["done"] != done_before or bool(found.events)
        touched, renames = set(), []
        own = self.device.device
        clock, take, note, received = self.clock, self.base.take, self._note_alike, report.received
        for event in found.events:      # this laptop's own copies merge again as no change; a clone's do not
            if clock.ahead(event.hlc) and event.dev not in report.ahead:
                report.ahead.append(event.dev)
            clock.see(event.hlc)
            changed = take(event)
            note(event)
            if event.dev != own or changed:
                received[event.dev] = received.get(event.dev, 0) + 1
            if changed:
                if event.kind == "player.alias":
                    renames.append(event.data["from"])
                else:
                    touched |= changed
        report.waiting, report.skipped = found.waiting, found.skipped
        partial = self.state["partial"]
        for rel, ids in found.partial.items():       # lines taken in from a file still arriving: counted
            partial[rel] = sorted(set(partial.get(rel) or ()) | set(ids))   # (a shorter copy may come next)
        for rel in [rel for rel in partial if rel in self.state["done"]]:
            del partial[rel]                         # read whole since
        for device, heads in found.heads.items():
            said = max(files for _nonce, files in heads)
            here = found.counts.get(device, 0)
            if device != own and said > here:
                report.missing[device] = said - here
        if self.device.cloned(found.heads):
            self.device.renew()
            report.renewed = self.device.device
        self.clock.device = self.device.device
        if report.renewed:
            self.device.remember(self.clock)
            self.device.save()
        if found.events:                        # what was seen orders this laptop's next changes after it
            self.state["clock"] = Stamp(self.clock.ms, self.clock.counter, self.device.device).text()
        if renames:       # names whose reading changed: every play holding one is written again
            changed = {n for n in self._alias_names() if before.get(n, n) != self.base.resolve(n)}
            touched |= self._plays_naming(changed, before)
        touched |= self.echo
        return touched, renames

    def _alias_names(self) -> set:
        return set(self.base.aliases) | {new for _stamp, new in self.base.aliases.values()}

    def _plays_naming(self, names: set, before: dict) -> set:
        """Plays whose names read differently now that the aliases changed (rare: a rename; so a pass over
        every group is fine)."""
        if not names:
            return set()
        found = set()
        old = lambda n: before.get(n, n)                        # noqa: E731
        for group in self._all_groups():
            for pid, play in self.base.group(group).items():
                if play.exists:
                    fields = merged_fields(play)
                    if self.local.names(fields, old) != self.local.names(fields, self.base.resolve):
                        found.add(pid)
        return found

    def _all_groups(self) -> list:
        on_disk = {p.stem for p in (self.dir / "base").glob("*.jsonl")}
        return sorted(on_disk | set(self.base.groups) | set(self.local.marks()))

    def _apply(self, touched: set, renames: list, report: Report) -> None:
        resolved = [(old, self.base.resolve(old)) for old in renames]
        self.base.save()
        if not touched and not resolved:
            self._save_state()
            return
        # one flushed write says what was taken in, the base's hashes and what the history is to get; the
        # history's write comes after it, and a crash in between is finished by the next sync
        self.state["pending"] = {"plays": sorted(touched), "renames": resolved}
        self._save_state()
        written = self._write_history(sorted(touched), resolved)
        self._settle_marks()
        self.state.pop("pending", None)
        self._save_state(settled=True)
        report.changed = written

    def _write_history(self, pids, renames) -> int:
        """Write the plays ``pids`` as the merge reads them now (and rename first): how many plays of the
        history it wrote, deleted or moved (not those it refused, nor edits still waiting for their put)."""
        for old, new in renames:
            if old != new:
                self.local.rename(old, new)
        puts, deletes = {}, {}
        aliased = bool(self.base.aliases)

        plays = {pid: self.base.play(pid) for pid in pids}     # (looked up once: twice was 40,000 look-ups)

        def by_put(pid):             # new plays are stored in the order they were put (see _send)
            put = plays[pid].put
            return (put.ms, put.counter, put.device, pid) if put is not None else (0, 0, "", pid)
        vacated = []
        for pid in sorted(pids, key=by_put):
            play = plays[pid]
            if not play.exists:
                if self._vacated(pid):
                    vacated.append(pid)
                continue                                # an edit of a play whose put has not arrived yet
            fields = merged_fields(play)
            if aliased:                                 # (a club that never renamed anyone: names as they are)
                fields = self.local.names(fields, self.base.resolve)
            (deletes if play.deleted else puts)[pid] = fields
        refused = (self.local.put_many(puts) or []) if puts else []     # one write of the history for all
        self.refused.extend(refused)
        for pid, fields in deletes.items():
            self.local.delete(pid, fields)
        for pid in vacated:         # after the puts: the play is under its new id before it leaves this one
            self.local.vacate(pid)
        return len(puts) - len({pid for pid, _why in refused}) + len(deletes) + len(vacated)

    def _vacated(self, pid: str) -> bool:
        """Whether ``pid`` is a second id whose play the merge has moved on (to the first id, when a put of it
        earlier than the other play's came later: a laptop cloned with its history, and a collision): the
        play that now lies elsewhere is exactly the one this id names (second_id of its identity)."""
        if len(pid) < 6 or pid[-5] != "-":
            return False
        head = pid[:-5]
        plays = self.base.group(self.local.group_of(pid))
        return any(play.exists and key != pid and (key[:27] == head or key.startswith(head + "-"))
                   and second_id(head, _ident(play, self.local.alike)) == pid for key, play in plays.items())

    def _settle_marks(self, before: dict | None = None) -> None:
        """The history's groups as sync itself left them: not local changes to send next time. ``before``:
        the groups' marks before sync's own write, when it comes before this laptop's changes are sent (a
        sync cut short, finished first): a group changed here since the last sync keeps the mark it had, so
        the changes made in it are sent (settling it too lost a correction made after a sync was cut short)."""
        now, known = self.local.marks(), self.state["marks"]
        if before is None:
            self.state["marks"] = now
        else:
            self.state["marks"] = {group: mark if before.get(group) == known.get(group) else known[group]
                                   for group, mark in now.items()
                                   if before.get(group) == known.get(group) or group in known}

    def _save_state(self, settled: bool = False) -> None:
        """The state, flushed, when it changed (a sync that found nothing writes nothing). ``settled``: the
        state after the history's write, which only drops the pending list and settles the marks: its name
        need not wait for the folder's flush (a power cut that loses the rename leaves the state before, whose
        pending list the next sync writes again, changing nothing)."""
        data = _encode(self.state)
        if data == self.saved:
            return
        if settled:
            from ..store.atomic import replace_with, write_temp

            try:
                replace_with(write_temp(self.dir / "state.json", data), self.dir / "state.json")
            except OSError:
                _save_json(self.dir / "state.json", self.state)     # again, saying why if it fails again
        else:
            _save_json(self.dir / "state.json", self.state)
        self.saved = data

    def _publish(self, report: Report) -> None:
        """Copy this laptop's files to the folder (each once, as a whole), then its HEAD.json."""
        out = self.dir / "out" / DEVICES
        if not out.is_dir():
            return
        for device_dir in sorted(p for p in out.iterdir() if p.is_dir()):
            target_dir = self.folder / DEVICES / device_dir.name
            for item in sorted(device_dir.iterdir()):
                target = target_dir / item.name
                # this laptop's own file, cut short or changed in the folder (a sync engine's half copy
                # coming back): written again whole; one already there whole is left alone
                if item.suffix != ".jsonl" or (target.is_file() and target.stat().st_size == item.stat().st_size):
                    continue
                target_dir.mkdir(parents=True, exist_ok=True)
                tmp = target_dir / f".{item.name}.tmp"
                shutil.copyfile(item, tmp)
                with open(tmp, "rb+") as handle:
                    os.fsync(handle.fileno())
                os.replace(tmp, target_dir / item.name)
        head = self.folder / DEVICES / self.device.device / HEAD
        try:
            said = json.loads(head.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):     # (a hostile file nested too deep)
            said = None
        if not (isinstance(said, dict) and said.get("nonce") == self.device.nonce
                and said.get("files") == self.device.files):
            write_head(self.folder, self.device.device, self.device.nonce, self.device.files)


_ABSENT = object()      # a field the document does not have (compared, never stored)
__all__ = ["GONE", "HEAD", "Local", "Report", "Sync"]
