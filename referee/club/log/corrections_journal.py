"""The corrections' steps as the store's journal runs them (store/journal.py): delete, restore, edit, rename.

Each correction is decided under the lock (club/log/corrections.py), written to the journal as an intent, then
done by the steps below; a crash or a Ctrl-C anywhere leaves the journal, and the next command of any kind
does the steps again from the start. So every step is one that can be done again without harm: it looks
at what is on disk and does only what is not done yet. The intent holds only what the store chose (ids,
names already checked, whole documents); an id in it is checked before it becomes a file name.
"""

from __future__ import annotations

from ...i18n import _
from ...store import journal
from ...store.ids import is_id


def _id(value) -> str:
    if not is_id(value):
        raise ValueError("not an id")       # journal.recover sets such a journal aside as damaged
    return value


# --- delete and restore: the archive and the trash -------------------------------------------------------
def _delete(store, intent, step) -> None:
    from .trash import _write_trash, read_trash

    gid, entry = _id(intent["id"]), intent["entry"]
    entries = read_trash(store)
    if not any(e["doc"].get("id") == gid and e.get("deleted_at") == entry["deleted_at"] for e in entries):
        _write_trash(store, entries + [entry])      # first in the trash: never a moment with the play in neither
    step()
    if store.get_archived(gid) is not None:
        store.remove_archived(gid)
    step()


def _restore(store, intent, step) -> None:
    from .trash import _write_trash, read_trash

    gid = _id(intent["id"])
    if store.get_archived(gid) is None:
        store.add_archived([intent["doc"]])         # first in the history: never a moment in neither
    step()
    entries = read_trash(store)
    keep = [e for e in entries if not (e["doc"].get("id") == gid and e.get("deleted_at") == intent["deleted_at"])]
    if len(keep) != len(entries):
        _write_trash(store, keep)
    step()


def _edit(store, intent, step) -> None:
    doc = intent["doc"]
    _id(doc["id"])
    store.add_archived([doc])                       # one shard: whole or not at all, and idempotent
    step()


# --- rename: every place a player is named ---------------------------------------------------------------
def rename_doc(doc: dict, old: str, new: str) -> dict:
    """A game's document (finished, in progress or in the trash) with player ``old`` (any case) called
    ``new``: its players, result, colours, teams, first plays, start player and, in progress, its moves."""
    from ...core.rename import rename_moves, same

    def fix(name):
        return new if isinstance(name, str) and same(name, old) else name

    out = dict(doc)
    out["players"] = [fix(p) for p in doc.get("players") or ()]
    res = doc.get("result")
    if isinstance(res, dict):
        res = dict(res)
        # (a list that is not one, in a foreign laptop's play that sync reads the names of: left as it is)
        winners, ranking = res.get("winners") or [], res.get("ranking") or []
        res["winners"] = [fix(w) for w in winners] if isinstance(winners, list) else winners
        res["ranking"] = [dict(e, player=fix(e.get("player"))) if isinstance(e, dict) else e
                          for e in ranking] if isinstance(ranking, list) else ranking
        out["result"] = res
    if isinstance(doc.get("colours"), dict):
        out["colours"] = {fix(k): v for k, v in doc["colours"].items()}
    if isinstance(doc.get("teams"), dict):
        out["teams"] = {t: [fix(n) for n in names] if isinstance(names, list) else names
                        for t, names in doc["teams"].items()}
    if isinstance(doc.get("first_plays"), list):
        out["first_plays"] = [fix(n) for n in doc["first_plays"]]
    if "start_player" in doc:
        out["start_player"] = fix(doc["start_player"])
    if doc.get("kind") == "live-game" and isinstance(doc.get("moves"), list):
        out["moves"] = rename_moves(str(doc.get("game")), doc["moves"], old, new)
    return out


def names(doc: dict, old: str) -> bool:
    from ...core.rename import same

    return any(isinstance(p, str) and same(p, old) for p in doc.get("players") or ())


def _rename(store, intent, step) -> None:
    """Games in progress first, then the move records, the trash, and last the archive (the list of
    finished games `players` reads), each file written whole; done again after a crash, a file renamed
    already is left as it is."""
    from ...core.rename import rename_record
    from .trash import _write_trash, read_trash

    old, new = intent["old"], intent["new"]
    if not (isinstance(old, str) and isinstance(new, str)):
        raise ValueError("not a name")
    for gid in intent.get("live") or ():
        doc = store.read_live(_id(gid))
        if doc is not None and names(doc, old):
            store.write_live(rename_doc(doc, old, new))
        step()
    for gid in intent.get("records") or ():
        text = store.read_record(_id(gid))
        if text is not None:
            renamed = rename_record(text, old, new)
            if renamed != text:
                store.write_record(gid, renamed)
        step()
    if intent.get("trash"):
        entries = read_trash(store)
        if any(names(e["doc"], old) for e in entries):
            _write_trash(store, [dict(e, doc=rename_doc(e["doc"], old, new)) if names(e["doc"], old) else e
                                 for e in entries])
        step()
    ids = [_id(gid) for gid in intent.get("ids") or ()]
    changed = [rename_doc(d, old, new) for d in store.archived_by_ids(ids).values() if names(d, old)]
    if changed:
        store.add_archived(changed)         # every shard it touches, together (shards.write_shards)
    step()


FORWARD = {"delete": _delete, "restore": _restore, "edit": _edit, "rename": _rename}


def completed(intent) -> str:
    """What the next command says when it finished a correction that was cut short."""
    op = intent.get("op")
    gid = intent.get("id", "?")
    if op == "delete":
        return _("Game {id} was being moved to the trash when that was cut short; it is in the trash now.").format(
            id=gid)
    if op == "restore":
        return _("Game {id} was being restored from the trash when that was cut short; it is in the history "
                 "now.").format(id=gid)
    if op == "edit":
        return _("A correction of game {id} was cut short; it is saved now.").format(id=intent.get("doc", {}).get(
            "id", gid))
    return _("Renaming {old} to {new} was cut short; every play has the new name now.").format(
        old=intent.get("old"), new=intent.get("new"))


# The store's journal runs these steps (it never imports the club): registered whenever the corrections are
# loaded, and by the command layer before it opens a store, so a change cut short is completed by any command.
for _op, _forward in FORWARD.items():
    journal.register(_op, _forward, completed)
