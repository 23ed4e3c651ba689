"""`referee repair`: diagnose the store; restore the backup or start afresh, never deleting data."""

from __future__ import annotations

import json
import os
import time

from ..core.errors import BadInput, StoreError


def _valid_json(path) -> bool:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict)


def repair(store, *, restore: bool = False, reset: bool = False) -> str:
    if restore and reset:
        raise BadInput("Choose one of --restore and --reset.")
    with store.lock:
        try:
            games = store.archived()
            damaged = None
        except StoreError as err:
            games, damaged = None, err
        if damaged is None and not (restore or reset):
            live = store.live_ids()
            return (f"The history store {store.path} is sound: {len(games)} finished games, "
                    f"{len(live)} in progress.")
        if not (restore or reset):
            raise damaged
        if restore and not (store.backup_path.exists() and _valid_json(store.backup_path)):
            raise StoreError(f"There is no usable backup at {store.backup_path}; "
                             f"`referee repair --reset` moves the damaged store aside and starts afresh.")
        aside = store.path.with_name(f"{store.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
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
