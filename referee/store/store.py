"""The club's history: a TinyDB archive of finished games plus one small file per game in progress.

Layout for a store at ``history.json``:

    history.json            TinyDB: table "games" (finished games: tracked, recorded, imported), "_meta"
    history.json.bak        the previous version of history.json (kept on every archive write)
    history.json.lock       the writers' lock; names its holder
    history.json.live/      one JSON file per game in progress: a move rewrites only that small file
    history.json.records/   the move record (text) of every finished tracked game

Why split: a move must not rewrite a big archive. With 10,000 finished games stored, ``referee move``
touches only its game's live file; the archive is written once, when the game finishes.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import BadInput, StoreError
from .atomic import atomic_write
from .ids import check_id, is_id, new_id
from .lock import StoreLock
from .shape import archive_problem, live_problem, name_of

SCHEMA_VERSION = 1
GAMES = "games"
META = "_meta"


def default_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("referee", appauthor=False)) / "history.json"


def resolve_path(path: str | os.PathLike | None = None) -> Path:
    if path:
        return Path(path).expanduser()
    env = os.environ.get("REFEREE_DB")
    if env:
        return Path(env).expanduser()
    return default_path()


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def check_schema(doc: dict, where: str) -> None:
    version = doc.get("schema_version")
    if not isinstance(version, int):
        raise StoreError(f"{where} has no schema_version; it was not written by referee and is left untouched.")
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{where} was written by a newer referee (schema {version}, this one reads up to "
            f"{SCHEMA_VERSION}); upgrade referee to use it. Nothing was changed."
        )


class _Storage:
    """TinyDB storage that reads strictly and writes atomically (TinyDB's JSONStorage truncates in place)."""

    def __init__(self, path, store=None, shapes=True, **_):
        self.path = Path(path)
        self.store = store
        self.shapes = shapes        # check every game's shape (all but `repair`, which reads them as they are)

    def read(self):
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if not raw.strip():
            raise self.store.corrupt("is empty")
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise self.store.corrupt(f"is not valid JSON ({err})") from None
        if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()) \
                or not all(str(k).isdigit() for t in data.values() for k in t) \
                or not all(isinstance(d, dict) for d in (data.get(META) or {}).values()):
            raise self.store.corrupt("does not have the shape of a TinyDB file")
        if self.shapes:
            for n, doc in enumerate((data.get(GAMES) or {}).values(), 1):
                why = archive_problem(doc)
                if why:
                    raise self.store.damaged_game(name_of(doc, n), why)
        return data

    def write(self, data) -> None:
        blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        atomic_write(self.path, blob, backup=self.store.backup_path)

    def close(self) -> None:
        pass


def _names_a_game(text: str) -> str | None:
    """The game id when ``text`` is a game's id or name as written ('port-royal', 'Port Royal'), else None."""
    from ..core.registry import GAMES

    key = " ".join(str(text).lower().replace("_", " ").replace("-", " ").split())
    for gid, info in GAMES.items():
        if key in (gid.replace("-", " "), str(info[1]).lower()):
            return gid
    return None


class Store:
    def __init__(self, path: str | os.PathLike | None = None):
        self.path = resolve_path(path)
        self.backup_path = self.path.with_name(self.path.name + ".bak")
        self.live_dir = self.path.with_name(self.path.name + ".live")
        self.records_dir = self.path.with_name(self.path.name + ".records")
        self.lock = StoreLock(self.path.with_name(self.path.name + ".lock"), str(self.path))

    # --- errors ------------------------------------------------------------------------------
    def corrupt(self, what: str) -> StoreError:
        way_out = (f"the last good copy is {self.backup_path}: `referee repair --restore` puts it back"
                   if self.backup_path.exists() else
                   "there is no backup: `referee repair --reset` moves it aside and starts an empty history")
        return StoreError(f"The history store {self.path} {what}; nothing was changed, and {way_out}.")

    # --- the archive (TinyDB) ------------------------------------------------------------------
    @contextmanager
    def _db(self, write: bool, shapes: bool = True):
        from tinydb import TinyDB
        from tinydb.middlewares import CachingMiddleware

        if not write and not self.path.exists():
            yield None
            return
        store = self

        class Storage(_Storage):
            def __init__(self, path, **kw):
                super().__init__(path, store=store, shapes=shapes)

        middleware = CachingMiddleware(Storage)
        middleware.WRITE_CACHE_SIZE = 10 ** 9  # write once, at the end of the block
        db = TinyDB(str(self.path), storage=middleware)
        meta = db.table(META).all()
        if meta:
            check_schema(meta[0], f"The history store {self.path}")
        elif write:
            db.table(META).insert({"schema_version": SCHEMA_VERSION, "kind": "referee-history",
                                   "created": now_iso()})
        yield db
        # Reached only when the block succeeded: a failed block writes nothing (no close(), which
        # would flush the cache).
        if write:
            db.storage.flush()

    def archived(self) -> list[dict]:
        """Every finished game in the archive, oldest first (as stored).

        Reads the file directly with the strict reader rather than through TinyDB's per-document
        wrapping (3x faster on a 10,000-game history); atomic writes mean the file is always whole.
        """
        docs = self.archive_documents(shapes=True)
        for d in docs:
            check_schema(d, f"Game {d.get('id', '?')} in {self.path}")
        return [dict(d) for d in docs]

    def archive_documents(self, shapes: bool = False) -> list:
        """The finished games' documents as stored; without ``shapes``, whatever their shape (for `repair`)."""
        data = _Storage(self.path, store=self, shapes=shapes).read()
        if data is None:
            return []
        meta = list((data.get(META) or {}).values())
        if meta:
            check_schema(meta[0], f"The history store {self.path}")
        return list((data.get(GAMES) or {}).values())

    def damaged_game(self, name: str, why: str) -> StoreError:
        from ..i18n import _

        return StoreError(_("Game {name} in the history store {path} is damaged ({why}); `referee repair "
                            "--set-aside` moves it out of the history into a file of its own (nothing is "
                            "deleted).").format(name=name, path=self.path, why=why))

    def remove_archive_documents(self, damaged) -> int:
        """Remove every stored document ``damaged(document)`` is true of, whatever its shape; the count."""
        with self.lock, self._db(write=True, shapes=False) as db:
            return len(db.table(GAMES).remove(lambda doc: bool(damaged(doc))))

    def archived_ids(self) -> set[str]:
        return {d["id"] for d in self.archived()}

    def get_archived(self, gid: str) -> dict | None:
        for doc in self.archived():
            if doc.get("id") == gid:
                return doc
        return None

    def add_archived(self, docs: list[dict]) -> list[str]:
        """Insert (or replace by id) finished-game documents in one atomic write."""
        from tinydb import Query

        with self.lock, self._db(write=True) as db:
            table = db.table(GAMES)
            existing = {d.get("id") for d in table.all()}
            taken = existing | self.live_ids()
            batch: dict = {}
            ids = []
            for doc in docs:
                doc = dict(doc)
                doc.setdefault("schema_version", SCHEMA_VERSION)
                if not doc.get("id"):
                    doc["id"] = new_id(taken)
                taken.add(doc["id"])
                ids.append(doc["id"])
                batch.pop(doc["id"], None)  # the last document given for an id wins
                batch[doc["id"]] = doc
            replace = [gid for gid in batch if gid in existing]
            if replace:
                table.remove(Query().id.one_of(replace))
            # One insert_multiple: a per-document insert rebuilds the table each time (O(n^2)).
            table.insert_multiple(batch.values())
        return ids

    def remove_archived(self, gid: str) -> None:
        from tinydb import Query

        with self.lock, self._db(write=True) as db:
            db.table(GAMES).remove(Query().id == gid)

    # --- records of finished tracked games ----------------------------------------------------
    def record_path(self, gid: str) -> Path:
        return self.records_dir / f"{check_id(gid)}.txt"

    def read_record(self, gid: str) -> str | None:
        try:
            return self.record_path(gid).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def write_record(self, gid: str, text: str) -> None:
        atomic_write(self.record_path(gid), text.encode("utf-8"))

    # --- live games -------------------------------------------------------------------------
    def live_path(self, gid: str) -> Path:
        return self.live_dir / f"{check_id(gid)}.json"

    def live_ids(self) -> set[str]:
        if not self.live_dir.is_dir():
            return set()
        return {p.stem for p in self.live_dir.glob("*.json") if is_id(p.stem)}   # a stray file is no game

    def read_live(self, gid: str) -> dict | None:
        path = self.live_path(gid)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        try:
            doc = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise StoreError(f"The game file {path} is damaged ({err}); nothing was changed. "
                             f"Move it aside to continue with the other games.") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("moves"), list):
            raise StoreError(f"The game file {path} is not a referee game; nothing was changed, and `referee repair "
                             f"--set-aside` moves it aside.")
        check_schema(doc, f"The game file {path}")
        doc["id"] = gid     # the file's name is its id: the id written inside it never becomes a path
        why = live_problem(doc)
        if why:
            from ..i18n import _

            raise StoreError(_("The game file {path} is damaged ({why}); nothing was changed, and `referee repair "
                               "--set-aside` moves it aside.").format(path=path, why=why))
        return doc

    def write_live(self, doc: dict) -> None:
        doc["schema_version"] = SCHEMA_VERSION
        doc["updated"] = now_iso()
        blob = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
        atomic_write(self.live_path(doc["id"]), blob)

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

    def new_id(self) -> str:
        # Ids of set-aside game files (abandoned, damaged) stay taken: renaming one back must not collide.
        aside = {p.name.split(".", 1)[0] for p in self.live_dir.iterdir()} if self.live_dir.is_dir() else set()
        return new_id(self.live_ids() | self.archived_ids() | aside)

    # --- ids --------------------------------------------------------------------------------
    def resolve(self, text: str) -> tuple[str, str]:
        """Find a game by id or unique id prefix: returns (id, "live" | "archive")."""
        gid = str(text).strip().lower()
        if not gid:
            raise BadInput("Give a game id; `referee history` lists them.")
        if not is_id(gid):      # refused before any path is built from it
            if _names_a_game(text) is None:
                check_id(gid)
            return self._no_such_game(text)
        if self.live_path(gid).exists():
            return gid, "live"
        live = sorted(i for i in self.live_ids() if i.startswith(gid))
        arch = self.archived_ids()
        if gid in arch:
            return gid, "archive"
        arch_match = sorted(i for i in arch if i.startswith(gid))
        matches = [(i, "live") for i in live] + [(i, "archive") for i in arch_match]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            names = ", ".join(m[0] for m in matches[:6])
            raise BadInput(f"Game id {text!r} is ambiguous: it starts {names}; type more of it.")
        return self._no_such_game(text)

    def _no_such_game(self, text: str):
        game = _names_a_game(text)
        if game is not None:
            playing = [d["id"] for d in self.live_docs() if d.get("game") == game]   # latest played first
            if len(playing) == 1:
                hint = f"its game in progress is {playing[0]}"
            elif playing:
                more = f" and {len(playing) - 6} more" if len(playing) > 6 else ""
                hint = f"its games in progress are, latest first, {', '.join(playing[:6])}{more}"
            else:
                hint = f"no {game} game is in progress (`referee new {game} -p NAME -p NAME` starts one)"
            raise BadInput(f"{text!r} is a game, not a game id; {hint}; `referee history --game {game}` lists "
                           f"the finished ones.")
        raise BadInput(f"No game with id {text!r} in {self.path}; `referee history` lists the games.")
