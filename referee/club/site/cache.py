"""Reusing an earlier site's pages: a second `referee site` into the same folder copies each play's page
from the site it replaces when nothing that page shows has changed, instead of replaying the game again.

The earlier site keeps a manifest (``.referee-site-cache.json``): for each play page, the key of what it
was made from (the stored play, its game record, the language, the title, the links to its players) and
the digest of the file written. A page is reused only when its key is the same now, the manifest was
written by the same renderer (every file of the installed referee, so any change of code, template,
translation or game data starts afresh), and the file still has the digest the manifest gives. Anything
else (no manifest, a damaged one, an edited or missing page) means the page is made again: the cache can
make a build faster, never different.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

MANIFEST = ".referee-site-cache.json"
FORMAT = 1


@lru_cache(maxsize=None)
def renderer_version() -> str:
    """A digest of every file the pages are made by: the referee package (code, templates, catalogs) and
    the game tables. Reading them takes some 20 ms; a stale page served after an upgrade would be worse."""
    from ...core.tables import tables_dir

    package = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256()
    for base in dict.fromkeys((package, tables_dir())):
        for path in sorted(base.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            digest.update(path.relative_to(base).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def page_key(*parts) -> str:
    """The key of what one page is made from (any JSON-able values)."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class PageCache:
    """The pages of the site being replaced (``old``: its folder, or None) and the manifest of the one being
    written."""

    def __init__(self, old: Path | None):
        self.old = old
        self.before: dict[str, list] = {}
        self.now: dict[str, list] = {}
        self.reused = 0
        if old is None:
            return
        try:
            data = json.loads((old / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return
        if (isinstance(data, dict) and data.get("format") == FORMAT and data.get("renderer") == renderer_version()
                and isinstance(data.get("pages"), dict)):
            self.before = {rel: entry for rel, entry in data["pages"].items()
                           if isinstance(rel, str) and isinstance(entry, list) and len(entry) == 2}

    def reuse(self, rel: str, key: str, root: Path) -> bool:
        """Copy the earlier page ``rel`` into ``root`` if it was made from ``key`` and is intact."""
        entry = self.before.get(rel)
        if entry is None or entry[0] != key or self.old is None or ".." in rel.split("/"):
            return False
        try:
            data = (self.old / rel).read_bytes()
        except OSError:
            return False
        if digest(data) != entry[1]:
            return False
        (root / rel).write_bytes(data)
        self.now[rel] = entry
        self.reused += 1
        return True

    def wrote(self, rel: str, key: str, page_digest: str) -> None:
        self.now[rel] = [key, page_digest]

    def save(self, root: Path) -> None:
        data = {"format": FORMAT, "renderer": renderer_version(), "pages": self.now}
        (root / MANIFEST).write_text(json.dumps(data, separators=(",", ":"), sort_keys=True), encoding="utf-8")
