"""The club's history: finished games in TinyDB shards, plus one small append-only file per game in progress.

Layout for a store at ``history.json`` (schema 2):

    history.json            TinyDB: table "_meta" only ({"schema_version": 2, "layout": "shards", ...}): the
                            store's root; without it the store is empty
    history.json.bak        the previous version of history.json
    history.json.d/         the finished games (tracked, recorded, imported) in TinyDB files by the first
                            characters of the id, each with a summary and a list of its players beside it
                            (see shards.py), and
                            stats.cache, what `stats` counted (derived: club/stats/stats_cache.py)
    history.json.v1         a store of schema 1 (one TinyDB file with every game) as it was when migrated
    history.json.lock       the writers' lock; history.json.lock.holder names its holder
    history.json.live/      one file per game in progress: its document, then one line per entry (livelog.py)
    history.json.records/   the move record (text) of every finished tracked game

Why: no write may cost in proportion to the history. A move appends a line to its game's file; finishing a
game, `record` and `new` touch one shard (1/124 of the history); `history` and `stats` read the summaries,
`show ID` one shard. A store of schema 1 is still read as it is, and becomes schema 2 on its first write.
A symlinked history.json is followed: the whole store lives beside the file it points at.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import BadInput, StoreError
from . import shards
from .aside import aside_name
from .atomic import _keep_backup, atomic_write, read_regular, write_through
from .ids import new_id
from .lock import StoreLock
from .shape import archive_problem, name_of
from .files import GameFiles
from .finding import GameIds
from .schema import SCHEMA_VERSION, _cannot_write, _disappeared, check_schema, now_iso  # noqa: F401

STORE_SCHEMA = 2        # of the store's layout, in history.json's _meta: 1 one file, 2 shards
GAMES = "games"
META = "_meta"


def default_path() -> Path:
    from ..dirs import user_data_dir         # platformdirs' folder, without importing it where it can

    return Path(user_data_dir("referee", appauthor=False)) / "history.json"


def N_(text: str) -> str:
    """Marks a text for the catalog (babel extracts N_); translated where it is shown. Defined here, not
    imported from referee.i18n, so opening the store imports no translator until a message is shown."""
    return text


def resolve_path(path: str | os.PathLike | None = None) -> Path:
    if isinstance(path, str) and not path.strip():
        from ..i18n import _

        raise BadInput(_("The history store path is empty (--db \"\"); give a file, for example --db "
                         "history.json, or leave --db out to use the default history."))
    if path:
        return Path(path).expanduser()
    env = os.environ.get("REFEREE_DB")
    if env:
        return Path(env).expanduser()
    return default_path()


@contextmanager
def _no_gc():
    """Loading many small objects: the collector would run (uselessly) every few thousand, tripling the
    time of a large load; nothing loaded here forms cycles."""
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _tinydb_blob(tables: dict) -> bytes:
    return json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

class _Taken:
    """The ids a new game may not take, without reading the whole history: ``extra`` plus what ``lookup``
    says (one shard's ids)."""

    def __init__(self, extra: set, lookup):
        self.extra = set(extra)
        self.lookup = lookup

    def add(self, gid: str) -> None:
        self.extra.add(gid)

    def __contains__(self, gid) -> bool:
        return gid in self.extra or self.lookup(gid)


class Store(GameFiles, GameIds):
    def __init__(self, path: str | os.PathLike | None = None):
        self.path = resolve_path(path)
        base = write_through(self.path)   # a symlinked store lives beside the file it points at
        sibling = lambda suffix: base.with_name(base.name + suffix)  # noqa: E731
        self.backup_path = sibling(".bak")
        self.live_dir = sibling(".live")
        self.records_dir = sibling(".records")
        self.shards_dir = sibling(".d")
        self.v1_path = sibling(".v1")
        self.lock = StoreLock(sibling(".lock"), str(self.path))
        self._no_refresh = False    # derived files could not be rewritten (read-only, busy, full): stop trying

    # --- errors ------------------------------------------------------------------------------
    def corrupt(self, what: str, path: Path | None = None, **values) -> StoreError:
        """``what``: what is wrong (an English msgid marked N_, "is empty"), translated here and filled
        with ``values``."""
        from ..i18n import _

        what = _(what).format(**values)
        if path is not None and path != self.path:
            backup = path.with_name(path.name + ".bak")
            way_out = (_("its last good copy is {backup}: `referee repair --restore` puts it back").format(
                       backup=backup) if backup.exists() else _("`referee repair` says what to do"))
            return StoreError(_("The history store's file {path} {what}; nothing was changed, and {way_out}.")
                              .format(path=path, what=what, way_out=way_out))
        if self.backup_path.exists():
            way_out = _("the last good copy is {backup}: `referee repair --restore` puts it back").format(
                backup=self.backup_path)
        elif shards.shard_keys(self.shards_dir):    # only the root is lost: the finished games are beside it
            way_out = _("there is no backup: `referee repair --reset` moves it aside and writes a new one, keeping "
                        "the finished games in {folder}").format(folder=self.shards_dir)
        else:
            way_out = _("there is no backup: `referee repair --reset` moves it aside and starts an empty history")
        return StoreError(_("The history store {path} {what}; nothing was changed, and {way_out}.")
                          .format(path=self.path, what=what, way_out=way_out))

    def _read_tinydb(self, path: Path, raw: bytes | None = None) -> dict | None:
        """A TinyDB file's tables, read strictly (None when absent); ``raw`` its bytes when already read."""
        if raw is None:
            raw = read_regular(path)
        if raw is None:
            return None
        if not raw.strip():
            raise self.corrupt(N_("is empty"), path)
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise self.corrupt(N_("is not valid JSON ({error})"), path, error=err) from None
        if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
            raise self.corrupt(N_("does not have the shape of a TinyDB file"), path)
        if path == self.path and (not all(str(k).isdigit() for t in data.values() for k in t)
                                  or not all(isinstance(d, dict) for d in (data.get(META) or {}).values())):
            raise self.corrupt(N_("does not have the shape of a TinyDB file"), path)
        return data

    # --- the store's root: which layout -----------------------------------------------------------
    def _root(self) -> tuple[int, dict | None]:
        """(0, None) no store yet; (1, tables) one file with every game; (2, tables) sharded."""
        data = self._read_tinydb(self.path)
        if data is None:
            return 0, None
        meta = list((data.get(META) or {}).values())
        if not meta:
            return 1, data
        if not isinstance(meta[0], dict):
            raise self.corrupt(N_("has a damaged _meta table"))
        check_schema(meta[0], N_("The history store {path}"), STORE_SCHEMA, path=self.path)
        return (2 if meta[0]["schema_version"] >= 2 else 1), data

    def layout(self) -> int:
        """0: no history yet, 1: one file (schema 1, migrated on the next write), 2: shards."""
        return self._root()[0]

    def _v1_docs(self, data: dict, check: bool = True) -> list[dict]:
        docs = []
        for n, d in enumerate((data.get(GAMES) or {}).values(), 1):
            if check:
                self._check_shape(d, n)
                check_schema(d, N_("Game {id} in {path}"), id=d.get('id', '?'), path=self.path)
            elif not isinstance(d, dict):
                raise self.damaged_game(name_of(d, n), archive_problem(d))
            docs.append(dict(d))
        return docs

    def _check_shape(self, doc, n: int) -> None:
        """A stored game whose shape a reader cannot rely on: one sentence naming it, and the way out."""
        why = archive_problem(doc)
        if why:
            raise self.damaged_game(name_of(doc, n), why)

    def damaged_game(self, name: str, why: str) -> StoreError:
        from ..i18n import _

        return StoreError(_("Game {name} in the history store {path} is damaged ({why}); `referee repair "
                            "--set-aside` moves it out of the history into a file of its own (nothing is "
                            "deleted).").format(name=name, path=self.path, why=why))

    # --- shards ----------------------------------------------------------------------------------
    def _shard_path(self, key: str) -> Path:
        return self.shards_dir / f"{key}.json"

    def _shard_docs(self, key: str, check: bool = True, pending: dict | None = None,
                    raw: bytes | None = None) -> dict[int, dict]:
        """seq -> document of one shard (a complete new version awaiting its commit counts as the shard);
        ``raw`` the shard's bytes when the caller has read them."""
        if pending is None:
            pending = shards.pending(self.shards_dir)
        path = pending.get(key) or self._shard_path(key)
        mine = raw is not None and path == self._shard_path(key)
        data = self._read_tinydb(path, raw) if mine else self._read_tinydb(path)
        if data is None and path != self._shard_path(key):   # put in place by the writer meanwhile
            path = self._shard_path(key)
            data = self._read_tinydb(path)
        if data is None:
            return {}
        docs = {}
        for n, (seq, d) in enumerate((data.get(GAMES) or {}).items(), 1):
            try:
                seq = int(seq)
            except ValueError:
                raise self.corrupt(N_("has a game numbered {seq}, not a number"), path, seq=repr(seq)) from None
            if check:
                self._check_shape(d, n)
                check_schema(d, N_("Game {id} in {path}"), id=d.get('id', '?'), path=path)
            docs[seq] = d
        return docs

    def _summary(self, key: str, pending: dict) -> dict:
        """The stored summary of one shard ({"schema", "rows", "ext"}) when it describes the shard: by its
        stamp and timing, else by the shard's content hash (shards.py, "Trusting derived files"). One that does
        not describe it (a crash between the two writes, a hand edit, another version) is rebuilt from the
        shard. Either way a summary found stale is rewritten when the lock is free at once."""
        raw = None
        if key not in pending:
            path = self._shard_path(key)
            got = shards.read_derived(self.shards_dir / f"{key}.sum.json")
            try:
                info = os.stat(path)
            except OSError:
                info = None
            if got is not None and info is not None and shards.summary_usable(got[0]):
                data, own = got
                if shards.trusted_by_stamp(data, own, info):
                    return data
                raw = read_regular(path)
                if raw is not None and shards.content_hash(raw) == data["shard_hash"]:
                    if time.time_ns() - info.st_mtime_ns >= shards.GRANULE_NS:   # else it would still be racy
                        self._refresh_derived(key, data, data["shard_hash"], pending)
                    return data
        if raw is None and key not in pending:
            raw = read_regular(self._shard_path(key))   # read once: summarised here, hashed for the rewrite
        docs = self._shard_docs(key, check=False, pending=pending, raw=raw)
        for n, d in enumerate(docs.values(), 1):
            self._check_shape(d, n)
        summary = shards.summary_of(docs)
        if raw is not None and key not in pending:
            self._refresh_derived(key, summary, shards.content_hash(raw), pending)
        return summary

    def _refresh_derived(self, key: str, summary: dict | None, shard_hash: str, pending: dict,
                         names: list | None = None) -> None:
        """Write a shard's summary and names afresh with its stamp now (or, when their bytes would not change,
        only touch them: the racy case), if the shard still hashes to ``shard_hash``. Only under the lock,
        taken at once or not at all: a busy, read-only or full store is left as it is and read again by
        content next time."""
        if self._no_refresh or pending or (self.shards_dir / shards.COMMIT).exists():
            return
        try:
            self.lock.acquire(timeout=0)
        except StoreError:
            self._no_refresh = True
            return
        try:
            path = self._shard_path(key)
            raw = read_regular(path)   # the shard cannot change while the lock is held
            if raw is None or shards.content_hash(raw) != shard_hash:
                return
            files = []
            if summary is not None:
                fields = {k: summary[k] for k in ("schema", "rows", "ext") if k in summary}
                files.append((self.shards_dir / f"{key}.sum.json", shards.encode_summary(fields, path, shard_hash)))
                names = shards.names_of_rows(fields["rows"]) if names is None else names
            files.append((self.shards_dir / f"{key}.names", shards.encode_names(names, path, shard_hash)))
            for target, blob in files:
                try:
                    same = read_regular(target) == blob
                except StoreError:
                    same = False
                if same:   # only racy: written now, it is no longer within the shard's timestamp granule
                    if time.time_ns() - os.stat(path).st_mtime_ns >= shards.GRANULE_NS:
                        os.utime(target)
                else:
                    shards.write_derived(target, blob)
        except Exception:   # noqa: BLE001 -- derived: a read-only or full store is answered from memory, as before
            self._no_refresh = True
        finally:
            self.lock.release()

    def _current_rows(self, key: str) -> dict:
        """seq -> summary row of a shard whose stored summary describes it ({} otherwise): what a write of
        that shard can keep instead of summarising every game again."""
        got = shards.read_derived(self.shards_dir / f"{key}.sum.json")
        if got is None or not shards.summary_usable(got[0]):
            return {}
        data, own = got
        path = self._shard_path(key)
        try:
            if not shards.trusted_by_stamp(data, own, os.stat(path)):
                raw = read_regular(path)
                if raw is None or shards.content_hash(raw) != data["shard_hash"]:
                    return {}
        except (OSError, StoreError):
            return {}
        try:
            return {shards.row_seq(r): r for r in data["rows"]}
        except (ValueError, IndexError, TypeError):
            return {}

    def _shard_ids(self, key: str) -> set:
        if self._root()[0] != 2:
            return self.archived_ids()
        return {shards.row_id(r) for r in self._summary(key, shards.pending(self.shards_dir))["rows"]}

    # --- reading the archive ---------------------------------------------------------------------
    def new_id(self) -> str:
        """A fresh id: checked against the games in progress and the one shard it would go to."""
        version, data = self._root()
        extra = self.live_ids() | self._aside_ids()
        if version != 2:
            return new_id(extra | ({d.get("id") for d in self._v1_docs(data)} if data else set()))
        cache: dict[str, set] = {}

        def known(gid):
            key = shards.shard_key(gid)
            if key not in cache:
                cache[key] = self._shard_ids(key)
            return gid in cache[key]

        return new_id(_Taken(extra, known), length=self._id_length())

    def _id_length(self) -> int:
        """Longer ids once this history syncs with other laptops (its sync folder beside it exists)."""
        from .ids import LENGTH, SYNC_LENGTH

        return SYNC_LENGTH if self.path.with_name(self.path.name + ".sync").is_dir() else LENGTH

    def archived(self) -> list[dict]:
        """Every finished game in the archive, in the order stored (full documents)."""
        with _no_gc():
            version, data = self._root()
            if version == 0:
                return []
            if version == 1:
                return self._v1_docs(data)
            pending = shards.pending(self.shards_dir)
            merged = []
            for key in shards.shard_keys(self.shards_dir) + [k for k in pending if not self._shard_path(k).exists()]:
                merged.extend(self._shard_docs(key, pending=pending).items())
            merged.sort(key=lambda item: item[0])
            return [dict(d) for _, d in merged]

    def archived_by_shard(self):
        """Every finished game's full document as archived() gives them, one shard at a time (a list per
        shard, stored order within it): for a reader that needs every document but not all at once (`export`
        holds one shard's games, not the history's)."""
        version, data = self._root()
        if version == 0:
            return
        if version == 1:
            yield self._v1_docs(data)
            return
        pending = shards.pending(self.shards_dir)
        keys = shards.shard_keys(self.shards_dir)
        for key in keys + [k for k in pending if k not in keys]:
            with _no_gc():
                docs = self._shard_docs(key, pending=pending)
            yield [dict(d) for _, d in sorted(docs.items())]

    def archived_summaries(self) -> list:
        """Every finished game as `history` and `stats` read it, oldest first (date, time finished, then as
        stored): rows answering .get() for id, date, game, location, source, players, duration, moves,
        has_record, finished_at, schema_version and result (winners; ranking with player, total, rank). A
        store of schema 1 gives its full documents, as stored."""
        with _no_gc():
            version, data = self._root()
            if version == 0:
                return []
            if version == 1:
                return self._v1_docs(data)
            rows = []
            for _key, summary in self.shard_summaries():
                rows.extend(shards.rows_of(summary))
            if all(r.__class__ is shards.Summary for r in rows):
                rows.sort()
            else:
                rows.sort(key=shards.order_key)
            return rows

    def shard_summaries(self):
        """(shard key, its summary {"schema", "rows"}) of every shard of a store of schema 2, in key order, one
        at a time (a reader that keeps rows of its own lets each summary go); a game of a newer schema is
        refused here, as every reader refuses it."""
        pending = shards.pending(self.shards_dir)
        keys = shards.shard_keys(self.shards_dir)
        for key in keys + [k for k in pending if k not in keys]:
            summary = self._summary(key, pending)
            newest = summary["schema"]
            if newest.__class__ is not int or newest > SCHEMA_VERSION:
                for r in summary["rows"]:   # name the game
                    check_schema({"schema_version": shards.row_schema(r)},
                                 N_("Game {id} in {path}"), id=shards.row_id(r), path=self._shard_path(key))
                check_schema({"schema_version": newest}, N_("A game in {path}"), path=self._shard_path(key))
            yield key, summary

    def player_names(self) -> list[str]:
        """Every player named in the finished games, once each (for "did you mean"): each shard's stored
        list of names where it describes the shard, else the names in its summary's rows."""
        version, data = self._root()
        if version != 2:
            return []
        pending = shards.pending(self.shards_dir)
        keys = shards.shard_keys(self.shards_dir)
        names: dict = {}
        for key in keys + [k for k in pending if k not in keys]:
            got = None if key in pending else shards.read_names(self.shards_dir, key)
            listed = None
            if got is not None:
                listed, stale = got
                if stale:   # believed by the shard's hash: stamp them afresh (as _summary does its summary)
                    self._refresh_derived(key, None, stale, pending, names=listed)
            if listed is None:
                summary = self._summary(key, pending)
                listed = [p for r in shards.rows_of(summary)
                          for p in (r.get("players") or ()) if isinstance(p, str)]
                if key not in pending and isinstance(summary.get("shard_hash"), str):
                    # a summary believed (as stored) beside names that are not: write the names again
                    self._refresh_derived(key, None, summary["shard_hash"], pending,
                                          names=shards.names_of_rows(summary["rows"]))
            for p in listed:
                names[p.casefold()] = p
        return list(names.values())

    def archived_ids(self) -> set[str]:
        version, data = self._root()
        if version == 2:
            return {r.get("id") for r in self.archived_summaries()}
        return {d.get("id") for d in self._v1_docs(data)} if data else set()

    def external_ids(self) -> dict:
        """(kind, value) -> id of every finished game known elsewhere by an id (its BG Stats uuid, its BGG
        play id: shards.external_keys), read from the shards' summaries; a shard whose summary predates them
        is read whole."""
        with _no_gc():
            version, data = self._root()
            if version == 0:
                return {}
            if version == 1:
                return {tuple(k): d.get("id") for d in reversed(self._v1_docs(data)) for k in shards.external_keys(d)}
            pending = shards.pending(self.shards_dir)
            keys = shards.shard_keys(self.shards_dir)
            out = {}
            for key in keys + [k for k in pending if k not in keys]:
                ext = self._summary(key, pending).get("ext")
                if ext is None:
                    ext = [[*k, str(d.get("id"))] for d in self._shard_docs(key, check=False, pending=pending).values()
                           for k in shards.external_keys(d)]
                for kind, value, gid in ext:
                    out.setdefault((kind, value), gid)
            return out

    def archived_by_ids(self, ids) -> dict[str, dict]:
        """id -> document of the given finished games (those stored), each shard read once."""
        with _no_gc():
            version, data = self._root()
            wanted = set(ids)
            if version != 2:
                return {d["id"]: d for d in (self._v1_docs(data) if data else ()) if d.get("id") in wanted}
            out = {}
            by_key: dict[str, set] = {}
            for gid in wanted:
                by_key.setdefault(shards.shard_key(gid), set()).add(gid)
            pending = shards.pending(self.shards_dir)
            for key, some in by_key.items():
                path = self._shard_path(key)
                for n, d in enumerate(self._shard_docs(key, check=False, pending=pending).values(), 1):
                    if isinstance(d, dict) and d.get("id") in some:
                        self._check_shape(d, n)
                        check_schema(d, N_("Game {id} in {path}"), id=d['id'], path=path)
                        out[d["id"]] = dict(d)
            return out

    def get_archived(self, gid: str) -> dict | None:
        with _no_gc():
            return self._get_archived(gid)

    def _get_archived(self, gid: str) -> dict | None:
        version, data = self._root()
        if version == 2:
            for d in self._shard_docs(shards.shard_key(gid), check=False).values():
                if isinstance(d, dict) and d.get("id") == gid:
                    self._check_shape(d, 1)
                    check_schema(d, N_("Game {id} in {path}"), id=gid, path=self._shard_path(shards.shard_key(gid)))
                    return dict(d)
            return None
        for doc in self._v1_docs(data) if data else ():
            if doc.get("id") == gid:
                return doc
        return None

    # --- writing the archive ---------------------------------------------------------------------
    def _prepare_write(self) -> None:
        """Under the lock: make sure the store is of schema 2 (create it, or migrate a schema-1 file) and
        that no multi-shard write is left half in place."""
        version, data = self._root()
        if version == 0:
            self._create()
        elif version == 1:
            self._migrate(data)
        elif shards.pending(self.shards_dir) or (self.shards_dir / shards.COMMIT).exists():
            shards.finish_commit(self.shards_dir)

    def _meta_blob(self, **extra) -> bytes:
        meta = {"schema_version": STORE_SCHEMA, "kind": "referee-history", "layout": "shards",
                "created": now_iso(), **extra}
        return _tinydb_blob({META: {"1": meta}})

    def _move_aside_stale_shards(self) -> None:
        """A shards folder without a schema-2 history.json to own it (left by a migration that crashed, or
        by a store reset or restored from a backup): kept under another name, never read, never deleted."""
        if self.shards_dir.exists():
            aside = aside_name(self.shards_dir, "stale")
            try:
                os.replace(self.shards_dir, aside)
            except OSError as err:
                from ..i18n import _

                raise StoreError(_("Could not move the stale folder {folder} aside ({reason}); "
                                   "nothing was changed.").format(folder=self.shards_dir,
                                                                  reason=err.strerror or err)) from None

    def _create(self) -> None:
        self._move_aside_stale_shards()
        blob = self._meta_blob()
        atomic_write(self.path, blob)
        atomic_write(self.backup_path, blob)

    def _migrate(self, data: dict, drop=None) -> int:
        """Schema 1 -> 2: the games go into shards (numbered in their stored order), the old file is kept as
        history.json.v1, and history.json becomes the root; writing it is the moment the new layout counts,
        so a crash before leaves the old store as it was. ``drop(document)``: games left out (whatever their
        shape: how `repair --set-aside` takes damaged games out); returns how many were."""
        with _no_gc():
            by_key: dict[str, dict] = {}
            dropped = 0
            for n, (seq, d) in enumerate((data.get(GAMES) or {}).items(), 1):
                if drop is not None and drop(d):
                    dropped += 1
                    continue
                self._check_shape(d, n)
                check_schema(d, N_("Game {id} in {path}"), id=d.get('id', '?'), path=self.path)
                try:
                    seq = int(seq)
                except ValueError:
                    raise self.corrupt(N_("has a game numbered {seq}, not a number"), seq=repr(seq)) from None
                by_key.setdefault(shards.shard_key(d.get("id")), {})[seq] = d
            self._move_aside_stale_shards()
            try:
                self.shards_dir.mkdir(parents=True)
            except OSError as err:
                from ..i18n import _

                raise StoreError(_("Could not create {folder} ({reason}); nothing was changed.").format(
                    folder=self.shards_dir, reason=err.strerror or err)) from None
            for key, docs in by_key.items():
                shards.write_shards(self.shards_dir, {key: docs})
            kept = self.v1_path
            if kept.exists():
                kept = kept.with_name(f"{kept.name}-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                _keep_backup(write_through(self.path), kept)
            except OSError as err:
                from ..i18n import _

                raise StoreError(_("Could not keep the history's old file as {kept} ({reason}) before "
                                   "converting it; nothing was changed.").format(
                    kept=kept, reason=err.strerror or err)) from None
            blob = self._meta_blob(migrated=now_iso(), migrated_from=kept.name)
            atomic_write(self.path, blob)
            atomic_write(self.backup_path, blob)
            return dropped

    def add_archived(self, docs: list[dict], owned: bool = False) -> list[str]:
        """Insert (or replace by id) finished-game documents; all of them or, after a crash, none.
        ``owned``: the documents are the caller's to give (made for this write, never used after it), so
        they are stored as they are, not copied."""
        with self.lock, _no_gc():
            self._prepare_write()
            pending = {}
            cache: dict[str, dict] = {}
            by_id: dict[str, dict] = {}
            empty: set = set()    # shards that held no game: no summary row of theirs to keep (nor to read)

            def shard(key):
                if key not in cache:
                    cache[key] = self._shard_docs(key, pending=pending)
                    by_id[key] = {d.get("id"): s for s, d in cache[key].items()}
                    if not cache[key]:
                        empty.add(key)
                return cache[key]

            def known(gid):
                key = shards.shard_key(gid)
                shard(key)
                return gid in by_id[key]

            taken = _Taken(self.live_ids(), known)
            batch: dict = {}
            ids = []
            length = self._id_length()
            for doc in docs:
                if not owned:
                    doc = dict(doc)
                doc.setdefault("schema_version", SCHEMA_VERSION)
                gid = doc.get("id")
                if not gid:
                    gid = doc["id"] = new_id(taken, length=length)
                taken.add(gid)
                ids.append(gid)
                batch.pop(gid, None)  # the last document given for an id wins
                batch[gid] = doc
            seq = time.time_ns()
            touched = set()
            replaced: set = set()
            top: dict = {}        # each shard's highest seq: taking max() of a shard per new game was quadratic
            shard_key = shards.shard_key
            for gid, doc in batch.items():    # (a first sync's 20,000 games: each step here counts)
                key = shard_key(gid)
                games = cache.get(key)
                if games is None:
                    games = shard(key)
                here = by_id[key]
                old = here.get(gid)
                if old is not None:   # a correction keeps the game's place among games of the same time
                    games[old] = doc
                    replaced.add(old)
                else:
                    last = top.get(key)
                    if last is None:
                        last = max(games, default=0)
                    seq = (seq if seq > last else last) + 1
                    top[key] = seq
                    games[seq] = doc
                    here[gid] = seq
                touched.add(key)
            if touched:
                reuse = {k: {} if k in empty else self._current_rows(k) for k in touched}
                for k in touched:   # rows of replaced games must not be reused
                    for seq in list(reuse[k]):
                        if seq not in cache[k] or seq in replaced:
                            del reuse[k][seq]
                shards.write_shards(self.shards_dir, {k: cache[k] for k in sorted(touched)}, reuse)
        return ids

    def remove_archived(self, gid: str) -> None:
        """Take one game out of the archive. Never refused for that game's own schema: it is how a game of a
        newer referee is set aside."""
        with self.lock:
            version, data = self._root()
            if version == 1:
                self._migrate(data, drop=lambda d: isinstance(d, dict) and d.get("id") == gid)
                return
            self._prepare_write()
            key = shards.shard_key(gid)
            docs = self._shard_docs(key, check=False)
            keep = {s: d for s, d in docs.items() if not (isinstance(d, dict) and d.get("id") == gid)}
            if len(keep) != len(docs):
                shards.write_shards(self.shards_dir, {key: keep}, {key: self._current_rows(key)})

    # --- any shape (for `referee repair`, which sets damaged games aside) ------------------------------
    def archive_documents(self, shapes: bool = False) -> list:
        """The finished games' documents as stored, in stored order; without ``shapes``, whatever their shape
        (for `repair`)."""
        with _no_gc():
            version, data = self._root()
            if version == 0:
                return []
            if version == 1:
                docs = list((data.get(GAMES) or {}).values())
                if shapes:
                    for n, d in enumerate(docs, 1):
                        self._check_shape(d, n)
                return docs
            pending = shards.pending(self.shards_dir)
            keys = shards.shard_keys(self.shards_dir)
            merged = []
            for key in keys + [k for k in pending if k not in keys]:
                merged.extend(self._shard_docs(key, check=False, pending=pending).items())
            merged.sort(key=lambda item: item[0])
            docs = [d for _, d in merged]
            if shapes:
                for n, d in enumerate(docs, 1):
                    self._check_shape(d, n)
            return docs

    def remove_archive_documents(self, damaged) -> int:
        """Remove every stored document ``damaged(document)`` is true of, whatever its shape; the count. The
        shards it touches are written together (all of them or, after a crash, none)."""
        with self.lock:
            version, data = self._root()
            if version == 0:
                return 0
            if version == 1:
                return self._migrate(data, drop=lambda d: bool(damaged(d)))
            self._prepare_write()
            changed, reuse, count = {}, {}, 0
            for key in shards.shard_keys(self.shards_dir):
                docs = self._shard_docs(key, check=False)
                keep = {s: d for s, d in docs.items() if not damaged(d)}
                if len(keep) != len(docs):
                    count += len(docs) - len(keep)
                    changed[key] = keep
                    reuse[key] = self._current_rows(key)
            if changed:
                shards.write_shards(self.shards_dir, changed, reuse)
            return count

    # --- damaged shards (for `referee repair`) -----------------------------------------------------
    def damaged_shards(self) -> list[tuple[Path, str]]:
        """(shard file, what is wrong) for every shard that cannot be read; [] for a store of schema 1."""
        if self._root()[0] != 2:
            return []
        bad = []
        for key in shards.shard_keys(self.shards_dir):
            try:
                self._shard_docs(key, check=False)
            except StoreError as err:
                bad.append((self._shard_path(key), str(err)))
        return bad

    def restore_shards(self) -> list[tuple[Path, Path]]:
        """Put back the last good copy (*.json.bak) of every damaged shard that has a readable one; the
        damaged file is kept beside it as *.damaged-<time>. Returns (shard, where the damaged one is kept)."""
        done = []
        with self.lock:
            for path, _why in self.damaged_shards():
                backup = path.with_name(path.name + ".bak")
                try:
                    if not self._read_tinydb(backup):
                        continue
                except StoreError:
                    continue
                kept = aside_name(path, "damaged")
                try:
                    # the damaged file kept first (a link), then replaced atomically: never a moment without it
                    _keep_backup(path, kept)
                    atomic_write(path, read_regular(backup))
                except OSError as err:
                    from ..i18n import _

                    raise StoreError(_("Could not put back {backup} ({reason}); the damaged file is {kept}.").format(
                        backup=backup, reason=err.strerror or err, kept=kept if kept.exists() else path)) from None
                done.append((path, kept))
        return done
