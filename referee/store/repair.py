"""`referee repair`: diagnose the store; restore the backup, start afresh, or set damaged games aside.

Nothing is ever deleted: a damaged file is renamed next to where it was (``….damaged-<time>``).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from ..core.errors import BadInput, RefereeError, StoreError


def _valid_json(path) -> bool:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict)


def aside_name(path: Path, why: str = "damaged") -> Path:
    """A free name to keep a set-aside file under (never overwrites an earlier one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    return candidate


_aside = aside_name


def set_aside(path: Path, why: str) -> Path:
    """Rename a file out of the store's way (``<name>.<why>-<time>``) and return where it is kept."""
    kept = _aside(path, why)
    os.replace(path, kept)
    return kept


def damaged_live_games(store) -> list[tuple[str, str]]:
    """(game id, reason) for every game in progress whose file cannot be read or replayed."""
    from .. import session

    bad = []
    for gid in sorted(store.live_ids()):
        try:
            doc = store.read_live(gid)
            if doc is not None:
                session.game_from_live(store, doc)
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


def recover_records(store) -> str:
    """Enter every orphaned record's game in the history again, replayed and re-scored from its moves.

    Returns a sentence for the report ("" when there was nothing to recover)."""
    import datetime as dt

    from ..core.record import load_record, parse_header
    from ..session import archive_doc

    docs, failed = [], []
    for gid in orphan_records(store):
        path = store.record_path(gid)
        try:
            text = path.read_text(encoding="utf-8")
            headers, _ = parse_header(text)
            game = load_record(text)
        except (OSError, UnicodeDecodeError, RefereeError) as err:
            failed.append(f"{gid} ({str(err).rstrip('.')})")
            continue
        if not game.finished:
            failed.append(f"{gid} (its record ends before the game does)")
            continue
        stamp = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc).replace(microsecond=0)
        doc = archive_doc(gid, game, {"location": headers.get("location") or None})
        doc["finished_at"] = stamp.isoformat()
        docs.append(doc)
    if docs:
        store.add_archived(docs)
    said = []
    if docs:
        said.append(f"entered {len(docs)} finished game(s) again from their move records "
                    f"({', '.join(d['id'] for d in docs)})")
    if failed:
        said.append(f"could not replay the record(s) of {'; '.join(failed)}, kept in {store.records_dir}")
    if not said:
        return ""
    text = " and ".join(said)
    return text[0].upper() + text[1:] + "."


def damaged_finished_games(store, games) -> list[tuple[str, str]]:
    """(game id, reason) for every finished game whose document would not import (hand-edited fields: a
    score that is not a number, a ranking naming other players...). Records are not replayed here."""
    from ..club.importer import _check_native

    bad = []
    for i, doc in enumerate(games):
        gid = str(doc.get("id") or f"#{i + 1}")
        try:
            _check_native({**doc, "has_record": False, "record": None}, f"game {gid}")
        except RefereeError as err:
            bad.append((gid, str(err).rstrip(".").replace("; nothing was imported", "")))
    return bad


def _set_aside_finished(store, bad) -> str:
    """Move damaged finished games out of the archive into a file of their own next to it (kept)."""
    ids = {gid for gid, _ in bad}
    games = store.archived()
    out = [{**d, "record": store.read_record(str(d.get("id"))) if d.get("has_record") else None}
           for d in games if str(d.get("id")) in ids]
    if not out:
        return ""
    path = _aside(store.path.with_name(store.path.name + ".games"), "damaged")
    from .atomic import atomic_write

    # A referee JSON export: once the fields are put right by hand, `referee import` takes them back.
    blob = {"format": "referee-history", "version": 1, "games": out}
    atomic_write(path, json.dumps(blob, ensure_ascii=False, indent=1).encode("utf-8"))
    for gid in ids:
        store.remove_archived(gid)
    return (f"Set aside {len(out)} damaged finished game(s) ({', '.join(sorted(ids))}); they are kept in "
            f"{path}, which `referee import --format json` takes back once they are put right.")


def repair(store, *, restore: bool = False, reset: bool = False, set_aside: bool = False) -> str:
    if sum((restore, reset, set_aside)) > 1:
        raise BadInput("Choose one of --restore, --reset and --set-aside.")
    with store.lock:
        if set_aside:
            finished = _set_aside_finished(store, damaged_finished_games(store, store.archived()))
            bad = damaged_live_games(store)
            if not bad:
                return finished or "No game is damaged; nothing was moved."
            moved = []
            for gid, _ in bad:
                path = store.live_path(gid)
                os.replace(path, _aside(path))
                moved.append(gid)
            return ((finished + " ") if finished else "") + (
                f"Set aside {len(moved)} damaged game(s) in progress ({', '.join(moved)}); their files are "
                f"kept in {store.live_dir} as *.damaged-*.")
        try:
            games = store.archived()
            damaged = None
        except StoreError as err:
            games, damaged = None, err
        if not (restore or reset):
            if damaged is not None:
                raise damaged
            bad = damaged_live_games(store)
            live = len(store.live_ids())
            if bad:
                listing = "; ".join(f"{gid}: {why}" for gid, why in bad)
                raise StoreError(f"{len(bad)} of {live} games in progress cannot be opened ({listing}); "
                                 f"`referee repair --set-aside` moves them aside; the finished games are sound.")
            broken = damaged_finished_games(store, games)
            if broken:
                listing = "; ".join(why for _, why in broken[:5]) + ("; …" if len(broken) > 5 else "")
                raise StoreError(f"{len(broken)} of {len(games)} finished games in the history are damaged "
                                 f"({listing}); `referee repair --set-aside` moves them out of the history into "
                                 f"a file of their own (nothing is deleted).")
            recovered = recover_records(store)
            if recovered:
                games = store.archived()
            return (f"The history store {store.path} is sound: {len(games)} finished games, "
                    f"{live} in progress." + (f" {recovered}" if recovered else ""))
        if restore and not (store.backup_path.exists() and _valid_json(store.backup_path)):
            raise StoreError(f"There is no usable backup at {store.backup_path}; "
                             f"`referee repair --reset` moves the damaged store aside and starts afresh.")
        aside = _aside(store.path)
        if store.path.exists():
            os.replace(store.path, aside)
        if restore:
            import shutil

            shutil.copy2(store.backup_path, store.path)
            restored = len(store.archived())
            recovered = recover_records(store)
            return (f"Restored {store.path} from its backup ({restored} finished games); the previous file "
                    f"is kept as {aside.name}." + (f" {recovered}" if recovered else ""))
        recovered = recover_records(store)
        return (f"Started an empty history at {store.path}; the previous file is kept as {aside.name}. "
                f"Games in progress are untouched." + (f" {recovered}" if recovered else ""))
