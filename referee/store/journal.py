"""An intent journal: a change of several files is all-or-nothing, even after a crash or a Ctrl-C.

A change that touches more than one file (a game entering the history: record, archive, live file; a
finished game reopened; a game abandoned; an import; damaged games set aside) first writes what it is about
to do to ``<store>.journal`` (atomically), then does its steps, each of which can be done again without
harm, then deletes the journal. Whoever takes the store's lock next and finds a journal finishes the change
(or, for an import, takes back the part that was stored) before doing anything else, so no command ever
sees a game both in progress and in the history, or move records without their games.

Only names the store chose are kept in the journal; file names in it are checked before they are used.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import BadInput, HalfDone, RefereeError, StoreError
from ..i18n import _
from .atomic import atomic_write

# The kind of change this process is in the middle of, if any: a Ctrl-C says what was saved by it.
under_way: str | None = None


def journal_path(store) -> Path:
    return store.path.with_name(store.path.name + ".journal")


def _plain_name(name) -> str | None:
    """A file name the journal may use: a bare name, never a path."""
    if isinstance(name, str) and name and Path(name).name == name and name not in (".", "..") \
            and "/" not in name and "\\" not in name:
        return name
    return None


def why(err: BaseException) -> str:
    """The cause of a failed step, without the 'nothing was changed' a single failed write adds."""
    cause = err.__context__ if isinstance(err, StoreError) and isinstance(err.__context__, OSError) else err
    if isinstance(cause, OSError):
        where = f"{cause.filename}: " if cause.filename else ""
        return f"{where}{cause.strerror or cause}"
    text = str(err).rstrip(".")
    for tail in ("; " + _("nothing was changed"), ". " + _("Nothing was changed")):
        if text.endswith(tail):
            text = text[:-len(tail)]
    return text


# --- the kinds of change ---------------------------------------------------------------------------------
def _finish(store, intent, step) -> None:
    gid = intent["id"]
    store.write_record(gid, intent["record"])
    step()
    store.add_archived([intent["doc"]])
    step()
    store.remove_live(gid)
    step()


def _reopen(store, intent, step) -> None:
    gid = intent["id"]
    doc = dict(intent["live"])
    doc["id"] = gid
    store.write_live(doc)
    step()
    store.remove_archived(gid)
    step()


def _abandon(store, intent, step) -> None:
    gid = intent["id"]
    for source, folder, kept in ((store.live_path(gid), store.live_dir, intent.get("live_kept")),
                                 (store.record_path(gid), store.records_dir, intent.get("record_kept"))):
        kept = _plain_name(kept)
        if kept is None:
            continue
        if source.exists() and not (folder / kept).exists():
            os.replace(source, folder / kept)
        step()


def _set_aside(store, intent, step) -> None:
    kept = _plain_name(intent.get("file"))
    if kept is None or not store.path.with_name(kept).exists():
        return      # the file that keeps them was never written: nothing was moved, nothing to finish
    # Damaged documents may have no id (a string where a game was): they are known by their whole text.
    taken = set(intent["docs"])
    store.remove_archive_documents(lambda doc: json.dumps(doc, sort_keys=True, ensure_ascii=False) in taken)
    step()


def _import_undo(store, intent) -> bool:
    """Take back what an import cut short stored (its new games in progress and move records); False when
    it had reached its end (the archive holds its games), so there is nothing to take back."""
    archived = store.archived_ids() if intent.get("archived") else set()
    if intent.get("archived") and set(intent["archived"]) <= archived:
        return False
    for gid in intent.get("live", []):
        store.remove_live(gid)
    for gid in intent.get("records", []):
        if gid not in archived:
            try:
                os.unlink(store.record_path(gid))
            except FileNotFoundError:
                pass
    return True


FORWARD = {"finish": _finish, "reopen": _reopen, "abandon": _abandon, "set-aside": _set_aside}


# Kinds of change defined above the store (the club's corrections: club/log/corrections_journal.py) are
# registered by the layer that defines them: the store never imports the club. Their names are known here, so
# that a journal of such a kind found before its layer registered it is never taken for a foreign one.
ABOVE = ("delete", "restore", "edit", "rename")
_SAID: dict = {}        # op -> the sentence for a change of that kind completed after a crash


def register(op: str, forward, completed) -> None:
    """A kind of change of a layer above: ``forward(store, intent, step)`` does its steps (each can be done
    again without harm), ``completed(intent)`` is the sentence once a crash's leftover is completed."""
    FORWARD[op] = forward
    _SAID[op] = completed


def _unregistered(op) -> StoreError:
    return StoreError(_("A change to the club log was cut short and this part of referee cannot complete it; "
                        "any `referee` command completes it (nothing was changed)."))


def _completed(intent) -> str:
    op, gid = intent.get("op"), intent.get("id", "?")
    if op == "finish":
        return _("Game {id} had finished but its entry in the history was cut short; it is in the history "
                 "now.").format(id=gid)
    if op == "reopen":
        return _("Game {id} was being reopened when that was cut short; it is a game in progress now.").format(id=gid)
    if op == "abandon":
        return _("Game {id} was being abandoned when that was cut short; its files are set aside now.").format(id=gid)
    if op in _SAID:
        return _SAID[op](intent)
    return _("Damaged games were being set aside when that was cut short; that is completed now.")


# --- the journal itself --------------------------------------------------------------------------------
def _is_id(value) -> bool:
    from .ids import is_id

    return isinstance(value, str) and is_id(value)


def _ids(value) -> bool:
    return isinstance(value, list) and all(_is_id(v) for v in value)


def _optional_name(value) -> bool:
    return value is None or _plain_name(value) is not None


# What each kind of change's intent holds, field by field: a journal whose fields are of another type was not
# written by referee (or was damaged) and is set aside like any foreign one, never acted on (a number where
# an id belongs stopped every command, repair included). A kind without an entry here is checked by its own
# step (kinds added later: add their shape).
SHAPES = {
    "finish": {"id": _is_id, "record": lambda v: isinstance(v, str), "doc": lambda v: isinstance(v, dict)},
    "reopen": {"id": _is_id, "live": lambda v: isinstance(v, dict)},
    "abandon": {"id": _is_id, "live_kept": _optional_name, "record_kept": _optional_name},
    "set-aside": {"file": _optional_name, "docs": lambda v: isinstance(v, list) and all(isinstance(d, str) for d in v)},
    "import": {"live": lambda v: v is None or _ids(v), "records": lambda v: v is None or _ids(v),
               "archived": lambda v: v is None or _ids(v)},
}
_OPTIONAL = {"live_kept", "record_kept", "file", "live", "records", "archived"}


def well_formed(intent) -> bool:
    """Whether ``intent`` is a change this referee knows, with every field of the type it writes."""
    if not isinstance(intent, dict) or intent.get("op") not in (*FORWARD, *ABOVE, "import"):
        return False
    for field, check in SHAPES.get(intent["op"], {}).items():
        if field not in intent:
            if field in _OPTIONAL and not (intent["op"] == "reopen" and field == "live"):
                continue
            return False
        if not check(intent[field]):
            return False
    return True


def _damaged(store, path) -> StoreError:
    """Set a journal referee cannot act on out of the way (kept, never deleted) and say so."""
    from .aside import set_aside

    try:
        kept = set_aside(path, "damaged")
    except OSError as err:
        return StoreError(_("The store's journal {path} is not one referee wrote and cannot be moved aside "
                            "({reason}); move it away yourself, then `referee repair` checks the store.")
                          .format(path=path, reason=err.strerror or err))
    return StoreError(_("The store's journal {path} is not one referee wrote; it was moved to {kept}, and "
                        "`referee repair` checks the store.").format(path=path, kept=kept.name))


def pending(store) -> dict | None:
    """The change a crashed or interrupted process left half-done, or None. A journal that is not a regular
    file (a fifo would hang every command), not JSON, or not of the shape referee writes is set aside."""
    import stat

    path = journal_path(store)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise StoreError(_("Cannot read the store's journal {path} ({reason}); nothing was changed.")
                         .format(path=path, reason=err.strerror or err)) from None
    if not stat.S_ISREG(info.st_mode) or info.st_size > JOURNAL_MAX:
        raise _damaged(store, path)
    from .atomic import read_regular

    try:
        raw = read_regular(path)
    except StoreError:
        raise _damaged(store, path) from None
    if raw is None:
        return None
    try:
        intent = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        intent = None
    if not well_formed(intent):
        # Written atomically by referee, so never torn; something else wrote it. Keep it, out of the way.
        raise _damaged(store, path)
    return intent


# A journal lists the documents of one change (an import's ids, a finished game); far larger is not ours.
JOURNAL_MAX = 1 << 30


def _write(store, intent: dict) -> None:
    atomic_write(journal_path(store), json.dumps(intent, ensure_ascii=False).encode("utf-8"))


def _clear(store) -> None:
    try:
        os.unlink(journal_path(store))
    except FileNotFoundError:
        pass


def recover(store) -> str:
    """Under the lock: finish (or, for an import, take back) a change a crash left half-done. Returns a
    sentence saying what was done, "" when nothing was pending."""
    intent = pending(store)
    if intent is None:
        return ""
    try:
        if intent["op"] == "import":
            said = (_("An import was cut short; what it had stored was taken back, so nothing of it is kept "
                      "(import the file again).") if _import_undo(store, intent) else "")
        else:
            if intent["op"] not in FORWARD:
                raise _unregistered(intent["op"])
            FORWARD[intent["op"]](store, intent, lambda: None)
            said = _completed(intent)
    except (KeyError, TypeError, ValueError, AttributeError, BadInput):
        # a field the shape check lets through but the step cannot use: the same as a foreign journal
        raise _damaged(store, journal_path(store)) from None
    _clear(store)
    return said


def recover_if_pending(store) -> str:
    """What every command does first: a cheap look for a journal; only when there is one, the lock."""
    try:
        if not journal_path(store).exists():
            return ""
    except OSError:
        return ""
    with store.lock:
        return recover(store)


@contextmanager
def locked(store):
    """The store's lock, with any half-done change finished first: every writer decides from a whole store."""
    with store.lock:
        recover(store)
        yield


def run(store, intent: dict, half_done: str) -> None:
    """Under the lock: make the change ``intent`` describes, all of it or (if nothing was stored) none.

    ``half_done`` is the sentence for a failure after some step was stored; it may use {error}. A failure
    before any step keeps nothing (the journal is dropped) and raises the step's own error."""
    global under_way
    under_way = intent["op"]     # from the journal's write on, a Ctrl-C leaves a change the next command completes
    try:
        _write(store, intent)
    except BaseException:
        under_way = None if not journal_path(store).exists() else under_way
        raise
    done = []
    try:
        FORWARD[intent["op"]](store, intent, lambda: done.append(True))
    except (RefereeError, OSError) as err:
        under_way = None
        if not done:
            _clear(store)
            raise
        raise HalfDone(half_done.format(error=why(err))) from None
    # (a Ctrl-C leaves ``under_way`` set and the journal in place: the next command completes the change)
    under_way = None
    try:
        _clear(store)
    except OSError:
        pass        # the change is whole; the journal left behind makes the next command do its steps again,
        # which changes nothing more (each step can be done again without harm)


@contextmanager
def importing(store, intent: dict):
    """Under the lock, around an import's writes: ``intent`` lists the ids of the games in progress and of
    the move records the import creates (files that did not exist), and the ids it enters in the archive,
    whose write is the last step. A failure or a crash before that write takes all of them back."""
    global under_way
    intent["op"] = "import"
    _write(store, intent)
    under_way = "import"
    try:
        yield
    except (RefereeError, OSError) as err:
        under_way = None
        try:
            _import_undo(store, intent)
            _clear(store)
        except (RefereeError, OSError):
            raise HalfDone(_("The import failed ({error}) and what it had stored could not all be taken back; "
                             "the next referee command, or `referee repair`, takes it back.").format(
                error=why(err))) from None
        raise StoreError(_("Nothing was imported: {error}.").format(error=why(err))) from None
    under_way = None
    try:
        _clear(store)
    except OSError as err:
        # Every game is stored, but a journal left behind would make the next command take the import back.
        raise HalfDone(_("The games were imported, but the import's journal {path} could not be removed "
                         "({error}); delete that file before any other referee command, or the next one "
                         "takes the import back.").format(path=journal_path(store), error=why(err))) from None
