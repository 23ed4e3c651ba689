"""The club log as the sync engine sees it (referee/sync/reconcile.py's ``Local``): plays grouped by the
history's shards, each shard's mark its file's size and time, a play's fields its document without its id
(and, for a tracked game, its move record as ``record``). What the merge decides comes back through the club's
own journaled operations: the trash for a delete or a restore, the import's journal for a play with its move
record, the rename's own renaming of documents and records for the names.

A play's names are read through the aliases (a rename on another laptop) with the same renaming as
`referee players rename`: its players, result, colours, teams and its move record.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...store import shards

from .sync_aliases import _pending, sync_dir

RECORD = "record"        # the field that carries a tracked game's move record between laptops


class ClubLocal:
    """``reconcile.Local`` over a Store (the caller holds the store's lock)."""

    def __init__(self, store):
        self.store = store
        self.sent_aliases = False
        self._groups: dict = {}
        self._seq: dict = {}                # id -> its place in the history (the store's seq), as read

    def order(self, pid: str) -> int:
        """Where a play read by ``read`` stands in the history (0: in the trash, or not read)."""
        return self._seq.get(pid, 0)

    def group_of(self, pid: str) -> str:
        key = self._groups.get(pid)         # asked 3 times a play by a new laptop's first sync
        if key is None:
            key = self._groups[pid] = shards.shard_key(pid)
        return key

    def marks(self) -> dict:
        out = {}
        for key in shards.shard_keys(self.store.shards_dir):
            try:
                info = self.store._shard_path(key).stat()
            except OSError:
                continue
            out[key] = [info.st_size, info.st_mtime_ns]
        return out

    def read(self, group: str):
        from .trash import read_trash

        present = {}
        for seq, doc in self.store._shard_docs(group).items():
            if isinstance(doc, dict) and isinstance(doc.get("id"), str):
                present[doc["id"]] = self._fields(doc)
                self._seq[doc["id"]] = seq
        trashed = {e["doc"]["id"]: self._fields(e["doc"], record=False) for e in read_trash(self.store)
                   if isinstance(e["doc"].get("id"), str) and shards.shard_key(e["doc"]["id"]) == group
                   and e["doc"]["id"] not in present}
        return present, trashed

    def _fields(self, doc: dict, record: bool = True) -> dict:
        fields = {k: v for k, v in doc.items() if k != "id"}
        if record and doc.get("has_record"):
            text = self.store.read_record(doc["id"])
            if text is not None:
                fields[RECORD] = text
        return fields

    def put_many(self, plays: dict) -> list:
        """Write plays (new, changed or back from the trash) with their move records: one journaled write of
        the history for all of them, as an import does (a crash takes back the new records; sync's own
        pending list writes them again). A play whose merged fields are not a document this history can read
        (a foreign or damaged event) is left out: [(id, why)] of those. ``plays``' dicts are this call's to
        keep (reconcile.Local)."""
        from ...store import journal
        from ...store.shape import archive_problem
        from . import corrections
        from .trash import read_trash

        refused = []
        docs, records_of = {}, {}
        for pid, fields in plays.items():
            # each play's fields were made for this call (reconcile.Local): they become its document as they
            # are, checked, and handed to the store (a new laptop's first sync writes 20,000: a copy of each
            # was a tenth of a second and 25 MB)
            doc = fields
            if RECORD in doc:
                records_of[pid] = doc.pop(RECORD)
            doc["id"] = pid
            why = archive_problem(doc)
            if why is None and records_of.get(pid) is not None and not isinstance(records_of[pid], str):
                from ...i18n import _

                why = _("its move record is not a text")
            if why is not None:
                refused.append((pid, why))
            else:
                docs[pid] = doc
        if not docs:
            return refused

        trashed = {e["doc"].get("id") for e in read_trash(self.store)} & set(docs)
        for pid in sorted(trashed):
            if self.store.get_archived(pid) is None:
                corrections.restore(self.store, pid)
        records, new_records = {}, []
        for pid, record in records_of.items():
            if record is not None and pid in docs:
                held = self.store.read_record(pid)
                if held != record:
                    records[pid] = record
                    if held is None:
                        new_records.append(pid)
        if not new_records:         # the archive's write is all-or-nothing by itself: no journal to flush
            if records:
                self.store.write_records(records)
            self.store.add_archived(list(docs.values()), owned=True)
            return refused
        with journal.importing(self.store, {"live": [], "records": new_records, "archived": sorted(docs)}):
            if records:
                self.store.write_records(records)
            self.store.add_archived(list(docs.values()), owned=True)
        return refused

    def delete(self, pid: str, fields: dict) -> None:
        from . import corrections
        from .trash import read_trash

        if self.store.get_archived(pid) is None:
            if any(e["doc"].get("id") == pid for e in read_trash(self.store)):
                return
            if self.put_many({pid: fields}):    # known here only as deleted elsewhere: into the trash whole
                return                          # (not a play this history can hold: it stays out, said once)
        corrections.delete(self.store, pid)

    def rename(self, old: str, new: str) -> None:
        """Games in progress and the trash: the finished plays are written from the merge (``names``)."""
        from ...store import journal
        from .corrections_journal import names as names_player
        from .trash import read_trash

        live = [d["id"] for d in self.store.live_docs() if names_player(d, old)]
        trash = any(names_player(e["doc"], old) for e in read_trash(self.store))
        if live or trash:
            journal.run(self.store, {"op": "rename", "old": old, "new": new, "merge": False, "ids": [],
                                     "records": [], "live": live, "trash": trash}, "{error}")

    def names(self, fields: dict, resolve) -> dict:
        from ...core.rename import rename_record
        from .corrections_journal import rename_doc

        out = fields
        players = fields.get("players")
        if not isinstance(players, list):       # a foreign play's fields: no names to read (it is refused)
            return out
        for name in list(dict.fromkeys(p for p in players if isinstance(p, str))):
            now = resolve(name)
            if now != name:
                out = rename_doc(out, name, now)
                if isinstance(out.get(RECORD), str):
                    out = dict(out, **{RECORD: rename_record(out[RECORD], name, now)})
        return out

    def alike(self, fields: dict):
        """Day, game and each player's score: two laptops that logged one play give the same. Any fields
        at all (a foreign laptop's event is read here before it is checked as a play): never an error."""
        date, game = fields.get("date"), fields.get("game")
        if not date or not game:
            return None
        result = fields.get("result")
        ranking = result.get("ranking") if isinstance(result, dict) else None
        scores = [(str(e.get("player")), e.get("total")) for e in ranking if isinstance(e, dict)] \
            if isinstance(ranking, list) else []
        try:
            scores.sort()
        except TypeError:       # one name twice with totals that do not compare (5 and None): by their JSON
            scores.sort(key=lambda score: (score[0], json.dumps(score[1], sort_keys=True, default=str)))
        if not scores:
            players = fields.get("players")
            scores = sorted(map(str, players)) if isinstance(players, (list, dict, str)) else []
        return [str(date)[:10], str(game), scores]

    def vacate(self, pid: str) -> None:
        """A second id whose play the merge moved to another id (Sync._vacated): its document leaves the
        history, not into the trash (the play is in the history under its id now, and a trash entry would
        be sent as a delete). Its move record stays where it is: nothing of a record is ever destroyed."""
        if self.store.get_archived(pid) is not None:
            self.store.remove_archived(pid)

    def take_aliases(self) -> list:
        return [tuple(p) for p in _pending(sync_dir(self.store) / "aliases.pending")]

    def done_aliases(self) -> None:
        try:
            (sync_dir(self.store) / "aliases.pending").unlink()
        except FileNotFoundError:
            pass


def quick(store, folder):
    """A sync that never waits: when another command holds the history's lock, None (that command, or the
    next one, syncs); else run()'s report."""
    from ...core.errors import StoreError

    try:
        store.lock.acquire(timeout=0)
    except StoreError:
        return None
    try:
        return run(store, folder)
    finally:
        store.lock.release()


def forget_said(store, said: list) -> None:
    """`referee sync` has said these plays told apart (Report.split): the next sync need not say them."""
    from ...store import journal
    from ...sync.reconcile import forget_said as forget

    if said:
        with journal.locked(store):
            forget(sync_dir(store), said)


def run(store, folder, told: bool = False) -> "object":
    """One sync of ``store`` with the shared ``folder`` (under the store's lock): the reconcile.Report.
    ``told``: the report is shown to the club (`referee sync`), which lists the plays told apart (two plays
    that had one id) and, once it has said them, forgets them (forget_said)."""
    from ...store import journal
    from ...store.store import _no_gc
    from ...sync.device import Device, device_path
    from ...sync.reconcile import Sync

    # the collector paused: a new laptop's first sync holds every play of the club (events, the merged
    # base, the documents) as small objects without cycles, and passes over them were 45% of its time
    with journal.locked(store), _no_gc():
        device = Device.load(device_path(store))
        return Sync(ClubLocal(store), sync_dir(store), Path(folder), device, show_splits=told).run()
