"""Corrections to the club log, never destructive: edit a logged play, move it to the trash and back, list
the players, rename or merge them across the history, and the "did you mean Tomáš?" check for new names.

The trash is a small JSON file beside the store (``history.json.trash``): a deleted play's whole document,
with when it was deleted. Moving a play between the archive and the trash touches two files, so each move
is written as a state in the trash entry first ("deleting" / "restoring"), then the archive is changed, then
the entry is settled; `settle` finishes a move that a crash interrupted, whenever the trash is read under the
lock. Nothing is ever destroyed: a deleted play's move record stays where it was.
"""

from __future__ import annotations

import difflib
import json
import unicodedata
from pathlib import Path

from ..core.errors import BadInput, StoreError
from ..i18n import _

TRASH_KIND = "referee-trash"


# --- the trash ---------------------------------------------------------------------------------
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
    from ..store.atomic import atomic_write

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


def delete(store, gid: str) -> dict:
    import datetime as _dt

    with store.lock:
        entries = settle(store, read_trash(store))
        doc = store.get_archived(gid)
        if doc is None:
            raise BadInput(_("Game {id} is not in the history; `referee trash` lists deleted plays.").format(id=gid))
        from .provenance import bury

        bury(store, doc)        # its identities, so that no import brings it back (first: harmless alone)
        entries.append({"doc": doc, "deleted_at": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)
                        .isoformat(), "state": "deleting"})
        _write_trash(store, entries)
        settle(store, entries)
    return doc


def restore(store, gid: str) -> dict:
    with store.lock:
        entries = settle(store, read_trash(store))
        entry = next((e for e in entries if e["doc"].get("id") == gid), None)
        if entry is None:
            raise BadInput(_("No play {id} is in the trash; `referee trash` lists what is there.").format(id=gid))
        if store.get_archived(gid) is not None:
            raise BadInput(_("Game {id} is in the history again already (another play was given its id); "
                             "nothing was restored.").format(id=gid))
        entry["state"] = "restoring"
        _write_trash(store, entries)
        settle(store, entries)
    return entry["doc"]


def find_in_trash(entries, text: str) -> str:
    key = str(text).strip().lower()
    ids = [e["doc"].get("id") for e in entries]
    if key in ids:
        return key
    hits = [i for i in ids if i and i.startswith(key)] if key else []
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise BadInput(_("{text} starts several deleted plays: {ids}; type more of the id.")
                       .format(text=repr(text), ids=", ".join(hits[:6])))
    raise BadInput(_("No play {id} is in the trash; `referee trash` lists what is there.").format(id=text))


# --- editing one play --------------------------------------------------------------------------
def edit(store, gid: str, *, date=None, location=None, notes=None, duration=None, scores=None, winners=()) -> dict:
    """Change a logged play; players and scores only for a recorded (not tracked) play. Decided under the lock
    from the document read under it; one archive write."""
    from .common import check_date, parse_duration
    from ..core import validate

    with store.lock:
        doc = store.get_archived(gid)
        if doc is None:
            raise BadInput(_("Game {id} is not in the history (a game in progress is corrected with `referee "
                             "undo`).").format(id=gid))
        new = dict(doc)
        if date is not None:
            new["date"] = check_date(date)
        if location is not None:
            new["location"] = validate.location(location) if location.strip() else None
        if notes is not None:
            new["notes"] = validate.notes(notes) if notes.strip() else None
        if duration is not None:
            new["duration"] = parse_duration(duration) if str(duration).strip() else None
        if scores or winners:
            if doc.get("has_record") or doc.get("source") == "tracked":
                raise BadInput(_("Game {id} was tracked move by move: its players and scores come from its moves "
                                 "and cannot be edited (`referee undo {id} --reopen` changes the moves).")
                               .format(id=gid))
            from .record import recorded_doc

            pairs = scores or [(e["player"], e["total"]) for e in (doc.get("result") or {}).get("ranking", [])]
            fresh = recorded_doc(doc["game"], pairs, date=new.get("date"), winners=winners)
            new["players"], new["result"] = fresh["players"], fresh["result"]
            if new.get("colours"):
                new["colours"] = {p: c for p, c in new["colours"].items() if p in fresh["players"]} or None
        if new == doc:
            raise BadInput(_("Nothing to change: give --date, --location, --notes, --duration, -p NAME=SCORE or "
                             "--winner."))
        store.add_archived([new])
    return new


# --- players -------------------------------------------------------------------------------------
def players(docs) -> list[dict]:
    """Every player with plays, wins, first and last played; most plays first."""
    from .common import chrono_key

    acc: dict = {}
    for doc in sorted(docs, key=chrono_key):
        winners = {str(w).casefold() for w in (doc.get("result") or {}).get("winners") or ()}
        for name in doc.get("players") or ():
            key = str(name).casefold()
            a = acc.setdefault(key, {"name": str(name), "plays": 0, "wins": 0, "first": None, "last": None,
                                     "games": set()})
            a["name"] = str(name)
            a["plays"] += 1
            a["wins"] += key in winners
            day = (doc.get("date") or "")[:10] or None
            a["first"] = a["first"] or day
            a["last"] = day or a["last"]
            a["games"].add(doc.get("game"))
    rows = [dict(a, games=sorted(g for g in a["games"] if g)) for a in acc.values()]
    return sorted(rows, key=lambda r: (-r["plays"], r["name"].casefold()))


def _rename_in_doc(doc: dict, old_key: str, new: str) -> dict:
    def fix(name):
        return new if str(name).casefold() == old_key else name

    out = dict(doc)
    out["players"] = [fix(p) for p in doc.get("players") or ()]
    res = doc.get("result")
    if isinstance(res, dict):
        res = dict(res)
        res["winners"] = [fix(w) for w in res.get("winners") or ()]
        res["ranking"] = [dict(e, player=fix(e.get("player"))) for e in res.get("ranking") or ()]
        out["result"] = res
    if isinstance(doc.get("colours"), dict):
        out["colours"] = {fix(k): v for k, v in doc["colours"].items()}
    return out


def _rename_in_record(text: str, old_key: str, new: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("Players: "):
            names = [n.strip() for n in line[len("Players: "):].split(",")]
            lines[i] = "Players: " + ", ".join(new if n.casefold() == old_key else n for n in names)
        elif ";" in line and line[:1].isdigit():
            move, _sep, who = line.rpartition(";")
            if who.strip().casefold() == old_key:
                lines[i] = f"{move}; {new}"
    return "\n".join(lines)


def rename(store, old: str, new: str, *, merge: bool = False) -> dict:
    """Rename player OLD to NEW across the history (and the move records of tracked plays). Without merge, NEW
    must not be another player already (a change of case or accents of the same name is fine); with merge,
    it must be, and no play may have both (one person cannot hold two seats)."""
    from ..core import validate
    from .common import read_archive
    from .history import resolve_player

    new = validate.player_name(new, _("The new name"))
    with store.lock:
        docs = read_archive(store)
        old_name = resolve_player(old, docs)
        old_key, new_key = old_name.casefold(), new.casefold()
        known = {str(p).casefold(): str(p) for d in docs for p in d.get("players") or ()}
        if merge:
            if new_key not in known:
                raise BadInput(_("No player is called {name}; `referee players` lists them (to give {old} a new "
                                 "name, use `referee players rename`).").format(name=new, old=old_name))
            new = known[new_key]
            if new_key == old_key:
                raise BadInput(_("{a} and {b} are the same player; nothing to merge.").format(a=old_name, b=new))
            both = [d.get("id") for d in docs if {old_key, new_key} <= {str(p).casefold() for p in d.get("players") or ()}]
            if both:
                raise BadInput(_("{a} and {b} played together in {ids}, so they are two people; nothing was "
                                 "merged.").format(a=old_name, b=new, ids=", ".join(map(str, both[:6]))))
        elif new_key in known and new_key != old_key:
            raise BadInput(_("{new} is another player already; `referee players merge {old} {new}` puts {old}'s "
                             "plays under {new}.").format(new=known[new_key], old=old_name))
        changed = [_rename_in_doc(d, old_key, new) for d in docs
                   if old_key in {str(p).casefold() for p in d.get("players") or ()}]
        records = {}
        for d in changed:
            if d.get("has_record"):
                text = store.read_record(d["id"])
                if text is not None:
                    records[d["id"]] = _rename_in_record(text, old_key, new)
        for gid, text in records.items():
            store.write_record(gid, text)
        if changed:
            store.add_archived(changed)
    return {"old": old_name, "new": new, "plays": len(changed)}


# --- near-duplicate names -----------------------------------------------------------------------------
def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKD", str(name))
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).casefold().split())


def near_duplicates(name: str, known) -> list[str]:
    """Known names that a new name is probably a misspelling of: the same but for case or accents, or one
    letter off (names of 4+ letters). The name itself, exactly, is not a near duplicate."""
    folded = _fold(name)
    out = []
    for other in known:
        if other == name:
            return []
        f = _fold(other)
        if f == folded:
            out.append(other)
        elif len(folded) >= 4 and difflib.SequenceMatcher(None, folded, f).ratio() >= 0.85 \
                and abs(len(f) - len(folded)) <= 1:
            out.append(other)
    return out


def known_players(store) -> list[str]:
    """The names in the history (one spelling of each): a sharded store's lists of names (Store.player_names),
    else the rows of its light summaries."""
    if hasattr(store, "layout") and store.layout() == 2:
        return store.player_names()
    rows = store.archived_summaries() if hasattr(store, "archived_summaries") else store.archived()
    names: dict = {}
    for row in rows:
        for p in (row.get("players") if isinstance(row, dict) else getattr(row, "players", ())) or ():
            names[str(p).casefold()] = str(p)
    return list(names.values())


def confirm_names(store, names: list[str], *, interactive: bool) -> list[str]:
    """Before a new play is logged: a name the history does not know but that is close to one it does
    ("Tomas" with "Tomáš" known) is asked about at a terminal ("Did you mean Tomáš?"), or reported on
    stderr. Returns the names to use."""
    import click

    known = known_players(store)
    if not known:
        return names
    lowered = {k.casefold() for k in known}
    out = []
    for name in names:
        if name.casefold() in lowered:
            out.append(name)
            continue
        close = near_duplicates(name, known)
        if not close:
            out.append(name)
            continue
        if interactive and len(close) == 1 and click.confirm(
                _("{name} is not in the history yet. Did you mean {other}?").format(name=name, other=close[0]),
                default=True, err=True):
            out.append(close[0])
            continue
        click.echo(_("Note: {name} is a new player; did you mean {others}? (`referee players rename {name} "
                     "NAME` fixes it later.)").format(name=name, others=" or ".join(close)), err=True)
        out.append(name)
    return out
