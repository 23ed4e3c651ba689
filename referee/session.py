"""Tracked games: a Game plus its place in the store. Every acknowledged move is on disk.

The CLI and the interactive table go through here, never to the store's files directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core.errors import BadInput, IllegalMove, MovedOn, RefereeError, StoreError
from .core.game import Game
from .core.move import Move
from .core.entry import name_refusal, play_entry, play_named, split_player  # noqa: F401 (re-exported)
from .core.record import load_record
from .core.registry import get_rules
from .store import SCHEMA_VERSION, Store
from .store.store import now_iso


@dataclass
class Tracked:
    id: str
    game: Game
    doc: dict                      # the live document, or the archive document once finished
    archived: bool = False
    notices: list = field(default_factory=list)   # things to tell the user (e.g. reloaded from disk)


def game_from_live(store: Store, doc: dict) -> Game:
    """Replay a game in progress from its file, re-checking every move."""
    where = store.live_path(doc.get("id", "?"))
    try:
        rules = get_rules(doc["game"])
        game = Game(rules, doc["players"], doc.get("options") or {}, date=doc.get("date"))
    except (KeyError, TypeError):
        raise StoreError(f"The game file {where} lacks its game or players; nothing was changed, and `referee "
                         f"repair --set-aside` moves it aside.") from None
    except RefereeError as err:
        raise StoreError(f"The game file {where} cannot be set up again: {err.args[0].rstrip('.')}.") from None
    for number, text in enumerate(doc["moves"], 1):
        try:
            game.play(text)
        except RefereeError as err:
            reason = str(err).rstrip(".")
            raise StoreError(f"The game file {where} cannot be replayed: move {number} ({text}) is refused "
                             f"by this version of referee ({reason}). Nothing was changed; `referee repair "
                             f"--set-aside` moves it aside to go on with the other games.") from None
    return game


def create(store: Store, game_id: str, players, options=None, *, date=None, location=None,
           notes=None) -> Tracked:
    rules = get_rules(game_id)
    game = Game(rules, players, options, date=date)
    with store.lock:
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
        if tracked.game.finished:  # a crash between archiving and removing the live file
            finish(store, tracked)
        return tracked
    doc = store.get_archived(gid)
    record = store.read_record(gid)
    if record is None:
        raise BadInput(f"Game {gid} was logged without its moves (a quick result); there is no table to show.")
    try:
        game = load_record(record)
    except RefereeError as err:
        raise StoreError(f"The record of game {gid} ({store.record_path(gid)}) cannot be replayed: {err}") from None
    return Tracked(gid, game, doc, archived=True)


def latest_unfinished(store: Store) -> Tracked | None:
    for doc in store.live_docs():
        return open_game(store, doc["id"])
    return None


def _refresh(store: Store, tracked: Tracked) -> None:
    """Under the lock: if another process changed this game on disk, continue from the disk version."""
    if tracked.archived:
        raise IllegalMove(f"Game {tracked.id} is over; `referee undo {tracked.id}` reopens it.")
    doc = store.read_live(tracked.id)
    if doc is None:
        archived = store.get_archived(tracked.id)
        if archived is not None:
            # Continue from the finished game (its result; undo reopens it) instead of a stale position
            # that every later entry would be refused on.
            _become(tracked, open_game(store, tracked.id))
            raise IllegalMove(f"Game {tracked.id} was finished in another window; it is in the history now.")
        raise StoreError(f"Game {tracked.id} has disappeared from {store.live_dir}; nothing was changed.")
    if doc["moves"] != tracked.game.moves:
        tracked.game = game_from_live(store, doc)
        tracked.notices.append("This game was changed in another window; continuing from the saved version.")
    tracked.doc = doc


def _become(tracked: Tracked, other: Tracked) -> None:
    tracked.game, tracked.doc, tracked.archived = other.game, other.doc, other.archived


def enter(store: Store, tracked: Tracked, text: str, typed_at: int | None = None) -> list[Move]:
    """Check and apply one entry (one move, or the moves said in one breath) and store them before returning.
    All-or-nothing: if any move of the entry is refused, none is applied or stored.

    ``typed_at``: the number of moves the game had when the entry was typed (the table passes it). If the
    game on disk has moved on since (another window), nothing is applied and MovedOn is raised; ``tracked``
    then holds the new position, so the entry can be shown again and confirmed there."""
    with store.lock:
        _refresh(store, tracked)
        if typed_at is not None and typed_at != len(tracked.game.moves):
            raise MovedOn(f"The game moved on in another window while this was typed (it has "
                          f"{len(tracked.game.moves)} moves now, not {typed_at}); nothing was applied. "
                          f"Check the board and enter it again.")
        before = len(tracked.game.moves)
        moves = play_entry(tracked.game, text)
        tracked.doc["moves"] = tracked.game.moves
        try:
            # One appended line per entry: what a move writes does not grow with the game.
            tracked.doc["updated"] = store.append_moves(tracked.id, tracked.game.moves[before:], at=before)
        except StoreError as err:
            tracked.game.undo(len(tracked.game.moves) - before)
            tracked.doc["moves"] = tracked.game.moves
            raise StoreError(f"The move was not saved: {err}") from None
        if tracked.game.finished:
            finish(store, tracked)
    return moves


def play(store: Store, tracked: Tracked, text: str, typed_at: int | None = None) -> Move:
    """One entry, as `enter`; returns its last move (an entry is usually one move)."""
    return enter(store, tracked, text, typed_at)[-1]


def undo(store: Store, tracked: Tracked, n: int = 1) -> list[Move]:
    with store.lock:
        if tracked.archived and (store.read_live(tracked.id) is not None
                                 or store.get_archived(tracked.id) != tracked.doc):
            # Another window reopened it (and may have played on, or finished it anew): never overwrite
            # that with this window's copy.
            _become(tracked, open_game(store, tracked.id))
            tracked.notices.append("This game was changed in another window; continuing from the saved version.")
            raise IllegalMove(f"Game {tracked.id} was changed in another window since it ended here; nothing "
                              f"was taken back.")
        if tracked.archived:
            # Reopen a finished tracked game: back to a live file, out of the archive.
            dropped = tracked.game.undo(n)
            doc = {k: v for k, v in (tracked.doc or {}).items()
                   if k in ("id", "game", "players", "options", "date", "location", "notes", "created", "played_seconds")}
            doc.update({"schema_version": SCHEMA_VERSION, "kind": "live-game", "moves": tracked.game.moves,
                        "played_seconds": 60 * ((tracked.doc or {}).get("duration") or 0)})
            store.write_live(doc)
            store.remove_archived(tracked.id)
            tracked.doc, tracked.archived = doc, False
            return dropped
        _refresh(store, tracked)
        dropped = tracked.game.undo(n)
        tracked.doc["moves"] = tracked.game.moves
        store.truncate_moves(tracked.id, len(tracked.game.moves))
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
    with store.lock:
        doc = store.read_live(tracked.id)
        if doc is None:
            return
        doc["played_seconds"] = round(float(doc.get("played_seconds") or 0) + seconds, 1)
        store.write_live(doc)
        tracked.doc["played_seconds"] = doc["played_seconds"]


def finish(store: Store, tracked: Tracked) -> None:
    """A finished game enters the history: record file, archive document, then the live file goes."""
    with store.lock:
        doc = archive_doc(tracked.id, tracked.game, tracked.doc)
        store.write_record(tracked.id, tracked.game.to_record(id=tracked.id, location=doc["location"]))
        store.add_archived([doc])
        store.remove_live(tracked.id)
        tracked.doc, tracked.archived = doc, True
