"""`referee repair`: diagnose the store; restore the backup, start afresh, or set damaged games aside.

Nothing is ever deleted: a damaged file is renamed next to where it was (``….damaged-<time>``).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from ..core.errors import BadInput, RefereeError, StoreError
from ..i18n import _, ngettext
from .ids import is_id


def _valid_json(path) -> bool:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict)


from .aside import aside_name, set_aside  # noqa: E402  (kept here: callers name them from repair)


class Checks:
    """What repair needs from the layers above the store, given to it by the command layer (the club's
    `repair`, club/log/repair.py): the store never imports the session, the importer or the club log."""

    def live_game(self, store, doc):
        """The game in progress ``doc`` holds, replayed (a RefereeError when it cannot be)."""
        raise NotImplementedError

    def finish_found(self, store, gid: str) -> None:
        """Enter a game in progress whose last move is stored in the history."""
        raise NotImplementedError

    def archive_doc(self, gid: str, game, extra: dict) -> dict:
        """The history's document of a finished game."""
        raise NotImplementedError

    def check_finished(self, doc: dict, where: str) -> None:
        """A RefereeError when a finished game's document would not import."""
        raise NotImplementedError

    def log_said(self, store, docs: list) -> str:
        """The club log's own checks of a sound history: a StoreError naming what disagrees, else a sentence
        for anything it completed ("" when nothing)."""
        return ""


def damaged_live_games(store, checks: Checks) -> list[tuple[str, str]]:
    """(game id, reason) for every game in progress whose file cannot be read or replayed."""
    bad = []
    for gid in sorted(store.live_ids()):
        try:
            doc = store.read_live(gid)
            if doc is not None:
                checks.live_game(store, doc)
        except RefereeError as err:
            bad.append((gid, str(err)))
    return bad


def orphan_records(store) -> list[str]:
    """Ids of finished tracked games whose move record survives but which the history has lost (a store put
    back from its backup, or started afresh, is behind the records written since)."""
    if not store.records_dir.is_dir():
        return []
    known = store.archived_ids() | store.live_ids()
    return sorted(p.stem for p in store.records_dir.glob("*.txt") if p.stem not in known)


def recover_records(store, checks: Checks) -> str:
    """Enter every orphaned record's game in the history again, replayed and re-scored from its moves.

    Returns a sentence for the report ("" when there was nothing to recover)."""
    import datetime as dt

    from ..core.record import load_record, parse_header
    docs, failed = [], []
    for gid in orphan_records(store):
        path = store.record_path(gid)
        try:
            text = path.read_text(encoding="utf-8")
            headers, _body = parse_header(text)
            game = load_record(text)
        except (OSError, UnicodeDecodeError, RefereeError) as err:
            failed.append(f"{gid} ({str(err).rstrip('.')})")
            continue
        if not game.finished:
            failed.append(_("{id} (its record ends before the game does)").format(id=gid))
            continue
        stamp = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc).replace(microsecond=0)
        doc = checks.archive_doc(gid, game, {"location": headers.get("location") or None})
        doc["finished_at"] = stamp.isoformat()
        docs.append(doc)
    if docs:
        store.add_archived(docs)
    said = []
    if docs:
        said.append(_("Entered {n} finished game(s) again from their move records ({ids}).").format(
            n=len(docs), ids=", ".join(d["id"] for d in docs)))
    if failed:
        said.append(_("Could not replay the record(s) of {games}; they are kept in {folder}.").format(
            games="; ".join(failed), folder=store.records_dir))
    return _join(*said)


def damaged_finished_games(store, games, checks: Checks) -> list[tuple[str, str]]:
    """(game id, reason) for every finished game whose document would not import (hand-edited fields: a
    score that is not a number, a ranking naming other players...). Records are not replayed here."""
    return [(name, why) for _, name, why in _damaged(games, checks)]


def _damaged(docs, checks: Checks) -> list[tuple[int, str, str]]:
    """(place, name, reason) of every stored document that is not a sound finished game, whatever its shape
    (a string, a list, a game with a score that is a list...)."""
    from .shape import archive_problem, name_of
    from .store import SCHEMA_VERSION

    bad = []
    for i, doc in enumerate(docs):
        name = name_of(doc, i + 1)
        why = archive_problem(doc)
        if why is None and isinstance(doc.get("schema_version"), int) and doc["schema_version"] > SCHEMA_VERSION:
            why = _("it was written by a newer referee (schema {v})").format(v=doc["schema_version"])
        if why is None:
            try:
                checks.check_finished({**doc, "has_record": False, "record": None}, f"game {name}")
            except RefereeError as err:
                why = str(err).rstrip(".").replace("; nothing was imported", "")
            except (TypeError, ValueError, AttributeError, KeyError) as err:     # a shape the check did not foresee
                why = _("it cannot be read ({error})").format(error=type(err).__name__)
        else:
            why = _("game {name}: {why}").format(name=name, why=why)
        if why is not None:
            bad.append((i, name, why))
    return bad


def _canonical(doc) -> str:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False)


def _set_aside_finished(store, checks: Checks, journaled: bool = True) -> str:
    """Move damaged finished games, whatever their shape, out of the archive into a file of their own next to
    it (kept): the file first, then the archive, through the journal so a crash completes it."""
    from . import journal
    from .atomic import atomic_write

    docs = store.archive_documents()
    bad = _damaged(docs, checks)
    if not bad:
        return ""
    out, names = [], []
    for i, name, _why in bad:
        doc = docs[i]
        names.append(name)
        if isinstance(doc, dict) and doc.get("has_record") is True and is_id(doc.get("id")):
            doc = {**doc, "record": store.read_record(doc["id"])}
        out.append(doc)
    path = aside_name(store.path.with_name(store.path.name + ".games"), "damaged")
    # A referee JSON export: once the fields are put right by hand, `referee import` takes them back.
    blob = {"format": "referee-history", "version": 1, "games": out}
    taken = [_canonical(docs[i]) for i, _n, _w in bad]
    atomic_write(path, json.dumps(blob, ensure_ascii=False, indent=1).encode("utf-8"))
    if journaled:
        journal.run(store, {"op": "set-aside", "file": path.name, "docs": taken},
                    _("The damaged finished games were copied to {path} but could not all be taken out of the "
                      "history ({{error}}); `referee repair --set-aside` completes that.").format(path=path))
    else:
        # Another change is waiting in the journal (it needs these games out of the way to complete): the
        # copy is already kept, so taking them out twice after a crash is harmless.
        store.remove_archive_documents(lambda doc: _canonical(doc) in set(taken))
    return _("Set aside {n} damaged finished game(s) ({names}); they are kept in {path}, which `referee import "
             "--format json` takes back once they are put right.").format(n=len(out), names=", ".join(names),
                                                                          path=path)


def _finish_finished_live(store, checks: Checks) -> str:
    """Games in progress whose last move is stored but which never entered the history (a failed or
    interrupted archive write) enter it now."""
    done = []
    for gid in sorted(store.live_ids()):
        try:
            doc = store.read_live(gid)
            if doc is not None and checks.live_game(store, doc).finished:
                checks.finish_found(store, gid)
                done.append(gid)
        except RefereeError:
            continue            # damaged: reported (or set aside) by the checks of its own
    if not done:
        return ""
    return _("Entered {n} finished game(s) in the history that had not got there ({ids}).").format(
        n=len(done), ids=", ".join(done))


def _strays(store) -> str:
    """Game files whose names are not game ids (an id from an older import, a file copied by hand): never
    opened, so never a game in progress; said, so that nobody thinks the game is lost."""
    if not store.live_dir.is_dir():
        return ""
    stray = sorted(p.name for p in store.live_dir.glob("*.json") if not is_id(p.stem))
    if not stray:
        return ""
    return _("{n} file(s) in {folder} are not named by a game id and are not read ({names}); renamed to a "
             "lower-case id (letters, digits, hyphens) they are games in progress again.").format(
        n=len(stray), folder=store.live_dir, names=", ".join(stray[:5]) + (", …" if len(stray) > 5 else ""))


def _join(*parts) -> str:
    return " ".join(p for p in parts if p)


# --- damaged shards -------------------------------------------------------------------------------------
# A shard (history.json.d/<key>.json) that cannot be read stops every reader that needs it. `repair` names it
# with the games it held (from its summary or its last good copy), `--restore` puts that copy back, `--reset`
# sets the shard aside and keeps the rest of the history. A new version of a shard that was being put in place
# (commit.json names it) and is itself damaged is set aside by either: the shard stays as it was before.


class ShardDamage:
    """One shard file that cannot be read: ``path`` (the shard, or the new version awaiting its commit when
    ``pending``), ``why``, and the ids of the games it held when they are known."""

    def __init__(self, key: str, path: Path, why: str, pending: bool, games: list[str]):
        self.key, self.path, self.why, self.pending, self.games = key, path, why, pending, games

    @property
    def backup(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")


def _tinydb_problem(path: Path) -> str | None:
    """Why the shard file at ``path`` cannot be read (None when it can, or does not exist)."""
    from .atomic import read_regular

    try:
        raw = read_regular(path)
    except StoreError as err:       # a folder, a fifo, a file it may not read
        return str(err).rstrip(".")
    if raw is None:
        return None
    if not raw.strip():
        return _("it is empty")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as err:
        return _("it is not valid JSON ({error})").format(error=err)
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        return _("it does not have the shape of a TinyDB file")
    for seq in (data.get("games") or {}):
        try:
            int(seq)
        except ValueError:
            return _("it has a game numbered {seq}, not a number").format(seq=json.dumps(seq, ensure_ascii=False))
    return None


def _games_known(store, key: str) -> list[str]:
    """The ids of the games a shard held, from its summary (however old) or else its last good copy."""
    from . import shards

    try:
        data = json.loads((store.shards_dir / f"{key}.sum.json").read_bytes())
        if shards.well_formed(data):
            return sorted(str(shards.row_id(r)) for r in data["rows"])
    except (OSError, ValueError):
        pass
    backup = store.shards_dir / f"{key}.json.bak"
    if _tinydb_problem(backup) is None and backup.is_file():
        try:
            docs = (json.loads(backup.read_bytes()).get("games") or {}).values()
            return sorted(str(d.get("id")) for d in docs if isinstance(d, dict) and is_id(d.get("id")))
        except (OSError, ValueError, AttributeError):
            pass
    return []


def damaged_shards(store) -> list[ShardDamage]:
    """Every shard of a sharded store that cannot be read, a new version awaiting its commit included."""
    from . import shards
    from .store import _no_gc

    if store.layout() != 2:
        return []
    waiting = shards.pending(store.shards_dir)
    bad = []
    for key in sorted(set(shards.shard_keys(store.shards_dir)) | set(waiting)):
        # the file readers take: a complete new version awaiting its commit, else the shard
        path = waiting.get(key) or store.shards_dir / f"{key}.json"
        with _no_gc():
            why = _tinydb_problem(path)
        if why is not None:
            bad.append(ShardDamage(key, path, why, key in waiting, _games_known(store, key)))
    return bad


def _games_said(damage: ShardDamage) -> str:
    if not damage.games:
        return _("the games in it are not known")
    shown = ", ".join(damage.games[:8]) + (", …" if len(damage.games) > 8 else "")
    return ngettext("{n} game: {ids}", "{n} games: {ids}", len(damage.games)).format(n=len(damage.games),
                                                                                      ids=shown)


def _shards_said(bad: list[ShardDamage]) -> str:
    """One sentence naming each damaged shard, its games, and the way out."""
    listing = "; ".join(_("{file} ({why}; {games})").format(file=d.path, why=d.why, games=_games_said(d))
                        for d in bad)
    restorable = [d for d in bad if d.pending or _tinydb_problem(d.backup) is None and d.backup.is_file()]
    if len(restorable) == len(bad):
        way = _("`referee repair --restore` puts back their last good copies")
    elif restorable:
        way = _("`referee repair --restore` puts back the last good copies of {n} of them, and `referee repair "
                "--reset` sets the others aside").format(n=len(restorable))
    else:
        way = _("they have no good copy to put back: `referee repair --reset` sets them aside")
    return ngettext("{n} file of the finished games is damaged: {listing}; {way}, keeping the rest of the "
                    "history (nothing is deleted).",
                    "{n} files of the finished games are damaged: {listing}; {way}, keeping the rest of the "
                    "history (nothing is deleted).", len(bad)).format(n=len(bad), listing=listing, way=way)


def _complete_the_write(store, bad: list[ShardDamage]) -> None:
    """With a damaged new version set aside, the rest of the write it belonged to takes its place."""
    from . import shards

    if any(d.pending for d in bad):
        shards.finish_commit(store.shards_dir)


def _set_shard_aside(store, damage: ShardDamage) -> Path:
    """The damaged file out of the way under a name of its own (one rename: a crash leaves it or moves it)."""
    kept = set_aside(damage.path, "damaged")
    if not damage.pending:
        summary = store.shards_dir / f"{damage.key}.sum.json"
        if summary.exists():        # it lists the games that were in the shard: kept with it
            os.replace(summary, kept.with_name(kept.name.replace(".json.", ".sum.json.", 1)))
    return kept


def _restore_shards(store, bad: list[ShardDamage]) -> str:
    """Each damaged shard back from its last good copy: the damaged file is first kept under another name
    (a link), then the copy's bytes replace it atomically; there is never a moment without the shard."""
    from .atomic import _keep_backup, atomic_write

    done, left = [], []
    for d in bad:
        if d.pending:
            kept = _set_shard_aside(store, d)
            done.append(_("{file} was a new version that never took its place; the shard stays as it was before "
                          "that write (the damaged file is kept as {kept})").format(file=d.path, kept=kept.name))
            continue
        if not (d.backup.is_file() and _tinydb_problem(d.backup) is None):
            left.append(d)
            continue
        kept = aside_name(d.path)
        _keep_backup(d.path, kept)
        atomic_write(d.path, d.backup.read_bytes())
        done.append(_("{file} from its last good copy (the damaged file is kept as {kept})").format(
            file=d.path, kept=kept.name))
    _complete_the_write(store, bad)
    no_copy = _("No good copy of {files} is kept: `referee repair --reset` sets them aside, keeping the rest of "
                "the history.").format(files=", ".join(str(d.path) for d in left)) if left else ""
    if not done:
        raise StoreError(_join(no_copy, _("Nothing was changed.")))
    return _join(_("Put back {list}.").format(list="; ".join(done)), no_copy)


def _rewrite_summaries(store) -> str:
    """A summary that does not describe its shard is rewritten from the shard (it is derived: nothing is lost).
    Readers already rebuild a stale one in memory at every read; one that claims to be current (its shard's
    size and time) but lists other games would show a wrong history, and only a full read finds it."""
    from . import shards
    from .atomic import atomic_write

    if store.layout() != 2 or shards.pending(store.shards_dir):
        return ""
    from .store import _no_gc

    rewritten = []
    for key in shards.shard_keys(store.shards_dir):
        path = store.shards_dir / f"{key}.json"
        with _no_gc():      # the history's documents are alive meanwhile: a collection would walk them all
            docs = store._shard_docs(key, check=False)
            fresh = shards.summary_of(docs)
        try:
            stored = json.loads((store.shards_dir / f"{key}.sum.json").read_bytes())
        except (OSError, ValueError):
            stored = None
        if (shards.summary_is_current(stored, path) and stored["rows"] == fresh["rows"]
                and stored["schema"] == fresh["schema"]):
            continue
        atomic_write(store.shards_dir / f"{key}.sum.json", shards.encode_summary(fresh, path))
        rewritten.append(f"{key}.sum.json")
    if not rewritten:
        return ""
    return ngettext("Rewrote {n} summary that did not describe its games ({files}).",
                    "Rewrote {n} summaries that did not describe their games ({files}).",
                    len(rewritten)).format(n=len(rewritten),
                                           files=", ".join(rewritten[:5]) + (", …" if len(rewritten) > 5 else ""))


def _reset_shards(store, bad: list[ShardDamage]) -> str:
    kept = [(d, _set_shard_aside(store, d)) for d in bad]
    _complete_the_write(store, bad)
    listing = "; ".join(_("{file} ({games}) is kept as {kept}").format(file=d.path, games=_games_said(d),
                                                                       kept=k.name) for d, k in kept)
    return _("Set aside the damaged files of the finished games: {list}. The rest of the history is "
             "kept.").format(list=listing)


def repair(store, checks: Checks, *, restore: bool = False, reset: bool = False, set_aside: bool = False) -> str:
    """`referee repair`: ``checks`` are the layers above's (club/log/repair.py gives them)."""
    from . import journal

    if sum((restore, reset, set_aside)) > 1:
        raise BadInput(_("Choose one of --restore, --reset and --set-aside."))
    with store.lock:
        bad_shards = _damaged_shards_of_sound_root(store)
        if bad_shards and restore:
            return _join(_restore_shards(store, bad_shards), _after_restore(store, checks))
        if bad_shards and reset:
            return _join(_reset_shards(store, bad_shards), _after_restore(store, checks))
        if bad_shards:          # the plain check, and --set-aside, which cannot read the games around them
            raise StoreError(_shards_said(bad_shards))
        if set_aside:
            finished = _set_aside_finished(store, checks, journaled=journal.pending(store) is None)
            bad = damaged_live_games(store, checks)
            moved = []
            for gid, _why in bad:
                path = store.live_path(gid)
                os.replace(path, aside_name(path))
                moved.append(gid)
            live = (_("Set aside {n} damaged game(s) in progress ({ids}); their files are kept in {folder} as "
                      "*.damaged-*.").format(n=len(moved), ids=", ".join(moved), folder=store.live_dir)
                    if moved else "")
            completed = _complete_cut_short(store)
            entered = _finish_finished_live(store, checks)
            if not (finished or live):
                return _join(completed, _("No game is damaged; nothing was moved."), entered)
            return _join(finished, live, completed, entered)
        if not (restore or reset):
            docs = store.archive_documents()          # a store that is not JSON at all: its own sentence
            bad = damaged_live_games(store, checks)
            live = len(store.live_ids())
            if bad:
                listing = "; ".join(f"{gid}: {why}" for gid, why in bad)
                raise StoreError(_("{n} of {live} games in progress cannot be opened ({listing}); `referee repair "
                                   "--set-aside` moves them aside; the finished games are sound.").format(
                    n=len(bad), live=live, listing=listing))
            broken = _damaged(docs, checks)
            completed = _complete_cut_short(store) if not broken else ""
            if broken:
                listing = "; ".join(why for _i, _n, why in broken[:5]) + ("; …" if len(broken) > 5 else "")
                raise StoreError(_("{n} of {total} finished games in the history are damaged ({listing}); "
                                   "`referee repair --set-aside` moves them out of the history into a file of "
                                   "their own (nothing is deleted).").format(n=len(broken), total=len(docs),
                                                                             listing=listing))
            # the club log's own checks: a player named one way in the history, another in moves; a move to
            # or from the trash an older referee left half done
            completed = _join(completed, checks.log_said(store, docs))
            del docs, broken        # the documents, read whole, are not needed now: not kept alive meanwhile
            entered = _finish_finished_live(store, checks)
            recovered = recover_records(store, checks)
            summaries = _rewrite_summaries(store)
            games = store.archived()
            sound = _("The history store {path} is sound: {n} finished games, {live} in progress.").format(
                path=store.path, n=len(games), live=len(store.live_ids()))
            return _join(completed, sound, summaries, entered, recovered, _strays(store))
        sound = _sound_root_refusal(store, restore, checks)
        if sound:       # --reset hid every finished game of a sound store; --restore put an older root back
            raise BadInput(sound)
        if restore and not (store.backup_path.exists() and _valid_json(store.backup_path)):
            raise StoreError(_("There is no usable backup at {path}; `referee repair --reset` moves the damaged "
                               "store aside and starts afresh.").format(path=store.backup_path))
        aside = aside_name(store.path)
        if restore:
            from .atomic import atomic_write

            # Never a moment without a whole store: the old file is kept under another name (a link to it),
            # then the backup's bytes replace it atomically.
            if store.path.exists():
                try:
                    os.link(store.path, aside)
                except OSError:
                    import shutil

                    shutil.copy2(store.path, aside)
            atomic_write(store.path, store.backup_path.read_bytes())
            restored = len(store.archive_documents())
            after = _after_restore(store, checks)
            return _join(_("Restored {path} from its backup ({n} finished games); the previous file is kept as "
                           "{kept}.").format(path=store.path, n=restored, kept=aside.name), after)
        if _root_damaged_beside_shards(store):
            return _join(_new_root(store, aside), _after_restore(store, checks))
        if store.path.exists():
            os.replace(store.path, aside)
        after = _after_restore(store, checks)
        return _join(_("Started an empty history at {path}; the previous file is kept as {kept}. Games in "
                       "progress are untouched.").format(path=store.path, kept=aside.name), after)


def _sound_root_refusal(store, restore: bool, checks: Checks) -> str:
    """The refusal of --restore/--reset when the store's root is sound (empty when it is not): neither is the
    way out then, and --reset would take every finished game out of the history. The sentence names what
    is damaged, if anything, and its own way out."""
    from . import journal

    journal.pending(store)      # a journal referee cannot act on is set aside first, with its own sentence
    try:
        layout = store.layout()
        if layout == 1:
            store.archive_documents()       # a one-file store is sound only if its games can be read
    except (StoreError, RefereeError, OSError, ValueError):
        return ""
    option = "--restore" if restore else "--reset"
    if layout == 0 and not store.path.exists():
        return _("There is no history store at {path} yet; {option} has nothing to repair, so nothing was "
                 "changed.").format(path=store.path, option=option)
    bad = damaged_live_games(store, checks)
    if bad:
        return _("The history store {path} is sound; only {n} game(s) in progress cannot be opened ({ids}): "
                 "`referee repair --set-aside` moves them aside. Nothing was changed.").format(
            path=store.path, n=len(bad), ids=", ".join(gid for gid, _why in bad))
    return _("The history store {path} is sound, so {option} is not needed and nothing was changed; `referee "
             "repair` checks every game.").format(path=store.path, option=option)


def _root_damaged_beside_shards(store) -> bool:
    """The root (history.json: in a sharded store only the layout's _meta) cannot be read, while the finished
    games' folder beside it holds shards: `--reset` then writes a new root and keeps them. (A root of a newer
    referee is readable JSON: never replaced.)"""
    from . import shards

    return (_tinydb_problem(store.path) is not None
            and bool(shards.shard_keys(store.shards_dir) or shards.pending(store.shards_dir)))


def _new_root(store, aside: Path) -> str:
    """A new root for the shards beside it: the damaged one is kept first (a link), then replaced atomically,
    so there is never a moment without a root (without one, the next write would take the shards for the
    leftovers of another store and move them out of the way)."""
    from .atomic import _keep_backup, atomic_write

    _keep_backup(store.path, aside)
    atomic_write(store.path, store._meta_blob(reset=time.strftime("%Y-%m-%dT%H:%M:%S")))
    return _("Wrote a new {path} (the previous file is kept as {kept}); the finished games in {folder} are "
             "kept, and games in progress are untouched.").format(path=store.path, kept=aside.name,
                                                                 folder=store.shards_dir)


def _damaged_shards_of_sound_root(store) -> list[ShardDamage]:
    """The damaged shards, when the root can be read (a damaged root is repaired as a whole first)."""
    try:
        store.layout()
    except StoreError:
        return []
    return damaged_shards(store)


def _complete_cut_short(store) -> str:
    """Complete the change a crash cut short; if it cannot be completed, one sentence saying why."""
    from . import journal

    try:
        return journal.recover(store)
    except RefereeError as err:
        raise StoreError(_("A change to the history was cut short and cannot be completed yet: {error}").format(
            error=str(err))) from None


def _after_restore(store, checks: Checks) -> str:
    """A store put back (or started afresh) is behind: complete a change cut short, re-enter finished games
    from their records. A problem here is said, never a crash: the restore itself is done."""
    from . import journal

    try:
        return _join(journal.recover(store), _finish_finished_live(store, checks), recover_records(store, checks))
    except RefereeError as err:
        return _("It still needs a look: {error} (`referee repair` checks it).").format(error=str(err).rstrip("."))
