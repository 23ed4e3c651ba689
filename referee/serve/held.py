"""Which seats are held, for the state body's "seats" (payload.py): the lobbies (join.py) of the servers in
this process register here, so the payload reads them without importing the join routes (which import the
app, which imports the payload: a circle)."""

from __future__ import annotations

import weakref


def register(lobby) -> None:
    _LOBBIES[:] = [ref for ref in _LOBBIES if ref() is not None] + [weakref.ref(lobby)]


def seat_states(game) -> dict:
    """payload.py's "seats": {player: "free" | "held"} of the game being served (never a token)."""
    lobbies = [lobby for lobby in (ref() for ref in reversed(_LOBBIES)) if lobby is not None]
    # the hub's own game object (what app.py passes here), else the newest served game of these players
    found = next((lob for lob in lobbies if lob.hub.tracked.game is game), None) or next(
        (lob for lob in lobbies if list(lob.seats.seats) == list(game.players)), None)
    if found is None:
        return {p: "free" for p in game.players}
    return {p: ("held" if p in found.seats.held else "free") for p in game.players}


_LOBBIES: list = []        # weak references to the lobbies of the servers in this process (one game each)
