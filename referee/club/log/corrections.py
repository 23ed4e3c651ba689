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
import unicodedata

from ...core.errors import BadInput
from ...i18n import _

from . import corrections_journal  # noqa: F401,E402  (registers the corrections' steps with the journal)
from .trash import TRASH_KIND, _write_trash, read_trash, settle, trash_path  # noqa: F401  (their old home)


# --- the trash (club/log/trash.py keeps the file) ---------------------------------------------------
def settle_said(store) -> str:
    """For `repair`: finish a move to or from the trash that an older referee (before the journal) left half
    done; a sentence when there was one."""
    entries = read_trash(store)
    pending = [e["doc"].get("id") for e in entries if e.get("state") in ("deleting", "restoring")]
    if not pending:
        return ""
    settle(store, entries)
    return _("A move to or from the trash was cut short ({ids}); it is completed now.").format(
        ids=", ".join(map(str, pending)))


def delete(store, gid: str) -> dict:
    """Move a finished play to the trash, through the store's journal: the trash gets it first, then the
    history lets it go; cut short anywhere, the next command of any kind finishes the move."""
    import datetime as _dt

    from ...store import journal

    with journal.locked(store):
        entries = settle(store, read_trash(store))
        doc = store.get_archived(gid)
        if doc is None:
            raise BadInput(_("Game {id} is not in the history; `referee trash` lists deleted plays.").format(id=gid))
        from .provenance import bury

        bury(store, doc)        # its identities, so that no import brings it back (first: harmless alone)
        stamp = _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()
        if any(e["doc"].get("id") == gid and e.get("deleted_at") == stamp for e in entries):
            stamp = _dt.datetime.now(_dt.timezone.utc).isoformat()     # deleted, restored, deleted in one second
        journal.run(store, {"op": "delete", "id": gid, "entry": {"doc": doc, "deleted_at": stamp}},
                    _("Game {id} was not moved to the trash whole ({{error}}); the next referee command "
                      "finishes it.").format(id=gid))
    return doc


def restore(store, gid: str) -> dict:
    """Bring a play back from the trash, through the store's journal: the history gets it first, then the
    trash lets it go."""
    from ...store import journal

    with journal.locked(store):
        entries = settle(store, read_trash(store))
        entry = next((e for e in entries if e["doc"].get("id") == gid), None)
        if entry is None:
            raise BadInput(_("No play {id} is in the trash; `referee trash` lists what is there.").format(id=gid))
        if store.get_archived(gid) is not None:
            raise BadInput(_("Game {id} is in the history again already (another play was given its id); "
                             "nothing was restored.").format(id=gid))
        journal.run(store, {"op": "restore", "id": gid, "doc": entry["doc"], "deleted_at": entry.get("deleted_at")},
                    _("Game {id} was not restored whole ({{error}}); the next referee command finishes it.")
                    .format(id=gid))
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
def _scores_for(doc: dict, gid: str, given) -> list[tuple[str, int]]:
    """The play's (player, score) pairs in seat order after ``-p NAME=SCORE ...``: the named players' scores
    changed and the others kept; a list naming someone who did not play is the play's new list of players,
    so it must name all of them."""
    from ..common import name_key

    totals = {}
    for e in (doc.get("result") or {}).get("ranking") or ():
        totals[name_key(e["player"])] = e.get("total")
    seats = [p for p in doc.get("players") or ()]
    by_key = {name_key(p): p for p in seats}
    if all(name_key(n) in by_key for n, _s in given):
        new = {name_key(n): s for n, s in given}
        return [(p, new.get(name_key(p), totals.get(name_key(p), 0))) for p in seats]
    if len(given) < len(seats):
        stranger = next(n for n, _s in given if name_key(n) not in by_key)
        raise BadInput(_("{name} did not play game {id} ({players}); -p NAME=SCORE changes a player's score, "
                         "and a new list of players names every one of them.").format(
            name=stranger, id=gid, players=", ".join(seats)))
    return list(given)


def edit(store, gid: str, *, date=None, location=None, notes=None, duration=None, scores=None, winners=()) -> dict:
    """Change a logged play; players and scores only for a recorded (not tracked) play: ``scores`` may name
    some of its players (their scores change, the others' stay) or be its whole new list. The play keeps the
    way it is won (lowest score, teams, co-op, the table's tie-break: club/log/ranking.py). Decided under the
    lock from the document read under it; one archive write, through the journal."""
    from ..common import check_date, parse_duration
    from ...core import validate
    from ...store import journal

    with journal.locked(store):
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
            from .ranking import rerank
            from .record import _other_title_players
            from ..common import is_known_game

            pairs = _scores_for(doc, gid, scores or [])
            if is_known_game(doc["game"]):
                from ...core.registry import get_rules

                names = validate.player_names(get_rules(doc["game"]), [n for n, _s in pairs])
            else:
                names = _other_title_players([n for n, _s in pairs])
            pairs = [(n, validate.score(s, _("The score of {name}").format(name=n))) for n, (_n, s) in
                     zip(names, pairs)]
            new["players"] = names
            new["result"] = rerank(doc, pairs, [validate.name_form(w) for w in winners or ()])
            if new.get("colours"):
                new["colours"] = {p: c for p, c in new["colours"].items() if p in names} or None
        if new == doc:
            raise BadInput(_("Nothing to change: give --date, --location, --notes, --duration, -p NAME=SCORE or "
                             "--winner."))
        journal.run(store, {"op": "edit", "id": gid, "doc": new},
                    _("The correction of game {id} was not saved whole ({{error}}); the next referee command "
                      "finishes it.").format(id=gid))
    return new


# --- players -------------------------------------------------------------------------------------
def players(docs) -> list[dict]:
    """Every player with plays, wins, first and last played; most plays first."""
    from ..common import chrono_key

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


def rename(store, old: str, new: str, *, merge: bool = False) -> dict:
    """Rename player OLD to NEW everywhere a player is named: finished plays, their move records (moves
    included, through each game's notation: core/rename.py), games in progress and the trash. Without merge,
    NEW must not be another player already (a change of case or accents of the same name is fine); with
    merge, it must be, and no play may have both (one person cannot hold two seats). All of it or nothing,
    through the store's journal (club/log/corrections_journal.py)."""
    from ...core import validate
    from ...store import journal
    from ..common import read_archive
    from .corrections_journal import names
    from .history import resolve_player

    new = validate.player_name(new, _("The new name"))
    with journal.locked(store):
        docs = read_archive(store)
        live = store.live_docs()
        trash = read_trash(store)
        every = docs + live + [e["doc"] for e in trash]
        old_name = resolve_player(old, every)
        old_key, new_key = old_name.casefold(), new.casefold()
        known = {str(p).casefold(): str(p) for d in every for p in d.get("players") or ()}
        if merge:
            if new_key not in known:
                raise BadInput(_("No player is called {name}; `referee players` lists them (to give {old} a new "
                                 "name, use `referee players rename`).").format(name=new, old=old_name))
            new = known[new_key]
            if new_key == old_key:
                raise BadInput(_("{a} and {b} are the same player; nothing to merge.").format(a=old_name, b=new))
            both = [d.get("id") for d in every if {old_key, new_key} <= {str(p).casefold() for p in d.get("players") or ()}]
            if both:
                raise BadInput(_("{a} and {b} played together in {ids}, so they are two people; nothing was "
                                 "merged.").format(a=old_name, b=new, ids=", ".join(map(str, both[:6]))))
        elif new_key in known and new_key != old_key:
            raise BadInput(_("{new} is another player already; `referee players merge {old} {new}` puts {old}'s "
                             "plays under {new}.").format(new=known[new_key], old=old_name))
        ids = [d["id"] for d in docs if names(d, old_name)]
        intent = {"op": "rename", "old": old_name, "new": new, "merge": merge, "ids": ids,
                  "records": [d["id"] for d in docs if d.get("has_record") and names(d, old_name)],
                  "live": [d["id"] for d in live if names(d, old_name)],
                  "trash": any(names(e["doc"], old_name) for e in trash)}
        if ids or intent["live"] or intent["trash"]:
            journal.run(store, intent, _("{old} was not renamed everywhere ({{error}}); the next referee command "
                                         "finishes it.").format(old=old_name))
        from .sync_aliases import note_alias

        note_alias(store, old_name, new)      # with sync on: the other laptops rename too, later plays included
    return {"old": old_name, "new": new, "plays": len(ids), "live": len(intent["live"])}


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
