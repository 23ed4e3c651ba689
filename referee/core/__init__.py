"""The referee core: moves, the Game object, errors, the record format, the game registry.

Names are loaded on first use so that `import referee` (every CLI start) stays cheap.
"""

from .errors import (AmbiguousMove, BadInput, GameOver, IllegalMove, InvalidMove, RefereeError,
                     StoreError)
from .move import Move, MoveList, normalize

__all__ = ["AmbiguousMove", "BadInput", "Game", "GameOver", "IllegalMove", "InvalidMove", "Move", "MoveList",
           "Option", "RefereeError", "Rules", "StoreError", "normalize"]


def __getattr__(name):
    if name == "Game":
        from .game import Game

        return Game
    if name in ("Option", "Rules"):
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
