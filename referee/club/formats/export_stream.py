"""The JSON and CSV exports written as they are read: the same bytes as export.export_json / export_csv,
without the whole history in memory.

export_json takes every document at once: at 100,000 games that held about 600 MB of Python objects. Here
the games to export are chosen from the summaries (what `history` reads), their documents are read one shard
at a time and each is kept only as its text (a line of JSON, or its CSV rows) in a temporary file, then the
export is written in order through a temp file that takes the target's name at the end (a failed export
leaves the earlier file as it was). 100,000 games: 89 MB instead of 715 (benchmarks/README.md).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..common import export_key
from .export import EXPORT_FORMAT, EXPORT_VERSION, LIVE_FIELDS


def _line(value) -> str:
    """One element of the export's lists, as common.dumps(depth=2, sort_keys=True) lays it out: on one
    line, indented, its fields in sorted order."""
    from ...core.validate import json_visible

    return "    " + json_visible(json.dumps(value, ensure_ascii=False, sort_keys=True))


class _Spilled:
    """Each game's text written to a temporary file as it is made, and found again by its place there: the
    export's memory does not grow with the history (100,000 lines of JSON held as text took 70 MB more)."""

    def __init__(self):
        import tempfile

        self.file = tempfile.TemporaryFile()     # the system's temporary folder: never a file in a synced one
        self.at: dict[str, tuple[int, int]] = {}
        self.end = 0

    def add(self, gid: str, text: str) -> None:
        data = text.encode("utf-8")
        self.file.write(data)
        self.at[gid] = (self.end, len(data))
        self.end += len(data)

    def __contains__(self, gid) -> bool:
        return gid in self.at

    def pop(self, gid: str) -> str:
        start, size = self.at.pop(gid)
        self.file.seek(start)
        return self.file.read(size).decode("utf-8")

    def close(self) -> None:
        self.file.close()


def _texts(store, rows, render) -> tuple[list[str], _Spilled]:
    """(the ids ``rows`` select, oldest first as the exports order them; each one's ``render(document)``),
    the documents read one shard at a time and each kept only as its text, on disk."""
    order = [row.get("id") for row in sorted(rows, key=export_key)]
    wanted = set(order)
    texts = _Spilled()
    try:
        for docs in store.archived_by_shard():
            for doc in docs:
                gid = doc.get("id")
                if gid in wanted:
                    texts.add(gid, render(doc))
    except BaseException:
        texts.close()
        raise
    return order, texts


def json_lines(store, rows, live=(), exported_at: str | None = None):
    """The export of the games ``rows`` select (summaries or documents, with an id each) and of the games in
    progress ``live``, line by line (each without its newline)."""
    from ...store.store import now_iso

    def render(doc):
        gid = doc.get("id")
        return _line({**doc, "record": store.read_record(gid) if doc.get("has_record") else None})

    order, lines = _texts(store, rows, render)
    try:
        yield from _json_layout(order, lines, live, exported_at or now_iso())
    finally:
        lines.close()


def _json_layout(order, lines, live, exported_at):
    head = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": exported_at}
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


def csv_chunks(store, rows, excel: bool = False):
    """The CSV export of the games ``rows`` select: its header, then each game's rows (one per player)."""
    from .export import export_csv, CsvWriter

    head = export_csv([], excel=excel)
    out = CsvWriter(excel)          # one writer for every game: export_csv([doc]) made one per game
    order, texts = _texts(store, rows, lambda doc: out.rows([doc]))
    try:
        yield head
        for gid in order:
            if gid in texts:
                yield texts.pop(gid)
    finally:
        texts.close()


def write_json(store, rows, path: Path, live=()) -> None:
    """Write the JSON export to ``path`` (see write_chunks)."""
    write_chunks(path, (line + "\n" for line in json_lines(store, rows, live)))


def write_csv(store, rows, path: Path, excel: bool = False) -> None:
    write_chunks(path, csv_chunks(store, rows, excel))


def write_chunks(path: Path, chunks) -> None:
    """Write the text ``chunks`` to ``path`` through a temp file beside it (fsynced, then renamed over it)."""
    from itertools import chain

    from ...store.atomic import _fsync_dir, check_regular, replace_with, write_temp, write_through

    path = write_through(Path(path))
    check_regular(path)
    first = next(chunks)            # every game read (a damaged shard is said) before any file is made
    tmp = write_temp(path, (chunk.encode("utf-8") for chunk in chain((first,), chunks)))
    replace_with(tmp, path)
    _fsync_dir(path.parent)
