"""Tracked games: a Game plus its place in the store. Every acknowledged move is on disk.

The CLI and the interactive table go through here, never to the store's files directly.
"""

from __future__ import annotations

from .core.errors import BadInput, HalfDone, IllegalMove, MovedOn, RefereeError, StoreError, WouldReopen
from .core.game import Game
from .core.move import Move
from .core.entry import name_refusal, play_entry, play_named, split_player  # noqa: F401 (re-exported)
from .core.record import load_record
from .core.registry import get_rules
from .i18n import _
from .store import SCHEMA_VERSION, Store
from .store import journal
from .store.store import now_iso


class Tracked:
    """A game with its place in the store. (A plain class, not a dataclass: building one at import was a
    millisecond of every `referee move`, issue 25.)"""

    __slots__ = ("id", "game", "doc", "archived", "notices")

    def __init__(self, id: str, game: Game, doc: dict, archived: bool = False, notices: list | None = None):
        self.id = id
        self.game = game
        self.doc = doc                  # the live document, or the archive document once finished
        self.archived = archived
        self.notices = [] if notices is None else notices   # things to tell the user (e.g. reloaded from disk)

    def __repr__(self) -> str:
        return f"Tracked(id={self.id!r}, archived={self.archived!r}, moves={len(self.game.moves)})"


def game_from_live(store: Store, doc: dict) -> Game:
    """Replay a game in progress from its file, re-checking every move."""
    where = store.live_path(doc.get("id", "?"))
    try:
        rules = get_rules(doc["game"])
        game = Game(rules, doc["players"], doc.get("options") or {}, date=doc.get("date"))
    except (KeyError, TypeError):
        raise StoreError(_("The game file {path} lacks its game or players; nothing was changed, and `referee "
                           "repair --set-aside` moves it aside.").format(path=where)) from None
    except RefereeError as err:
        raise StoreError(_("The game file {path} cannot be set up again: {reason}.").format(
            path=where, reason=str(err.args[0]).rstrip('.'))) from None
    # Every command on a game in progress replays it first (`move` at move 600 replays 599): the stored
    # texts are the moves' own, so they are played as a record's are (Game.replay: the same checks)
    moves = doc["moves"]

    def refused(at, err):
        reason = str(err).rstrip(".")
        raise StoreError(_("The game file {path} cannot be replayed: move {number} ({move}) is refused "
                           "by this version of referee ({reason}). Nothing was changed; `referee repair "
                           "--set-aside` moves it aside to go on with the other games.").format(
            path=where, number=at + 1, move=moves[at], reason=reason)) from None

    game.replay(moves, refused)
    return game


def create(store: Store, game_id: str, players, options=None, *, date=None, location=None,
           notes=None) -> Tracked:
    rules = get_rules(game_id)
    game = Game(rules, players, options, date=date)
    with journal.locked(store):
        gid = store.new_id()
        doc = {"schema_version": SCHEMA_VERSION, "kind": "live-game", "id": gid, "game": rules.id,
               "players": game.players, "options": game.options, "date": game.date,
               "location": location, "notes": notes, "created": now_iso(), "moves": []}
        store.write_live(doc)
    return Tracked(gid, game, doc)


def open_game(store: Store, text: str) -> Tracked:
    gid, where = store.resolve(text)
    if where == "live":
        doc = store.read_live(gid)
        if doc is None:  # finished and archived by another process a moment ago
            return open_game(store, gid)
        tracked = Tracked(gid, game_from_live(store, doc), doc)
        if tracked.game.finished:  # its last move is stored but it never entered the history (a failed write)
            return _finish_found(store, gid)
        return tracked
    doc = store.get_archived(gid)
    record = store.read_record(gid)
    if record is None:
        raise BadInput(_("Game {id} was logged without its moves (a quick result); there is no table to show.")
                       .format(id=gid))
    try:
        game = load_record(record)
    except RefereeError as err:
        raise StoreError(_("The record of game {id} ({path}) cannot be replayed: {error}").format(
            id=gid, path=store.record_path(gid), error=err)) from None
    return Tracked(gid, game, doc, archived=True)


def _finish_found(store: Store, gid: str) -> Tracked:
    """A finished game found still in progress enters the history, decided under the lock from the game as
    read under the lock: another window may have taken back its last move (or finished it) since it was read
    without the lock, and that must never be overwritten."""
    with journal.locked(store):
        doc = store.read_live(gid)
        if doc is None:                         # entered the history meanwhile, by another process
            return open_game(store, gid)
        tracked = Tracked(gid, game_from_live(store, doc), doc)
        if tracked.game.finished:
            finish(store, tracked)
        return tracked


def latest_unfinished(store: Store) -> Tracked | None:
    for doc in store.live_docs():
        return open_game(store, doc["id"])
    return None


def _refresh(store: Store, tracked: Tracked) -> None:
    """Under the lock: if another process changed this game on disk, continue from the disk version."""
    if tracked.archived:
        raise IllegalMove(_("Game {id} is over; `referee undo {id}` reopens it.").format(id=tracked.id))
    doc = store.read_live(tracked.id)
    if doc is None:
        archived = store.get_archived(tracked.id)
        if archived is not None:
            # Continue from the finished game (its result; undo reopens it) instead of a stale position
            # that every later entry would be refused on.
            _become(tracked, open_game(store, tracked.id))
            raise IllegalMove(_("Game {id} was finished in another window; it is in the history now.")
                              .format(id=tracked.id))
        raise StoreError(_("Game {id} has disappeared from {folder}; nothing was changed.").format(
            id=tracked.id, folder=store.live_dir))
    if doc["moves"] != tracked.game.moves:
        tracked.game = game_from_live(store, doc)
        tracked.notices.append(_("This game was changed in another window; continuing from the saved version."))
    tracked.doc = doc


def _become(tracked: Tracked, other: Tracked) -> None:
    tracked.game, tracked.doc, tracked.archived = other.game, other.doc, other.archived


def enter(store: Store, tracked: Tracked, text: str, typed_at: int | None = None) -> list[Move]:
    """Check and apply one entry (one move, or the moves said in one breath) and store them before returning.
    All-or-nothing: if any move of the entry is refused, none is applied or stored.

    ``typed_at``: the number of moves the game had when the entry was typed (the table passes it). If the
    game on disk has moved on since (another window), nothing is applied and MovedOn is raised; ``tracked``
    then holds the new position, so the entry can be shown again and confirmed there."""
    seen = list(tracked.game.moves)[:typed_at] if typed_at is not None else None
    with journal.locked(store):
        _refresh(store, tracked)
        # The same number of moves is not the same position: another window may have taken one back and
        # played another. The entry applies only to the very moves the window showed when it was typed.
        if seen is not None and (typed_at != len(tracked.game.moves) or tracked.game.moves != seen):
            raise MovedOn(_("The game moved on in another window while this was typed (it has {n} moves now, "
                            "not {typed_at}); nothing was applied. Check the board and enter it again.").format(
                n=len(tracked.game.moves), typed_at=typed_at))
        before = len(tracked.game.moves)
        moves = play_entry(tracked.game, text)
        tracked.doc["moves"] = tracked.game.moves
        try:
            # One appended line per entry: what a move writes does not grow with the game.
            tracked.doc["updated"] = store.append_moves(tracked.id, tracked.game.moves[before:], at=before)
        except StoreError as err:
            tracked.game.undo(len(tracked.game.moves) - before)
            tracked.doc["moves"] = tracked.game.moves
            raise StoreError(_("The move was not saved: {error}").format(error=err)) from None
        if tracked.game.finished:
            try:
                finish(store, tracked)
            except HalfDone:
                raise
            except (StoreError, OSError) as err:      # nothing of the finish was stored, but the move was
                raise HalfDone(_("The move was saved, but game {id} could not enter the history ({error}); "
                                 "`referee show {id}` or `referee repair` enters it once that is put right.")
                               .format(id=tracked.id, error=journal.why(err))) from None
    return moves


def play(store: Store, tracked: Tracked, text: str, typed_at: int | None = None) -> Move:
    """One entry, as `enter`; returns its last move (an entry is usually one move)."""
    return enter(store, tracked, text, typed_at)[-1]


def undo(store: Store, tracked: Tracked, n: int = 1, reopen: bool = False) -> list[Move]:
    """Take back the last ``n`` moves and store the game. Taking back a finished game's moves reopens it
    (it leaves the history until it is finished again): only with ``reopen``, else WouldReopen and nothing
    is changed, so the table can ask and `referee undo` can require --reopen."""
    with journal.locked(store):
        if tracked.archived and (store.read_live(tracked.id) is not None
                                 or store.get_archived(tracked.id) != tracked.doc):
            # Another window reopened it (and may have played on, or finished it anew): never overwrite
            # that with this window's copy.
            _become(tracked, open_game(store, tracked.id))
            tracked.notices.append(_("This game was changed in another window; continuing from the saved "
                                     "version."))
            raise IllegalMove(_("Game {id} was changed in another window since it ended here; nothing "
                                "was taken back.").format(id=tracked.id))
        if tracked.archived:
            if not reopen:
                raise WouldReopen(_("Game {id} is finished and in the history; taking back its last move reopens "
                                    "it and takes it out of the history and the statistics until it is finished "
                                    "again: `referee undo {id} --reopen` does that. Nothing was changed.")
                                  .format(id=tracked.id))
            # Reopen a finished tracked game: back to a live file, out of the archive, all or nothing.
            game = load_record(tracked.game.to_record(id=tracked.id))
            dropped = game.undo(n)
            doc = {k: v for k, v in (tracked.doc or {}).items()
                   if k in ("id", "game", "players", "options", "date", "location", "notes", "created", "played_seconds")}
            doc.update({"schema_version": SCHEMA_VERSION, "kind": "live-game", "moves": game.moves,
                        "played_seconds": 60 * ((tracked.doc or {}).get("duration") or 0), "id": tracked.id})
            journal.run(store, {"op": "reopen", "id": tracked.id, "live": doc},
                        _("Game {id} is in progress again, but it could not be taken out of the history "
                          "({{error}}); the next referee command, or `referee repair`, completes that.")
                        .format(id=tracked.id))
            tracked.game, tracked.doc, tracked.archived = game, doc, False
            return dropped
        _refresh(store, tracked)
        before = list(tracked.game.moves)
        dropped = tracked.game.undo(n)
        tracked.doc["moves"] = tracked.game.moves
        try:
            store.truncate_moves(tracked.id, len(tracked.game.moves))
        except StoreError:                          # not stored: the window keeps what the disk has
            tracked.doc["moves"] = before
            tracked.game = game_from_live(store, tracked.doc)
            raise
        return dropped


def archive_doc(tracked_id: str, game: Game, live: dict) -> dict:
    result = game.result()
    return {
        "schema_version": SCHEMA_VERSION, "id": tracked_id, "game": game.game,
        "players": game.players, "options": game.options, "date": game.date,
        "location": live.get("location"), "notes": live.get("notes"),
        "created": live.get("created"), "finished_at": now_iso(), "source": "tracked",
        "moves": len(game.moves), "has_record": True,
        # minutes at the table, as every logged play's duration (record --duration, imports, exports)
        "duration": round(float(live.get("played_seconds") or 0) / 60) or None,
        "result": result.to_dict() if result is not None else None,
    }


def add_table_time(store: Store, tracked: Tracked, seconds: float) -> None:
    """Add time the table was open on this game (a sitting, or the part of one since the last call) to its
    stored play time. Breaks between sittings are never counted: the table calls this while it is open."""
    if seconds <= 0 or tracked.archived:
        return
    with journal.locked(store):
        doc = store.read_live(tracked.id)
        if doc is None:
            return
        doc["played_seconds"] = round(float(doc.get("played_seconds") or 0) + seconds, 1)
        store.write_live(doc)
        tracked.doc["played_seconds"] = doc["played_seconds"]


# Called with (store, game id) when a game has entered the history: the command line's sync registers
# itself here (cli/autosync.py), so a game finished at the table travels without this module knowing of sync.
_when_finished: list = []


def when_finished(callback) -> None:
    _when_finished.append(callback)


def forget_finished(callback) -> None:
    if callback in _when_finished:
        _when_finished.remove(callback)


def finish(store: Store, tracked: Tracked) -> None:
    """A finished game enters the history: record file, archive document, then the live file goes; all of
    it or (after a crash) completed by the next command. Called under the lock with ``tracked`` read under it."""
    with journal.locked(store):
        doc = archive_doc(tracked.id, tracked.game, tracked.doc)
        record = tracked.game.to_record(id=tracked.id, location=doc["location"])
        journal.run(store, {"op": "finish", "id": tracked.id, "doc": doc, "record": record},
                    _("The last move of game {id} is saved, but the game could not enter the history "
                      "({{error}}); the next referee command, or `referee repair`, completes that.")
                    .format(id=tracked.id))
        tracked.doc, tracked.archived = doc, True
    for callback in list(_when_finished):
        callback(store, tracked.id)
