"""Seat tokens: one per player, one for watchers, one to join. 128 random bits each (secrets.token_urlsafe),
compared in constant time, never logged.

They live in a file beside the store's live games (``<store>.serve/<game id>.json``, mode 0600), written
atomically, so a restarted `referee serve ID` gives every phone the same link and phones reconnect by
themselves without scanning again. A damaged file is replaced by new tokens (phones rescan), never a crash.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

TOKEN_BYTES = 16        # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class Seats:
    seats: dict                      # player -> token
    watch: str
    join: str
    claimed: set = field(default_factory=set)   # players whose link a phone has opened (in memory)

    def find(self, token: str):
        """('seat', player), ('watch', None) or None. Every token is compared, in constant time each, so the
        answer's time does not tell how much of a token was right."""
        found = None
        given = token.encode("utf-8", "replace")
        for player, own in self.seats.items():
            if hmac.compare_digest(given, own.encode()):
                found = ("seat", player)
        if hmac.compare_digest(given, self.watch.encode()):
            found = ("watch", None)
        return found

    def is_join(self, token: str) -> bool:
        return hmac.compare_digest(token.encode("utf-8", "replace"), self.join.encode())

    def to_dict(self) -> dict:
        return {"schema_version": 1, "seats": dict(self.seats), "watch": self.watch, "join": self.join}


def seats_path(store, gid: str) -> Path:
    base = Path(store.live_dir)
    return base.with_name(base.name[: -len(".live")] + ".serve" if base.name.endswith(".live")
                          else base.name + ".serve") / f"{gid}.json"


def _valid(data, players) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), dict):
        return False
    tokens = [data.get("watch"), data.get("join"), *data["seats"].values()]
    return (set(data["seats"]) == set(players) and all(isinstance(t, str) and len(t) >= 22 for t in tokens)
            and len(set(tokens)) == len(tokens))


def load_or_create(store, gid: str, players) -> Seats:
    """The game's tokens from its file, or new ones written there first (all or nothing: atomic write)."""
    from ..store.atomic import atomic_write, read_regular

    path = seats_path(store, gid)
    try:
        raw = read_regular(path)
        data = json.loads(raw.decode("utf-8")) if raw is not None else None
    except (ValueError, UnicodeDecodeError, Exception):      # damaged or unreadable: new links, said below
        data = None
    if _valid(data, players):
        return Seats(dict(data["seats"]), data["watch"], data["join"])
    seats = Seats({p: new_token() for p in players}, new_token(), new_token())
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, (json.dumps(seats.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))
    try:
        os.chmod(path, 0o600)        # the tokens are the seats' keys: the owner alone reads them
    except OSError:
        pass
    return seats
