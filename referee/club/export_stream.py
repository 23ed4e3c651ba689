"""The JSON export written as it is read: the same bytes as export.export_json, without the whole history in
memory.

export_json takes every document at once: at 100,000 games that held about 600 MB of Python objects. Here
the games to export are chosen from the summaries (what `history` reads), their documents are read one shard
at a time and each is kept only as its line of JSON text (about a tenth of its objects' size), then the file
is written line by line through a temp file that takes the target's name at the end (a failed export leaves
the earlier file as it was).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .common import chrono_key
from .export import EXPORT_FORMAT, EXPORT_VERSION, LIVE_FIELDS


def _line(value) -> str:
    """One element of the export's lists, as common.dumps(depth=2) lays it out: on one line, indented."""
    from ..core.validate import json_visible

    return "    " + json_visible(json.dumps(value, ensure_ascii=False))


def json_lines(store, rows, live=(), exported_at: str | None = None):
    """The export of the games ``rows`` select (summaries or documents, with an id each) and of the games in
    progress ``live``, line by line (each without its newline)."""
    from ..store.store import now_iso

    order = [row.get("id") for row in sorted(rows, key=chrono_key)]
    wanted = set(order)
    lines: dict[str, str] = {}
    for docs in store.archived_by_shard():
        for doc in docs:
            gid = doc.get("id")
            if gid in wanted:
                record = store.read_record(gid) if doc.get("has_record") else None
                lines[gid] = _line({**doc, "record": record})
        del docs
    head = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": exported_at or now_iso()}
    yield "{"
    for key, value in head.items():
        yield f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},"
    games = [gid for gid in order if gid in lines]
    if not games:
        yield '  "games": []' + ("," if live else "")
    else:
        yield '  "games": ['
        for i, gid in enumerate(games):
            yield lines.pop(gid) + ("," if i < len(games) - 1 else "")
        yield "  ]" + ("," if live else "")
    if live:
        yield '  "in_progress": ['
        live = sorted(live, key=lambda d: d["id"])
        for i, d in enumerate(live):
            yield _line({k: d.get(k) for k in LIVE_FIELDS}) + ("," if i < len(live) - 1 else "")
        yield "  ]"
    yield "}"


def write_json(store, rows, path: Path, live=()) -> None:
    """Write the export to ``path`` through a temp file beside it (fsynced, then renamed over it)."""
    import tempfile

    from ..store.atomic import _fsync_dir, _mode_for, check_regular, write_through

    path = write_through(Path(path))
    check_regular(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = json_lines(store, rows, live)
    first = next(lines)             # every game read (a damaged shard is said) before any file is made
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(first.encode("utf-8") + b"\n")
            for line in lines:
                fh.write(line.encode("utf-8") + b"\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
