"""Answers to entry ids, kept on disk so a repeated entry (a double tap, a phone resending after Wi-Fi came
back, a resend after `kill -9` and `referee serve ID` again) applies once and gets the first answer.

The file is ``<store>.serve/<game id>.entries`` beside the seats file: one JSON line per event, appended and
fsynced. A move is written in two steps around session.enter:

1. ``pending``: the key, the version it was made at and the version it will make (the entry was tried on the
   position first, so its moves are known), written BEFORE the move is stored (an undo: ``undo``, the moves it
   was made at; it was stored if the game no longer begins with them);
2. ``done``: the answer, written after.

A crash between the two leaves a pending line and maybe the move. On a repeat, ``lookup`` settles it by the
game itself: if the game's moves begin with the moves the pending line expected (its version ``after``), the
move was stored, and the first answer (200 with those moves) is given without applying anything; if not, the
move never reached the disk and the entry is tried afresh (its ``v`` still decides: 409 if the game moved on).
So no crash point leaves a move applied whose repeat would apply it again.

Keys are a hash of the seat's token and the entry id: the file holds no token. Only the last KEEP answers
are kept (the file is rewritten, atomically, when it holds twice that).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from pathlib import Path

KEEP = 1000


def key_of(token: str, kind: str, entry_id: str) -> str:
    return hashlib.sha256(f"{kind}\0{token}\0{entry_id}".encode("utf-8", "replace")).hexdigest()[:32]


class Answers:
    """The answers given to entry ids of one game; ``path`` None keeps them in memory only."""

    def __init__(self, path: Path | None):
        self.path = path
        self.known: OrderedDict = OrderedDict()     # key -> {"status", "body"} or {"pending": {...}}
        self.lines = 0
        if path is not None:
            self._load()

    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except OSError:
            return
        for line in raw.decode("utf-8", "replace").splitlines():
            try:
                item = json.loads(line)
                k = item["k"]
            except (ValueError, KeyError, TypeError):
                continue            # a line cut short by a crash: it was never answered
            self.lines += 1
            self.known.pop(k, None)
            self.known[k] = item
        while len(self.known) > KEEP:
            self.known.popitem(last=False)

    def _append(self, item: dict) -> None:
        self.known.pop(item["k"], None)
        self.known[item["k"]] = item
        while len(self.known) > KEEP:
            self.known.popitem(last=False)
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
        self.lines += 1
        if self.lines > 2 * KEEP:
            self._compact()

    def _compact(self) -> None:
        from ..store.atomic import atomic_write

        text = "".join(json.dumps(i, ensure_ascii=False, separators=(",", ":")) + "\n" for i in self.known.values())
        atomic_write(self.path, text.encode("utf-8"))
        self.lines = len(self.known)

    def lookup(self, k: str, moves: list[str], version) -> tuple[int, dict] | None:
        """The first answer to ``k``, or None (never answered: try it). ``moves``: the game's moves now;
        ``version``: payload.version over a list of moves."""
        item = self.known.get(k)
        if item is None:
            return None
        if "status" in item:
            return item["status"], item["body"]
        if "undo" in item:      # taken back if the game no longer begins with the moves it was made at
            u = item["undo"]
            if len(moves) >= u["n"] and version(moves[:u["n"]]) == u["before"]:
                return None
            body = {"v": u["after"], "undone": [u["last"]]}
            self.done(k, 200, body)
            return 200, body
        p = item["pending"]
        n = p["at"] + len(p["moves"])
        if len(moves) >= n and version(moves[:n]) == p["after"]:
            body = {"v": p["after"], "moves": p["moves"]}
            self.done(k, 200, body)
            return 200, body
        return None

    def pending(self, k: str, at: int, moves: list[str], after: str) -> None:
        """Said before the moves are stored: the entry makes ``moves`` at move ``at``, giving version ``after``."""
        self._append({"k": k, "pending": {"at": at, "moves": list(moves), "after": after}})

    def pending_undo(self, k: str, moves: list[str], after: str) -> None:
        """Said before an undo is stored: the game has ``moves``; taking the last back gives ``after``."""
        from .payload import version_of

        self._append({"k": k, "undo": {"n": len(moves), "before": version_of(moves), "last": moves[-1],
                                       "after": after}})

    def done(self, k: str, status: int, body: dict) -> None:
        self._append({"k": k, "status": status, "body": body})
