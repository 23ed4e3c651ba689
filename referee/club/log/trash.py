"""The trash: a small JSON file beside the store (``history.json.trash``) holding each deleted play's whole
document with when it was deleted. Its own module because the corrections, their journal steps and the
plays' identities (provenance) all read it, and none of them may import the others in a circle.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...core.errors import StoreError
from ...i18n import _

TRASH_KIND = "referee-trash"


def trash_path(store) -> Path:
    return store.path.with_name(store.path.name + ".trash")


def read_trash(store) -> list[dict]:
    path = trash_path(store)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as err:
        raise StoreError(_("The trash {path} cannot be read ({reason}).").format(path=path, reason=err.strerror))
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        data = None
    if not (isinstance(data, dict) and data.get("kind") == TRASH_KIND and isinstance(data.get("plays"), list)
            and all(isinstance(e, dict) and isinstance(e.get("doc"), dict) for e in data["plays"])):
        raise StoreError(_("The trash {path} is damaged; nothing was changed. Move it aside to go on (the plays "
                           "in it are not in the history).").format(path=path))
    return data["plays"]


def _write_trash(store, entries: list[dict]) -> None:
    from ...store.atomic import atomic_write

    blob = json.dumps({"kind": TRASH_KIND, "schema_version": 1, "plays": entries}, ensure_ascii=False,
                      indent=1).encode("utf-8")
    atomic_write(trash_path(store), blob)


def settle(store, entries: list[dict]) -> list[dict]:
    """Under the lock: finish any move between archive and trash that a crash left half done."""
    changed = False
    for entry in list(entries):
        state = entry.get("state")
        gid = entry["doc"].get("id")
        if state == "deleting":
            if store.get_archived(gid) is not None:
                store.remove_archived(gid)
            entry.pop("state")
            changed = True
        elif state == "restoring":
            if store.get_archived(gid) is None:
                store.add_archived([entry["doc"]])
            entries.remove(entry)
            changed = True
    if changed:
        _write_trash(store, entries)
    return entries
