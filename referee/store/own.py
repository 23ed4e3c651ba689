"""Which paths belong to the history store: commands that write where a person says (`export FILE`, `site
DIR`) must never write onto, into or over them.

The store at ``history.json`` owns ``history.json`` itself and every name in its folder that begins with
``history.json.`` (its backup, lock, journal, trash, shards, move records, games in progress, the copies
repair sets aside, and those added later) or ``.history.json.`` (temp files of writes), with everything
inside them. A symlinked store lives beside the file it points at, so both names count. A rule by prefix
rather than a list: a file the store gains tomorrow is protected today.
"""

from __future__ import annotations

import os
from pathlib import Path

from .atomic import write_through


def _real(path) -> Path:
    """``path`` with every link of the part that exists followed (the rest as written), made absolute."""
    return Path(os.path.realpath(os.path.abspath(os.path.expanduser(str(path)))))


def _case_blind(folder: Path, name: str) -> bool:
    """Whether names in ``folder`` are compared without case (macOS, Windows): the same file answers to
    ``name`` with its case swapped."""
    swapped = name.swapcase()
    if swapped == name:
        return False
    try:
        return os.path.samefile(folder / name, folder / swapped)
    except OSError:
        return False


def _bases(store) -> list[Path]:
    """The store's root file, as named and as written (a symlink's target), resolved."""
    out = []
    for base in (Path(store.path), write_through(Path(store.path))):
        folder = _real(base.parent)
        candidate = folder / base.name
        if candidate not in out:
            out.append(candidate)
    return out


def _owned_name(name: str, root: str, blind: bool) -> bool:
    if blind:
        name, root = name.casefold(), root.casefold()
    return name == root or name.startswith(root + ".") or name.startswith("." + root + ".")


def _same(a: Path, b: Path, blind: bool) -> bool:
    return (str(a).casefold() == str(b).casefold()) if blind else a == b


def owned_by_store(store, path) -> bool:
    """Whether ``path`` is one of the store's files or folders, or lies inside one (through links too)."""
    target = _real(path)
    for base in _bases(store):
        folder = base.parent
        blind = _case_blind(folder, base.name)
        for part in (target, *target.parents):
            if _same(part.parent, folder, blind) and _owned_name(part.name, base.name, blind):
                return True
    return False


def holds_store(store, folder) -> bool:
    """Whether the folder ``folder`` holds the store (its root file is in it, or in a folder inside it)."""
    target = _real(folder)
    for base in _bases(store):
        blind = _case_blind(base.parent, base.name)
        if any(_same(target, parent, blind) for parent in base.parents):
            return True
    return False
