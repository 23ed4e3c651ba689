"""The files of single games beside the history: the move record of each finished tracked game
(``history.json.records/``) and the append-only file of each game in progress (``history.json.live/``,
livelog.py). A part of ``Store`` (store.py) of its own, so each file keeps one job; the Store gives it
``records_dir``, ``live_dir`` and ``corrupt``.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import StoreError
from . import livelog
from .atomic import AppendUnsure, append_line, atomic_write, read_regular, write_all, write_through
from .ids import check_id, is_id
from .schema import N_, SCHEMA_VERSION, _cannot_write, _disappeared, check_schema, now_iso
from .shape import live_problem


class GameFiles:
    # --- records of finished tracked games ----------------------------------------------------
    def record_path(self, gid: str) -> Path:
        return self.records_dir / f"{check_id(gid)}.txt"

    def read_record(self, gid: str) -> str | None:
        raw = read_regular(self.record_path(gid))
        if raw is None:
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as err:
            from ..i18n import _

            raise StoreError(_("The move record {path} is not UTF-8 text ({reason}); nothing was changed.").format(
                path=self.record_path(gid), reason=err)) from None

    def write_record(self, gid: str, text: str) -> None:
        atomic_write(self.record_path(gid), text.encode("utf-8"))

    def write_records(self, texts: dict[str, str]) -> None:
        """Write many move records (an import) with one flush to disk instead of one per file: 10,000
        fsyncs cost 45 s here. Every record is whole on disk before this returns, as with write_record.
        ``texts`` may be a club.formats.parsed.Records, whose packed records are written as bytes."""
        from .atomic import _fsync_dir, _sweep_once, write_temp

        if len(texts) < 8 or not hasattr(os, "sync"):   # Windows has no os.sync: one fsync per file
            for gid, text in texts.items():
                self.write_record(gid, text)
            return
        encoded = getattr(texts, "encoded", None)
        temps = []
        try:
            self.records_dir.mkdir(parents=True, exist_ok=True)
            _sweep_once(self.records_dir)
            folder, pid = str(self.records_dir), os.getpid()
            for n, gid in enumerate(texts):
                data = encoded(gid) if encoded is not None else texts[gid].encode("utf-8")
                final = os.path.join(folder, f"{check_id(gid)}.txt")
                if not os.path.lexists(final):
                    # A new record (an import's are): its temp file made in one open, named as write_temp
                    # names them (so a killed import's are swept), with the mode a new file gets
                    tmp = self._new_temp(final, f".{gid}.txt.{pid}~r{n}.tmp", data)
                    if tmp is not None:
                        temps.append((tmp, final))
                        continue
                path = self.record_path(gid)
                temps.append((str(write_temp(path, data, sync=False)), str(write_through(path))))
            os.sync()                                   # every temp's data on disk before any takes its name
            for tmp, final in temps:
                os.replace(tmp, final)
        except OSError as err:
            for tmp, _ in temps:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            from ..i18n import _

            raise StoreError(_("Could not write the move records in {folder} ({reason}); the history was not "
                               "changed.").format(folder=self.records_dir, reason=err.strerror or err)) from None
        _fsync_dir(self.records_dir)

    def _new_temp(self, final: str, name: str, data: bytes) -> str | None:
        """A temp file ``name`` beside ``final`` holding ``data`` (not yet flushed to disk), or None when a
        file of that name is there already (write_temp then makes one of another name)."""
        tmp = os.path.join(os.path.dirname(final), name)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
                         | getattr(os, "O_BINARY", 0), 0o666)      # (Windows: bytes as they are, no \r\n)
        except FileExistsError:
            return None
        try:
            write_all(fd, data)
        except BaseException:
            os.close(fd)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        os.close(fd)
        return tmp

    # --- live games -------------------------------------------------------------------------
    def live_path(self, gid: str) -> Path:
        return self.live_dir / f"{check_id(gid)}.json"

    def live_ids(self) -> set[str]:
        if not self.live_dir.is_dir():
            return set()
        return {p.stem for p in self.live_dir.glob("*.json") if is_id(p.stem)}   # a stray file is no game

    def read_live(self, gid: str) -> dict | None:
        path = self.live_path(gid)
        raw = read_regular(path)
        if raw is None:
            return None
        try:
            doc, _torn = livelog.decode(raw)
        except livelog.Damaged as err:
            from ..i18n import _

            raise StoreError(_("The game file {path} is damaged ({why}); nothing was changed. "
                               "Move it aside to continue with the other games.").format(path=path, why=err)) from None
        if not isinstance(doc, dict) or not isinstance(doc.get("moves"), list):
            from ..i18n import _

            raise StoreError(_("The game file {path} is not a referee game; nothing was changed, and `referee repair "
                               "--set-aside` moves it aside.").format(path=path))
        check_schema(doc, N_("The game file {path}"), path=path)
        doc["id"] = gid     # the file's name is its id: the id written inside it never becomes a path
        why = live_problem(doc)
        if why:
            from ..i18n import _

            raise StoreError(_("The game file {path} is damaged ({why}); nothing was changed, and `referee repair "
                               "--set-aside` moves it aside.").format(path=path, why=why))
        return doc

    def write_live(self, doc: dict, keep_updated: bool = False) -> None:
        """(Re)write a game in progress whole, compacted: its document with every move in it. ``keep_updated``:
        it keeps the time of its last change (a game imported from an export was last changed there)."""
        doc["schema_version"] = SCHEMA_VERSION
        if not (keep_updated and isinstance(doc.get("updated"), str)):
            doc["updated"] = now_iso()
        atomic_write(self.live_path(doc["id"]), livelog.encode_document(doc))

    def append_moves(self, gid: str, texts: list[str], at: int | None = None) -> str:
        """Store an entry's moves by appending one line to the game's file (fsynced before returning): the
        bytes written do not depend on the move number. ``at``: the number of moves before them (read from
        the file when not given). Returns the time stamped as the game's last update."""
        path = self.live_path(gid)
        if at is None:
            doc = self.read_live(gid)
            if doc is None:
                raise _disappeared(gid, self.live_dir)
            at = len(doc["moves"])
        try:
            with open(path, "rb") as fh:
                size = fh.seek(0, os.SEEK_END)
                last = b""
                if size:
                    fh.seek(size - 1)
                    last = fh.read(1)
        except FileNotFoundError:
            raise _disappeared(gid, self.live_dir) from None
        except OSError as err:
            from .atomic import _cannot_read

            raise StoreError(_cannot_read(path, err)) from None
        if last != b"\n":
            # Written by an older referee, or its last line was torn by a crash (never acknowledged):
            # compact it once, which drops the torn line, then append as usual.
            doc = self.read_live(gid)
            if doc is None or len(doc["moves"]) != at:
                from ..i18n import _

                raise StoreError(_("The game file {path} changed while it was being written; nothing was "
                                   "changed.").format(path=path))
            self.write_live(doc)
        stamp = now_iso()
        try:
            append_line(path, livelog.encode_entry(at, texts, stamp))
        except AppendUnsure as err:
            from ..i18n import _

            raise StoreError(_("Could not write {path} ({reason}) and could not take back what was written; "
                               "the move may be stored: `referee show {id}` shows the game as it is.").format(
                path=path, reason=err.strerror or err, id=gid)) from None
        except OSError as err:
            raise _cannot_write(path, err) from None
        return stamp

    def truncate_moves(self, gid: str, n: int) -> None:
        """Keep the first ``n`` moves of a game in progress (undo): the file is rewritten, compacted."""
        doc = self.read_live(gid)
        if doc is None:
            raise _disappeared(gid, self.live_dir)
        doc["moves"] = doc["moves"][:n]
        self.write_live(doc)

    def remove_live(self, gid: str) -> None:
        try:
            os.unlink(self.live_path(gid))
        except FileNotFoundError:
            pass

    def live_docs(self) -> list[dict]:
        docs = []
        for gid in self.live_ids():
            try:
                doc = self.read_live(gid)
            except StoreError:
                continue
            if doc is not None:
                docs.append(doc)
        docs.sort(key=lambda d: d.get("updated", ""), reverse=True)
        return docs

    def _aside_ids(self) -> set[str]:
        # Ids of set-aside game files (abandoned, damaged) stay taken: renaming one back must not collide.
        return {p.name.split(".", 1)[0] for p in self.live_dir.iterdir()} if self.live_dir.is_dir() else set()
