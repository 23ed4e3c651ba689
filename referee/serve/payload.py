"""What one seat is sent: contracts §6's state body. Built per seat and per language, from the public view
(`game.view()`), this seat's own `secret()` and the moves this seat may enter; never another seat's secret."""

from __future__ import annotations

import hashlib

from ..core.labels import label
from ..i18n import using
from .access import legal_for, may_undo
from .board import board, events, groups, pictures
from .held import seat_states


def version_of(moves: list[str]) -> str:
    """Opaque: the number of moves and a hash of them (a take-back and another move is another version)."""
    digest = hashlib.sha256("\n".join(moves).encode("utf-8")).hexdigest()[:16]
    return f"{len(moves)}-{digest}"


def version(game) -> str:
    return version_of(game.moves)


def state(game, player: str | None, lang: str = "en") -> dict:
    """The body of `GET SEAT_URL/state` and of each `state` event; ``player`` None for a watcher."""
    with using(lang):
        legal = legal_for(game, player)
        result = game.result()
        v = version(game)
        view = game.view()            # once: the body, the board and the tiles' pictures share it
        said, icons = pictures(game, legal, lang, view)
        return {
            "v": v,
            "to_move": game.to_move,
            "finished": game.finished,
            "result": result.to_dict() if result is not None else None,
            "view": view,
            "secret": game.secret(player) if player is not None else None,
            "legal": [m.to_dict() for m in legal],
            "events": events(game, lang),     # in the phone's language (board.py)
            # what the page shows beside the contract's keys
            "seat": player,
            "players": list(game.players),
            "game": game.game,
            "prompt": game.prompt(),
            "labels": {m.text: label(game.game, m.text, lang) for m in legal} | said,
            "icons": icons,               # {move: its picture, SVG} (a drawn Carcassonne tile; board.pictures)
            "last": game.moves[-1] if game.moves else None,
            "board": board(game, lang, view),
            "groups": groups(game, legal, lang),
            "undo": may_undo(game, player, v),
            "seats": seat_states(game),
        }
