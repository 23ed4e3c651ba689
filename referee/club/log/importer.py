"""Import a history file: native JSON (as exported), CSV (one row per play and player), BGG play XML, or
the QR text of one result. A file is checked completely before anything is stored: one bad field and
nothing from that file is imported (the message names the line or the field).

Importing the same file twice adds nothing: a play is known by its identity (its id, BG Stats uuid or BGG
play id; club/log/provenance.py), and a play without one (a CSV row without an id) by its content (game, day
and every player's score), which the report says. Plays with identities of their own are never dropped
for looking alike: they are listed as possible duplicates for the club to resolve.
"""

from __future__ import annotations

from ...core.errors import BadInput
from ...i18n import _
from ..common import content_key

from ...store.shape import SOURCES  # noqa: F401  (the one list of sources; importers of it keep working)
from ..formats.parsed import Parsed, Records, result_from_rows, wrap  # noqa: F401  (read by every format)


def detect(text: str, path: str | None = None) -> str:
    from ..formats.export import format_from_path

    fmt = format_from_path(path)
    if fmt:
        return fmt
    head = text.lstrip("\ufeff \t\r\n")[:40].lower()
    if head.startswith("{") or head.startswith("["):
        return "json"
    if head.startswith("<"):
        return "bgg"
    if head.startswith("referee result"):
        return "qr"
    return "csv"


def parse(text: str, fmt: str, name: str) -> Parsed:
    text = text.lstrip("\ufeff")
    from ..formats.bgg import parse as parse_bgg_plays

    return {"json": parse_json, "csv": parse_csv, "bgg": parse_bgg_plays, "qr": parse_qr}[fmt](text, name)
from .csvread import _new_doc, _validate_players, _winflag, parse_csv  # noqa: F401,E402  (the CSV reader)
from .native import (_Native, _check_native, parse_json, parse_json_file,  # noqa: F401,E402  (the JSON reader)
                     record_problem)


# --- BGG play XML: club/formats/bgg.py reads it (an incremental parser; plays skipped with their reasons) ----------


# --- QR text ----------------------------------------------------------------------------------------
def parse_qr(text: str, name: str) -> Parsed:
    """One QR payload, or several (a .txt of scans): each starts with its 'referee result v1' line."""
    from ..formats.qr import MAGIC, decode

    chunks: list[tuple[int, list[str]]] = []
    for lineno, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if line.strip().lower().startswith(MAGIC) or not chunks:
            chunks.append((lineno, []))
        chunks[-1][1].append(line)
    out = Parsed()
    seen = set()
    for first, lines in chunks:
        where = name if len(chunks) == 1 else _("{file} (the result starting on line {line})").format(
            file=name, line=first)
        try:
            doc = decode("\n".join(lines))
        except BadInput as err:
            raise wrap(where, err) from None
        if doc["id"] in seen:
            raise BadInput(_("{where}: game {id} appears twice in the file; nothing was imported.").format(
                where=where, id=doc["id"]))
        seen.add(doc["id"])
        _validate_players(doc["game"], doc["players"], where)
        out.docs.append(doc)
    return out


# --- into the store ---------------------------------------------------------------------------------
def import_into(store, parsed: Parsed, dry_run: bool = False) -> dict:
    """Add the new plays of ``parsed`` and merge what changed at their source, in one archive write.

    A play is its identity (club/log/provenance.py): its id, BG Stats uuid or BGG play id. A play whose identity
    is stored is that play: merged field by field with the club's corrections (the club wins) when it came
    from BG Stats or BGG, else kept as stored. A play deleted here is not imported again. A play with an
    identity of its own is always imported, and one that looks like another (same game, day and scores) is
    listed as a possible duplicate for the club to resolve. Only a play without any identity (a CSV row
    without an id) is matched by content, and the report says so. Returns the report; ``dry_run`` reports
    the same and stores nothing."""
    from . import provenance

    report = {"imported": [], "duplicates": [], "conflicts": [], "renamed": [], "skipped": list(parsed.skipped),
              "updated": [], "kept": [], "deleted": [], "matched_by_content": [], "possible_duplicates": []}
    with store.lock:
        # What is stored is read from the shards' summaries (ids, content keys, move records, ids elsewhere);
        # only the games the file meets again are read whole.
        rows = store.archived_summaries()
        stored_ids = {r.get("id") for r in rows}
        file_ids = {d.get("id") for d in parsed.docs if d.get("id")}
        alike: dict = {}            # content key -> stored ids (of the file's days): possible duplicates
        tracked = set()
        days = {k[:2] for k in map(content_key, parsed.docs) if k is not None}   # (game, day) of the file's plays
        for r in rows:
            k = _row_key(r, days)
            gid = r.get("id")
            if k is not None and gid not in file_ids:
                alike.setdefault(k, []).append(gid)
            if r.get("has_record"):
                tracked.add(gid)
        del rows
        # a play without identity takes one stored play of its content each: a sheet of two alike plays,
        # imported twice, adds nothing the second time
        by_content = {k: list(v) for k, v in alike.items()}
        # each play's identities elsewhere, read once (three looks at 10,000 plays read them three times)
        identities = [_external_keys(d) for d in parsed.docs]
        external = store.external_ids() if any(identities) else {}
        met = {d.get("id") for d in parsed.docs if d.get("id") in stored_ids}
        met |= {external[k] for idents in identities for k in idents if k in external}
        stored = store.archived_by_ids(met)
        buried = provenance.Buried(store)
        updates = []
        live = store.live_ids()
        taken = stored_ids | live
        new_docs, records = [], Records()
        seen: dict = {}             # identity -> the id it has here (the same play twice in the file)
        fresh: dict = {}            # content key -> [first id, first id not tracked] of the plays it adds
        for doc, idents in zip(parsed.docs, identities):
            own = provenance.own_keys(doc)
            gid = doc.get("id")
            again = next((seen[k] for k in own if k in seen), None)
            if again is not None:
                report["duplicates"].append(again)
                continue
            hit = None if gid in stored_ids else _stored_play(idents, external, stored)
            if hit is not None:
                old = stored[hit]
                if gid is None and doc.get("source") == provenance.origin(old):
                    change = provenance.merge(old, doc)
                    if change.doc is not None:
                        updates.append(change.doc)
                        _moved(alike, hit, content_key(old), content_key(change.doc))
                    if change.kept:
                        report["kept"].append({"id": hit, "fields": change.kept})
                    (report["updated"] if change.took else report["duplicates"]).append(hit)
                else:   # the same play from another source, or a copy of it from another history: it is here
                    report["duplicates"].append(hit)
                seen.update((k, hit) for k in own)
                continue
            key = content_key(doc)
            if gid is not None and gid in stored_ids:
                same = {k: v for k, v in stored[gid].items()} == doc or key == content_key(stored[gid])
                (report["duplicates"] if same else report["conflicts"]).append(gid)
                continue
            if gid is None and not idents and key is not None and by_content.get(key):
                other = by_content[key].pop(0)      # nothing tells them apart: taken for the stored play
                report["duplicates"].append(other)
                report["matched_by_content"].append({"id": other, "play": _label(doc)})
                continue
            gone = buried.find(doc) if gid is not None or idents else buried.find_content(doc)
            if gone is not None:
                report["deleted"].append({"id": gone, "play": _label(doc)})
                continue
            doc = dict(doc)
            if gid is None or gid in live:
                from ...store.ids import new_id

                new = new_id(taken)
                if gid is not None:
                    report["renamed"].append([gid, new])
                    if gid in parsed.records:
                        records.take(new, parsed.records, gid)
                doc["id"] = new
            elif gid in parsed.records:
                records.take(gid, parsed.records, gid)
            if gid is None and idents and "src" not in doc:
                doc = provenance.with_source(doc)
            taken.add(doc["id"])
            seen.update((k, doc["id"]) for k in own)
            new_docs.append(doc)
            report["imported"].append(doc["id"])
        # Possible duplicates, once every play is placed (a play merged here is compared as it is now): each
        # new play that looks like a stored one or an earlier new one; games tracked move by move are
        # different games however alike.
        for doc in new_docs:
            key = content_key(doc)
            if key is None:
                continue
            here = bool(doc.get("has_record"))
            # the first stored play alike, else the first new one (a tracked play is compared only with plays
            # that are not): the first of each kind is kept, not a list scanned for every play of the file
            # (10,000 plays of one content made this quadratic)
            other = next((o for o in alike.get(key, ()) if not (here and o in tracked)), None)
            if other is None:
                firsts = fresh.get(key)
                if firsts is not None:
                    other = firsts[1] if here else firsts[0]
            if other is not None:
                report["possible_duplicates"].append({"id": doc["id"], "other": other, "play": _label(doc)})
            firsts = fresh.setdefault(key, [doc["id"], None])   # [the first new play, the first not tracked]
            if not here and firsts[1] is None:
                firsts[1] = doc["id"]
        report["in_progress"] = []
        live_docs = []
        for doc in parsed.live:
            gid = doc["id"]
            here = store.read_live(gid) if gid in live else None
            if gid in stored_ids or (here is not None and here.get("moves") == doc["moves"]):
                report["duplicates"].append(gid)
                continue
            if here is not None:
                report["conflicts"].append(gid)
                continue
            report["in_progress"].append(gid)
            live_docs.append(doc)
        if dry_run or not (new_docs or updates or live_docs):
            return report
        # All or nothing, even after a crash: the journal lists every file the import creates before it is
        # written, and the archive write (new plays and merged ones together) is the last step; a failure
        # or a kill before it takes them back.
        from ...store import journal

        there = _record_names(store)
        intent = {"live": [d["id"] for d in live_docs], "archived": [d["id"] for d in new_docs],
                  "records": [gid for gid in records if (there is not None and f"{gid}.txt".casefold() not in there)
                              or store.read_record(gid) is None]}
        with journal.importing(store, intent):
            for doc in live_docs:
                store.write_live({**doc, "kind": "live-game"}, keep_updated=True)
            store.write_records(records)   # one flush to disk for all of them
            if new_docs or updates:
                store.add_archived(new_docs + updates)
    return report


def _record_names(store) -> set | None:
    """The names in the move records' folder, casefolded (a case-blind disk finds a record by either case):
    a record not named there is not stored, without a look for each of 10,000 imported records. None when
    the folder cannot be listed: each record is then looked for (and a fault said) as before."""
    import os

    try:
        return {name.casefold() for name in os.listdir(store.records_dir)}
    except FileNotFoundError:
        return set()
    except OSError:
        return None


def _moved(alike: dict, gid: str, old, new) -> None:
    """A stored play merged by the import is alike to what it is now, not what it was."""
    if old == new:
        return
    if old is not None and gid in alike.get(old, ()):
        alike[old].remove(gid)
    if new is not None:
        alike.setdefault(new, []).append(gid)


def _stored_play(idents: list, external: dict, stored: dict) -> str | None:
    """The stored play a play from BG Stats or BGG is, by its identity. A BGG play id alone (as referees
    before kept it, or a file that does not name its user) matches only where users cannot tell: a stored
    play of another BGG user with the same play id is another play."""
    from . import provenance

    user = any(k[0] == "bggu" for k in idents)
    for k in idents:
        gid = external.get(k)
        if gid is None or gid not in stored:
            continue
        if k[0] == "bgg" and user and provenance.has_bgg_user(stored[gid]):
            continue
        return gid
    return None


def _label(doc: dict) -> str:
    """A play as a line of the report names it: 'Azul, 2024-03-01: Ann 12, Bob 7'."""
    from ..common import game_name

    ranking = (doc.get("result") or {}).get("ranking") or []
    scores = ", ".join(f"{e.get('player')} {e.get('total')}" for e in ranking if isinstance(e, dict))
    return f"{doc.get('title') or game_name(str(doc.get('game')))}, {(doc.get('date') or '?')[:10]}: {scores}"


def _external_keys(doc: dict) -> list:
    from ...store.shards import external_keys

    return [tuple(k) for k in external_keys(doc)]


def _row_key(row, days: set) -> tuple | None:
    """content_key of a stored game from its summary row (a packed row is read without building dicts);
    None when its (game, day) is none of ``days``: it cannot match a play of the file."""
    from ...store.shards import SEP, Summary, unpack_result

    if row.__class__ is not Summary:
        key = content_key(row)
        return key if key is not None and key[:2] in days else None
    fields = row.split(SEP, 5)
    if (fields[4] or None, fields[0][:10]) not in days:
        return None
    fields = row.split(SEP)
    result = unpack_result(fields[12])
    if result is None or not result[1]:
        return None
    return (fields[4] or None, fields[0][:10], tuple(sorted((p.casefold(), total) for p, total, _ in result[1])))
