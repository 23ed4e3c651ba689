"""Renames made on this laptop, noted for the next sync to send as aliases: its own module because the
rename (corrections.py) notes them and the sync (synced.py) reads them, and neither may import the other."""

from __future__ import annotations

import json
from pathlib import Path


def sync_dir(store) -> Path:
    return Path(store.path).with_name(Path(store.path).name + ".sync")


def note_alias(store, old: str, new: str) -> None:
    """A rename made here, for the next sync to send as an alias (only when sync is on: its folder exists)."""
    folder = sync_dir(store)
    if not folder.is_dir():
        return
    from ...store.atomic import atomic_write

    path = folder / "aliases.pending"
    pending = _pending(path)
    pending.append([old, new])
    atomic_write(path, json.dumps(pending, ensure_ascii=False).encode("utf-8"))


def _pending(path: Path) -> list:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return []
    return [p for p in data if isinstance(p, list) and len(p) == 2 and all(isinstance(n, str) for n in p)] \
        if isinstance(data, list) else []
