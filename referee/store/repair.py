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


def _aside(path: Path) -> Path:
    """A free name to keep a damaged file under (never overwrites an earlier one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return candidate


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


def repair(store, *, restore: bool = False, reset: bool = False, set_aside: bool = False) -> str:
    if sum((restore, reset, set_aside)) > 1:
        raise BadInput("Choose one of --restore, --reset and --set-aside.")
    with store.lock:
        if set_aside:
            bad = damaged_live_games(store)
            if not bad:
                return "No game in progress is damaged; nothing was moved."
            moved = []
            for gid, _ in bad:
                path = store.live_path(gid)
                os.replace(path, _aside(path))
                moved.append(gid)
            return (f"Set aside {len(moved)} damaged game(s) in progress ({', '.join(moved)}); their files are "
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
            return (f"The history store {store.path} is sound: {len(games)} finished games, "
                    f"{live} in progress.")
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
            return (f"Restored {store.path} from its backup ({restored} finished games); the previous file "
                    f"is kept as {aside.name}.")
        return (f"Started an empty history at {store.path}; the previous file is kept as {aside.name}. "
                f"Games in progress are untouched.")
