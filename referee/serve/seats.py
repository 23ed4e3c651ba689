"""Seat tokens: one per player, one for watchers, one to join. 128 random bits each (secrets.token_urlsafe),
compared in constant time, never logged.

They live in a file beside the store's live games (``<store>.serve/<game id>.json``, mode 0600), written
atomically, so a restarted `referee serve ID` gives every phone the same link and phones reconnect by
themselves without scanning again. The file also says which seats a phone holds (so the join page still
shows them taken after a restart) and keeps a hash of every token the laptop took back (a seat released, or
given to another phone): such a token answers 410 with a sentence instead of a bare "not known". A damaged
file is replaced by new tokens (phones rescan), never a crash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

TOKEN_BYTES = 16        # 128 bits
REVOKED_KEPT = 200      # hashes of taken-back tokens remembered (older ones become "not known": 404)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class _Held(set):
    """The held seats; adding one writes the seats file (app.py adds the seat whose page a phone opens)."""

    def __init__(self, items=(), on_change=None):
        super().__init__(items)
        self.on_change = on_change

    def add(self, player) -> None:
        if player not in self:
            super().add(player)
            if self.on_change is not None:
                self.on_change(player)


class Seats:
    """The game's tokens, the held seats and the taken-back tokens; ``path`` None: kept in memory only."""

    def __init__(self, seats: dict, watch: str, join: str, held=(), revoked=(), path: Path | None = None):
        self.seats = dict(seats)                 # player -> token
        self.watch, self.join, self.path = watch, join, path
        self.revoked = list(revoked)             # sha256 hex of tokens taken back, oldest first
        self.listeners: list = []                # callables(event, player): the laptop's console, the table
        self.claimed = _Held(held, self._held_now)

    # app.py reads `claimed`; the join routes and the console say `held`
    @property
    def held(self) -> set:
        return self.claimed

    def _held_now(self, player) -> None:
        self.save()
        self.tell("held", player)

    def tell(self, event: str, player) -> None:
        for listener in list(self.listeners):
            try:
                listener(event, player)
            except Exception:      # the console must never break a phone's request
                pass

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

    def is_revoked(self, token: str) -> bool:
        """Whether ``token`` was a seat's and the laptop took it back (released, or given to another phone)."""
        digest = _digest(token).encode()
        hit = False
        for old in self.revoked:
            hit |= hmac.compare_digest(digest, old.encode())
        return hit

    def is_join(self, token: str) -> bool:
        return hmac.compare_digest(token.encode("utf-8", "replace"), self.join.encode())

    def hold(self, player: str) -> None:
        self.claimed.add(player)

    def renew(self, player: str, held: bool) -> str:
        """A new token for ``player``'s seat, the old one answering 410 from now on; the seat stays held
        (given to the phone that asked) or becomes free (released). Written before it is returned."""
        self.revoked = (self.revoked + [_digest(self.seats[player])])[-REVOKED_KEPT:]
        self.seats[player] = new_token()
        if held:
            set.add(self.claimed, player)
        else:
            self.claimed.discard(player)
        self.save()
        self.tell("held" if held else "released", player)
        return self.seats[player]

    def to_dict(self) -> dict:
        return {"schema_version": 1, "seats": dict(self.seats), "watch": self.watch, "join": self.join,
                "held": sorted(p for p in self.claimed if p in self.seats), "revoked": list(self.revoked)}

    def save(self) -> None:
        if self.path is not None:
            _write(self.path, self)


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


def _write(path: Path, seats: Seats) -> None:
    from ..store.atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, (json.dumps(seats.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))
    try:
        os.chmod(path, 0o600)        # the tokens are the seats' keys: the owner alone reads them
    except OSError:
        pass


def load_or_create(store, gid: str, players) -> Seats:
    """The game's tokens from its file, or new ones written there first (all or nothing: atomic write)."""
    from ..store.atomic import read_regular

    path = seats_path(store, gid)
    try:
        raw = read_regular(path)
        data = json.loads(raw.decode("utf-8")) if raw is not None else None
    except (ValueError, UnicodeDecodeError, Exception):      # damaged or unreadable: new links, said below
        data = None
    if _valid(data, players):
        held = data.get("held") if isinstance(data.get("held"), list) else []
        revoked = data.get("revoked") if isinstance(data.get("revoked"), list) else []
        return Seats(data["seats"], data["watch"], data["join"],
                     held=[p for p in held if p in data["seats"]],
                     revoked=[r for r in revoked if isinstance(r, str)][-REVOKED_KEPT:], path=path)
    seats = Seats({p: new_token() for p in players}, new_token(), new_token(), path=path)
    _write(path, seats)
    return seats
