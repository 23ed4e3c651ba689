"""The referee core: moves, the Game object, errors, the record format, the game registry."""

from .errors import (AmbiguousMove, BadInput, GameOver, IllegalMove, InvalidMove, RefereeError,
                     StoreError)
from .game import Game
from .move import Move, normalize
from .rules import Option, Rules

__all__ = ["AmbiguousMove", "BadInput", "Game", "GameOver", "IllegalMove", "InvalidMove", "Move",
           "Option", "RefereeError", "Rules", "StoreError", "normalize"]
